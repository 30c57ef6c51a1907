"""The learner and their progress: the Progress page (:mod:`.page`), the learner's own tools on it (another
device, start over, progress of an earlier version: :mod:`.learner`), and the cookie that keeps this
browser's learner id (:mod:`.cookie`); its logic is :mod:`tutor.progress`."""

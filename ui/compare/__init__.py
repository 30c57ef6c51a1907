"""The Compare page (:mod:`.page`): the presets side by side, a situation judged by each, the learner's own
situation, charts and statistics, and the cheat sheet; its logic is :mod:`tutor.compare`."""

"""The Learn page (:mod:`.page`): the lessons for the chosen variant, a lesson's text and its scenarios one
after another, played on the card table of :mod:`ui.felt`; its logic is :mod:`tutor.learn`."""

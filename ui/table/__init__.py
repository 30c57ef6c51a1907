"""The card table component both game pages draw (:mod:`.widget`, with its JS and CSS) and the learner's
table settings (:mod:`.settings`)."""

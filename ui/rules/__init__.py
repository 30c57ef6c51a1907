"""The Rules page (:mod:`.page`): every rule of the chosen variant in words, and our rulings, from
:mod:`tutor.rules`."""

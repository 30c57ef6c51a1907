"""The rules as the Rules page explains them: a variant's every rule in words, our rulings, and the tables
of ``docs/rules.md``, all generated from what the engine plays (:mod:`.reference`)."""

"""Comparing the variants: the rules side by side and the cheat sheet (:mod:`.table`), and the charts of
card values, rulings and round statistics (:mod:`.charts`). ``python -m tutor.compare`` writes the
statistics file or prints a cheat sheet."""

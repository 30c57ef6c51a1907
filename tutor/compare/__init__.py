"""Comparing the variants: the rules side by side and the cheat sheet (:mod:`.table`), the prepared
situations every preset judges and the builder of the learner's own (:mod:`.situations`), the statistics of
each preset's self-play, kept in ``tutor/data/variant_stats.json`` (:mod:`.stats`), and the charts of card
values, rulings and round statistics (:mod:`.charts`). ``python -m tutor.compare`` writes the statistics
file or prints a cheat sheet."""

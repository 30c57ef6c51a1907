"""How an answer rates a review card, in the scheduler's four ratings: wrong (a refused or wrong answer)
is Again, right after a hint is Hard, right is Good, right at once and quickly is Easy.

>>> rate(wrong=False, hints=0, seconds=6.0, steps=1), rate(wrong=False, hints=0, seconds=60.0, steps=1)
(<Rating.Easy: 4>, <Rating.Good: 3>)
>>> rate(wrong=False, hints=1, seconds=5.0, steps=1), rate(wrong=True, hints=0, seconds=5.0, steps=1)
(<Rating.Hard: 2>, <Rating.Again: 1>)
"""

from __future__ import annotations

from typing import Final

from fsrs import Rating

#: Seconds a step may take for a right answer to count as quick (Easy): a task of three moves, 45.
QUICK_SECONDS_A_STEP: Final = 15.0


def rate(wrong: bool, hints: int, seconds: float, steps: int = 1) -> Rating:
    """The rating of an answered review: ``wrong`` when any answer was wrong or refused, ``hints`` shown,
    how long it took and how many moves the task asked for."""
    if wrong:
        return Rating.Again
    if hints:
        return Rating.Hard
    if seconds <= QUICK_SECONDS_A_STEP * max(1, steps):
        return Rating.Easy
    return Rating.Good

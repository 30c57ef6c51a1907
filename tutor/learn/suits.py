"""Cards of a task seen through a suit permutation: the notation of every card in a text (``9H`` becomes
``9S`` when hearts are played as spades), and the fields of a learner's text (``{card:9H}``,
``{sum:9S 9H 9D}``) so that a task's words keep naming the cards it is played with. A review plays a task so,
as a variation of itself (:mod:`tutor.review.variation`).

A permutation is a tuple: ``suits[i]`` is the suit played for suit ``i`` (the order of
:data:`engine.cards.SUITS`: spades, hearts, diamonds, clubs).

>>> swap = (1, 0, 2, 3)  # spades and hearts change places
>>> map_cards("meld 9S 9H JK=10S", swap), map_cards("You: take all", swap)
('meld 9H 9S JK=10H', 'You: take all')
>>> map_fields("Take the {card:9H}, 9H stays as written, then {sum:9S 9H 9D}.", swap)
'Take the {card:9S}, 9H stays as written, then {sum:9H 9S 9D}.'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from engine.cards import SUITS

#: A card in the notation: a rank and a suit letter, not inside a longer word.
_CARD: Final = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQKT])([SHDC])(?![A-Za-z0-9])")
#: A field of a learner's text, ``{name}`` or ``{name:argument}``.
_FIELD: Final = re.compile(r"\{[^{}]*\}")

#: The permutation that changes nothing.
SAME: Final = (0, 1, 2, 3)


@lru_cache(maxsize=8192)  # a day's review maps the same card texts again and again (benchmarks/bench_review.py)
def map_cards(text: str, suits: tuple[int, ...]) -> str:
    """``text`` with every card in the notation given its suit under ``suits``."""
    if suits == SAME:
        return text
    return _CARD.sub(lambda m: m.group(1) + SUITS[suits[SUITS.index(m.group(2))]], text)


def map_fields(template: str, suits: tuple[int, ...]) -> str:
    """A learner's text with the cards inside its fields mapped (the words around them are kept)."""
    if suits == SAME:
        return template
    return _FIELD.sub(lambda m: map_cards(m.group(0), suits), template)


#: A player-count field (``{dealt:5}``, ``{decks:5}``, ``{players:5}``).
_COUNT_FIELD: Final = re.compile(r"\{(dealt|decks|players):(\d+)\}")


def map_counts(template: str, counts: tuple[int, int] | None) -> str:
    """A learner's text with its player-count fields of one count (``(5, 6)``: five) written for the other
    (a task about a table of five played again at six); every other field kept.

    >>> map_counts("{players:5} players, {dealt:5} cards each, {dealt:2} for two", (5, 6))
    '{players:6} players, {dealt:6} cards each, {dealt:2} for two'
    """
    if counts is None:
        return template
    old, new = counts
    return _COUNT_FIELD.sub(lambda m: f"{{{m.group(1)}:{new}}}" if int(m.group(2)) == old else m.group(0), template)

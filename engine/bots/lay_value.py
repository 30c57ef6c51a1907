"""What laying cards is worth: the points a group scores on the table, and the melds a hand lays now.

Shared by the computer players (``greedy`` and ``coach``).

>>> from engine.cards import parse_cards
>>> from engine.variants import get_variant
>>> laid_value(get_variant("dansk"), parse_cards("AH 2H 3H"))
6
>>> laid, rest = lay_melds(get_variant("femhundra"), parse_cards("QS QH QD 5C"))
>>> laid, [str(c) for c in rest]
(30, ['5C'])
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.melds import hand_melds
from engine.scoring import new_meld_points
from engine.variants import Variant


def laid_value(variant: Variant, cards: Sequence[Card]) -> int:
    """Points a new meld of ``cards`` scores on the table, counted as the round score counts it (the low
    ace of a run counted low); cards that form no meld count as in hand. For a lay-off, whose worth
    depends on the meld it extends, ask :func:`engine.scoring.lay_points`."""
    return new_meld_points(variant, tuple(cards))


def lay_melds(variant: Variant, hand: Sequence[Card]) -> tuple[int, list[Card]]:
    """(points the hand's melds would lay now, greedily, the best first; the cards left over)."""
    rest = list(hand)
    laid = 0
    while True:
        melds = hand_melds(rest)
        if not melds:
            return laid, rest
        best = max(melds, key=lambda m: laid_value(variant, m.cards))
        laid += laid_value(variant, best.cards)
        for card in best.cards:
            rest.remove(card.in_hand)

"""The deck a game is played with, and the cards a partial deal leaves out (to complete it).

>>> from engine.cards import parse_cards
>>> from engine.variants import get_variant
>>> game_deck(get_variant("rommi"), 3).total(), len(rest_of_deck(get_variant("dansk"), 2, parse_cards("AS KD")))
(54, 50)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.cards import Card, make_deck
from engine.variants import Variant


def game_deck(variant: Variant, players: int) -> Counter[Card]:
    """Every card of ``variant``'s deck for that many players (copies counted), as held in hand."""
    return Counter(make_deck(variant.decks(players), variant.joker_count))


def rest_of_deck(variant: Variant, players: int, listed: Iterable[Card]) -> list[Card]:
    """The cards of the deck that ``listed`` does not hold, in card order: what completes a partial deal
    (a laid joker counts as a joker)."""
    have = Counter(card.in_hand for card in listed)
    return sorted((game_deck(variant, players) - have).elements(), key=lambda c: c.index)

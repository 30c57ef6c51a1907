"""The small values a round's state is made of: where the round stands (:class:`Phase`), a meld on the
table with who laid each card (:class:`TableMeld`), and the card-tuple helpers every state change uses
(hands are kept sorted by card index).

>>> from engine.melds import meld_shape
>>> meld = TableMeld.new(meld_shape(parse_cards("QS QH QD")), player=0)
>>> meld.layers, meld.laid_off(Card.parse("QC"))
((0, 0, 0), True)
>>> [str(c) for c in without(parse_cards("5H 5H JK 7C"), parse_cards("5H JK=7C 9S"))]  # a laid joker was a JK
['5H', '7C']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from engine.cards import JOKER, Card
from engine.errors import RulesError
from engine.melds import Shape


class Phase(StrEnum):
    """Where the round stands: the player to move must draw, may play, or the round is over."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its shape, for each of its cards the player who laid it, who melded it, and
    the cards it was melded with (the others were laid off on it)."""

    shape: Shape
    layers: tuple[int, ...]
    owner: int
    base: frozenset[Card]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards in order."""
        return self.shape.cards

    def laid_off(self, card: Card) -> bool:
        """Whether ``card`` of this meld was laid off on it (not part of the meld as first laid)."""
        return card not in self.base

    @staticmethod
    def new(shape: Shape, player: int) -> TableMeld:
        """A meld just laid by ``player``."""
        return TableMeld(shape, (player,) * len(shape.cards), player, frozenset(shape.cards))


def remove_held(hand: tuple[Card, ...], cards: Iterable[Card]) -> list[Card]:
    """``hand`` less ``cards`` (a declared joker takes a joker); ``card_not_held`` if one is missing."""
    rest = list(hand)
    for card in cards:
        held = card.in_hand
        try:
            rest.remove(held)
        except ValueError:
            if held is JOKER:
                raise RulesError("card_not_held", "hand.no_joker", card=card.natural_card) from None
            raise RulesError("card_not_held", "hand.not_held", card=card) from None
    return rest


def without(cards: tuple[Card, ...], removed: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` less one copy of each removed card that is among them."""
    if not cards:
        return cards
    rest = list(cards)
    for card in removed:
        if card.in_hand in rest:
            rest.remove(card.in_hand)
    return tuple(rest)


_BY_INDEX = attrgetter("index")


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` as a tuple in card-index order (how hands are kept)."""
    return tuple(sorted(cards, key=_BY_INDEX))

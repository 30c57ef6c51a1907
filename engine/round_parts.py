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
from typing import Final

from engine.cards import JOKER, Card
from engine.errors import RulesError
from engine.melds import Shape


class Phase(StrEnum):
    """Where the round stands: the player to move must draw, may play, or the round is over."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


# The phases as plain names, for the engine's own code: on Python 3.11 ``Phase.DRAW`` is looked up through
# the enum class's ``__getattr__`` hook, about ten times a name's cost, and every listing and move asks it.
PHASE_DRAW: Final = Phase.DRAW
PHASE_PLAY: Final = Phase.PLAY
PHASE_OVER: Final = Phase.OVER


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


class TableIndex:
    """The shapes of a table's melds by the cards that could be laid on them: ``sets[rank]``, the sets of
    that rank, and ``runs[suit]``, the runs of that suit, each in table order; ``touching``, the natural
    cards that some meld takes alone (every meld's ``Shape.touching_cards``). :func:`table_index` makes one
    per table: a table stays the same through many moves, and every listing asks it."""

    __slots__ = ("runs", "sets", "touching")

    def __init__(self, table: tuple[TableMeld, ...]) -> None:
        sets: list[tuple[Shape, ...]] = [()] * 14  # one shared empty tuple for each rank and suit with none
        runs: list[tuple[Shape, ...]] = [()] * 4
        for meld in table:
            shape = meld.shape
            if shape.kind == "set":
                sets[shape.rank] += (shape,)
            else:
                runs[shape.suit] += (shape,)
        self.sets: tuple[tuple[Shape, ...], ...] = tuple(sets)
        self.runs: tuple[tuple[Shape, ...], ...] = tuple(runs)
        self.touching: frozenset[Card] = frozenset().union(*[meld.shape.touching_cards for meld in table])


# The indexes of the tables seen last, by the table tuple's identity (kept with the table, so the identity
# cannot pass to another tuple while it is kept)
_INDEXES: dict[int, tuple[tuple[TableMeld, ...], TableIndex]] = {}
_INDEXES_KEPT = 64


def table_index(table: tuple[TableMeld, ...]) -> TableIndex:
    """The :class:`TableIndex` of ``table``, made once while the same table tuple goes from state to state.

    >>> from engine.melds import meld_shape
    >>> table = (TableMeld.new(meld_shape(parse_cards("QS QH QD")), 0), TableMeld.new(meld_shape(parse_cards("5H 6H 7H")), 1))
    >>> index = table_index(table)
    >>> len(index.sets[12]), len(index.runs[1]), index is table_index(table)
    (1, 1, True)
    """
    kept = _INDEXES.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    index = TableIndex(table)
    if len(_INDEXES) >= _INDEXES_KEPT:
        _INDEXES.clear()
    _INDEXES[id(table)] = (table, index)
    return index


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


#: A card's index, read in C: the sort key of hands.
BY_INDEX: Final = attrgetter("index")


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` as a tuple in card-index order (how hands are kept)."""
    return tuple(sorted(cards, key=BY_INDEX))

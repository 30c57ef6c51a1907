"""A meld on the table: its shape, who laid each of its cards, who melded it, and which cards it was
first laid with (the others were laid off on it)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.melds import Shape


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

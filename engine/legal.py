"""The legal actions of a state, listed once and read lazily (like python-chess's ``LegalMoveGenerator``).

:class:`LegalActions` is what :meth:`Round.legal` returns: iterable, indexable, ``len`` and ``bool``,
and ``in``, which asks the legality check rather than searching the list. One listing holds everything
that may be done now: the player to move's moves and every Rommi call.

The listing itself is made once per state and kept (:class:`engine.listing.Memo`), so every reader of a
state shares it, and applying a move object it handed out skips the checks the listing already made.

>>> from engine.variants import get_variant
>>> from engine.round import Round
>>> state = Round.deal(get_variant("rommi"), ["A", "B", "C"], seed=4)
>>> actions = state.legal()
>>> from engine.moves import DRAW, take
>>> len(actions) == len(state.legal_actions()), actions[0], DRAW in actions, take(2) in actions
(True, (0, Move.parse('draw')), True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from engine.moves import Move, Rommi, Rummy

__all__ = ["LegalActions", "Listed"]

Action = tuple[int, Move]


class Listed(Protocol):
    """What :class:`LegalActions` reads of a state (:class:`engine.round.Round` has it all). The
    listing object asks the state, so this module never imports the state module (which imports it)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""

    @property
    def to_move(self) -> int:
        """The seat to move."""

    def legal_actions(self) -> list[Action]:
        """Every legal (player, move)."""

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move."""

    def rommi_calls(self, seat: int | None = None) -> list[Action]:
        """Every legal Rommi call (with ``seat``, that seat's)."""

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        """Whether ``move`` by ``player`` is legal."""


class LegalActions:
    """Every legal (player, move) of a state now, Rommi calls included; with ``seat``, that seat's only.

    Listed on first use and then kept. ``in`` accepts a (player, move) pair or a move (the player to move's,
    or ``seat``'s), and answers through the legality check, not by searching the list; anything else (text
    too: parse it with :meth:`Move.parse` first) is not in it.
    """

    __slots__ = ("_items_cache", "_seat", "_state")

    def __init__(self, state: Listed, seat: int | None = None) -> None:
        self._state = state
        self._seat = seat
        self._items_cache: tuple[Action, ...] | None = None

    def _items(self) -> tuple[Action, ...]:
        if self._items_cache is None:
            state, seat = self._state, self._seat
            if seat is None:
                items = tuple(state.legal_actions())
            elif seat == state.to_move:  # the player to move never calls Rommi
                items = tuple((seat, m) for m in state.legal_moves())
            else:
                items = tuple(state.rommi_calls(seat))
            self._items_cache = items
        return self._items_cache

    def __iter__(self) -> Iterator[Action]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __bool__(self) -> bool:
        return bool(self._items())

    def __getitem__(self, index: int) -> Action:
        return self._items()[index]

    def __contains__(self, item: object) -> bool:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int):
            seat, move = item
            if self._seat is not None and seat != self._seat:
                return False
        else:
            seat, move = self._seat, item
        if not isinstance(move, Move):
            return False
        state = self._state
        if seat is None:
            if isinstance(move, Rommi | Rummy):
                return any(state.is_legal(move, s) for s in range(len(state.players)))
            seat = state.to_move
        return state.is_legal(move, seat)

    def moves(self) -> tuple[Move, ...]:
        """The moves alone, in the listing's order."""
        return tuple(m for _, m in self._items())

    def __repr__(self) -> str:
        return f"<LegalActions {', '.join(f'{s}: {m}' for s, m in self._items())}>"

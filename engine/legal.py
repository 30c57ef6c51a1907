"""The legal actions of a state, listed once and read lazily (like python-chess's ``LegalMoveGenerator``).

:class:`LegalActions` is what :meth:`GameState.legal` returns: iterable, indexable, ``len`` and ``bool``,
and ``in``, which asks the legality check rather than searching the list. One listing holds everything
that may be done now: the player to move's moves and every Rommi call.

:class:`Memo` is the listing a state keeps once it is asked for (a state never changes, so its listing
never goes stale). It also remembers the moves it handed out: applying one of those very move objects
skips the checks the listing already made (a Rommi call, or a lay while two cards are owed, was applied
while listing it, and that state is returned as it is). Applying any other move checks everything.

>>> from engine.variants import get_variant
>>> from engine.state import GameState
>>> state = GameState.deal(get_variant("rommi"), ["A", "B", "C"], seed=4)
>>> actions = state.legal()
>>> len(actions) == len(state.legal_actions()), actions[0], "draw" in actions, "take 2" in actions
(True, (0, Move.parse('draw')), True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.listing import draw_moves, play_moves, strand_checked
from engine.moves import Move, Rommi, Take
from engine.position import Phase
from engine.rommi import calls_with_states
from engine.turn import apply_take

if TYPE_CHECKING:
    from engine.state import GameState

__all__ = ["LegalActions", "Memo"]

Action = tuple[int, Move]


class Memo:
    """The listing of one state, made on first use: its moves, its Rommi calls, and what is known of each."""

    __slots__ = ("_actions", "_calls", "_moves", "known")

    def __init__(self) -> None:
        self._moves: tuple[Move, ...] | None = None
        self._calls: tuple[Action, ...] | None = None
        self._actions: tuple[Action, ...] | None = None
        #: id of a listed move whose checks apply may skip -> (the move, its seat, the state after it, or
        #: None when it is yet to be made); empty when the listing learnt nothing that spares a check
        self.known: dict[int, tuple[Move, int, GameState | None]] = {}

    def moves(self, state: GameState) -> tuple[Move, ...]:
        """Every legal move of the player to move."""
        if self._moves is None:
            phase = state.phase
            if phase is Phase.DRAW:
                listed = tuple(draw_moves(state))
                if state.variant.unusable_pile_penalty is None and len(listed) > 1:
                    seat = state.to_move
                    for move in listed:
                        if isinstance(move, Take):
                            self.known[id(move)] = (move, seat, None)
            elif phase is Phase.PLAY:
                duty = state.duty
                if duty is not None and len(duty.owed) > 1 and not duty.any_of:
                    seat = state.to_move
                    pairs = strand_checked(state)
                    for move, after in pairs:
                        self.known[id(move)] = (move, seat, after)
                    listed = tuple([move for move, _ in pairs])
                else:
                    listed = tuple(play_moves(state))
            else:
                listed = ()
            self._moves = listed
        return self._moves

    def calls(self, state: GameState) -> tuple[Action, ...]:
        """Every legal Rommi call: (caller, ``rommi N``)."""
        if self._calls is None:
            if state.rommi_from is None:
                self._calls = ()
            else:
                found = calls_with_states(state)
                for seat, move, after in found:
                    self.known[id(move)] = (move, seat, after)
                self._calls = tuple([(seat, move) for seat, move, _ in found])
        return self._calls

    def actions(self, state: GameState) -> tuple[Action, ...]:
        """Every legal (player, move): the player to move's moves, then every Rommi call."""
        if self._actions is None:
            seat = state.to_move
            calls = self.calls(state)
            mine = tuple([(seat, m) for m in self.moves(state)])
            self._actions = mine + calls if calls else mine
        return self._actions

    def trusted(self, state: GameState, move: Move, seat: int) -> GameState | None:
        """The state after ``move`` by ``seat`` when ``move`` is an object this listing handed out and what
        the listing learnt spares the checks; None otherwise (then apply checks everything)."""
        entry = self.known.get(id(move))
        if entry is None or entry[0] is not move or entry[1] != seat:
            return None
        after = entry[2]
        if after is None:
            assert isinstance(move, Take)
            return apply_take(state, move, checked=False)
        return after


class LegalActions:
    """Every legal (player, move) of a state now, Rommi calls included; with ``seat``, that seat's only.

    Listed on first use and then kept. ``in`` accepts a (player, move) pair, a move or its text (the
    player to move's, or ``seat``'s), and answers through the legality check, not by searching the list.
    """

    __slots__ = ("_items_cache", "_seat", "_state")

    def __init__(self, state: GameState, seat: int | None = None) -> None:
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
                items = tuple(a for a in state.rommi_calls() if a[0] == seat)
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
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except ValueError:
                return False
        if not isinstance(move, Move):
            return False
        state = self._state
        if seat is None:
            if isinstance(move, Rommi):
                return any(state.is_legal(move, s) for s in range(len(state.players)))
            seat = state.to_move
        return state.is_legal(move, seat)

    def moves(self) -> tuple[Move, ...]:
        """The moves alone, in the listing's order."""
        return tuple(m for _, m in self._items())

    def __repr__(self) -> str:
        return f"<LegalActions {', '.join(f'{s}: {m}' for s, m in self._items())}>"

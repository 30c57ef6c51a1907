"""The values a round's state holds, and the one way to make a changed one: :meth:`RoundState.replace`.

A state refuses assignment (``state.to_move = 2`` raises ``AttributeError``); every change makes a new
state through :meth:`RoundState.make` (all fields) or :meth:`RoundState.replace` (some fields), which the
engine's own modules use too. The rules that act on a state (:mod:`engine.turn`, :mod:`engine.lay`,
:mod:`engine.rommi`, :mod:`engine.listing`, :mod:`engine.scoring`) sit above this module, and
:class:`engine.state.GameState` (the public state, with ``apply`` and the listing) above them, so the
modules import each other without a cycle.

For speed a state is filled as a plain mutable draft of the same slot layout and then given its class, so
making one costs no more than filling slots (no ``object.__setattr__`` per field).

>>> from engine.variants import get_variant
>>> state = RoundState.make(get_variant("dansk"), ("Anna", "Bertil"), ((), ()), (), (), (), 0, Phase.DRAW)
>>> state.replace(to_move=1).to_move, state.to_move
(1, 0)
>>> state.to_move = 1
Traceback (most recent call last):
...
AttributeError: a game state cannot be changed (to_move): make a changed one with state.replace(to_move=...)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Final, Literal, TypeVar

from engine.cards import Card
from engine.duty import Duty
from engine.round_parts import PHASE_OVER, Phase, TableMeld
from engine.variants import Variant

__all__ = ["FIELDS", "KEEP", "RoundState", "StateT", "keep_memo"]

#: Every field of a state, in the order :meth:`RoundState.make` takes them.
FIELDS: Final = (
    "variant",
    "players",
    "hands",
    "stock",
    "pile",
    "table",
    "to_move",
    "phase",
    "duty",
    "drawn",
    "from_pile",
    "melded",
    "penalties",
    "totals",
    "reshuffles",
    "seed",
    "round_number",
    "ended_by",
    "went_out",
    "rommi_from",
    "shown",
)


class _Keep(Enum):
    """The default of :meth:`RoundState.replace`: keep the field as it is."""

    KEEP = "keep"


#: "Leave this field as it is", the default of every :meth:`RoundState.replace` argument.
KEEP: Final = _Keep.KEEP

Cards = tuple[Card, ...]


class _Layout:
    """The slots of a state, shared by :class:`RoundState` and the draft it is filled in."""

    __slots__ = (*FIELDS, "memo")

    variant: Variant
    players: tuple[str, ...]
    hands: tuple[Cards, ...]
    stock: Cards
    pile: Cards
    table: tuple[TableMeld, ...]
    to_move: int
    phase: Phase
    duty: Duty | None
    drawn: Cards
    from_pile: Cards
    melded: tuple[bool, ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]
    reshuffles: int
    seed: int
    round_number: int
    ended_by: str | None
    went_out: int | None
    rommi_from: int | None
    shown: tuple[Cards, ...]
    #: The listing :mod:`engine.listing` keeps for this state once it is first listed (``None`` until then;
    #: not a field: a changed copy starts without one). Only :func:`engine.listing.memo_of` reads or sets it.
    memo: object | None


class _Draft(_Layout):
    """A state being filled: assignable, then given its real class."""

    __slots__ = ()


StateT = TypeVar("StateT", bound="RoundState")

_new_draft = object.__new__  # a name, not an attribute looked up on the class for every state made


class RoundState(_Layout):
    """One round of a game of 500, with the game totals before it: the fields, never changed in place.

    ``hands`` are kept sorted by card index, ``stock`` top first, ``pile`` bottom first; ``drawn`` and
    ``from_pile`` are the cards taken this turn (from anywhere, and from the pile); ``melded`` says who has
    laid a meld of their own; ``rommi_from`` is the discarder while a Rommi call is open; ``shown`` holds,
    per seat, the cards it took from the pile and still holds (everyone saw them go into that hand), sorted
    like the hands.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"a game state cannot be changed ({name}): make a changed one with state.replace({name}=...)"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a game state cannot be changed ({name})")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_remake, (type(self), *(getattr(self, name) for name in FIELDS)))

    @classmethod
    def make(
        cls: type[StateT],
        variant: Variant,
        players: tuple[str, ...],
        hands: tuple[Cards, ...],
        stock: Cards,
        pile: Cards,
        table: tuple[TableMeld, ...],
        to_move: int,
        phase: Phase,
        duty: Duty | None = None,
        drawn: Cards = (),
        from_pile: Cards = (),
        melded: tuple[bool, ...] | None = None,
        penalties: tuple[int, ...] | None = None,
        totals: tuple[int, ...] | None = None,
        reshuffles: int = 0,
        seed: int = 0,
        round_number: int = 1,
        ended_by: str | None = None,
        went_out: int | None = None,
        rommi_from: int | None = None,
        shown: tuple[Cards, ...] | None = None,
    ) -> StateT:
        """A state of class ``cls`` with these fields (``melded``, ``penalties``, ``totals``: none/zero by
        default; ``shown``: no card by default). The one place a state's fields are set: a field added to states (a cache) is set here."""
        n = len(players)
        new = _new_draft(_Draft)
        new.variant = variant
        new.players = players
        new.hands = hands
        new.stock = stock
        new.pile = pile
        new.table = table
        new.to_move = to_move
        new.phase = phase
        new.duty = duty
        new.drawn = drawn
        new.from_pile = from_pile
        new.melded = (False,) * n if melded is None else melded
        new.penalties = (0,) * n if penalties is None else penalties
        new.totals = (0,) * n if totals is None else totals
        new.reshuffles = reshuffles
        new.seed = seed
        new.round_number = round_number
        new.ended_by = ended_by
        new.went_out = went_out
        new.rommi_from = rommi_from
        new.shown = ((),) * n if shown is None else shown
        new.memo = None  # a new state is not listed yet
        new.__class__ = cls  # type: ignore[assignment]  # same slot layout: the draft becomes the state
        return new  # type: ignore[return-value]

    def replace(
        self: StateT,
        *,
        hands: tuple[Cards, ...] | Literal[_Keep.KEEP] = KEEP,
        stock: Cards | Literal[_Keep.KEEP] = KEEP,
        pile: Cards | Literal[_Keep.KEEP] = KEEP,
        table: tuple[TableMeld, ...] | Literal[_Keep.KEEP] = KEEP,
        to_move: int | Literal[_Keep.KEEP] = KEEP,
        phase: Phase | Literal[_Keep.KEEP] = KEEP,
        duty: Duty | Literal[_Keep.KEEP] | None = KEEP,
        drawn: Cards | Literal[_Keep.KEEP] = KEEP,
        from_pile: Cards | Literal[_Keep.KEEP] = KEEP,
        melded: tuple[bool, ...] | Literal[_Keep.KEEP] = KEEP,
        penalties: tuple[int, ...] | Literal[_Keep.KEEP] = KEEP,
        reshuffles: int | Literal[_Keep.KEEP] = KEEP,
        ended_by: str | Literal[_Keep.KEEP] | None = KEEP,
        went_out: int | Literal[_Keep.KEEP] | None = KEEP,
        rommi_from: int | Literal[_Keep.KEEP] | None = KEEP,
        shown: tuple[Cards, ...] | Literal[_Keep.KEEP] = KEEP,
    ) -> StateT:
        """This state with the fields given changed (the rest kept), as a new state of the same class.

        The variant, players, totals, seed and round number of a round never change within it.
        """
        return self.make(
            self.variant,
            self.players,
            self.hands if hands is KEEP else hands,
            self.stock if stock is KEEP else stock,
            self.pile if pile is KEEP else pile,
            self.table if table is KEEP else table,
            self.to_move if to_move is KEEP else to_move,
            self.phase if phase is KEEP else phase,
            self.duty if duty is KEEP else duty,
            self.drawn if drawn is KEEP else drawn,
            self.from_pile if from_pile is KEEP else from_pile,
            self.melded if melded is KEEP else melded,
            self.penalties if penalties is KEEP else penalties,
            self.totals,
            self.reshuffles if reshuffles is KEEP else reshuffles,
            self.seed,
            self.round_number,
            self.ended_by if ended_by is KEEP else ended_by,
            self.went_out if went_out is KEEP else went_out,
            self.rommi_from if rommi_from is KEEP else rommi_from,
            self.shown if shown is KEEP else shown,
        )

    # --- reading ----------------------------------------------------------------------------------

    @property
    def to_move_name(self) -> str:
        """The name of the player to move."""
        return self.players[self.to_move]

    @property
    def round_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is PHASE_OVER

    def player_index(self, name: str) -> int:
        """The seat of the player called ``name``; ``KeyError`` if nobody is."""
        try:
            return self.players.index(name)
        except ValueError:
            raise KeyError(f"no player is called {name!r}") from None

    def card_count(self) -> int:
        """All cards in hands, stock, pile and on the table (each copy counted)."""
        return (
            sum(len(h) for h in self.hands) + len(self.stock) + len(self.pile) + sum(len(m.cards) for m in self.table)
        )


#: Keep a listing memo in a state's ``memo`` slot: :func:`engine.listing.memo_of` calls it once per state (a
#: state never changes, so its listing never goes stale). It is the slot's own setter, so it costs no call frame.
keep_memo: Final[Callable[[RoundState, object], None]] = _Layout.__dict__["memo"].__set__


def _remake(cls: type[RoundState], *fields: object) -> RoundState:
    """Rebuild a pickled or copied state."""
    return cls.make(*fields)  # type: ignore[arg-type]

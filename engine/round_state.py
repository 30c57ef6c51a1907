"""The values a round's state holds, declared once, and the one way to make a changed one: :func:`replace`.

The fields are declared in one place, the annotations of ``_Fields`` below; ``FIELDS``, making a state
(``RoundState(variant, players, ...)``, defaults as declared), :func:`replace` (also a method,
``state.replace(...)``), the draft a state is filled in and pickling are made from that declaration when the
module is imported. A state refuses assignment (``state.to_move = 2`` raises ``AttributeError``); every
change makes a new state, which the engine's own modules do too. The rules that act on a state
(:mod:`engine.turn`, :mod:`engine.lay`, :mod:`engine.rommi`, :mod:`engine.listing`, :mod:`engine.scoring`)
sit above this module, and :class:`engine.round.Round` (the public state, with ``apply`` and the
listing) above them, so the modules import each other without a cycle.

For speed a state is filled as a plain mutable draft of the same slot layout and then given its class, so
making one costs no more than filling slots (no ``object.__setattr__`` per field); the code that does it
is written out field by field from the declaration.

>>> from engine.variants import get_variant
>>> state = RoundState(get_variant("dansk"), ("Anna", "Bertil"), ((), ()), (), (), (), 0, Phase.DRAW)
>>> replace(state, to_move=1).to_move, state.replace(to_move=1).to_move, state.to_move, state.totals
(1, 1, 0, (0, 0))
>>> state.to_move = 1
Traceback (most recent call last):
...
AttributeError: a game state cannot be changed (to_move): make a changed one with state.replace(to_move=...)
>>> replace(state, score=1)
Traceback (most recent call last):
...
TypeError: replace() got an unexpected keyword argument 'score'
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, Final, Self, TypeVar, cast, dataclass_transform

from engine.cards import Card
from engine.duty import Duty
from engine.flags import LAST_FLAGS, Flags, flags_of
from engine.round_parts import PHASE_OVER, Phase, TableMeld
from engine.variants import Variant

if TYPE_CHECKING:
    # What mypy reads for ``replace(state, field=...)``: its check of ``dataclasses.replace`` against the
    # fields declared below (the decorator is a dataclass transform). At run time ``replace`` is made from
    # the same declaration, below.
    from dataclasses import replace as replace


__all__ = ["FIELDS", "KEEP", "RoundState", "StateT", "first_turn_blocked", "keep_memo", "replace"]


class _Keep(Enum):
    """The default of every :func:`replace` argument: keep the field as it is."""

    KEEP = "keep"


#: "Leave this field as it is", the default of every :func:`replace` argument.
KEEP: Final = _Keep.KEEP

Cards = tuple[Card, ...]

T = TypeVar("T")


class _PerSeat:
    """A field's default that is one value per seat (a tuple as long as ``players``)."""

    __slots__ = ("each",)

    def __init__(self, each: object) -> None:
        self.each = each


def per_seat(*, default: object) -> Any:
    """In the declaration of the fields: ``default`` for every seat (``(default,) * len(players)``)."""
    return _PerSeat(default)


#: The declared defaults, by field: what :func:`_fields_once` found beside the annotations.
_DEFAULTS: dict[str, object] = {}


@dataclass_transform(frozen_default=True, field_specifiers=(per_seat,))
def _fields_once(cls: type[T]) -> type[T]:
    """The class of the one declaration of the fields, remade with a slot per field (the defaults, class
    attributes there, are kept in ``_DEFAULTS`` for the code made from them below)."""
    names = tuple(cls.__annotations__)
    body = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
    _DEFAULTS.update({k: cls.__dict__[k] for k in names if k in cls.__dict__})
    return cast("type[T]", type(cls.__name__, cls.__bases__, {**body, "__slots__": names}))


@_fields_once
class _Fields:
    """Every field of a state, in the order a state is made with them: the one place they are declared.
    Everything else (``FIELDS``, making a state, :func:`replace`, the draft a state is filled in, pickling)
    is made from this declaration when the module is imported."""

    variant: Variant
    players: tuple[str, ...]
    hands: tuple[Cards, ...]
    stock: Cards
    pile: Cards
    table: tuple[TableMeld, ...]
    to_move: int
    phase: Phase
    duty: Duty | None = None
    drawn: Cards = ()
    from_pile: Cards = ()
    melded: tuple[bool, ...] = per_seat(default=False)
    penalties: tuple[int, ...] = per_seat(default=0)
    totals: tuple[int, ...] = per_seat(default=0)
    reshuffles: int = 0
    seed: int = 0
    round_number: int = 1
    ended_by: str | None = None
    went_out: int | None = None
    rommi_from: int | None = None
    shown: tuple[Cards, ...] = per_seat(default=())
    first_turn_over: tuple[bool, ...] = per_seat(default=False)


#: Every field of a state, in the order a state is made with them.
FIELDS: Final[tuple[str, ...]] = tuple(_Fields.__annotations__)


class _Layout(_Fields):
    """The slots of a state, shared by :class:`RoundState` and the draft it is filled in."""

    __slots__ = ("flags", "memo")

    #: The listing :mod:`engine.listing` keeps for this state once it is first listed (``None`` until then;
    #: not a field: a changed copy starts without one). Only :func:`engine.listing.memo_of` reads or sets it.
    #: Typed Any, not Memo (this module cannot import engine.listing): the listing reads it into a typed name
    #: rather than through typing.cast, a call on every decision.
    memo: Any
    #: The variant's rule flags the engine reads on nearly every move, as plain slots (not a field: made from
    #: ``variant`` with the state; :class:`engine.flags.Flags` says what that buys).
    flags: Flags


class _Draft(_Layout):
    """A state being filled: assignable, then given its real class."""

    __slots__ = ()


def _made_from_fields() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The code that makes a state (``__new__``) and a changed one (:func:`replace`), written out field by
    field from the declaration: a state is filled as a plain draft of the same slot layout and then given
    its class, so making one costs no more than filling slots (no ``object.__setattr__`` per field)."""
    params, fill, keep, change = [], [], [], []
    for name in FIELDS:
        default = _DEFAULTS.get(name, KEEP)
        if isinstance(default, _PerSeat):
            params.append(f"{name}=None")
            fill.append(f"    new.{name} = _d_{name} * n if {name} is None else {name}")
        else:
            params.append(name if default is KEEP else f"{name}=_d_{name}")
            fill.append(f"    new.{name} = {name}")
        keep.append(f"{name}=KEEP")
        change.append(f"    new.{name} = self.{name} if {name} is KEEP else {name}")
    end = ["    new.memo = None  # a new state is not listed yet", "    new.__class__ = cls", "    return new"]
    # the variant's flags: those given last (see LAST_FLAGS) when they are this variant's, else flags_of's
    flags = [
        "    kept = LAST_FLAGS[0]",
        "    new.flags = kept if kept is not None and kept.variant is variant else _flags_of(variant)",
    ]
    source = "\n".join(
        [
            f"def __new__(cls, {', '.join(params)}):",
            "    n = len(players)",
            "    new = _new_draft(_Draft)",
            *fill,
            *flags,
            *end,
            f"def replace(self, *, {', '.join(keep)}):",
            "    cls = self.__class__",
            "    new = _new_draft(_Draft)",
            *change,
            "    new.flags = self.flags if variant is KEEP else _flags_of(variant)",
            *end,
        ]
    )
    scope: dict[str, Any] = {
        "_new_draft": object.__new__,
        "_Draft": _Draft,
        "KEEP": KEEP,
        "LAST_FLAGS": LAST_FLAGS,
        "_flags_of": flags_of,
    }
    for name, default in _DEFAULTS.items():
        scope[f"_d_{name}"] = (default.each,) if isinstance(default, _PerSeat) else default
    exec(compile(source, f"<{__name__}: made from the fields>", "exec"), scope)
    return scope["__new__"], scope["replace"]


_new, _replace = _made_from_fields()
_replace.__doc__ = """``state`` with the fields given changed (the rest kept), as a new state of the same class.

The variant, players, totals and round number of a round never change within it (a guessed world changes
the seed)."""

if not TYPE_CHECKING:
    replace = _replace

StateT = TypeVar("StateT", bound="RoundState")


class RoundState(_Layout):
    """One round of a game of 500, with the game totals before it: the fields, never changed in place.

    ``hands`` are kept sorted by card index, ``stock`` top first, ``pile`` bottom first; ``drawn`` and
    ``from_pile`` are the cards taken this turn (from anywhere, and from the pile); ``melded`` says who has
    laid a meld of their own; ``rommi_from`` is the discarder while a Rommi call is open; ``shown`` holds,
    per seat, the cards it took from the pile and still holds (everyone saw them go into that hand), sorted
    like the hands. ``melded``, ``penalties`` and ``totals`` are none/zero per seat by default, ``shown`` no
    card. ``first_turn_over`` says, per seat, whether it has ended a turn of its own this round (a turn lost
    to a Rommi! call is not one): the house rule ``no_meld_first_turn`` reads it.
    """

    __slots__ = ()

    if TYPE_CHECKING:

        def replace(self, **changes: Any) -> Self:
            """This state with the fields given changed: :func:`replace` as a method (the engine calls the
            function, whose arguments mypy checks against the fields)."""
            ...

    else:
        __new__ = _new
        replace = _replace

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"a game state cannot be changed ({name}): make a changed one with state.replace({name}=...)"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a game state cannot be changed ({name})")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_remake, (type(self), *(getattr(self, name) for name in FIELDS)))

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


def first_turn_blocked(state: RoundState, player: int) -> bool:
    """Whether ``player`` may not meld, lay off or call yet: the house rule ``no_meld_first_turn`` holds and
    their own first turn of the round is not over."""
    return state.flags.no_meld_first_turn and not state.first_turn_over[player]


#: Keep a listing memo in a state's ``memo`` slot: :func:`engine.listing.memo_of` calls it once per state (a
#: state never changes, so its listing never goes stale). It is the slot's own setter, so it costs no call frame.
keep_memo: Final[Callable[[RoundState, object], None]] = _Layout.__dict__["memo"].__set__


def _remake(cls: type[RoundState], *fields: Any) -> RoundState:
    """Rebuild a pickled or copied state."""
    return cls(*fields)

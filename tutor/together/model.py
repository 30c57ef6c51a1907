"""The values a shared table is made of, its errors, and the interface every table store implements.

:class:`TableStore` is the whole contract between the Play together page and where tables live: the
SQLite file or the PostgreSQL database of :mod:`tutor.together.store` (one implementation, two
backends through SQLAlchemy; another store would implement the same Protocol, nothing else would change).

>>> check_name("  Anna ", ["Bertil"])
'Anna'
>>> check_name("an:na", [])
Traceback (most recent call last):
...
tutor.together.model.NameRefused: A name cannot hold “:” (a colon): the moves of a game are written “NAME: MOVE”. Change it in the name box.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from engine.moves import Move
from engine.names import MAX_NAME_LENGTH, NameProblem, name_key, name_problem
from engine.round import Round
from engine.view import PlayerView
from tutor.i18n.problems import name_refusal
from tutor.i18n.strings import YOU, t
from tutor.i18n.style import Style
from tutor.storage.faults import StorageFault

#: The longest name a player may take.
MAX_NAME: Final = MAX_NAME_LENGTH
#: The most players at one table (phones in one room), whatever the variant allows.
MAX_SEATS: Final = 7


class TableError(ValueError):
    """A request the table refuses (not a move the rules refuse: that is a ``RulesError``).

    ``key`` names its sentence under ``together.errors`` in the catalogue, ``fields`` fill it in;
    ``str()`` is the English sentence.
    """

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(t(f"together.errors.{key}", **fields))
        self.key = key
        self.fields = fields

    def text(self, language: str | Style) -> str:
        """The sentence in ``language``."""
        return t(f"together.errors.{self.key}", language, **self.fields)


class TableUnreachable(TableError, StorageFault):
    """The tables' database cannot be reached now (:class:`~tutor.storage.faults.StorageFault`): the table and
    every move made at it are kept; the device looks again and finds it when the database is back. A
    ``TableError`` too, with the key ``unreachable``, so a page that only knows refusals still says it in
    words; its sentence names no database (the server's log does)."""

    def __init__(self) -> None:
        StorageFault.__init__(self, "tables")
        self.key = "unreachable"
        self.fields = {}

    def text(self, language: str | Style) -> str:
        """The sentence in ``language``."""
        return StorageFault.text(self, language)


class StaleError(TableError):
    """The move was made on a table that has changed since the device last looked."""

    def __init__(self) -> None:
        super().__init__("stale")


class NameRefused(TableError):
    """A name the one name rule refuses (:func:`engine.names.name_problem`); ``key`` is ``name_<reason>``,
    and its sentence says which character is wrong and where to change the name."""

    def __init__(self, problem: NameProblem) -> None:
        ValueError.__init__(self, name_refusal(problem, "together"))
        self.key = f"name_{problem.reason}"
        self.fields = dict(problem.values)
        self.problem = problem

    def text(self, language: str | Style) -> str:
        """The sentence in ``language``."""
        return name_refusal(self.problem, "together", language)


def check_name(name: str, taken: Iterable[str]) -> str:
    """``name`` without the spaces around it, if it can be a player's name at a table where ``taken`` are
    seated: the one name rule of :mod:`engine.names` (which records keep too: 1–30 characters, no colon,
    no control character), unlike every other name as the players see it (:func:`engine.names.name_key`:
    not by case, spaces or invisible characters alone), and not the app's name for a player without one
    ("You"). Raises :class:`TableError` saying what is wrong.

    >>> check_name("An\u200dna", ["Bertil", "Anna"])
    Traceback (most recent call last):
    ...
    tutor.together.model.TableError: Somebody at this table is already called Anna: pick another name.
    """
    name = name.strip()
    if not name:
        raise TableError("name_empty")
    problem = name_problem(name)
    if problem is not None:
        raise NameRefused(problem)
    if name_key(name) == name_key(YOU):  # "Your turn" would be shown to everyone else
        raise TableError("name_reserved", name=YOU)
    seated = next((other for other in taken if name_key(other) == name_key(name)), None)
    if seated is not None:  # named as the others see it
        raise TableError("name_taken", name=seated)
    return name


@dataclass(frozen=True)
class SeatInfo:
    """A seat as everyone may know it: its number, name, whether a computer plays it (``computer``: a
    computer seat; ``away``: a person's seat a computer plays until they come back)."""

    seat: int
    name: str
    computer: bool
    away: bool

    @property
    def played_by_computer(self) -> bool:
        """Whether the server makes this seat's moves now."""
        return self.computer or self.away


#: The turn limits a table may be opened with, in seconds (None: no limit, the default for families).
TURN_LIMITS: Final[tuple[int | None, ...]] = (None, 60, 120, 300)

#: The kinds of :class:`Notice` (each one's sentences are ``together.notice.<kind>`` and ``…_own``).
NOTICE_KINDS: Final = ("timed_out", "new_host", "new_link", "away")


@dataclass(frozen=True)
class Notice:
    """What last happened at the table that every phone tells: ``kind`` (one of :data:`NOTICE_KINDS`: the
    seat's time ran out and the computer played its turn, it became the host, the host gave it a new link,
    a computer plays it while its player is away) and the ``seat`` it happened to. It holds until that
    seat's player acts again, or another notice or the next deal replaces it."""

    kind: str
    seat: int


@dataclass(frozen=True)
class Ticket:
    """What a device keeps to act at a table: its code and a secret token (a seat's, or the host's)."""

    code: str
    token: str
    seat: int | None = None


@dataclass(frozen=True)
class TableView:
    """A table as one device may see it. ``seen`` is the round as the seat sees it, the engine's own
    :class:`~engine.view.PlayerView` (``state.view(seat)``; a watcher's: ``state.view(None)``; never another
    player's cards; ``seen.position`` is a round holding only what the seat knows), None before the first
    deal. ``seat`` is the device's seat (None: a watcher), ``last_moves`` the last few moves told as
    everyone saw them, ``waiting`` whether every device is waiting for Rommi calls now (``call_open`` also
    says the seat may still send a call or a "no call"; ``answered`` that it has sent one, which only this
    seat learns), ``called_by`` the seat whose Rommi call is being played out now (None without one),
    ``finished_rounds`` how many records can be downloaded. ``host_seat`` is the seat whose own link carries the host's role (None: the host's own link
    does), ``notice`` the table's last :class:`Notice`, ``turn_seconds`` its turn limit (None: none)."""

    code: str
    version: int
    variant_id: str
    house_rules: Mapping[str, Any]
    max_seats: int
    seats: tuple[SeatInfo, ...]
    started: bool
    seat: int | None
    is_host: bool
    seen: PlayerView[Round] | None
    waiting: bool
    call_open: bool
    round_number: int
    finished_rounds: int
    last_moves: tuple[str, ...] = field(default=())
    answered: bool = False
    called_by: int | None = None
    host_seat: int | None = None
    notice: Notice | None = None
    turn_seconds: float | None = None


class TableStore(Protocol):
    """Where shared tables live. Every method is one transaction; tokens are checked on every call."""

    def create_table(
        self,
        variant_id: str,
        house_rules: Mapping[str, Any],
        max_seats: int,
        watchers: bool = True,
        turn_seconds: float | None = None,
    ) -> Ticket:
        """A new table (``turn_seconds``: its turn limit, None for none); the ticket holds its join code
        and the host's token."""
        ...

    def open_table(
        self,
        visitor: str,
        variant_id: str,
        house_rules: Mapping[str, Any],
        max_seats: int,
        watchers: bool = True,
        turn_seconds: float | None = None,
    ) -> Ticket:
        """A new table opened by ``visitor`` (an opaque key of the browser), who keeps only a few open before
        their start: the oldest where no person sits closes to make room, else :class:`TableError`."""
        ...

    def join(self, code: str, name: str) -> Ticket:
        """Seat ``name`` at the table; the ticket holds the seat's secret token."""
        ...

    def seat_opened_elsewhere(self, code: str, token: str, device: str) -> bool:
        """Keep that the link of ``token``'s seat is open on ``device`` (an opaque key of the browser);
        whether another device has opened it since this one did."""
        ...

    def add_computer(self, code: str, host_token: str, level: str = "greedy") -> int:
        """Seat a computer player (host only); its seat number."""
        ...

    def free_seat(self, code: str, host_token: str, seat: int) -> None:
        """Free seat ``seat`` before the start (host only); the seats after it move up one."""
        ...

    def leave_seat(self, code: str, token: str) -> None:
        """The token's player gives up their seat before the start."""
        ...

    def start(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal the first round (host only); the new version."""
        ...

    def next_round(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal the next round once one is over (host only); the new version."""
        ...

    def version(self, code: str) -> int:
        """The table's version: it grows whenever anything a device shows changes."""
        ...

    def view(self, code: str, token: str | None, language: str | Style = "en", host_token: str | None = None) -> TableView:
        """The table as the holder of ``token`` (a seat's, the host's, or none: a watcher) may see it,
        its last moves told in ``language``; ``host_token``, a host's token the device also holds, makes
        it the host's view when it is still the table's."""
        ...

    def move(self, code: str, token: str, move: Move, seen_version: int) -> int:
        """Make ``move`` for the token's seat on the table as it was at ``seen_version``; the new version.

        Raises ``RulesError`` (nothing changes) or :class:`TableError`."""
        ...

    def no_call(self, code: str, token: str, seen_version: int) -> int:
        """The token's seat will not call in the open Rommi window; the version (it moves only when the
        window closes because everyone who may call has answered)."""
        ...

    def leave(self, code: str, token: str) -> None:
        """A computer plays the token's seat until its player comes back."""
        ...

    def come_back(self, code: str, token: str) -> None:
        """The token's player takes their seat back from the computer."""
        ...

    def hand_to_computer(self, code: str, host_token: str, seat: int) -> None:
        """The host lets a computer play ``seat`` until its player comes back (host only)."""
        ...

    def pass_host(self, code: str, host_token: str, seat: int) -> None:
        """The host hands the host's role to the player of ``seat`` (host only, once the game has started):
        that seat's own link carries it from now on, the old host's token no longer does."""
        ...

    def reissue_seat(self, code: str, host_token: str, seat: int) -> str:
        """A new secret token for a person's ``seat`` (host only); the old link no longer holds the seat."""
        ...

    def records(self, code: str, token: str | None) -> str:
        """The finished rounds as ``docs/record.md`` records (YAML documents)."""
        ...

    def expire(self) -> int:
        """Forget the tables idle for longer than the store's idle time; how many went."""
        ...

"""Shared tables in one SQLite file beside the progress file, or in PostgreSQL: :class:`SqlTableStore`.

A table is kept as its settings, its seats and, per round, the seed it was dealt with and the moves made
in it; a round's state is rebuilt by dealing again and replaying the moves (a small cache, keyed by
table and version, saves the replay on the next poll). Every request is one transaction (see
:mod:`tutor.together.db`: on PostgreSQL a write locks its table's row, never another table's), and the table's version grows by one with every change a device would
show: devices poll it and look again when it moves. Two ``streamlit run`` processes serving the same file
or database therefore play one game.

**Calls** (Rommi!, and Rummy! under its house rule: :mod:`tutor.together.calls`): a call or a "no call" is checked at once and answered to
the sender alone; it is kept aside and changes no version, so no other device learns of it. The window
closes when its time has passed (the first request to the table then settles it) or as soon as every seat
that may call has answered; the call the rules' order picks is made, the others lapse. Computer players
answer when the window opens.

**Computer players** (computer seats, and seats whose player has left) move in the transaction that makes
their turn come: after a person's move, or when a call window is settled.

**The host's tools during a round**: the host may let a computer play an absent player's seat (until its
player comes back), pass the host's role to a seated player (whose own link then carries it; the old
host's token no longer does) and give a seat a new link (the old one no longer holds it).

**A turn limit** (chosen when the table is opened; none by default): when the seat to move has not
finished its turn within it, the computer plays that one turn for it, as its seat's ordinary moves (the
records stay valid), and the seat stays its player's. Like a call window, the time is looked at whenever
a device asks for the table (:meth:`SqlTableStore.version`), in a write that looks again under the lock,
so the turn is played once however many devices ask at that moment.

**Notices**: the table keeps what last happened to a seat (:class:`tutor.together.model.Notice`: its time
ran out, it became the host, it got a new link, a computer plays it while its player is away) for every
phone to tell, until that seat's player makes a move or comes back, or the next notice or deal.

**Seats before the start**: a player may give up their seat, the host may free anyone's; the seats after
it move up one, so the seats stay numbered 1, 2, 3…

**Visitors** (:meth:`SqlTableStore.open_table`, :meth:`SqlTableStore.seat_opened_elsewhere`): one visitor
(an opaque key of a browser) keeps at most :data:`MOST_LOBBIES` tables open before their start, the oldest
without a person seated closing when a new one opens; and the devices a seat's link is opened on are kept,
so that its player is told when another device opens it.

**Idle tables** are forgotten after :data:`IDLE_SECONDS` (6 hours) without a change, when a table is
created or :meth:`SqlTableStore.expire` is called.

**A database that cannot be reached** (a server stopped or restarting) makes every request raise
:class:`tutor.together.model.TableUnreachable` (a :class:`tutor.storage.faults.StorageFault`; the
database's address and the driver's words go to the server's log only); nothing is changed by a request
that raises it, and the next request after :data:`tutor.storage.faults.FAULT_PAUSE` seconds tries again.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = SqlTableStore(os.path.join(folder.name, "tables.sqlite3"))
>>> host = store.create_table("femhundra", {}, 2)
>>> anna = store.join(host.code, "Anna")
>>> store.add_computer(host.code, host.token)
1
>>> version = store.start(host.code, host.token, seed=1)
>>> view = store.view(host.code, anna.token)
>>> view.seat, len(view.seen.hand), view.seen.to_move
(0, 7, 0)
>>> version = store.move(host.code, anna.token, Move.parse("draw"), view.version)
>>> SqlTableStore(store.target).view(host.code, anna.token).seen.phase.value  # after a restart
'play'
>>> folder.cleanup()
"""

from __future__ import annotations

import json
import os
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Final

from sqlalchemy import Connection, RowMapping, delete, func, insert, select, update

from engine.bots import get_bot
from engine.errors import RulesError
from engine.moves import Discard, Move, Rommi, Rummy
from engine.names import name_key
from engine.round import Round
from engine.variants import HouseRuleError, get_variant
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.storage.faults import watch_for
from tutor.storage.upsert import insert_for
from tutor.storage.url import is_url, shown
from tutor.together import db as rows
from tutor.together.calls import DISPLAY_DELAY, NO_CALL, answered_by_all, first_call, has_calls, last_caller, may_call
from tutor.together.calls import call_window as server_call_window
from tutor.together.model import (
    MAX_SEATS,
    Notice,
    StaleError,
    TableError,
    TableUnreachable,
    TableView,
    Ticket,
    check_name,
)
from tutor.together.records import last_moves, round_record
from tutor.together.schema import game_table, lobby_opener, pending_call, round_, seat_device
from tutor.together.schema import move as move_log
from tutor.together.schema import seat as seat_row

#: Seconds without a change after which a table is forgotten.
IDLE_SECONDS: Final = 6 * 3600
#: The most tables one visitor keeps open before their start (:meth:`SqlTableStore.open_table`).
MOST_LOBBIES: Final = 3
#: The letters of a join code: no 0/O, 1/I/L to misread.
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: States kept in the replay cache.
CACHE_SIZE: Final = 64
#: The shortest and longest turn limit a table may have, in seconds.
TURN_LIMIT_RANGE: Final = (10.0, 3600.0)
#: The most moves the computer makes in one turn it plays for a seat (a turn takes a handful).
MAX_TURN_MOVES: Final = 100


class SqlTableStore:
    """The :class:`tutor.together.model.TableStore` in the SQLite file at ``target``, or in the server
    database ``target`` names by its URL (see the module).

    ``clock`` gives the time in seconds (tests pass their own), ``call_window`` (default: the server's,
    :func:`tutor.together.calls.call_window`), ``display_delay`` (the time the phones take to show a window,
    added to it: :data:`tutor.together.calls.DISPLAY_DELAY`) and ``idle_seconds`` override the defaults."""

    def __init__(
        self,
        target: str | os.PathLike[str],
        clock: Callable[[], float] = time.time,
        call_window: float | None = None,
        idle_seconds: float = IDLE_SECONDS,
        display_delay: float = DISPLAY_DELAY,
    ) -> None:
        self.target = os.fspath(target)
        self.engine = rows.engine_of(self.target)
        self.clock = clock
        self.call_window = server_call_window() if call_window is None else call_window
        self.idle_seconds = idle_seconds
        self.display_delay = display_delay
        self._cache: OrderedDict[tuple[int, int], Round] = OrderedDict()
        #: The database's faults: a server that cannot be reached (a file has none).
        self.faults = watch_for(shown(self.target) if is_url(self.target) else self.target, TableUnreachable)
        with self.faults.guard():
            rows.create_schema(self.engine)

    def __repr__(self) -> str:
        return f"SqlTableStore({shown(self.target) if is_url(self.target) else self.target!r})"

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction: committed when the block ends, rolled back on any error
        (:class:`TableUnreachable` when the database cannot be reached)."""
        with self.faults.guard(), rows.write(self.engine) as connection:
            yield connection

    @contextmanager
    def _read(self, snapshot: bool = False) -> Iterator[Connection]:
        """One read transaction (``snapshot``: every statement sees the same moment; :class:`TableUnreachable`
        when the database cannot be reached)."""
        with self.faults.guard(), rows.read(self.engine, snapshot) as connection:
            yield connection

    # --- tables and seats ------------------------------------------------------------------------

    def create_table(
        self,
        variant_id: str,
        house_rules: Mapping[str, Any],
        max_seats: int,
        watchers: bool = True,
        turn_seconds: float | None = None,
    ) -> Ticket:
        """A new table for ``max_seats`` players (as the variant allows), with a turn limit of
        ``turn_seconds`` (None: none; else within :data:`TURN_LIMIT_RANGE`); the ticket holds its join code
        and the host's token. Idle tables are forgotten first."""
        try:
            variant = get_variant(variant_id, dict(house_rules))
        except (KeyError, HouseRuleError):
            raise TableError("bad_variant") from None
        high = min(variant.max_players, MAX_SEATS)
        if not variant.min_players <= max_seats <= high:
            raise TableError("bad_seats", low=variant.min_players, high=high)
        if turn_seconds is not None and not TURN_LIMIT_RANGE[0] <= turn_seconds <= TURN_LIMIT_RANGE[1]:
            raise TableError("bad_turn_limit")
        self.expire()
        token = secrets.token_urlsafe(16)
        with self._write() as db:
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if db.execute(select(game_table.c.id).where(game_table.c.code == code)).first() is None:
                    break
            db.execute(
                insert(game_table).values(
                    code=code,
                    host_token=token,
                    variant=variant.id,
                    house_rules=json.dumps(rows.rules_of(variant)),
                    max_seats=max_seats,
                    watchers=int(watchers),
                    updated=self.clock(),
                    turn_seconds=turn_seconds,
                )
            )
        return Ticket(code, token)

    def join(self, code: str, name: str) -> Ticket:
        """Seat ``name`` (checked by :func:`tutor.together.model.check_name`) in the first free seat,
        before the game starts; the ticket holds the seat's secret token."""
        with self._write() as db:
            table = self._lobby(db, code)
            seats = rows.seats(db, table["id"])
            if len(seats) >= table["max_seats"]:
                raise TableError("table_full")
            name = check_name(name, [s.name for s in seats])
            token = secrets.token_urlsafe(16)
            db.execute(insert(seat_row).values(table_id=table["id"], seat=len(seats), name=name, token=token))
            self._bump(db, table["id"])
            return Ticket(table["code"], token, len(seats))

    def add_computer(self, code: str, host_token: str, level: str = "greedy") -> int:
        """Seat a computer player (host only, before the start); its seat number."""
        get_bot(level)  # an unknown level is a KeyError here, not at the first move
        with self._write() as db:
            table = self._lobby(db, code, host_token)
            seats = rows.seats(db, table["id"])
            if len(seats) >= table["max_seats"]:
                raise TableError("table_full")
            taken = {name_key(s.name) for s in seats}
            number = 1
            while name_key(t("together.computer_name", number=number)) in taken:
                number += 1
            db.execute(
                insert(seat_row).values(
                    table_id=table["id"],
                    seat=len(seats),
                    name=t("together.computer_name", number=number),
                    token=secrets.token_urlsafe(16),
                    level=level,
                )
            )
            self._bump(db, table["id"])
            return len(seats)

    def free_seat(self, code: str, host_token: str, seat: int) -> None:
        """Free seat ``seat`` (host only, before the start): its player, or computer, no longer sits there;
        the seats after it move up one."""
        with self._write() as db:
            table = self._lobby(db, code, host_token)
            if not 0 <= seat < len(rows.seats(db, table["id"])):
                raise TableError("no_seat")
            self._unseat(db, table, seat)

    def leave_seat(self, code: str, token: str) -> None:
        """The token's player gives up their seat before the start (their link no longer holds one)."""
        with self._write() as db:
            table = self._lobby(db, code)
            seat = rows.seat_of(db, table["id"], token)
            if seat is None:
                raise TableError("bad_token")
            self._unseat(db, table, seat)

    def _unseat(self, db: Connection, table: RowMapping, number: int) -> None:
        count = len(rows.seats(db, table["id"]))
        db.execute(delete(seat_row).where(seat_row.c.table_id == table["id"], seat_row.c.seat == number))
        for later in range(number + 1, count):  # one at a time, in order: the seat below is always free
            db.execute(
                update(seat_row)
                .where(seat_row.c.table_id == table["id"], seat_row.c.seat == later)
                .values(seat=later - 1)
            )
        self._bump(db, table["id"])

    def start(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal round 1 with ``seed`` (a random one without) to everyone seated (host only); the new version."""
        with self._write() as db:
            table = self._lobby(db, code, host_token)
            seats = rows.seats(db, table["id"])
            variant = rows.variant_of(table)
            if len(seats) < variant.min_players:
                raise TableError("too_few", low=variant.min_players)
            self._deal(db, table, 1, seed, [0] * len(seats))
            return self._after_change(db, table)

    def next_round(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal the next round once the last one is over and the game goes on (host only); the new version."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            state, number = self._state(db, table)
            if state is None or not state.round_over:
                raise TableError("round_not_over")
            if state.game_over:
                raise TableError("game_over")
            self._deal(db, table, number + 1, seed, [s.total for s in state.scores()])
            return self._after_change(db, table)

    def pass_host(self, code: str, host_token: str, seat: int) -> None:
        """The host hands the host's role to the player of ``seat`` (host only, once the game has started):
        that seat's own link carries it from now on; the host's token is replaced by one nobody holds, so
        the old host's link no longer does. Every phone is told."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            if not rows.started(db, table["id"]):
                raise TableError("not_started")
            self._person_seat(db, table, seat)
            g = game_table
            db.execute(
                update(g).where(g.c.id == table["id"]).values(host_token=secrets.token_urlsafe(16), host_seat=seat)
            )
            self._notice(db, table, "new_host", seat)
            self._bump(db, table["id"])

    def reissue_seat(self, code: str, host_token: str, seat: int) -> str:
        """A new secret token for the person's ``seat`` (host only), for the host to give its player: the
        seat's old link no longer holds it. Every phone is told."""
        token = secrets.token_urlsafe(16)
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            self._person_seat(db, table, seat)
            db.execute(
                update(seat_row).where(seat_row.c.table_id == table["id"], seat_row.c.seat == seat).values(token=token)
            )
            self._notice(db, table, "new_link", seat)
            self._bump(db, table["id"])
        return token

    def _person_seat(self, db: Connection, table: RowMapping, seat: int) -> None:
        """Refuse ``seat`` unless a person sits in it (a computer seat has no link and cannot host)."""
        found = db.execute(
            select(seat_row.c.level).where(seat_row.c.table_id == table["id"], seat_row.c.seat == seat)
        ).first()
        if found is None:
            raise TableError("no_seat")
        if found[0] is not None:
            raise TableError("computer_seat")

    def leave(self, code: str, token: str) -> None:
        """A computer plays the token's seat from now on, until :meth:`come_back`."""
        self._set_away(code, token, True)

    def come_back(self, code: str, token: str) -> None:
        """The token's player plays their seat again."""
        self._set_away(code, token, False)

    def hand_to_computer(self, code: str, host_token: str, seat: int) -> None:
        """The host lets a computer play ``seat`` (a phone left in a pocket) until its player comes back."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            where = (seat_row.c.table_id == table["id"], seat_row.c.seat == seat)
            if db.execute(select(seat_row.c.seat).where(*where)).first() is None:
                raise TableError("no_seat")
            db.execute(update(seat_row).where(*where).values(away=1))
            self._notice(db, table, "away", seat)
            self._after_change(db, table)

    def _set_away(self, code: str, token: str, away: bool) -> None:
        with self._write() as db:
            table = self._table(db, code)
            number = rows.seat_of(db, table["id"], token)
            if number is None:
                raise TableError("bad_token")
            db.execute(
                update(seat_row)
                .where(seat_row.c.table_id == table["id"], seat_row.c.seat == number)
                .values(away=int(away))
            )
            if away:
                self._notice(db, table, "away", number)
            else:
                self._clear_notice(db, table, number)
            self._after_change(db, table)

    def expire(self) -> int:
        """Forget every table without a change for longer than the idle time; how many went."""
        with self._write() as db:
            gone = db.execute(delete(game_table).where(game_table.c.updated < self.clock() - self.idle_seconds))
            return int(gone.rowcount)

    # --- visitors ------------------------------------------------------------------------------

    def open_table(
        self,
        visitor: str,
        variant_id: str,
        house_rules: Mapping[str, Any],
        max_seats: int,
        watchers: bool = True,
        turn_seconds: float | None = None,
        most: int = MOST_LOBBIES,
    ) -> Ticket:
        """:meth:`create_table` for ``visitor`` (an opaque key of the browser that asks), who keeps at most
        ``most`` tables open before their start: when they have that many, the oldest where no person sits
        closes first (its code finds nothing any more); when a person sits at each, :class:`TableError`
        ``too_many_tables``. (Two opened by one visitor at the same moment may both pass the count.)"""
        with self._write() as db:
            self._close_for(db, visitor, most)
        ticket = self.create_table(variant_id, house_rules, max_seats, watchers, turn_seconds)
        with self._write() as db:
            table = self._table(db, ticket.code)
            db.execute(insert(lobby_opener).values(table_id=table["id"], visitor=visitor, opened=self.clock()))
        return ticket

    def _close_for(self, db: Connection, visitor: str, most: int) -> None:
        """Make room for one more open table of ``visitor``: close their oldest tables without a person seated
        while they have ``most`` (refused when none is empty)."""
        o, g = lobby_opener, game_table
        open_ones = db.execute(
            select(o.c.table_id)
            .join(g, g.c.id == o.c.table_id)
            .where(o.c.visitor == visitor, g.c.updated >= self.clock() - self.idle_seconds)
            .order_by(o.c.opened, o.c.table_id)
        ).scalars()
        lobbies = [int(found) for found in open_ones if not rows.started(db, int(found))]
        if len(lobbies) < most:
            return
        empty = [found for found in lobbies if all(s.computer for s in rows.seats(db, found))]
        if len(lobbies) - len(empty) >= most:
            raise TableError("too_many_tables", most=most)
        db.execute(delete(g).where(g.c.id.in_(empty[: len(lobbies) - most + 1])))

    def seat_opened_elsewhere(self, code: str, token: str, device: str) -> bool:
        """Keep that the link of ``token``'s seat is open on ``device`` (an opaque key of the browser);
        whether another device has opened it since it was first opened on this one (the seat's player is
        told). False for a token that holds no person's seat."""
        d = seat_device
        with self._read() as db:
            table = self._table(db, code, lock=False)
            if rows.seat_of(db, table["id"], token) is None:
                return False
            where = (d.c.table_id == table["id"], d.c.token == token)
            seen = {str(k): float(v) for k, v in db.execute(select(d.c.device, d.c.seen).where(*where)).all()}
        if device in seen:
            return any(moment >= seen[device] for other, moment in seen.items() if other != device)
        with self._write() as db:
            statement = insert_for(db, d).values(table_id=table["id"], token=token, device=device, seen=self.clock())
            db.execute(statement.on_conflict_do_nothing(index_elements=["table_id", "token", "device"]))
        return False

    # --- reading ---------------------------------------------------------------------------------

    def version(self, code: str) -> int:
        """The table's version (settling a call window that has passed, which moves it). One indexed
        read of two numbers: this is what every device polls."""
        g = game_table
        with self._read() as db:
            row = db.execute(
                select(g.c.version, g.c.window_until, g.c.updated, g.c.turn_seconds, g.c.turn_since).where(
                    g.c.code == code.strip().upper()
                )
            ).first()
        now = self.clock()
        if row is None or row[2] < now - self.idle_seconds:
            raise TableError("no_table")
        if (row[1] is not None and row[1] <= now) or _turn_due(row[1], row[3], row[4], now):
            with self._write() as db:
                self._settle(db, self._table(db, code))
                self._time_out(db, self._table(db, code))
                return int(self._table(db, code)["version"])
        return int(row[0])

    def view(self, code: str, token: str | None, language: str | Style = "en", host_token: str | None = None) -> TableView:
        """The table as the holder of ``token`` may see it: a seat sees its own hand, the host and a
        watcher none. A watcher without any token is refused when the host did not allow watching.
        The last moves are told in ``language``, as everyone at the table saw them. The view is the
        host's when ``token`` is the host's, or the seat that holds the host's role, or when
        ``host_token`` (a host's token the device holds beside its seat's) is still the table's."""
        self.version(code)  # settles a passed call window (and a turn whose time ran out) first
        with self._read(snapshot=True) as db:
            table = self._table(db, code, lock=False)
            seat = rows.seat_of(db, table["id"], token) if token else None
            by_token = _holds(table, token)
            is_host = by_token or _holds(table, host_token) or (seat is not None and seat == table["host_seat"])
            if seat is None and not by_token and (token or not table["watchers"]):
                raise TableError("bad_token" if token else "no_watchers")
            state, number = self._state(db, table)
            seats = rows.seats(db, table["id"])
            finished = number - (0 if state is None or state.round_over else 1)
            waiting = table["window_until"] is not None
            moves = rows.moves(db, table["id"], number) if state is not None else []
            last = last_moves(self._dealt(db, table, number), moves, language) if state is not None else []
            call_open = waiting and state is not None and seat is not None and may_call(state, seat)
            answered = call_open and seat in self._answers(db, table)
            return TableView(
                code=table["code"],
                version=int(table["version"]),
                variant_id=table["variant"],
                house_rules=json.loads(table["house_rules"]),
                max_seats=table["max_seats"],
                seats=tuple(seats),
                started=state is not None,
                seat=seat,
                is_host=is_host,
                seen=None if state is None else state.view(seat),
                waiting=waiting,
                call_open=call_open and not answered,
                round_number=number,
                finished_rounds=max(finished, 0),
                last_moves=tuple(last),
                answered=answered,
                called_by=None if waiting or state is None or state.round_over else last_caller(moves),
                host_seat=table["host_seat"],
                notice=None if table["notice_kind"] is None else Notice(table["notice_kind"], table["notice_seat"]),
                turn_seconds=table["turn_seconds"],
            )

    def records(self, code: str, token: str | None) -> str:
        """Every finished round as a ``docs/record.md`` record (YAML documents, with the deal), as
        ``python -m engine replay`` reads each one. Anyone who may view the table may download them."""
        self.view(code, token)  # the same right as looking
        documents = []
        with self._read() as db:
            table = self._table(db, code, lock=False)
            for number, seed, _ in rows.rounds(db, table["id"]):
                dealt = self._dealt(db, table, number)
                record = round_record(dealt, seed, rows.moves(db, table["id"], number))
                if record is not None:
                    documents.append(record)
        return "---\n".join(documents)

    # --- moves -----------------------------------------------------------------------------------

    def move(self, code: str, token: str, move: Move, seen_version: int) -> int:
        """Make ``move`` for the token's seat, on the table as it was at ``seen_version``; the
        new version. An illegal move raises ``RulesError`` and changes nothing; a wrong token, a table
        that moved on (:class:`StaleError`) or a draw while calls are awaited raise :class:`TableError`.
        A Rommi call in the window is kept aside (see the module) and returns the unchanged version,
        unless it was the last answer the window waited for."""
        self.version(code)  # settles a passed call window first
        with self._write() as db:
            table, seat, state, number = self._mover(db, code, token, seen_version)
            window = table["window_until"] is not None
            if isinstance(move, Rommi | Rummy):  # a call: kept aside until the window closes
                if not window:
                    kind = "rummy" if isinstance(move, Rummy) else "rommi"
                    raise RulesError(f"{kind}_not_allowed", f"{kind}.window_closed")
                state.apply(move, seat)  # the engine's answer, to the caller only
                return self._answer(db, table, state, seat, str(move), seen_version)
            if window:
                raise TableError("wait_for_calls")
            after = state.apply(move, seat)
            self._clear_notice(db, table, seat)  # its player is back at it (never for a call: that stays secret)
            self._append(db, table, number, state, seat, move, after)
            return self._after_change(db, table, after)

    def no_call(self, code: str, token: str, seen_version: int) -> int:
        """The token's seat says it will not call in the open window (it may still call until the window
        closes); the version, which moves only when this was the last answer the window waited for."""
        self.version(code)
        with self._write() as db:
            table, seat, state, _ = self._mover(db, code, token, seen_version)
            if table["window_until"] is None or not may_call(state, seat):
                raise TableError("no_window")
            return self._answer(db, table, state, seat, NO_CALL, seen_version)

    # --- inside a transaction --------------------------------------------------------------------

    def _table(self, db: Connection, code: str, lock: bool = True) -> RowMapping:
        """The table's row; in a write (``lock``) locked until the transaction ends (PostgreSQL: this row
        only, so a move waits for the moves at its own table and no other; SQLite holds the file already)."""
        query = select(game_table).where(game_table.c.code == code.strip().upper())
        row = db.execute(query.with_for_update() if lock else query).mappings().first()
        if row is None or row["updated"] < self.clock() - self.idle_seconds:
            raise TableError("no_table")
        return row

    def _host_table(self, db: Connection, code: str, host_token: str) -> RowMapping:
        """The table, locked, when ``host_token`` holds the host's role: the host's token, or the own token
        of the seat the role was passed to."""
        table = self._table(db, code)
        if _holds(table, host_token):
            return table
        if table["host_seat"] is None or rows.seat_of(db, table["id"], host_token) != table["host_seat"]:
            raise TableError("not_host")
        return table

    def _lobby(self, db: Connection, code: str, host_token: str | None = None) -> RowMapping:
        """The table, before its first deal (and the host's, when ``host_token`` is given)."""
        table = self._table(db, code) if host_token is None else self._host_table(db, code, host_token)
        if rows.started(db, table["id"]):
            raise TableError("already_started")
        return table

    def _mover(
        self, db: Connection, code: str, token: str, seen_version: int
    ) -> tuple[RowMapping, int, Round, int]:
        """The table, the token's seat, the round and its number, for a move made at ``seen_version``."""
        table = self._table(db, code)
        number_of_seat = rows.seat_of(db, table["id"], token)
        if number_of_seat is None:
            raise TableError("bad_token")
        if int(table["version"]) != seen_version:
            raise StaleError()
        state, number = self._state(db, table)
        if state is None:
            raise TableError("not_started")
        return table, number_of_seat, state, number

    def _bump(self, db: Connection, table_id: int) -> int:
        g = game_table
        db.execute(update(g).where(g.c.id == table_id).values(version=g.c.version + 1, updated=self.clock()))
        return int(db.execute(select(g.c.version).where(g.c.id == table_id)).scalar_one())

    def _deal(self, db: Connection, table: RowMapping, number: int, seed: int | None, totals: list[int]) -> None:
        seed = secrets.randbelow(2**31) if seed is None else seed
        db.execute(insert(round_).values(table_id=table["id"], number=number, seed=seed, totals=json.dumps(totals)))
        g = game_table
        db.execute(update(g).where(g.c.id == table["id"]).values(notice_kind=None, notice_seat=None))

    def _notice(self, db: Connection, table: RowMapping, kind: str, seat: int) -> None:
        """Keep what just happened to ``seat`` for every phone to tell (:class:`Notice`)."""
        g = game_table
        db.execute(update(g).where(g.c.id == table["id"]).values(notice_kind=kind, notice_seat=seat))

    def _clear_notice(self, db: Connection, table: RowMapping, seat: int) -> None:
        """Forget the notice about ``seat``, whose player is acting again (a notice about another stays)."""
        g = game_table
        db.execute(
            update(g).where(g.c.id == table["id"], g.c.notice_seat == seat).values(notice_kind=None, notice_seat=None)
        )

    def _dealt(self, db: Connection, table: RowMapping, number: int) -> Round:
        """Round ``number`` as it was dealt."""
        row = db.execute(
            select(round_.c.seed, round_.c.totals).where(round_.c.table_id == table["id"], round_.c.number == number)
        ).one()
        names = [s.name for s in rows.seats(db, table["id"])]
        return Round.deal(rows.variant_of(table), names, row[0], json.loads(row[1]), number)

    def _state(self, db: Connection, table: RowMapping) -> tuple[Round | None, int]:
        """The current round's state and number (None, 0 before the start), from the cache or a replay."""
        latest = db.execute(select(func.max(round_.c.number)).where(round_.c.table_id == table["id"])).scalar()
        if latest is None:
            return None, 0
        number = int(latest)
        key = (int(table["id"]), int(table["version"]))
        cached = self._cache.get(key)
        if cached is not None and cached.round_number == number:
            self._cache.move_to_end(key)
            return cached, number
        state = self._dealt(db, table, number)
        for seat, text in rows.moves(db, table["id"], number):  # the move column holds the notation
            state = state.apply(Move.parse(text), seat)
        self._remember(key, state)
        return state, number

    def _remember(self, key: tuple[int, int], state: Round) -> None:
        self._cache[key] = state
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _append(
        self,
        db: Connection,
        table: RowMapping,
        number: int,
        before: Round,
        seat: int,
        move: Move,
        after: Round,
    ) -> None:
        """Store an applied move; a discard in a variant with the call opens the call window."""
        m = move_log
        count = db.execute(
            select(func.count()).select_from(m).where(m.c.table_id == table["id"], m.c.round == number)
        ).scalar_one()
        db.execute(insert(m).values(table_id=table["id"], round=number, idx=count, seat=seat, move=str(move)))
        if isinstance(move, Discard) and has_calls(after):
            until = self.clock() + self.call_window + self.display_delay  # the whole window, once shown
            db.execute(update(game_table).where(game_table.c.id == table["id"]).values(window_until=until))
            self._computer_calls(db, table, after)

    def _after_change(self, db: Connection, table: RowMapping, state: Round | None = None) -> int:
        """Let the computer players move while it is their turn and no call window is open; bump the version.
        ``state``: the round now, when moves were appended in this transaction (the cache is a version behind)."""
        table = self._table(db, table["code"])
        if state is None:
            state, number = self._state(db, table)
        else:
            number = state.round_number
        if state is not None:
            seats = rows.seats(db, table["id"])
            moves = 0
            while not state.round_over and seats[state.to_move].played_by_computer and moves < 500:
                if self._window_open(db, table):
                    break
                state = self._computer_move(db, table, number, state)
                moves += 1
        if table["turn_seconds"] is not None:
            self._mark_turn(db, table, state, number)
        version = self._bump(db, table["id"])
        if state is not None:
            self._remember((int(table["id"]), version), state)
        return version

    def _window_open(self, db: Connection, table: RowMapping) -> bool:
        """Whether a call window is open at the table now (opened, maybe, in this transaction)."""
        g = game_table
        return db.execute(select(g.c.window_until).where(g.c.id == table["id"])).scalar() is not None

    def _computer_move(self, db: Connection, table: RowMapping, number: int, state: Round) -> Round:
        """The computer makes one move for the seat to move (its own level; a person's seat: the greedy
        one), stored as that seat's move; the round after it."""
        bot = get_bot(rows.level(db, table["id"], state.to_move))
        move = bot.move(state, _rng(table, number, state))
        after = state.apply(move, state.to_move)
        self._append(db, table, number, state, state.to_move, move, after)
        return after

    def _mark_turn(self, db: Connection, table: RowMapping, state: Round | None, number: int) -> None:
        """Start the turn limit's clock when a new turn has begun (a turn is known by its round and the move
        it began at: the same seat's next turn is another one), stop it when the round is over."""
        mark = None
        if state is not None and not state.round_over:
            mark = f"{number}:{turn_start(rows.moves(db, table['id'], number), state.to_move)}"
        if mark != table["turn_mark"]:
            g = game_table
            since = None if mark is None else self.clock()
            db.execute(update(g).where(g.c.id == table["id"]).values(turn_mark=mark, turn_since=since))

    def _time_out(self, db: Connection, table: RowMapping) -> None:
        """When the turn limit of the seat to move has run out (looked at again here, under the lock), the
        computer plays the rest of that one turn for it, as the seat's own moves; the seat stays its
        player's, and every phone is told. Then the round goes on as after any move."""
        if not _turn_due(table["window_until"], table["turn_seconds"], table["turn_since"], self.clock()):
            return
        state, number = self._state(db, table)
        if state is None or state.round_over:
            self._after_change(db, table, state)  # nothing to play: the clock stops
            return
        seat = state.to_move
        moves = 0
        while not state.round_over and state.to_move == seat and moves < MAX_TURN_MOVES:
            state = self._computer_move(db, table, number, state)
            moves += 1
        self._notice(db, table, "timed_out", seat)
        self._after_change(db, table, state)

    def _answers(self, db: Connection, table: RowMapping) -> dict[int, str]:
        """The calls and "no calls" sent in the open window: seat → move (or :data:`NO_CALL`)."""
        p = pending_call
        found = db.execute(select(p.c.seat, p.c.move).where(p.c.table_id == table["id"])).all()
        return {int(r[0]): str(r[1]) for r in found}

    def _answer(self, db: Connection, table: RowMapping, state: Round, seat: int, answer: str, version: int) -> int:
        """Keep ``seat``'s answer in the window; settle the window now if it was the last one awaited."""
        statement = insert_for(db, pending_call).values(table_id=table["id"], seat=seat, move=answer)
        db.execute(
            statement.on_conflict_do_update(index_elements=["table_id", "seat"], set_={"move": statement.excluded.move})
        )
        if not answered_by_all(state, self._answers(db, table)):
            return version
        self._settle(db, table, early=True)
        return int(self._table(db, table["code"])["version"])

    def _computer_calls(self, db: Connection, table: RowMapping, state: Round) -> None:
        """The computer seats answer as the window opens: a call, or none."""
        db.execute(delete(pending_call).where(pending_call.c.table_id == table["id"]))
        for info in rows.seats(db, table["id"]):
            if not info.played_by_computer or not may_call(state, info.seat):
                continue
            bot = get_bot(rows.level(db, table["id"], info.seat))
            call = bot.call(state, info.seat, _rng(table, state.round_number, state, info.seat))
            answer = NO_CALL if call is None else str(call)
            db.execute(insert(pending_call).values(table_id=table["id"], seat=info.seat, move=answer))

    def _settle(self, db: Connection, table: RowMapping, early: bool = False) -> None:
        """Close a call window that has passed (``early``: that every seat has answered): make the call
        first in turn order after the discarder, then let the computers play on."""
        if table["window_until"] is None or (table["window_until"] > self.clock() and not early):
            return
        state, number = self._state(db, table)
        calls = self._answers(db, table)
        db.execute(delete(pending_call).where(pending_call.c.table_id == table["id"]))
        db.execute(update(game_table).where(game_table.c.id == table["id"]).values(window_until=None))
        chosen = None if state is None else first_call(state, calls)
        if state is not None and chosen is not None:
            seat, move, after = chosen
            self._append(db, table, number, state, seat, move, after)
            state = after
        self._after_change(db, table, state)


def turn_start(moves: list[tuple[int, str]], seat: int) -> int:
    """Where the turn of ``seat``, to move now, began in a round's ``moves`` (seat, move): after the last
    move of another seat.

    >>> turn_start([(0, "draw"), (0, "discard 8H"), (1, "draw")], 1), turn_start([(0, "draw"), (0, "discard 8H")], 1)
    (2, 2)
    """
    start = len(moves)
    while start > 0 and moves[start - 1][0] == seat:
        start -= 1
    return start


def _turn_due(window_until: float | None, turn_seconds: float | None, turn_since: float | None, now: float) -> bool:
    """Whether the turn limit of the turn being timed has run out (never while a call window is open)."""
    if window_until is not None or turn_seconds is None or turn_since is None:
        return False
    return bool(turn_since + turn_seconds <= now)


def _holds(table: RowMapping, token: str | None) -> bool:
    """Whether ``token`` is the table's host token."""
    return bool(token) and secrets.compare_digest(str(token), table["host_token"])


def _rng(table: RowMapping, number: int, state: Round, salt: int = -1) -> random.Random:
    """The computer players' chance: fixed by the table, the round and the moment, so a replay agrees."""
    return random.Random(f"{table['code']}:{number}:{len(state.pile)}:{len(state.stock)}:{state.to_move}:{salt}")

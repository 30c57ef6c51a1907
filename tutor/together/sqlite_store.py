"""Shared tables in one SQLite file, beside the progress file: :class:`SqliteTableStore`.

A table is kept as its settings, its seats and, per round, the seed it was dealt with and the moves made
in it; a round's state is rebuilt by dealing again and replaying the moves (a small cache, keyed by
table and version, saves the replay on the next poll). Every request is one transaction opened with
``BEGIN IMMEDIATE`` (so one writer at a time per file, whichever process or thread it is in), the file
is in WAL mode, and the table's version grows by one with every change a device would show: devices
poll it and look again when it moves. Two ``streamlit run`` processes serving the same file therefore
play one game.

**Rommi calls.** In a variant with the call (and more than two players) every discard opens a *call
window* of :data:`CALL_WINDOW` seconds, whether or not anyone could call: every device shows the same
waiting, the next player cannot draw yet, and any seat the rules let call (not the discarder, not the next
player) may send ``rommi N``. A call is checked by the engine at once and the answer goes to the caller
alone; a call accepted is kept aside and changes no version, so no other device learns of it. When the
window has passed, the first request to the table settles it: of the calls sent, the one first in turn
order after the discarder is made (the rules give no order between callers; the seat the discard reaches
first is ours, the usual rummy ruling), the others lapse. Computer players decide their calls when the
window opens.

**Computer players** (computer seats, and seats whose player has left) move in the transaction that makes
their turn come: after a person's move, or when a call window is settled.

**Idle tables** are forgotten after :data:`IDLE_SECONDS` (6 hours) without a change, when a table is
created or :meth:`SqliteTableStore.expire` is called.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = SqliteTableStore(os.path.join(folder.name, "tables.sqlite3"))
>>> host = store.create_table("femhundra", {}, 2)
>>> anna = store.join(host.code, "Anna")
>>> store.add_computer(host.code, host.token)
1
>>> version = store.start(host.code, host.token, seed=1)
>>> view = store.view(host.code, anna.token)
>>> view.seat, len(view.position.hands[0]), view.position.to_move
(0, 7, 0)
>>> version = store.move(host.code, anna.token, "draw", view.version)
>>> SqliteTableStore(store.path).view(host.code, anna.token).position.phase.value  # after a restart
'play'
>>> folder.cleanup()
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any, Final

import yaml

from engine.bots import get_bot
from engine.errors import RulesError
from engine.moves import Discard, Move, Rommi
from engine.state import GameState, Phase
from engine.variants import HouseRuleError, Variant, get_variant
from tutor.practice.log import describe
from tutor.progress import default_path as progress_path
from tutor.strings import t
from tutor.together.model import SeatInfo, StaleError, TableError, TableView, Ticket, check_name
from tutor.together.view import seat_position

#: The environment variable naming the tables file; without it the file sits beside the progress file.
ENV_VAR: Final = "RUMMY500_TABLES_DB"
#: Seconds every device waits for Rommi calls after a discard (variants with the call only).
CALL_WINDOW: Final = 2.5
#: Seconds without a change after which a table is forgotten.
IDLE_SECONDS: Final = 6 * 3600
#: Seconds a connection waits for another writer.
BUSY_TIMEOUT: Final = 15.0
#: The letters of a join code: no 0/O, 1/I/L to misread.
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: The most players at one table (phones in one room), whatever the variant allows.
MAX_SEATS: Final = 7
#: States kept in the replay cache.
CACHE_SIZE: Final = 64
#: How many last moves a view lists.
LAST_MOVES: Final = 6

SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS game_table (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        host_token TEXT NOT NULL,
        variant TEXT NOT NULL,
        house_rules TEXT NOT NULL,
        max_seats INTEGER NOT NULL,
        watchers INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        window_until REAL,
        updated REAL NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seat (
        table_id INTEGER NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        level TEXT,
        away INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS round (
        table_id INTEGER NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        totals TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
    """CREATE TABLE IF NOT EXISTS move (
        table_id INTEGER NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (table_id, round, idx)
    )""",
    """CREATE TABLE IF NOT EXISTS pending_call (
        table_id INTEGER NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
)


def default_path() -> Path:
    """Where the tables file lives: ``$RUMMY500_TABLES_DB`` if set, else ``tables.sqlite3`` in the
    progress file's folder (``$RUMMY500_PROGRESS_DB``'s, or the default one)."""
    configured = os.environ.get(ENV_VAR, "").strip()
    if configured:
        path = Path(configured).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        return path
    return progress_path().parent / "tables.sqlite3"


class SqliteTableStore:
    """The :class:`tutor.together.model.TableStore` in the SQLite file at ``path`` (see the module).

    ``clock`` gives the time in seconds (tests pass their own), ``call_window`` and ``idle_seconds``
    override :data:`CALL_WINDOW` and :data:`IDLE_SECONDS`."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        clock: Callable[[], float] = time.time,
        call_window: float = CALL_WINDOW,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self.call_window = call_window
        self.idle_seconds = idle_seconds
        self._cache: OrderedDict[tuple[int, int], GameState] = OrderedDict()
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode = WAL")
            with _transaction(connection):
                for statement in SCHEMA:
                    connection.execute(statement)

    def __repr__(self) -> str:
        return f"SqliteTableStore({str(self.path)!r})"

    # --- connections -----------------------------------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)) as connection:
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            yield connection

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): committed when the block ends, rolled back on any error."""
        with self._connect() as connection, _transaction(connection):
            yield connection

    # --- tables and seats ------------------------------------------------------------------------

    def create_table(
        self, variant_id: str, house_rules: Mapping[str, Any], max_seats: int, watchers: bool = True
    ) -> Ticket:
        """A new table for ``max_seats`` players (as the variant allows); the ticket holds its join code
        and the host's token. Idle tables are forgotten first."""
        try:
            variant = get_variant(variant_id, dict(house_rules))
        except (KeyError, HouseRuleError):
            raise TableError("bad_variant") from None
        high = min(variant.max_players, MAX_SEATS)
        if not variant.min_players <= max_seats <= high:
            raise TableError("bad_seats", low=variant.min_players, high=high)
        self.expire()
        token = secrets.token_urlsafe(16)
        with self._write() as db:
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if db.execute("SELECT 1 FROM game_table WHERE code = ?", (code,)).fetchone() is None:
                    break
            db.execute(
                "INSERT INTO game_table (code, host_token, variant, house_rules, max_seats, watchers, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, token, variant.id, json.dumps(_rules(variant)), max_seats, int(watchers), self.clock()),
            )
        return Ticket(code, token)

    def join(self, code: str, name: str) -> Ticket:
        """Seat ``name`` (checked by :func:`tutor.together.model.check_name`) in the first free seat,
        before the game starts; the ticket holds the seat's secret token."""
        with self._write() as db:
            table = self._table(db, code)
            seats = _seats(db, table["id"])
            if _started(db, table["id"]):
                raise TableError("already_started")
            if len(seats) >= table["max_seats"]:
                raise TableError("table_full")
            name = check_name(name, [s.name for s in seats])
            token = secrets.token_urlsafe(16)
            db.execute(
                "INSERT INTO seat (table_id, seat, name, token) VALUES (?, ?, ?, ?)",
                (table["id"], len(seats), name, token),
            )
            self._bump(db, table["id"])
            return Ticket(table["code"], token, len(seats))

    def add_computer(self, code: str, host_token: str, level: str = "greedy") -> int:
        """Seat a computer player (host only, before the start); its seat number."""
        get_bot(level)  # an unknown level is a KeyError here, not at the first move
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            seats = _seats(db, table["id"])
            if _started(db, table["id"]):
                raise TableError("already_started")
            if len(seats) >= table["max_seats"]:
                raise TableError("table_full")
            taken = {s.name.casefold() for s in seats}
            number = 1
            while t("together.computer_name", number=number).casefold() in taken:
                number += 1
            db.execute(
                "INSERT INTO seat (table_id, seat, name, token, level) VALUES (?, ?, ?, ?, ?)",
                (table["id"], len(seats), t("together.computer_name", number=number), secrets.token_urlsafe(16), level),
            )
            self._bump(db, table["id"])
            return len(seats)

    def start(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal round 1 with ``seed`` (a random one without) to everyone seated (host only); the new version."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            if _started(db, table["id"]):
                raise TableError("already_started")
            seats = _seats(db, table["id"])
            variant = _variant(table)
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

    def leave(self, code: str, token: str) -> None:
        """A computer plays the token's seat from now on, until :meth:`come_back`."""
        self._set_away(code, token, True)

    def come_back(self, code: str, token: str) -> None:
        """The token's player plays their seat again."""
        self._set_away(code, token, False)

    def _set_away(self, code: str, token: str, away: bool) -> None:
        with self._write() as db:
            table = self._table(db, code)
            seat = _seat_of(db, table["id"], token)
            if seat is None:
                raise TableError("bad_token")
            db.execute("UPDATE seat SET away = ? WHERE table_id = ? AND seat = ?", (int(away), table["id"], seat))
            self._after_change(db, table)

    def expire(self) -> int:
        """Forget every table without a change for longer than the idle time; how many went."""
        with self._write() as db:
            gone = db.execute("DELETE FROM game_table WHERE updated < ?", (self.clock() - self.idle_seconds,))
            return int(gone.rowcount)

    # --- reading ---------------------------------------------------------------------------------

    def version(self, code: str) -> int:
        """The table's version (settling a call window that has passed, which moves it)."""
        with self._connect() as db:
            table = self._table(db, code)
        if table["window_until"] is not None and table["window_until"] <= self.clock():
            with self._write() as db:
                table = self._table(db, code)
                self._settle(db, table)
                return int(self._table(db, code)["version"])
        return int(table["version"])

    def view(self, code: str, token: str | None, language: str = "en") -> TableView:
        """The table as the holder of ``token`` may see it: a seat sees its own hand, the host and a
        watcher none. A watcher without any token is refused when the host did not allow watching.
        The last moves are told in ``language``, as everyone at the table saw them."""
        self.version(code)  # settles a passed call window first
        with self._connect() as db, _transaction(db, "BEGIN"):
            table = self._table(db, code)
            seat = _seat_of(db, table["id"], token) if token else None
            is_host = bool(token) and secrets.compare_digest(str(token), table["host_token"])
            if seat is None and not is_host and (token or not table["watchers"]):
                raise TableError("bad_token" if token else "no_watchers")
            state, number = self._state(db, table)
            seats = _seats(db, table["id"])
            finished = number - (0 if state is None or state.round_over else 1)
            waiting = table["window_until"] is not None
            last = self._described(db, table, number, language) if state is not None else []
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
                position=None if state is None else seat_position(state, seat),
                waiting=waiting,
                call_open=waiting and state is not None and seat is not None and _may_call(state, seat),
                round_number=number,
                finished_rounds=max(finished, 0),
                last_moves=tuple(last),
            )

    def _described(self, db: sqlite3.Connection, table: sqlite3.Row, number: int, language: str) -> list[str]:
        """The last :data:`LAST_MOVES` moves of round ``number``, one sentence each (a card drawn from the
        stock unnamed), oldest first."""
        row = db.execute(
            "SELECT seed, totals FROM round WHERE table_id = ? AND number = ?", (table["id"], number)
        ).fetchone()
        names = [s.name for s in _seats(db, table["id"])]
        state = GameState.deal(_variant(table), names, row[0], json.loads(row[1]), number)
        moves = _moves(db, table["id"], number)
        lines = []
        for index, (seat, text) in enumerate(moves):
            move = Move.parse(text)
            after = state.apply(move, seat)
            if index >= len(moves) - LAST_MOVES:
                lines.append(describe(state, seat, move, after, language))
            state = after
        return lines

    def records(self, code: str, token: str | None) -> str:
        """Every finished round as a ``RECORD.md`` record (YAML documents, with the deal), as
        ``python -m engine replay`` reads each one. Anyone who may view the table may download them."""
        self.view(code, token)  # the same right as looking
        documents = []
        with self._connect() as db:
            table = self._table(db, code)
            variant = _variant(table)
            names = [s.name for s in _seats(db, table["id"])]
            for number, seed, totals in db.execute(
                "SELECT number, seed, totals FROM round WHERE table_id = ? ORDER BY number", (table["id"],)
            ).fetchall():
                moves = _moves(db, table["id"], number)
                dealt = GameState.deal(variant, names, seed, json.loads(totals), number)
                state = dealt
                for seat, move in moves:
                    state = state.apply(move, seat)
                if not state.round_over:
                    continue
                record: dict[str, Any] = {"variant": variant.id}
                if variant.house_rules:
                    record["house_rules"] = _rules(variant)
                record["players"] = names
                record["deal"] = {
                    "hands": {n: [str(c) for c in h] for n, h in zip(names, dealt.hands, strict=True)},
                    "discard": [str(c) for c in dealt.pile],
                    "stock": [str(c) for c in dealt.stock],
                }
                record["totals"] = dict(zip(names, dealt.totals, strict=True))
                record["seed"] = seed
                record["round"] = number
                record["moves"] = [f"{names[s]}: {m}" for s, m in moves]
                documents.append(yaml.safe_dump(record, sort_keys=False, allow_unicode=True, default_flow_style=None))
        return "---\n".join(documents)

    # --- moves -----------------------------------------------------------------------------------

    def move(self, code: str, token: str, move: str, seen_version: int) -> int:
        """Make ``move`` (notation) for the token's seat, on the table as it was at ``seen_version``; the
        new version. An illegal move raises ``RulesError`` and changes nothing; a wrong token, a table
        that moved on (:class:`StaleError`) or a draw while calls are awaited raise :class:`TableError`.
        A Rommi call in the window is kept aside (see the module) and returns the unchanged version."""
        parsed = Move.parse(move)
        self.version(code)  # settles a passed call window first
        with self._write() as db:
            table = self._table(db, code)
            seat = _seat_of(db, table["id"], token)
            if seat is None:
                raise TableError("bad_token")
            if int(table["version"]) != seen_version:
                raise StaleError()
            state, number = self._state(db, table)
            if state is None:
                raise TableError("not_started")
            window = table["window_until"] is not None
            if isinstance(parsed, Rommi):
                if not window:
                    raise RulesError(
                        "rommi_not_allowed", "Call Rommi right after a discard, before the next player draws."
                    )
                state.apply(parsed, seat)  # the engine's answer, to the caller only
                db.execute(
                    "INSERT INTO pending_call (table_id, seat, move) VALUES (?, ?, ?)"
                    " ON CONFLICT (table_id, seat) DO UPDATE SET move = excluded.move",
                    (table["id"], seat, str(parsed)),
                )
                return seen_version
            if window:
                raise TableError("wait_for_calls")
            after = state.apply(parsed, seat)
            self._append(db, table, number, state, seat, parsed, after)
            return self._after_change(db, table, after)

    # --- inside a transaction --------------------------------------------------------------------

    def _table(self, db: sqlite3.Connection, code: str) -> sqlite3.Row:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT * FROM game_table WHERE code = ?", (code.strip().upper(),)).fetchone()
        if row is None or row["updated"] < self.clock() - self.idle_seconds:
            raise TableError("no_table")
        return row  # type: ignore[no-any-return]

    def _host_table(self, db: sqlite3.Connection, code: str, host_token: str) -> sqlite3.Row:
        table = self._table(db, code)
        if not secrets.compare_digest(str(host_token), table["host_token"]):
            raise TableError("not_host")
        return table

    def _bump(self, db: sqlite3.Connection, table_id: int) -> int:
        db.execute("UPDATE game_table SET version = version + 1, updated = ? WHERE id = ?", (self.clock(), table_id))
        return int(db.execute("SELECT version FROM game_table WHERE id = ?", (table_id,)).fetchone()[0])

    def _deal(
        self, db: sqlite3.Connection, table: sqlite3.Row, number: int, seed: int | None, totals: list[int]
    ) -> None:
        seed = secrets.randbelow(2**31) if seed is None else seed
        db.execute(
            "INSERT INTO round (table_id, number, seed, totals) VALUES (?, ?, ?, ?)",
            (table["id"], number, seed, json.dumps(totals)),
        )

    def _state(self, db: sqlite3.Connection, table: sqlite3.Row) -> tuple[GameState | None, int]:
        """The current round's state and number (None, 0 before the start), from the cache or a replay."""
        row = db.execute(
            "SELECT number, seed, totals FROM round WHERE table_id = ? ORDER BY number DESC LIMIT 1", (table["id"],)
        ).fetchone()
        if row is None:
            return None, 0
        number, seed, totals = row
        key = (int(table["id"]), int(table["version"]))
        cached = self._cache.get(key)
        if cached is not None and cached.round_number == number:
            self._cache.move_to_end(key)
            return cached, number
        names = [s.name for s in _seats(db, table["id"])]
        state = GameState.deal(_variant(table), names, seed, json.loads(totals), number)
        for seat, move in _moves(db, table["id"], number):
            state = state.apply(move, seat)
        self._remember(key, state)
        return state, number

    def _remember(self, key: tuple[int, int], state: GameState) -> None:
        self._cache[key] = state
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _append(
        self,
        db: sqlite3.Connection,
        table: sqlite3.Row,
        number: int,
        before: GameState,
        seat: int,
        move: Move,
        after: GameState,
    ) -> None:
        """Store an applied move; a discard in a variant with the call opens the call window."""
        (count,) = db.execute(
            "SELECT COUNT(*) FROM move WHERE table_id = ? AND round = ?", (table["id"], number)
        ).fetchone()
        db.execute(
            "INSERT INTO move (table_id, round, idx, seat, move) VALUES (?, ?, ?, ?, ?)",
            (table["id"], number, count, seat, str(move)),
        )
        if isinstance(move, Discard) and _has_calls(after):
            db.execute(
                "UPDATE game_table SET window_until = ? WHERE id = ?", (self.clock() + self.call_window, table["id"])
            )
            self._computer_calls(db, table, after)

    def _after_change(self, db: sqlite3.Connection, table: sqlite3.Row, state: GameState | None = None) -> int:
        """Let the computer players move while it is their turn and no call window is open; bump the version.
        ``state``: the round now, when moves were appended in this transaction (the cache is a version behind)."""
        table = self._table(db, table["code"])
        if state is None:
            state, number = self._state(db, table)
        else:
            number = state.round_number
        if state is not None:
            seats = _seats(db, table["id"])
            moves = 0
            while not state.round_over and seats[state.to_move].played_by_computer and moves < 500:
                if db.execute("SELECT window_until FROM game_table WHERE id = ?", (table["id"],)).fetchone()[0]:
                    break
                bot = get_bot(_level(db, table["id"], state.to_move))
                move = bot.move(state, _rng(table, number, state))
                after = state.apply(move, state.to_move)
                self._append(db, table, number, state, state.to_move, move, after)
                state = after
                moves += 1
        version = self._bump(db, table["id"])
        if state is not None:
            self._remember((int(table["id"]), version), state)
        return version

    def _computer_calls(self, db: sqlite3.Connection, table: sqlite3.Row, state: GameState) -> None:
        """The computer seats decide their Rommi calls as the window opens."""
        db.execute("DELETE FROM pending_call WHERE table_id = ?", (table["id"],))
        for info in _seats(db, table["id"]):
            if not info.played_by_computer or not _may_call(state, info.seat):
                continue
            bot = get_bot(_level(db, table["id"], info.seat))
            call = bot.call(state, info.seat, _rng(table, state.round_number, state, info.seat))
            if call is not None:
                db.execute(
                    "INSERT INTO pending_call (table_id, seat, move) VALUES (?, ?, ?)",
                    (table["id"], info.seat, str(call)),
                )

    def _settle(self, db: sqlite3.Connection, table: sqlite3.Row) -> None:
        """Close a passed call window: make the call first in turn order after the discarder, then let
        the computers play on."""
        if table["window_until"] is None or table["window_until"] > self.clock():
            return
        state, number = self._state(db, table)
        rows = db.execute("SELECT seat, move FROM pending_call WHERE table_id = ?", (table["id"],)).fetchall()
        calls = {int(r[0]): str(r[1]) for r in rows}
        db.execute("DELETE FROM pending_call WHERE table_id = ?", (table["id"],))
        db.execute("UPDATE game_table SET window_until = NULL WHERE id = ?", (table["id"],))
        chosen = None if state is None else first_call(state, calls)
        if state is not None and chosen is not None:
            seat, move, after = chosen
            self._append(db, table, number, state, seat, move, after)
            state = after
        self._after_change(db, table, state)


@contextmanager
def _transaction(db: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> Iterator[None]:
    db.execute(begin)
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _rules(variant: Variant) -> dict[str, Any]:
    return {name: getattr(variant, name) for name in variant.house_rules}


def _variant(table: sqlite3.Row) -> Variant:
    return get_variant(table["variant"], json.loads(table["house_rules"]))


def _seats(db: sqlite3.Connection, table_id: int) -> list[SeatInfo]:
    rows = db.execute(
        "SELECT seat, name, level, away FROM seat WHERE table_id = ? ORDER BY seat", (table_id,)
    ).fetchall()
    return [SeatInfo(int(r[0]), str(r[1]), r[2] is not None, bool(r[3])) for r in rows]


def _seat_of(db: sqlite3.Connection, table_id: int, token: str | None) -> int | None:
    if not token:
        return None
    row = db.execute(
        "SELECT seat FROM seat WHERE table_id = ? AND token = ? AND level IS NULL", (table_id, str(token))
    ).fetchone()
    return None if row is None else int(row[0])


def _level(db: sqlite3.Connection, table_id: int, seat: int) -> str:
    row = db.execute("SELECT level FROM seat WHERE table_id = ? AND seat = ?", (table_id, seat)).fetchone()
    return str(row[0]) if row is not None and row[0] is not None else "greedy"


def _started(db: sqlite3.Connection, table_id: int) -> bool:
    return db.execute("SELECT 1 FROM round WHERE table_id = ?", (table_id,)).fetchone() is not None


def _moves(db: sqlite3.Connection, table_id: int, number: int) -> list[tuple[int, str]]:
    rows = db.execute(
        "SELECT seat, move FROM move WHERE table_id = ? AND round = ? ORDER BY idx", (table_id, number)
    ).fetchall()
    return [(int(s), str(m)) for s, m in rows]


def _has_calls(state: GameState) -> bool:
    """Whether a discard in ``state``'s round opens a call window (the rules' call, three players or more)."""
    return state.variant.rommi_call and len(state.players) > 2 and state.phase is Phase.DRAW


def _may_call(state: GameState, seat: int) -> bool:
    """Whether the rules let ``seat`` call now by where it sits (not by its cards: that stays secret)."""
    return _has_calls(state) and state.rommi_from is not None and seat not in (state.to_move, state.rommi_from)


def _rng(table: sqlite3.Row, number: int, state: GameState, salt: int = -1) -> random.Random:
    """The computer players' chance: fixed by the table, the round and the moment, so a replay agrees."""
    return random.Random(f"{table['code']}:{number}:{len(state.pile)}:{len(state.stock)}:{state.to_move}:{salt}")


def first_call(state: GameState, calls: Mapping[int, str]) -> tuple[int, Move, GameState] | None:
    """Of the Rommi ``calls`` sent in a window (seat: move), the one that is made: the first legal one in
    turn order after the discarder; (seat, move, state after), or None when none is legal."""
    if state.rommi_from is None:
        return None
    n = len(state.players)
    for step in range(1, n):
        seat = (state.rommi_from + step) % n
        if seat not in calls:
            continue
        move = Move.parse(calls[seat])
        try:
            return seat, move, state.apply(move, seat)
        except RulesError:
            continue
    return None

"""The storage layer under the shared tables (:class:`tutor.together.store.SqlTableStore`): the database and
its transactions, a table's row found and locked, its version and notices, and a round's state, rebuilt by
dealing again and replaying its moves (a small cache, keyed by table and version, saves the replay on the next
poll). Every concern of the store (:mod:`tutor.together.store.seats`, ``host``, ``visitors``,
``play``, ``moves``, ``reading``) works through it, inside one transaction a request."""

from __future__ import annotations

import json
import os
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final

from sqlalchemy import Connection, RowMapping, delete, func, insert, select, update

from engine.moves import Move
from engine.round import Round
from tutor.storage.faults import watch_for
from tutor.storage.url import is_url, shown
from tutor.together import db as rows
from tutor.together.calls import DISPLAY_DELAY
from tutor.together.calls import call_window as server_call_window
from tutor.together.model import TableError, TableUnreachable
from tutor.together.schema import game_table, round_

#: Seconds without a change after which a table is forgotten.
IDLE_SECONDS: Final = 6 * 3600
#: States kept in the replay cache.
CACHE_SIZE: Final = 64


class StoreCore:
    """The database of the shared tables and what every request does inside its transaction (see the module).

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
        return f"{type(self).__name__}({shown(self.target) if is_url(self.target) else self.target!r})"

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

    def expire(self) -> int:
        """Forget every table without a change for longer than the idle time; how many went."""
        with self._write() as db:
            gone = db.execute(delete(game_table).where(game_table.c.updated < self.clock() - self.idle_seconds))
            return int(gone.rowcount)

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
        if holds_host(table, host_token):
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


def holds_host(table: RowMapping, token: str | None) -> bool:
    """Whether ``token`` is the table's host token."""
    return bool(token) and secrets.compare_digest(str(token), table["host_token"])

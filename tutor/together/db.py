"""Where the shared tables live, how a request opens them, and the small reads every request of
:class:`tutor.together.store.SqlTableStore` makes inside its transaction.

Where: ``$RUMMY500_DATABASE_URL`` (PostgreSQL, shared with the progress), else the SQLite file
``$RUMMY500_TABLES_DB``, else ``tables.sqlite3`` beside the progress file. Every request is one
transaction (:mod:`tutor.storage.engines`): on SQLite a write holds the file's write lock (``BEGIN
IMMEDIATE``), on PostgreSQL a write locks only its table's row (``SELECT … FOR UPDATE``, in
:meth:`tutor.together.store.core.StoreCore._table`), so tables never wait for each other.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Connection, Engine, RowMapping, select

from engine.variants import Variant, get_variant
from tutor.progress import default_path as progress_path
from tutor.storage import sqlite
from tutor.storage.engines import is_sqlite, open_engine, reading, writing
from tutor.storage.migrate import upgrade
from tutor.storage.url import database_url
from tutor.together.model import SeatInfo
from tutor.together.schema import COMPONENT, STEPS, move, round_, seat

#: The environment variable naming the tables file; without it the file sits beside the progress file.
ENV_VAR: Final = "RUMMY500_TABLES_DB"
#: Seconds a request waits for another writer (SQLite: the file; PostgreSQL: the table's row).
BUSY_TIMEOUT: Final = 15.0


def default_path() -> Path:
    """Where the tables file lives: ``$RUMMY500_TABLES_DB`` if set, else ``tables.sqlite3`` in the
    progress file's folder (``$RUMMY500_PROGRESS_DB``'s, or the default one)."""
    configured = os.environ.get(ENV_VAR, "").strip()
    if configured:
        path = Path(configured).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        return path
    return progress_path().parent / "tables.sqlite3"


def default_target() -> str:
    """Where the tables live: ``$RUMMY500_DATABASE_URL`` if set (a server database), else the file of
    :func:`default_path`."""
    return database_url() or str(default_path())


def engine_of(target: str | os.PathLike[str]) -> Engine:
    """The engine of the tables at ``target`` (a file's path, or a database URL)."""
    return open_engine(target, foreign_keys=True)


@contextmanager
def write(engine: Engine) -> Iterator[Connection]:
    """One write transaction (see the module)."""
    with writing(engine, BUSY_TIMEOUT) as connection:
        yield connection


@contextmanager
def read(engine: Engine, snapshot: bool = False) -> Iterator[Connection]:
    """One read transaction (``snapshot``: every statement sees the same moment)."""
    with reading(engine, BUSY_TIMEOUT, snapshot) as connection:
        yield connection


def create_schema(engine: Engine) -> None:
    """Make the tables (a file: in WAL mode, the switch tried again while another server sets up the same
    new file) if they are not there yet, or bring them up to this version's schema."""
    if is_sqlite(engine):
        with engine.connect() as connection:
            driver = connection.connection.dbapi_connection
            assert isinstance(driver, sqlite3.Connection)
            driver.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            sqlite.switch_to_wal(driver, wait=BUSY_TIMEOUT)
    with write(engine) as connection:
        upgrade(connection, COMPONENT, STEPS)


def rules_of(variant: Variant) -> dict[str, Any]:
    """The house rules ``variant`` is played with, as they are stored."""
    return variant.house_rule_values()


def variant_of(table: RowMapping) -> Variant:
    """The variant (with its house rules) of the stored ``table``."""
    return get_variant(table["variant"], json.loads(table["house_rules"]))


def seats(db: Connection, table_id: int) -> list[SeatInfo]:
    """The seats of the table, in order."""
    rows = db.execute(
        select(seat.c.seat, seat.c.name, seat.c.level, seat.c.away)
        .where(seat.c.table_id == table_id)
        .order_by(seat.c.seat)
    ).all()
    return [SeatInfo(int(r[0]), str(r[1]), r[2] is not None, bool(r[3])) for r in rows]


def seat_of(db: Connection, table_id: int, token: str | None) -> int | None:
    """The person's seat whose secret ``token`` this is (None: no such seat, or a computer's)."""
    if not token:
        return None
    found = db.execute(
        select(seat.c.seat).where(seat.c.table_id == table_id, seat.c.token == str(token), seat.c.level.is_(None))
    ).scalar()
    return None if found is None else int(found)


def level(db: Connection, table_id: int, number: int) -> str:
    """The computer level that plays seat ``number`` (a person's seat while they are away: the greedy one)."""
    found = db.execute(select(seat.c.level).where(seat.c.table_id == table_id, seat.c.seat == number)).scalar()
    return str(found) if found is not None else "greedy"


def started(db: Connection, table_id: int) -> bool:
    """Whether the first round has been dealt."""
    return db.execute(select(round_.c.number).where(round_.c.table_id == table_id).limit(1)).first() is not None


def moves(db: Connection, table_id: int, number: int) -> list[tuple[int, str]]:
    """The moves of round ``number``, in order: (seat, move text)."""
    rows = db.execute(
        select(move.c.seat, move.c.move).where(move.c.table_id == table_id, move.c.round == number).order_by(move.c.idx)
    ).all()
    return [(int(s), str(m)) for s, m in rows]


def rounds(db: Connection, table_id: int) -> list[tuple[int, int, list[int]]]:
    """Every round dealt at the table: (number, seed, totals before it), in order."""
    rows = db.execute(
        select(round_.c.number, round_.c.seed, round_.c.totals)
        .where(round_.c.table_id == table_id)
        .order_by(round_.c.number)
    ).all()
    return [(int(n), int(s), list(json.loads(t))) for n, s, t in rows]

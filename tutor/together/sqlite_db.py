"""The tables file: where it lives, its schema, its connections and transactions, and the small reads
every request of :class:`tutor.together.sqlite_store.SqliteTableStore` makes inside one.

One short-lived connection per request (Streamlit runs sessions in threads), the file in WAL mode, every
write in a ``BEGIN IMMEDIATE`` transaction: one writer at a time per file, whichever process it is in.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from engine.variants import Variant, get_variant
from tutor.progress import default_path as progress_path
from tutor.storage import sqlite
from tutor.storage.sqlite import transaction
from tutor.together.model import SeatInfo

#: The environment variable naming the tables file; without it the file sits beside the progress file.
ENV_VAR: Final = "RUMMY500_TABLES_DB"
#: Seconds a connection waits for another writer.
BUSY_TIMEOUT: Final = 15.0

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


@contextmanager
def connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to the tables file at ``path`` (autocommit: transactions are opened with
    :func:`tutor.storage.sqlite.transaction`), closed when the block ends."""
    with sqlite.connect(path, timeout=BUSY_TIMEOUT, foreign_keys=True) as connection:
        yield connection


def create_schema(path: Path) -> None:
    """Put the file in WAL mode (tried again while another server sets up the same new file) and make its
    tables, if they are not there yet."""
    with connect(path) as connection:
        sqlite.switch_to_wal(connection, wait=BUSY_TIMEOUT)
        with transaction(connection):
            for statement in SCHEMA:
                connection.execute(statement)


def rules_of(variant: Variant) -> dict[str, Any]:
    """The house rules ``variant`` is played with, as they are stored."""
    return variant.house_rule_values()


def variant_of(table: sqlite3.Row) -> Variant:
    """The variant (with its house rules) of the stored ``table``."""
    return get_variant(table["variant"], json.loads(table["house_rules"]))


def seats(db: sqlite3.Connection, table_id: int) -> list[SeatInfo]:
    """The seats of the table, in order."""
    rows = db.execute(
        "SELECT seat, name, level, away FROM seat WHERE table_id = ? ORDER BY seat", (table_id,)
    ).fetchall()
    return [SeatInfo(int(r[0]), str(r[1]), r[2] is not None, bool(r[3])) for r in rows]


def seat_of(db: sqlite3.Connection, table_id: int, token: str | None) -> int | None:
    """The person's seat whose secret ``token`` this is (None: no such seat, or a computer's)."""
    if not token:
        return None
    row = db.execute(
        "SELECT seat FROM seat WHERE table_id = ? AND token = ? AND level IS NULL", (table_id, str(token))
    ).fetchone()
    return None if row is None else int(row[0])


def level(db: sqlite3.Connection, table_id: int, seat: int) -> str:
    """The computer level that plays ``seat`` (a person's seat while they are away: the greedy one)."""
    row = db.execute("SELECT level FROM seat WHERE table_id = ? AND seat = ?", (table_id, seat)).fetchone()
    return str(row[0]) if row is not None and row[0] is not None else "greedy"


def started(db: sqlite3.Connection, table_id: int) -> bool:
    """Whether the first round has been dealt."""
    return db.execute("SELECT 1 FROM round WHERE table_id = ?", (table_id,)).fetchone() is not None


def moves(db: sqlite3.Connection, table_id: int, number: int) -> list[tuple[int, str]]:
    """The moves of round ``number``, in order: (seat, move text)."""
    rows = db.execute(
        "SELECT seat, move FROM move WHERE table_id = ? AND round = ? ORDER BY idx", (table_id, number)
    ).fetchall()
    return [(int(s), str(m)) for s, m in rows]


def rounds(db: sqlite3.Connection, table_id: int) -> list[tuple[int, int, list[int]]]:
    """Every round dealt at the table: (number, seed, totals before it), in order."""
    rows = db.execute(
        "SELECT number, seed, totals FROM round WHERE table_id = ? ORDER BY number", (table_id,)
    ).fetchall()
    return [(int(n), int(s), list(json.loads(t))) for n, s, t in rows]

"""The one way the tutor opens an SQLite file: a short-lived connection in autocommit mode, the file in WAL
mode (the switch tried again while another connection sets up the same new file), a busy wait on locks, and
transactions opened by hand (``BEGIN IMMEDIATE`` for writes: one writer at a time per file, whichever
process it is in).

Both stores open every request through :func:`connect` (Streamlit runs sessions in threads, and several
servers may share a file), so a fix here is a fix for both.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> path = os.path.join(folder.name, "example.sqlite3")
>>> with connect(path, timeout=1.0) as db:
...     switch_to_wal(db, wait=1.0)
...     with transaction(db):
...         _ = db.execute("CREATE TABLE t (x INTEGER)")
...         _ = db.execute("INSERT INTO t VALUES (1)")
'wal'
>>> with connect(path, timeout=1.0) as db:
...     db.execute("SELECT x FROM t").fetchall()
[(1,)]
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from typing import Final, Literal

#: Seconds between two tries of the switch to WAL mode while another connection sets up the same file.
WAL_RETRY_PAUSE: Final = 0.01

Synchronous = Literal["NORMAL", "FULL"]


@contextmanager
def connect(
    path: str | os.PathLike[str],
    *,
    timeout: float,
    synchronous: Synchronous = "NORMAL",
    foreign_keys: bool = False,
) -> Iterator[sqlite3.Connection]:
    """A connection to the file at ``path`` in autocommit mode (transactions are opened with
    :func:`transaction`), waiting up to ``timeout`` seconds for another writer's lock, closed when the block
    ends.

    ``synchronous``: ``FULL`` syncs the log on every commit (a commit survives a power loss), ``NORMAL`` only
    at checkpoints (never damages the file; a power loss may take back the last commits).
    """
    with closing(sqlite3.connect(path, timeout=timeout, isolation_level=None)) as connection:
        connection.execute(f"PRAGMA synchronous = {synchronous}")
        if foreign_keys:
            connection.execute("PRAGMA foreign_keys = ON")
        yield connection


def switch_to_wal(connection: sqlite3.Connection, wait: float) -> str | None:
    """Put the connection's file in WAL mode; the journal mode it is in then (``"wal"``), or None when SQLite
    answered nothing.

    SQLite refuses the switch at once, without its busy wait, when waiting could deadlock with another
    connection's first open of the same new file (two servers, or two sessions, starting together): seen
    for 1 in 6 of three processes opening a new file at the same moment. So the switch is tried again for up
    to ``wait`` seconds; any other error, or a lock that outlasts the wait, is raised.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            row = connection.execute("PRAGMA journal_mode = WAL").fetchone()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(WAL_RETRY_PAUSE)
            continue
        return None if row is None else str(row[0])


@contextmanager
def transaction(connection: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> Iterator[None]:
    """One transaction (``begin`` opens it: ``BEGIN IMMEDIATE`` takes the write lock at once, a plain
    ``BEGIN`` reads a consistent snapshot): committed when the block ends, rolled back on any error."""
    connection.execute(begin)
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")

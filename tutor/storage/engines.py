"""The one way the tutor opens its database, SQLite file or PostgreSQL server: an SQLAlchemy engine per
database and process, and transactions opened as each backend needs them.

**SQLite** (a file): a fresh connection for every transaction (Streamlit runs sessions in threads, and
several servers may share the file), the driver in autocommit mode so that the transaction is opened by
hand: ``BEGIN IMMEDIATE`` for a write (one writer at a time per file, whichever process it is in), a plain
``BEGIN`` for a read (a consistent snapshot); each waits up to its own time for another writer's lock.
``synchronous`` and ``foreign_keys`` are set as each transaction opens (after the wait: even they take a lock).

**PostgreSQL**: a pool of connections per process (:data:`POOL_SIZE` kept, :data:`POOL_OVERFLOW` more at a
peak), checked before use; a read that needs one snapshot runs at ``REPEATABLE READ``. Locks are rows,
taken by the stores (``SELECT … FOR UPDATE``), never the whole database.

A server that restarts ends every pooled connection. Each is checked as it is taken from the pool
(``pool_pre_ping``): a dead one, and every other one opened before it, is replaced by a new connection, so
the first request after the restart succeeds. Over TCP, the operating system's keepalives
(:data:`KEEPALIVES`) find a connection whose server vanished without closing it (a machine gone, a network
cut) within about a minute, instead of the two hours of the system's default. While the server cannot be
reached, a request fails at once (a refused connection) or after :data:`CONNECT_TIMEOUT`; the stores turn
that into their :class:`~tutor.storage.faults.StorageFault`.

>>> import tempfile, os
>>> from sqlalchemy import text
>>> folder = tempfile.TemporaryDirectory()
>>> engine = open_engine(os.path.join(folder.name, "example.sqlite3"))
>>> with writing(engine, timeout=1.0) as db:
...     _ = db.execute(text("CREATE TABLE t (x INTEGER)"))
...     _ = db.execute(text("INSERT INTO t VALUES (1)"))
>>> with reading(engine, timeout=1.0) as db:
...     db.execute(text("SELECT x FROM t")).all()
[(1,)]
>>> forget_engines()
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final, Literal

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from tutor.storage.url import driver_url, is_url

#: Connections a server process keeps open to PostgreSQL, and how many more it may open at a peak.
POOL_SIZE: Final = 5
POOL_OVERFLOW: Final = 10
#: Seconds to wait for a PostgreSQL server to answer a new connection.
CONNECT_TIMEOUT: Final = 10
#: libpq's TCP keepalives: the first probe after 30 s of silence, then every 10 s, 3 unanswered ones end
#: the connection (unix sockets ignore them).
KEEPALIVES: Final = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10, "keepalives_count": 3}

Synchronous = Literal["NORMAL", "FULL"]

_ENGINES: dict[tuple[str, Synchronous, bool], Engine] = {}
_LOCK = threading.Lock()


def is_sqlite(engine: Engine) -> bool:
    """Whether ``engine`` opens an SQLite file (else a server database)."""
    return engine.dialect.name == "sqlite"


def open_engine(
    target: str | os.PathLike[str], *, synchronous: Synchronous = "NORMAL", foreign_keys: bool = False
) -> Engine:
    """The engine of ``target`` (a database URL, or an SQLite file's path), made once per process.

    SQLite only: ``synchronous`` ``FULL`` syncs the log on every commit (a commit survives a power loss),
    ``NORMAL`` only at checkpoints; ``foreign_keys`` turns on their checks (and cascades)."""
    text = os.fspath(target)
    key = (text, synchronous, foreign_keys)
    with _LOCK:
        engine = _ENGINES.get(key)
        if engine is None:
            engine = _postgres_engine(text) if is_url(text) else _sqlite_engine(text, synchronous, foreign_keys)
            _ENGINES[key] = engine
        return engine


def forget_engines() -> None:
    """Close every engine this process opened (their pooled connections too)."""
    with _LOCK:
        for engine in _ENGINES.values():
            engine.dispose()
        _ENGINES.clear()


def _forget_after_fork() -> None:
    """In a forked child: drop the parent's pooled connections without closing them (they are the
    parent's), so the child opens its own."""
    global _LOCK
    _LOCK = threading.Lock()
    for engine in _ENGINES.values():
        engine.dispose(close=False)


os.register_at_fork(after_in_child=_forget_after_fork)


def _postgres_engine(url: str) -> Engine:
    return create_engine(
        driver_url(url),
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
        pool_pre_ping=True,
        connect_args={"connect_timeout": CONNECT_TIMEOUT, **KEEPALIVES},
    )


def _sqlite_engine(path: str, synchronous: Synchronous, foreign_keys: bool) -> Engine:
    engine = create_engine(URL.create("sqlite", database=path), poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def configure(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # autocommit: "begin" below opens transactions

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        # The wait first: even setting ``synchronous`` reads the schema, so it waits for a lock too.
        options = connection.get_execution_options()
        wait_ms = int(1000 * float(options.get("sqlite_timeout", 5.0)))
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {wait_ms}")
        connection.exec_driver_sql(f"PRAGMA synchronous = {synchronous}")
        if foreign_keys:  # outside the transaction: inside one the switch does nothing
            connection.exec_driver_sql("PRAGMA foreign_keys = ON")
        connection.exec_driver_sql(str(options.get("sqlite_begin", "BEGIN IMMEDIATE")))

    return engine


@contextmanager
def writing(engine: Engine, timeout: float) -> Iterator[Connection]:
    """One write transaction, committed when the block ends and rolled back on any error. SQLite: the
    file's write lock, waited for up to ``timeout`` seconds; PostgreSQL: the rows the block locks."""
    with engine.connect() as connection:
        connection.execution_options(sqlite_timeout=timeout)
        with connection.begin():
            yield connection


@contextmanager
def reading(engine: Engine, timeout: float, snapshot: bool = False) -> Iterator[Connection]:
    """One read-only transaction (``snapshot``: every statement sees the same moment, on PostgreSQL too).
    SQLite waits up to ``timeout`` seconds for a lock held by another program."""
    with engine.connect() as connection:
        if is_sqlite(engine):
            connection.execution_options(sqlite_timeout=timeout, sqlite_begin="BEGIN")
        elif snapshot:
            connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            yield connection

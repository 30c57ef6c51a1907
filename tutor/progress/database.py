"""The progress database the parts of :class:`~tutor.progress.store.ProgressStore` share: where it lives,
opening it (created, or upgraded to this version's layout), and the short transactions they all run in.

Every operation opens its own short-lived connection (Streamlit runs each session in a thread of its
own), the file is in WAL mode and every connection waits for a busy lock, so two sessions or two
processes writing at once lose nothing. A read (what a page view does, opening the store included when
its file is current) waits at most :data:`BUSY_TIMEOUT`, so a file another program holds locked is
reported within 2 s; a write waits up to :data:`WRITE_TIMEOUT`. Problems with the file come out as
:class:`~tutor.progress.errors.ProgressError`, which names the file and says what is wrong with it; a file
found locked is not tried again for :data:`~tutor.progress.errors.RETRY_AFTER` seconds, so a page is not
held up on every rerun.

Durability: ``PRAGMA synchronous = FULL``. In WAL mode ``NORMAL`` never damages the file, but a power
loss (unlike a killed process) may take back the last commits: a game saved a moment before would be
gone. ``FULL`` syncs the log on every commit; the tutor commits once a click, so the cost (a
millisecond or so on a disk) is not felt, and a saved game survives a power loss.

On PostgreSQL (``$RUMMY500_DATABASE_URL``) the same tables, written through the same SQLAlchemy Core
statements, live in the server database, and the file's troubles (locks, damage, folders) do not arise.
A server that cannot be reached (stopped, restarting, out of reach) is
:class:`~tutor.progress.errors.ProgressUnavailable`, a ``ProgressError`` that names nothing (the log
names the database, :mod:`tutor.storage.faults`), and the database is tried again
:data:`~tutor.storage.faults.FAULT_PAUSE` seconds later; any other failure comes out as ``ProgressError``,
naming the database with its password hidden.

A file of an older layout (a table missing columns this version writes) is upgraded in place: each
missing column is added with its default. Progress a file of schema 1 or earlier kept under a learner's
name moves to ``legacy:<name>`` (:func:`tutor.progress.learner.legacy_key`): a learner is now an id kept in the
browser, and a name proves nothing, so those rows come to a learner only when claimed by the name
(:meth:`tutor.progress.accounts.Accounts.claim`). A file whose tables cannot be upgraded so (a missing key
column) is refused, saying so.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from sqlalchemy import Connection, Engine, exc

from tutor.progress.errors import RETRY_AFTER, ProgressError, ProgressUnavailable, file_reason, path_problem
from tutor.progress.layout import (
    APPLICATION_ID,
    COMPONENT,
    LEARNER_IDS_VERSION,
    SCHEMA_VERSION,
    STEPS,
    metadata,
    move_to_legacy_keys,
    upgrade_layout,
)
from tutor.storage import sqlite
from tutor.storage.engines import is_sqlite, open_engine, reading, writing
from tutor.storage.faults import watch_for
from tutor.storage.migrate import layout_gaps, lock_schema, store_version, stored_version
from tutor.storage.url import database_url, is_url
from tutor.storage.url import shown as _shown

#: The environment variable that overrides where the progress file lives.
ENV_VAR: Final = "RUMMY500_PROGRESS_DB"

#: Seconds a read (every page view) waits for a lock before giving up: a clear warning well within 2 s.
BUSY_TIMEOUT: Final = 1.5

#: Seconds a write (a click that saves) waits for another writer: the tutor's own writes take milliseconds,
#: but a slow disk may stall a commit for longer, and a save is worth the wait.
WRITE_TIMEOUT: Final = 15.0


def default_path() -> Path:
    """Where the progress file lives: ``$RUMMY500_PROGRESS_DB`` if set, else
    ``~/.local/share/rummy500-tutor/progress.sqlite3``. The folder is created if it is missing."""
    configured = os.environ.get(ENV_VAR, "").strip()
    path = Path(configured).expanduser() if configured else Path.home() / ".local/share/rummy500-tutor/progress.sqlite3"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ProgressError(str(path), f"its folder cannot be created ({error.strerror or error})") from None
    return path


def default_target() -> str:
    """Where progress is kept: ``$RUMMY500_DATABASE_URL`` if set (a server database), else the file of
    :func:`default_path`."""
    return database_url() or str(default_path())


def check_name(value: str, field: str) -> None:
    """Refuse a key or name that is not non-empty text (``ValueError`` naming ``field``)."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field} must be a non-empty name, not {value!r}")


class Database:
    """The progress database at ``target`` (an SQLite file, or a server database named by its URL), made
    ready to use when created: the tables are created or upgraded, or :class:`ProgressError` says why not.

    Each part of the store runs its statements in :meth:`connect`'s transactions; a database found busy is
    not tried again by any of them for :data:`RETRY_AFTER` seconds.
    """

    def __init__(self, target: str | os.PathLike[str]) -> None:
        self.target = os.fspath(target)
        #: The SQLite file (None: a server database).
        self.path: Path | None = None if is_url(self.target) else Path(self.target)
        #: How the database is named in a message: the file, or the URL with its password hidden.
        self.shown = self.target if self.path is not None else _shown(self.target)
        self._failed: tuple[float, ProgressError] | None = None
        #: A server database's faults (None: a file, which has none).
        self._faults = None if self.path is not None else watch_for(self.shown, ProgressUnavailable)
        self._migrate()

    def __repr__(self) -> str:
        return f"Database({self.shown!r})"

    @contextmanager
    def connect(self, write: bool = False, snapshot: bool = False) -> Iterator[Connection]:
        """One short-lived transaction (a write, or a read: ``snapshot`` for one moment across statements)."""
        with self._guard():
            if write:
                with writing(self._engine(), WRITE_TIMEOUT) as connection:
                    yield connection
            else:
                with reading(self._engine(), BUSY_TIMEOUT, snapshot) as connection:
                    yield connection

    def schema_version(self) -> int:
        """The database's schema version (a file's ``PRAGMA user_version``)."""
        with self.connect() as connection:
            return stored_version(connection, COMPONENT)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Database errors become ``ProgressError``: a file found busy is not tried again for
        :data:`RETRY_AFTER` seconds (the same error comes back at once); a server not reached is
        ``ProgressUnavailable``, not tried again for :data:`~tutor.storage.faults.FAULT_PAUSE` seconds."""
        if self._failed is not None:
            since, failure = self._failed
            if time.monotonic() - since < RETRY_AFTER:
                raise failure
            self._failed = None
        try:
            if self._faults is None:
                yield
            else:
                with self._faults.guard():
                    yield
        except (exc.SQLAlchemyError, sqlite3.Error, ValueError, OSError) as error:
            failure = ProgressError(self.shown, self._reason(error))
            if "busy" in failure.reason:
                self._failed = (time.monotonic(), failure)
            raise failure from error

    def _reason(self, error: BaseException) -> str:
        original = error.orig if isinstance(error, exc.DBAPIError) else error
        if self.path is not None and isinstance(original, sqlite3.Error):
            return file_reason(original, self.path)
        if self.path is not None:
            return path_problem(self.path) or f"cannot be used ({original})"
        first_line = str(original).strip().splitlines()[0] if str(original).strip() else ""
        return f"cannot be used ({original.__class__.__name__}: {first_line})"

    def _engine(self) -> Engine:
        return open_engine(self.target, synchronous="FULL")  # see the module doc

    def _migrate(self) -> None:
        if self.path is not None:
            problem = path_problem(self.path)
            if problem:
                raise ProgressError(self.shown, problem)
            if self.path.exists() and self._current():
                return
            self._switch_to_wal()
        elif self._current():
            return
        with self.connect(write=True) as connection:
            lock_schema(connection, COMPONENT)
            sqlite_file = is_sqlite(connection.engine)
            if sqlite_file:
                app = connection.exec_driver_sql("PRAGMA application_id").scalar_one()
                if app not in (0, APPLICATION_ID):
                    raise ProgressError(self.shown, "belongs to another program (its application id differs)")
            version = stored_version(connection, COMPONENT)
            if version > SCHEMA_VERSION:
                raise ProgressError(
                    self.shown,
                    f"was written by a newer version of the tutor (schema {version}, this one knows {SCHEMA_VERSION})",
                )
            for step in STEPS[version:]:
                step(connection)
            missing = upgrade_layout(connection)
            if missing is not None:
                raise ProgressError(
                    self.shown,
                    f"has an older layout this version cannot upgrade (table {missing[0]} has no column "
                    f"{missing[1]}); move it away to start afresh",
                )
            if version < LEARNER_IDS_VERSION:
                move_to_legacy_keys(connection)
            if sqlite_file:
                connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
            store_version(connection, COMPONENT, SCHEMA_VERSION)

    def _current(self) -> bool:
        """Whether the database is of this version's layout already (a read: no write lock to open it)."""
        with self.connect() as connection:
            if self.path is not None:
                mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar_one()
                app = connection.exec_driver_sql("PRAGMA application_id").scalar_one()
                if mode != "wal" or app != APPLICATION_ID:
                    return False
            version = stored_version(connection, COMPONENT)
            return version == SCHEMA_VERSION and not layout_gaps(connection, metadata.sorted_tables)

    def _switch_to_wal(self) -> None:
        """Put the file in WAL mode, outside any transaction (tried again while another server sets it up)."""
        with self._guard(), self._engine().connect() as connection:
            driver = connection.connection.dbapi_connection
            assert isinstance(driver, sqlite3.Connection)
            driver.execute(f"PRAGMA busy_timeout = {int(WRITE_TIMEOUT * 1000)}")
            if sqlite.switch_to_wal(driver, wait=WRITE_TIMEOUT) is None:
                raise ProgressError(self.shown, "cannot be switched to WAL mode")

"""The learner's progress, kept in one SQLite file (or in PostgreSQL, see :mod:`tutor.storage.url`): stars
per scenario, finished lessons, where they stopped, and saved games.

Every operation opens its own short-lived connection (Streamlit runs each session in a thread of its
own), the file is in WAL mode and every connection waits for a busy lock, so two sessions or two
processes writing at once lose nothing. A read (what a page view does, opening the store included when
its file is current) waits at most :data:`BUSY_TIMEOUT`, so a file another program holds locked is
reported within 2 s; a write waits up to :data:`WRITE_TIMEOUT`. Problems with the file come out as :class:`ProgressError`,
which names the file and says what is wrong with it; a file found locked is not tried again for
:data:`RETRY_AFTER` seconds, so a page is not held up on every rerun.

Durability: ``PRAGMA synchronous = FULL``. In WAL mode ``NORMAL`` never damages the file, but a power
loss (unlike a killed process) may take back the last commits: a game saved a moment before would be
gone. ``FULL`` syncs the log on every commit; the tutor commits once a click, so the cost (a
millisecond or so on a disk) is not felt, and a saved game survives a power loss.

On PostgreSQL (``$RUMMY500_DATABASE_URL``) the same tables, written through the same SQLAlchemy Core
statements, live in the server database, and the file's troubles (locks, damage, folders) do not arise;
a failure still comes out as :class:`ProgressError`, naming the database with its password hidden.

A file of an older layout (a table missing columns this version writes) is upgraded in place: each
missing column is added with its default. Progress a file of schema 1 or earlier kept under a learner's
name moves to ``legacy:<name>`` (:func:`tutor.progress.learner.legacy_key`): a learner is now an id kept in the
browser, and a name proves nothing, so those rows come to a learner only when claimed by the name
(:meth:`ProgressStore.claim`). A file whose tables cannot be upgraded so (a missing key
column) is refused, saying so.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = ProgressStore(os.path.join(folder.name, "progress.sqlite3"))
>>> store.record_scenario("anna", "take-whole-pile", 2)
>>> store.record_scenario("anna", "take-whole-pile", 1)
>>> store.stars("anna"), store.attempts("anna")
({'take-whole-pile': 2}, {'take-whole-pile': 2})
>>> store.save_place("anna", "05-taking-the-pile", 3)
>>> ProgressStore(store.target).last_place("anna")  # a new store on the same file: after a restart
('05-taking-the-pile', 3)
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final

from sqlalchemy import Connection, Engine, delete, exc, exists, func, select, update

from tutor.progress import queries
from tutor.progress.layout import (
    APPLICATION_ID,
    COMPONENT,
    LEARNER_IDS_VERSION,
    PROGRESS_TABLES,
    SCHEMA_VERSION,
    STEPS,
    cleared_progress,
    device,
    device_code,
    learner_language,
    learner_profile,
    lesson_done,
    metadata,
    move_to_legacy_keys,
    place,
    practice_round,
    saved_game,
    scenario_result,
    upgrade_layout,
)
from tutor.progress.learner import (
    CODE_MINUTES,
    UNDO_HOURS,
    new_device_code,
    normal_code,
    token_hash,
    undo_key,
)
from tutor.progress.queries import now
from tutor.storage import sqlite
from tutor.storage.engines import is_sqlite, open_engine, reading, writing
from tutor.storage.migrate import layout_gaps, lock_schema, store_version, stored_version
from tutor.storage.upsert import insert_for
from tutor.storage.url import database_url, is_url
from tutor.storage.url import shown as _shown

#: The environment variable that overrides where the progress file lives.
ENV_VAR: Final = "RUMMY500_PROGRESS_DB"

#: Seconds a read (every page view) waits for a lock before giving up: a clear warning well within 2 s.
BUSY_TIMEOUT: Final = 1.5

#: Seconds a write (a click that saves) waits for another writer: the tutor's own writes take milliseconds,
#: but a slow disk may stall a commit for longer, and a save is worth the wait.
WRITE_TIMEOUT: Final = 15.0

#: Seconds a store found locked (or otherwise unusable) is not tried again.
RETRY_AFTER: Final = 30.0

#: The longest file or folder name most file systems allow, in bytes.
MAX_NAME_BYTES: Final = 255


class ProgressError(RuntimeError):
    """The progress file (or server database) cannot be used; the message names it and says why.

    ``path`` is the file (or the database's URL, its password hidden), ``reason`` the sentence without it.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"progress {'database' if is_url(path) else 'file'} {path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True, slots=True)
class ProgressSummary:
    """A learner's progress at a glance.

    ``lessons_done``: lessons finished; ``scenarios_done``: scenarios solved at least once;
    ``stars_total``: the best stars of every scenario added up; ``attempts``: scenario attempts in all;
    ``last_place``: (lesson id, scenario index) to resume at, or None.
    """

    lessons_done: int
    scenarios_done: int
    stars_total: int
    attempts: int
    last_place: tuple[str, int] | None


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


def path_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a progress file, found without opening it, or None when none is seen.

    >>> path_problem(Path("/tmp") / ("x" * 300))
    'cannot be used: its name is 300 bytes long, more than the 255 a file system allows'
    """
    text = str(path)
    if "\0" in text:
        return "cannot be used: its name holds a NUL character"
    for part in path.parts:
        size = len(part.encode("utf-8", "surrogateescape"))
        if size > MAX_NAME_BYTES:
            return f"cannot be used: its name is {size} bytes long, more than the {MAX_NAME_BYTES} a file system allows"
    try:
        if path.is_dir():
            return "is a folder, not a file"
        parent = path.parent
        if parent.exists() and not parent.is_dir():
            return f"cannot be opened: {parent} is a file, not a folder"
        if not parent.is_dir():
            return f"cannot be opened: the folder {parent} does not exist"
    except OSError as error:
        return f"cannot be used ({error.strerror or error})"
    return None


def _reason(error: sqlite3.Error, path: Path) -> str:
    """A sentence for what went wrong with the file."""
    text = str(error)
    lowered = text.lower()
    if "not a database" in lowered or "malformed" in lowered:
        return (
            f"is not a progress database: it is damaged or another kind of file ({text}); move it away to start afresh"
        )
    if "unable to open" in lowered:
        problem = path_problem(path)
        if problem:
            return problem
        return f"cannot be opened ({text}); check that its folder is writable"
    if "readonly" in lowered or "read-only" in lowered:
        return f"cannot be written: it or its folder is read-only ({text})"
    if "locked" in lowered or "busy" in lowered:
        return f"is busy: another program keeps it locked; progress is not saved for now (tried again in {RETRY_AFTER:g} s)"
    if "disk i/o" in lowered or "full" in lowered:
        return f"cannot be written: the disk failed or is full ({text})"
    return f"cannot be used ({error.__class__.__name__}: {text})"


class ProgressStore:
    """The progress of every learner, in the SQLite file at ``target`` or in the server database that
    ``target`` names by its URL (``postgresql+psycopg://…``).

    Creating a store creates (or upgrades) the tables; it raises :class:`ProgressError` when the database
    cannot be used. A learner is any non-empty key (the app uses the learner ids of
    :mod:`tutor.progress.learner`); one store holds many learners, and each sees only the rows under their key.
    """

    def __init__(self, target: str | os.PathLike[str]) -> None:
        self.target = os.fspath(target)
        #: The SQLite file (None: a server database).
        self.path: Path | None = None if is_url(self.target) else Path(self.target)
        #: How the database is named in a message: the file, or the URL with its password hidden.
        self.shown = self.target if self.path is not None else _shown(self.target)
        self._failed: tuple[float, ProgressError] | None = None
        self._migrate()

    def __repr__(self) -> str:
        return f"ProgressStore({self.shown!r})"

    # --- connections ---------------------------------------------------------------------------

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Database errors become ``ProgressError``; a database found busy (or a server not reached) is not
        tried again for :data:`RETRY_AFTER` seconds: the same error comes back at once."""
        if self._failed is not None:
            since, failure = self._failed
            if time.monotonic() - since < RETRY_AFTER:
                raise failure
            self._failed = None
        try:
            yield
        except (exc.SQLAlchemyError, sqlite3.Error, ValueError, OSError) as error:
            failure = ProgressError(self.shown, self._reason(error))
            if "busy" in failure.reason or (self.path is None and isinstance(error, exc.OperationalError)):
                self._failed = (time.monotonic(), failure)
            raise failure from error

    def _reason(self, error: BaseException) -> str:
        original = error.orig if isinstance(error, exc.DBAPIError) else error
        if self.path is not None and isinstance(original, sqlite3.Error):
            return _reason(original, self.path)
        if self.path is not None:
            return path_problem(self.path) or f"cannot be used ({original})"
        first_line = str(original).strip().splitlines()[0] if str(original).strip() else ""
        return f"cannot be used ({original.__class__.__name__}: {first_line})"

    def _engine(self) -> Engine:
        return open_engine(self.target, synchronous="FULL")  # see the module doc

    @contextmanager
    def _connect(self, write: bool = False, snapshot: bool = False) -> Iterator[Connection]:
        """One short-lived transaction (a write, or a read: ``snapshot`` for one moment across statements)."""
        with self._guard():
            if write:
                with writing(self._engine(), WRITE_TIMEOUT) as connection:
                    yield connection
            else:
                with reading(self._engine(), BUSY_TIMEOUT, snapshot) as connection:
                    yield connection

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
        with self._connect(write=True) as connection:
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
        with self._connect() as connection:
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

    def schema_version(self) -> int:
        """The database's schema version (a file's ``PRAGMA user_version``)."""
        with self._connect() as connection:
            return stored_version(connection, COMPONENT)

    # --- scenarios -----------------------------------------------------------------------------

    def record_scenario(self, learner: str, scenario_id: str, stars: int) -> None:
        """Count an attempt at ``scenario_id`` that earned ``stars`` (1–3); the best stars are kept.

        Raises ``ValueError`` for stars outside 1–3.
        """
        _check_name(learner, "learner")
        _check_name(scenario_id, "scenario_id")
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 3:
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        with self._connect(write=True) as connection:
            connection.execute(queries.record_scenario(connection, learner, scenario_id, stars))

    def stars(self, learner: str) -> dict[str, int]:
        """The best stars per scenario id, for the scenarios the learner has solved."""
        t = scenario_result
        with self._connect() as connection:
            rows = connection.execute(
                select(t.c.scenario_id, t.c.stars).where(t.c.learner == learner).order_by(t.c.scenario_id)
            ).all()
        return {str(scenario): int(stars) for scenario, stars in rows}

    def attempts(self, learner: str) -> dict[str, int]:
        """How many times the learner has finished each scenario."""
        t = scenario_result
        with self._connect() as connection:
            rows = connection.execute(
                select(t.c.scenario_id, t.c.attempts).where(t.c.learner == learner).order_by(t.c.scenario_id)
            ).all()
        return {str(scenario): int(count) for scenario, count in rows}

    # --- lessons and the place to resume -------------------------------------------------------

    def complete_lesson(self, learner: str, lesson_id: str) -> None:
        """Mark ``lesson_id`` finished (again is harmless: the first completion time is kept)."""
        _check_name(learner, "learner")
        _check_name(lesson_id, "lesson_id")
        with self._connect(write=True) as connection:
            statement = insert_for(connection, lesson_done).values(learner=learner, lesson_id=lesson_id)
            connection.execute(statement.on_conflict_do_nothing(index_elements=["learner", "lesson_id"]))

    def completed_lessons(self, learner: str) -> set[str]:
        """The ids of the lessons the learner has finished."""
        with self._connect() as connection:
            rows = connection.execute(select(lesson_done.c.lesson_id).where(lesson_done.c.learner == learner))
            return {str(lesson) for lesson in rows.scalars()}

    def save_place(self, learner: str, lesson_id: str, scenario_index: int) -> None:
        """Remember where the learner is: scenario ``scenario_index`` (from 0) of ``lesson_id``."""
        _check_name(learner, "learner")
        _check_name(lesson_id, "lesson_id")
        if isinstance(scenario_index, bool) or not isinstance(scenario_index, int) or scenario_index < 0:
            raise ValueError(f"scenario_index is a number from 0, not {scenario_index!r}")
        with self._connect(write=True) as connection:
            statement = insert_for(connection, place).values(
                learner=learner, lesson_id=lesson_id, scenario_index=scenario_index
            )
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner"],
                    set_={
                        "lesson_id": statement.excluded.lesson_id,
                        "scenario_index": statement.excluded.scenario_index,
                        "updated_at": now(),
                    },
                )
            )

    def last_place(self, learner: str) -> tuple[str, int] | None:
        """(lesson id, scenario index) where the learner stopped, or None if they have not started."""
        with self._connect() as connection:
            row = connection.execute(
                select(place.c.lesson_id, place.c.scenario_index).where(place.c.learner == learner)
            ).first()
        return None if row is None else (str(row[0]), int(row[1]))

    def summary(self, learner: str) -> ProgressSummary:
        """Lessons done, scenarios solved, stars and attempts in all, and the place to resume (one read)."""
        t = scenario_result
        with self._connect(snapshot=True) as connection:  # one snapshot for all the figures
            lessons = connection.execute(
                select(func.count()).select_from(lesson_done).where(lesson_done.c.learner == learner)
            ).scalar_one()
            solved, stars, attempts = connection.execute(
                select(
                    func.count(), func.coalesce(func.sum(t.c.stars), 0), func.coalesce(func.sum(t.c.attempts), 0)
                ).where(t.c.learner == learner)
            ).one()
            found = connection.execute(
                select(place.c.lesson_id, place.c.scenario_index).where(place.c.learner == learner)
            ).first()
        return ProgressSummary(
            lessons_done=int(lessons),
            scenarios_done=int(solved),
            stars_total=int(stars),
            attempts=int(attempts),
            last_place=None if found is None else (str(found[0]), int(found[1])),
        )

    # --- the learner ---------------------------------------------------------------------------

    def set_name(self, learner: str, name: str) -> None:
        """Keep ``name`` (stripped; empty for none) as the learner's display name."""
        _check_name(learner, "learner")
        if not isinstance(name, str):
            raise TypeError(f"name is text, not {type(name).__name__}")
        with self._connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_profile, learner, name=name.strip()))

    def name(self, learner: str) -> str:
        """The learner's display name, or ``""`` when they gave none."""
        with self._connect() as connection:
            found = connection.execute(
                select(learner_profile.c.name).where(learner_profile.c.learner == learner)
            ).scalar()
        return "" if found is None else str(found)

    def set_language(self, learner: str, language: str) -> None:
        """Keep ``language`` (a code of :data:`tutor.i18n.languages.LANGUAGES`) as the learner's choice."""
        _check_name(learner, "learner")
        with self._connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_language, learner, language=language))

    def language(self, learner: str) -> str | None:
        """The language the learner chose, or None when they chose none."""
        with self._connect() as connection:
            found = connection.execute(
                select(learner_language.c.language).where(learner_language.c.learner == learner)
            ).scalar()
        return None if found is None else str(found)

    def start_over(self, learner: str, at: datetime | None = None) -> None:
        """Clear the learner's progress: stars, finished lessons and the place to resume (their saved
        games and name are kept). What is cleared waits under :func:`~tutor.progress.learner.undo_key` for
        :data:`~tutor.progress.learner.UNDO_HOURS` hours (:meth:`undo_start_over`); what an earlier
        "Start over" left waiting is dropped, and so is every learner's that is too old to undo."""
        _check_name(learner, "learner")
        moment = at or utc_now()
        kept = undo_key(learner)
        with self._connect(write=True) as connection:
            _drop_old_undos(connection, moment)
            for table in PROGRESS_TABLES:
                connection.execute(delete(table).where(table.c.learner == kept))
                connection.execute(update(table).where(table.c.learner == learner).values(learner=kept))
            connection.execute(delete(cleared_progress).where(cleared_progress.c.learner == learner))
            connection.execute(cleared_progress.insert().values(learner=learner, cleared_at=stamp(moment)))

    def undo_until(self, learner: str, at: datetime | None = None) -> datetime | None:
        """Until when the learner's last "Start over" can be undone, or None (nothing cleared, or too long ago)."""
        moment = at or utc_now()
        kept = undo_key(learner)
        with self._connect(snapshot=True) as connection:
            cleared = connection.execute(
                select(cleared_progress.c.cleared_at).where(cleared_progress.c.learner == learner)
            ).scalar()
            waiting = any(
                connection.execute(select(exists().where(table.c.learner == kept))).scalar()
                for table in PROGRESS_TABLES
            )
        if cleared is None or not waiting:
            return None
        until = parse_stamp(str(cleared)) + timedelta(hours=UNDO_HOURS)
        return until if until > moment else None

    def undo_start_over(self, learner: str, at: datetime | None = None) -> bool:
        """Bring back what the learner's last "Start over" cleared, while it can be undone (whether it could).
        Progress made since is kept too: the best stars of both, attempts added up, the newer place to resume."""
        _check_name(learner, "learner")
        if self.undo_until(learner, at) is None:
            return False
        kept = undo_key(learner)
        with self._connect(write=True) as connection:
            for statement in queries.merges(connection, learner, kept):
                connection.execute(statement)
            for table in PROGRESS_TABLES:
                connection.execute(delete(table).where(table.c.learner == kept))
            connection.execute(delete(cleared_progress).where(cleared_progress.c.learner == learner))
        return True

    def claim(self, learner: str, old: str) -> bool:
        """Copy everything kept under ``old`` (a legacy name's key) to ``learner``; whether there was
        anything. The original stays where it was (a name is no proof of whose it is, so nobody takes it
        from the others who used it). Where both have a row, the best stars are kept and attempts added
        up; the learner's own place to resume and saved games of the same name win.
        """
        _check_name(learner, "learner")
        _check_name(old, "old")
        if old == learner:
            return False
        with self._connect(write=True) as connection:
            found = any(
                connection.execute(select(exists().where(table.c.learner == old))).scalar()
                for table in (*PROGRESS_TABLES, saved_game)
            )
            for statement in queries.merges(connection, learner, old, add_attempts=False):
                connection.execute(statement)
        return found

    def has_progress(self, learner: str) -> bool:
        """Whether anything is kept under ``learner`` that would be missed: stars, lessons, a place to
        resume, saved games, Practice rounds, or progress cleared but still to be undone."""
        tables = (*PROGRESS_TABLES, saved_game, practice_round)
        with self._connect() as connection:
            if any(connection.execute(select(exists().where(t.c.learner == learner))).scalar() for t in tables):
                return True
        return self.undo_until(learner) is not None

    # --- devices: the browsers a learner uses, and the codes that add one ----------------------

    def add_device(self, learner: str, token: str, label: str = "", at: datetime | None = None) -> None:
        """Keep the browser whose cookie holds ``token`` (kept as its SHA-256) as one of ``learner``'s devices."""
        _check_name(learner, "learner")
        moment = stamp(at or utc_now())
        with self._connect(write=True) as connection:
            statement = insert_for(connection, device).values(
                token_hash=token_hash(token), learner=learner, label=label, created_at=moment, last_seen=moment
            )
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["token_hash"],
                    set_={"learner": learner, "last_seen": moment, "signed_out_at": None},
                )
            )

    def device_learner(self, token: str, at: datetime | None = None, seen: bool = False) -> DeviceCheck:
        """Whose browser holds ``token``: the learner, or None with ``signed_out`` when it was signed out
        (None alone: a token never kept). ``seen`` notes the visit as the device's last."""
        key = token_hash(token)
        with self._connect(write=seen) as connection:
            row = connection.execute(
                select(device.c.learner, device.c.signed_out_at).where(device.c.token_hash == key)
            ).first()
            if row is None:
                return DeviceCheck(None, signed_out=False)
            if row[1] is not None:
                return DeviceCheck(None, signed_out=True)
            if seen:
                connection.execute(
                    update(device).where(device.c.token_hash == key).values(last_seen=stamp(at or utc_now()))
                )
        return DeviceCheck(str(row[0]), signed_out=False)

    def devices(self, learner: str) -> list[Device]:
        """The learner's devices that are not signed out, the one seen last first."""
        d = device
        with self._connect() as connection:
            rows = connection.execute(
                select(d.c.token_hash, d.c.label, d.c.created_at, d.c.last_seen)
                .where(d.c.learner == learner, d.c.signed_out_at.is_(None))
                .order_by(d.c.last_seen.desc(), d.c.created_at.desc())
            )
            return [Device(str(k), str(label), parse_stamp(str(c)), parse_stamp(str(s))) for k, label, c, s in rows]

    def sign_out(self, learner: str, keys: list[str], at: datetime | None = None) -> int:
        """Sign out ``learner``'s devices of these keys (:attr:`Device.key`); how many were signed in. A
        signed-out browser starts afresh on its next page, saying why."""
        if not keys:
            return 0
        d = device
        with self._connect(write=True) as connection:
            return connection.execute(
                update(d)
                .where(d.c.learner == learner, d.c.token_hash.in_(keys), d.c.signed_out_at.is_(None))
                .values(signed_out_at=stamp(at or utc_now()))
            ).rowcount

    def move_device(self, token: str, learner: str, at: datetime | None = None) -> None:
        """Make the browser whose cookie holds ``token`` ``learner``'s (a device code was used in it); the
        learner it was before keeps their progress."""
        self.add_device(learner, token, at=at)

    def make_code(self, learner: str, at: datetime | None = None) -> tuple[str, datetime]:
        """A new device code for ``learner`` and when it expires (:data:`~tutor.progress.learner.CODE_MINUTES`
        from now). It is kept as its SHA-256 and works once (:meth:`use_code`)."""
        _check_name(learner, "learner")
        moment = at or utc_now()
        code, expires = new_device_code(), moment + timedelta(minutes=CODE_MINUTES)
        with self._connect(write=True) as connection:
            connection.execute(delete(device_code).where(device_code.c.expires_at <= stamp(moment)))
            connection.execute(
                device_code.insert().values(code_hash=token_hash(code), learner=learner, expires_at=stamp(expires))
            )
        return code, expires

    def use_code(self, typed: str, at: datetime | None = None, take: bool = True) -> str | None:
        """The learner whose device code ``typed`` is, using it up (``take=False``: only looking); None when
        it is not a code, not one made, used already, or expired. Two browsers using one code at once: one
        gets it."""
        code = normal_code(typed)
        if code is None:
            return None
        key, moment = token_hash(code), stamp(at or utc_now())
        c = device_code
        if not take:
            with self._connect() as connection:
                found = connection.execute(
                    select(c.c.learner).where(c.c.code_hash == key, c.c.used_at.is_(None), c.c.expires_at > moment)
                ).scalar()
            return None if found is None else str(found)
        with self._connect(write=True) as connection:
            taken = connection.execute(
                update(c)
                .where(c.c.code_hash == key, c.c.used_at.is_(None), c.c.expires_at > moment)
                .values(used_at=moment)
            ).rowcount
            if taken != 1:
                return None
            return str(connection.execute(select(c.c.learner).where(c.c.code_hash == key)).scalar_one())

    # --- saved games ---------------------------------------------------------------------------

    def save_game(self, learner: str, name: str, record_yaml: str) -> None:
        """Save a game record (the YAML of ``docs/record.md``) under ``name``, replacing one of that name."""
        _check_name(learner, "learner")
        _check_name(name, "name")
        if not isinstance(record_yaml, str):
            raise TypeError(f"record_yaml is text, not {type(record_yaml).__name__}")
        with self._connect(write=True) as connection:
            statement = insert_for(connection, saved_game).values(learner=learner, name=name, record_yaml=record_yaml)
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner", "name"],
                    set_={"record_yaml": statement.excluded.record_yaml, "saved_at": now()},
                )
            )

    def load_game(self, learner: str, name: str) -> str | None:
        """The record saved under ``name``, or None if there is none."""
        t = saved_game
        with self._connect() as connection:
            found = connection.execute(select(t.c.record_yaml).where(t.c.learner == learner, t.c.name == name)).scalar()
        return None if found is None else str(found)

    def saved_games(self, learner: str) -> list[str]:
        """The names of the learner's saved games, in alphabetical order (capitals and small letters alike)."""
        t = saved_game
        with self._connect() as connection:
            rows = connection.execute(
                select(t.c.name).where(t.c.learner == learner).order_by(func.lower(t.c.name), t.c.name)
            )
            return [str(name) for name in rows.scalars()]

    def delete_game(self, learner: str, name: str) -> bool:
        """Delete the game saved under ``name``; whether there was one."""
        t = saved_game
        with self._connect(write=True) as connection:
            return connection.execute(delete(t).where(t.c.learner == learner, t.c.name == name)).rowcount > 0

    # --- Practice statistics ---

    def record_practice_round(
        self, learner: str, game: str, round_number: int, variant: str, level: str, won: bool, score: int
    ) -> None:
        """Note a Practice round ``learner`` finished (once: the same game's round again changes nothing)."""
        _check_name(learner, "learner")
        with self._connect(write=True) as connection:
            values = {"learner": learner, "game": game, "round": round_number, "variant": variant, "level": level}
            statement = insert_for(connection, practice_round).values(**values, won=int(won), score=int(score))
            connection.execute(statement.on_conflict_do_nothing(index_elements=["learner", "game", "round"]))

    def practice_stats(self, learner: str) -> list[PracticeStats]:
        """``learner``'s Practice rounds by variant and level: how many, how many won, the mean round score."""
        t = practice_round
        with self._connect() as connection:
            rows = connection.execute(
                select(t.c.variant, t.c.level, func.count(), func.sum(t.c.won), func.avg(t.c.score))
                .where(t.c.learner == learner)
                .group_by(t.c.variant, t.c.level)
                .order_by(t.c.variant, t.c.level)
            )
            return [PracticeStats(str(v), str(lv), int(n), int(w or 0), float(mean or 0)) for v, lv, n, w, mean in rows]


@dataclass(frozen=True, slots=True)
class Device:
    """A browser a learner uses: ``key`` names it to :meth:`ProgressStore.sign_out` (its token's hash, never
    shown), ``label`` its browser and system ("" when unknown), when it was first and last seen (UTC)."""

    key: str
    label: str
    created_at: datetime
    last_seen: datetime


@dataclass(frozen=True, slots=True)
class DeviceCheck:
    """What a browser's device token finds: its ``learner``, or None; ``signed_out`` when it was signed out."""

    learner: str | None
    signed_out: bool


def utc_now() -> datetime:
    """The time now, in UTC (the clock of the device and undo tables; tests pass their own times)."""
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """How the device and undo tables keep a time: UTC, to the second, so that text order is time order.

    >>> stamp(datetime(2026, 12, 3, 18, 5, 9, 750, tzinfo=UTC))
    '2026-12-03 18:05:09'
    """
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def parse_stamp(text: str) -> datetime:
    """The time :func:`stamp` wrote."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)


def _drop_old_undos(connection: Connection, moment: datetime) -> None:
    """Forget the progress every learner cleared longer ago than undo allows."""
    cutoff = stamp(moment - timedelta(hours=UNDO_HOURS))
    old = [
        str(x)
        for x in connection.execute(
            select(cleared_progress.c.learner).where(cleared_progress.c.cleared_at <= cutoff)
        ).scalars()
    ]
    for learner in old:
        for table in PROGRESS_TABLES:
            connection.execute(delete(table).where(table.c.learner == undo_key(learner)))
    connection.execute(delete(cleared_progress).where(cleared_progress.c.cleared_at <= cutoff))


@dataclass(frozen=True, slots=True)
class PracticeStats:
    """A learner's Practice rounds of one variant against one level: played, won, the mean round score."""

    variant: str
    level: str
    rounds: int
    won: int
    mean_score: float


_STORES: dict[str, ProgressStore] = {}
_FAILURES: dict[str, tuple[float, ProgressError]] = {}


def open_store(path: str | os.PathLike[str]) -> ProgressStore:
    """The store of ``path``, opened once for the process; a file that could not be opened is not tried
    again for :data:`RETRY_AFTER` seconds (the same ``ProgressError`` is raised at once), so a locked or
    broken file does not slow every page view.

    >>> import tempfile, os
    >>> folder = tempfile.TemporaryDirectory()
    >>> bad = os.path.join(folder.name, "missing", "progress.sqlite3")
    >>> for _ in range(2):
    ...     try:
    ...         open_store(bad)
    ...     except ProgressError as error:
    ...         print(error.reason)  # doctest: +ELLIPSIS
    cannot be opened: the folder ... does not exist
    cannot be opened: the folder ... does not exist
    >>> folder.cleanup()
    """
    key = str(path)
    store = _STORES.get(key)
    if store is not None:
        return store
    failed = _FAILURES.get(key)
    if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER:
        raise failed[1]
    try:
        store = ProgressStore(path)
    except ProgressError as error:
        _FAILURES[key] = (time.monotonic(), error)
        raise
    _FAILURES.pop(key, None)
    _STORES[key] = store
    return store


def _check_name(value: str, field: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field} must be a non-empty name, not {value!r}")

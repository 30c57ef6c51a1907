"""The learner's progress, kept in one SQLite file: stars per scenario, finished lessons, where they
stopped, and saved games.

Every operation opens its own short-lived connection (Streamlit runs each session in a thread of its
own), the file is in WAL mode and every connection waits for a busy lock, so two sessions or two
processes writing at once lose nothing. Problems with the file come out as :class:`ProgressError`,
which names the file and says what is wrong with it.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = ProgressStore(os.path.join(folder.name, "progress.sqlite3"))
>>> store.record_scenario("anna", "take-whole-pile", 2)
>>> store.record_scenario("anna", "take-whole-pile", 1)
>>> store.stars("anna"), store.attempts("anna")
({'take-whole-pile': 2}, {'take-whole-pile': 2})
>>> store.save_place("anna", "05-taking-the-pile", 3)
>>> ProgressStore(store.path).last_place("anna")  # a new store on the same file: after a restart
('05-taking-the-pile', 3)
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final

#: The environment variable that overrides where the progress file lives.
ENV_VAR: Final = "RUMMY500_PROGRESS_DB"

#: Marks the file as this app's (``PRAGMA application_id``): "R500".
APPLICATION_ID: Final = 0x52353030

#: Seconds a connection waits for another writer before giving up.
BUSY_TIMEOUT: Final = 15.0

#: The schema, one migration per version: migration ``i`` takes ``user_version`` from ``i`` to ``i + 1``.
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        """CREATE TABLE IF NOT EXISTS scenario_result (
            learner TEXT NOT NULL,
            scenario_id TEXT NOT NULL,
            stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
            attempts INTEGER NOT NULL DEFAULT 1,
            updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            PRIMARY KEY (learner, scenario_id)
        )""",
        """CREATE TABLE IF NOT EXISTS lesson_done (
            learner TEXT NOT NULL,
            lesson_id TEXT NOT NULL,
            completed_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            PRIMARY KEY (learner, lesson_id)
        )""",
        """CREATE TABLE IF NOT EXISTS place (
            learner TEXT PRIMARY KEY,
            lesson_id TEXT NOT NULL,
            scenario_index INTEGER NOT NULL,
            updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        )""",
        """CREATE TABLE IF NOT EXISTS saved_game (
            learner TEXT NOT NULL,
            name TEXT NOT NULL,
            record_yaml TEXT NOT NULL,
            saved_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
            PRIMARY KEY (learner, name)
        )""",
    ),
)

#: The schema version this code writes.
SCHEMA_VERSION: Final = len(MIGRATIONS)


class ProgressError(RuntimeError):
    """The progress file cannot be used; the message names the file and says why.

    ``path`` is the file, ``reason`` the sentence without the file name.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"progress file {path}: {reason}")
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


def _reason(error: sqlite3.Error, path: Path) -> str:
    """A sentence for what went wrong with the file."""
    text = str(error)
    lowered = text.lower()
    if "not a database" in lowered or "malformed" in lowered:
        return (
            f"is not a progress database: it is damaged or another kind of file ({text}); move it away to start afresh"
        )
    if "unable to open" in lowered:
        if path.is_dir():
            return "is a folder, not a file"
        if not path.parent.is_dir():
            return f"cannot be opened: the folder {path.parent} does not exist"
        return f"cannot be opened ({text}); check that its folder is writable"
    if "readonly" in lowered or "read-only" in lowered:
        return f"cannot be written: it or its folder is read-only ({text})"
    if "locked" in lowered or "busy" in lowered:
        return f"is busy: another program kept it locked for more than {BUSY_TIMEOUT:g} s"
    if "disk i/o" in lowered or "full" in lowered:
        return f"cannot be written: the disk failed or is full ({text})"
    return f"cannot be used ({error.__class__.__name__}: {text})"


class ProgressStore:
    """The progress of every learner on this machine, in the SQLite file at ``path``.

    Creating a store creates (or upgrades) the file's tables; it raises :class:`ProgressError` when
    the file cannot be used. A learner is any non-empty name (one store can hold several learners).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._migrate()

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    # --- connections ---------------------------------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """One short-lived connection in autocommit mode; sqlite errors become ``ProgressError``."""
        try:
            with closing(sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)) as connection:
                connection.execute("PRAGMA synchronous = NORMAL")  # safe in WAL mode, and much faster
                yield connection
        except sqlite3.Error as error:
            raise ProgressError(str(self.path), _reason(error, self.path)) from error

    def _migrate(self) -> None:
        if self.path.is_dir():
            raise ProgressError(str(self.path), "is a folder, not a file")
        with self._connect() as connection:
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()
            if mode is None:
                raise ProgressError(str(self.path), "cannot be switched to WAL mode")
            connection.execute("BEGIN IMMEDIATE")
            try:
                app = connection.execute("PRAGMA application_id").fetchone()[0]
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if app not in (0, APPLICATION_ID):
                    raise ProgressError(str(self.path), "belongs to another program (its application id differs)")
                if version > SCHEMA_VERSION:
                    raise ProgressError(
                        str(self.path),
                        f"was written by a newer version of the tutor (schema {version}, this one knows {SCHEMA_VERSION})",
                    )
                for statements in MIGRATIONS[version:]:
                    for statement in statements:
                        connection.execute(statement)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def schema_version(self) -> int:
        """The file's schema version (``PRAGMA user_version``)."""
        with self._connect() as connection:
            version: int = connection.execute("PRAGMA user_version").fetchone()[0]
            return version

    # --- scenarios -----------------------------------------------------------------------------

    def record_scenario(self, learner: str, scenario_id: str, stars: int) -> None:
        """Count an attempt at ``scenario_id`` that earned ``stars`` (1–3); the best stars are kept.

        Raises ``ValueError`` for stars outside 1–3.
        """
        _check_name(learner, "learner")
        _check_name(scenario_id, "scenario_id")
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 3:
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        with self._connect() as connection:
            connection.execute(
                """INSERT INTO scenario_result (learner, scenario_id, stars) VALUES (?, ?, ?)
                   ON CONFLICT (learner, scenario_id) DO UPDATE SET
                       stars = max(stars, excluded.stars),
                       attempts = attempts + 1,
                       updated_at = CURRENT_TIMESTAMP""",
                (learner, scenario_id, stars),
            )

    def stars(self, learner: str) -> dict[str, int]:
        """The best stars per scenario id, for the scenarios the learner has solved."""
        with self._connect() as connection:
            rows = connection.execute(
                "SELECT scenario_id, stars FROM scenario_result WHERE learner = ? ORDER BY scenario_id", (learner,)
            ).fetchall()
        return {str(scenario): int(stars) for scenario, stars in rows}

    def attempts(self, learner: str) -> dict[str, int]:
        """How many times the learner has finished each scenario."""
        with self._connect() as connection:
            rows = connection.execute(
                "SELECT scenario_id, attempts FROM scenario_result WHERE learner = ? ORDER BY scenario_id", (learner,)
            ).fetchall()
        return {str(scenario): int(count) for scenario, count in rows}

    # --- lessons and the place to resume -------------------------------------------------------

    def complete_lesson(self, learner: str, lesson_id: str) -> None:
        """Mark ``lesson_id`` finished (again is harmless: the first completion time is kept)."""
        _check_name(learner, "learner")
        _check_name(lesson_id, "lesson_id")
        with self._connect() as connection:
            connection.execute(
                "INSERT INTO lesson_done (learner, lesson_id) VALUES (?, ?) ON CONFLICT (learner, lesson_id) DO NOTHING",
                (learner, lesson_id),
            )

    def completed_lessons(self, learner: str) -> set[str]:
        """The ids of the lessons the learner has finished."""
        with self._connect() as connection:
            rows = connection.execute("SELECT lesson_id FROM lesson_done WHERE learner = ?", (learner,)).fetchall()
        return {str(lesson) for (lesson,) in rows}

    def save_place(self, learner: str, lesson_id: str, scenario_index: int) -> None:
        """Remember where the learner is: scenario ``scenario_index`` (from 0) of ``lesson_id``."""
        _check_name(learner, "learner")
        _check_name(lesson_id, "lesson_id")
        if isinstance(scenario_index, bool) or not isinstance(scenario_index, int) or scenario_index < 0:
            raise ValueError(f"scenario_index is a number from 0, not {scenario_index!r}")
        with self._connect() as connection:
            connection.execute(
                """INSERT INTO place (learner, lesson_id, scenario_index) VALUES (?, ?, ?)
                   ON CONFLICT (learner) DO UPDATE SET
                       lesson_id = excluded.lesson_id,
                       scenario_index = excluded.scenario_index,
                       updated_at = CURRENT_TIMESTAMP""",
                (learner, lesson_id, scenario_index),
            )

    def last_place(self, learner: str) -> tuple[str, int] | None:
        """(lesson id, scenario index) where the learner stopped, or None if they have not started."""
        with self._connect() as connection:
            row = connection.execute(
                "SELECT lesson_id, scenario_index FROM place WHERE learner = ?", (learner,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def summary(self, learner: str) -> ProgressSummary:
        """Lessons done, scenarios solved, stars and attempts in all, and the place to resume (one read)."""
        with self._connect() as connection:
            connection.execute("BEGIN")  # one snapshot for all the figures
            lessons = connection.execute("SELECT count(*) FROM lesson_done WHERE learner = ?", (learner,)).fetchone()
            solved, stars, attempts = connection.execute(
                "SELECT count(*), coalesce(sum(stars), 0), coalesce(sum(attempts), 0) FROM scenario_result "
                "WHERE learner = ?",
                (learner,),
            ).fetchone()
            place = connection.execute(
                "SELECT lesson_id, scenario_index FROM place WHERE learner = ?", (learner,)
            ).fetchone()
            connection.execute("COMMIT")
        return ProgressSummary(
            lessons_done=int(lessons[0]),
            scenarios_done=int(solved),
            stars_total=int(stars),
            attempts=int(attempts),
            last_place=None if place is None else (str(place[0]), int(place[1])),
        )

    # --- saved games ---------------------------------------------------------------------------

    def save_game(self, learner: str, name: str, record_yaml: str) -> None:
        """Save a game record (the YAML of ``RECORD.md``) under ``name``, replacing one of that name."""
        _check_name(learner, "learner")
        _check_name(name, "name")
        if not isinstance(record_yaml, str):
            raise TypeError(f"record_yaml is text, not {type(record_yaml).__name__}")
        with self._connect() as connection:
            connection.execute(
                """INSERT INTO saved_game (learner, name, record_yaml) VALUES (?, ?, ?)
                   ON CONFLICT (learner, name) DO UPDATE SET
                       record_yaml = excluded.record_yaml,
                       saved_at = CURRENT_TIMESTAMP""",
                (learner, name, record_yaml),
            )

    def load_game(self, learner: str, name: str) -> str | None:
        """The record saved under ``name``, or None if there is none."""
        with self._connect() as connection:
            row = connection.execute(
                "SELECT record_yaml FROM saved_game WHERE learner = ? AND name = ?", (learner, name)
            ).fetchone()
        return None if row is None else str(row[0])

    def saved_games(self, learner: str) -> list[str]:
        """The names of the learner's saved games, in alphabetical order."""
        with self._connect() as connection:
            rows = connection.execute(
                "SELECT name FROM saved_game WHERE learner = ? ORDER BY name COLLATE NOCASE, name", (learner,)
            ).fetchall()
        return [str(name) for (name,) in rows]

    def delete_game(self, learner: str, name: str) -> bool:
        """Delete the game saved under ``name``; whether there was one."""
        with self._connect() as connection:
            cursor = connection.execute("DELETE FROM saved_game WHERE learner = ? AND name = ?", (learner, name))
            return cursor.rowcount > 0


def _check_name(value: str, field: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field} must be a non-empty name, not {value!r}")

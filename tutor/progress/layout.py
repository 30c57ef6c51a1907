"""The progress file's layout: its tables, one migration per schema version, and the upgrade of a file
whose tables lack columns this version writes (:mod:`tutor.progress.store` opens files with them)."""

from __future__ import annotations

import sqlite3
import time
from typing import Final

from tutor.progress.learner import LEGACY_PREFIX

#: Marks the file as this app's (``PRAGMA application_id``): "R500".
APPLICATION_ID: Final = 0x52353030

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
    # 2: a learner is an id kept in the browser (tutor.progress.learner), with an optional display name. The rows of
    # version 1 were kept under a name anybody could type; they move to "legacy:<name>", which no browser's
    # id can be, and reach a learner only when claimed by that name (ProgressStore.claim).
    (
        """CREATE TABLE IF NOT EXISTS learner_profile (
            learner TEXT PRIMARY KEY,
            name TEXT NOT NULL DEFAULT '',
            updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        )""",
    ),
    # 3: the language the learner chose (tutor.i18n.languages), kept with their progress.
    (
        """CREATE TABLE IF NOT EXISTS learner_language (
            learner TEXT PRIMARY KEY,
            language TEXT NOT NULL,
            updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        )""",
    ),
)

#: The schema version whose upgrade moves name-keyed rows to their legacy keys (:data:`LEGACY_MOVES`).
LEARNER_IDS_VERSION: Final = 2
#: Run once, after the tables are brought up to date, on a file older than :data:`LEARNER_IDS_VERSION`.
LEGACY_MOVES: Final = tuple(
    f"UPDATE {table} SET learner = '{LEGACY_PREFIX}' || learner WHERE learner NOT LIKE '{LEGACY_PREFIX}%'"
    for table in ("scenario_result", "lesson_done", "place", "saved_game")
)

#: The tables that hold a learner's progress (cleared by "start over"; saved games are kept).
PROGRESS_TABLES: Final = ("scenario_result", "lesson_done", "place")

#: The schema version this code writes.
SCHEMA_VERSION: Final = len(MIGRATIONS)


def columns(connection: sqlite3.Connection, table: str) -> dict[str, tuple[str, int, str | None, int]]:
    """A table's columns: name → (type, not null, default, part of the key)."""
    rows = connection.execute(f"PRAGMA table_info({table})").fetchall()
    return {str(r[1]): (str(r[2]), int(r[3]), r[4], int(r[5])) for r in rows}


def layout_gaps(connection: sqlite3.Connection) -> list[tuple[str, str, str, int, str | None, int]]:
    """The columns this version writes that the file's tables lack: (table, column, type, not null,
    default, part of the key); a table missing altogether lacks all of its columns."""
    reference = sqlite3.connect(":memory:")
    try:
        for statements in MIGRATIONS:
            for statement in statements:
                reference.execute(statement)
        tables = [str(r[0]) for r in reference.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        gaps = []
        for table in tables:
            have = columns(connection, table)
            for name, (kind, not_null, default, key) in columns(reference, table).items():
                if name not in have:
                    gaps.append((table, name, kind, not_null, default, key))
        return gaps
    finally:
        reference.close()


def upgrade_layout(connection: sqlite3.Connection) -> tuple[str, str] | None:
    """Bring the tables of an older layout up to this version's: create a missing table, add a missing
    column with its default. A missing key column cannot be added: it is returned, (table, column), and
    nothing after it is changed; None when the layout is now current."""
    for statements in MIGRATIONS:  # a table missing altogether is created as it is now
        for statement in statements:
            if statement.startswith("CREATE TABLE IF NOT EXISTS"):
                connection.execute(statement)
    for table, name, kind, not_null, default, key in layout_gaps(connection):
        if key:
            return table, name
        value = default if default is not None and default.upper() != "CURRENT_TIMESTAMP" else None
        if value is None:
            value = "'" + time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()) + "'"
        null = " NOT NULL" if not_null else ""
        connection.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}{null} DEFAULT {value}")
    return None

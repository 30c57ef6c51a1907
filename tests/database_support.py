"""What the store tests share beyond :mod:`harness.postgres`: skipping a PostgreSQL test on a machine
without the server (failing it in CI, as the browser tests do), and the layouts of the SQLite files as the
tutor wrote them before its storage moved to SQLAlchemy, to test their upgrade.

Tests import it as ``database_support`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Final

from harness.postgres import postgres_missing

#: The progress file's tables as the tutor made them before SQLAlchemy (schema 3, ``PRAGMA user_version``
#: 3, application id "R500"), statement by statement, copied from that version's ``tutor/progress/layout.py``.
PROGRESS_V3: Final = (
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
    """CREATE TABLE IF NOT EXISTS learner_profile (
        learner TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )""",
    """CREATE TABLE IF NOT EXISTS learner_language (
        learner TEXT PRIMARY KEY,
        language TEXT NOT NULL,
        updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )""",
)
#: The first four: the tables of schema 1 (before learner ids).
PROGRESS_V1: Final = PROGRESS_V3[:4]

#: The tables file as the tutor made it before SQLAlchemy (no schema version: ``user_version`` 0), copied
#: from that version's ``tutor/together/sqlite_db.py``.
TABLES_V0: Final = (
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


def require_postgres() -> None:
    """Skip the test when PostgreSQL's programs are missing, except in CI, where that fails it."""
    import pytest  # only the tests need it

    missing = postgres_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the PostgreSQL tests need {missing}", pytrace=False)
        pytest.skip(f"the PostgreSQL tests need {missing}")


def old_sqlite_file(
    path: Path, statements: tuple[str, ...], rows: tuple[str, ...], pragmas: tuple[str, ...] = ()
) -> None:
    """Write an SQLite file as an older tutor did: in WAL mode, its tables, ``rows`` (INSERT statements)
    and ``pragmas`` (``application_id``, ``user_version``)."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode = WAL")
        for statement in (*statements, *rows, *pragmas):
            connection.execute(statement)
        connection.commit()

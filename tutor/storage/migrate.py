"""Versioned schemas, one list of steps per component (``progress``, ``tables``): step ``i`` takes the
component's schema from version ``i`` to ``i + 1``, written with SQLAlchemy Core so that one step serves
both backends. ``docs/storage.md`` says why this, and not Alembic.

Where the version is kept: in an SQLite file, ``PRAGMA user_version`` (one component per file, as the
progress file always kept it); in PostgreSQL, a row of the table ``schema_version`` per component. Two
servers starting at once upgrade one after the other: SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's
transaction-wide advisory lock (:func:`lock_schema`); each step runs in that one transaction.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

from sqlalchemy import Column, Connection, Integer, MetaData, Table, Text, func, inspect, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert

#: One schema step: run inside the upgrade's transaction.
Step = Callable[[Connection], None]

_VERSIONS = MetaData()
#: PostgreSQL only: each component's schema version.
schema_version = Table(
    "schema_version",
    _VERSIONS,
    Column("component", Text, primary_key=True),
    Column("version", Integer, nullable=False),
)


def is_sqlite(db: Connection) -> bool:
    """Whether ``db`` is a connection to an SQLite file."""
    return db.dialect.name == "sqlite"


def lock_schema(db: Connection, component: str) -> None:
    """Hold the component's schema for the rest of the transaction (PostgreSQL; SQLite's write transaction
    already holds the whole file)."""
    if not is_sqlite(db):
        db.execute(select(func.pg_advisory_xact_lock(zlib.crc32(component.encode()))))


def stored_version(db: Connection, component: str) -> int:
    """The component's schema version as the database keeps it (0: none yet)."""
    if is_sqlite(db):
        return int(db.exec_driver_sql("PRAGMA user_version").scalar_one())
    if not inspect(db).has_table(schema_version.name):
        return 0
    found = db.execute(select(schema_version.c.version).where(schema_version.c.component == component)).scalar()
    return 0 if found is None else int(found)


def store_version(db: Connection, component: str, version: int) -> None:
    """Keep ``version`` as the component's schema version."""
    if is_sqlite(db):
        db.exec_driver_sql(f"PRAGMA user_version = {int(version)}")
        return
    schema_version.create(db, checkfirst=True)
    upsert = pg_insert(schema_version).values(component=component, version=version)
    db.execute(upsert.on_conflict_do_update(index_elements=["component"], set_={"version": version}))


def upgrade(db: Connection, component: str, steps: Sequence[Step]) -> int:
    """Run the steps the database has not had yet, in order, and keep the new version (call it inside a
    write transaction); the version the database had before."""
    lock_schema(db, component)
    before = stored_version(db, component)
    for step in steps[before:]:
        step(db)
    if before != len(steps):
        store_version(db, component, len(steps))
    return before


def create_tables(*tables: Table) -> Step:
    """A step that makes ``tables`` where they are missing."""

    def step(db: Connection) -> None:
        for table in tables:
            table.create(db, checkfirst=True)

    return step


def add_missing_columns(db: Connection, tables: Sequence[Table]) -> tuple[str, str] | None:
    """Bring tables of an older layout (a file from before schema versions) up to ``tables``: add each
    missing column with its default (a time default as the time now: SQLite adds no column with a
    non-constant default). A missing key column cannot be added: it is returned, (table, column), and nothing
    after it is changed; None when the layout is now current."""
    for table, column in layout_gaps(db, tables):
        if column.primary_key:
            return table.name, column.name
        kind = column.type.compile(dialect=db.dialect)
        default = column.server_default
        value = "NULL"
        if default is not None:
            compiled = str(default.arg.compile(dialect=db.dialect)) if hasattr(default, "arg") else "NULL"
            value = "CURRENT_TIMESTAMP" if "CURRENT_TIMESTAMP" in compiled.upper() else compiled
        if value == "CURRENT_TIMESTAMP" and is_sqlite(db):
            value = "'" + str(db.execute(select(func.datetime("now"))).scalar_one()) + "'"
        null = " NOT NULL" if not column.nullable else ""
        db.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}{null} DEFAULT {value}"))
    return None


def layout_gaps(db: Connection, tables: Sequence[Table]) -> list[tuple[Table, Column[object]]]:
    """The columns of ``tables`` the database's tables lack (a table missing altogether lacks them all)."""
    look = inspect(db)
    gaps = []
    for table in tables:
        have = {c["name"] for c in look.get_columns(table.name)} if look.has_table(table.name) else set()
        gaps += [(table, column) for column in table.columns if column.name not in have]
    return gaps

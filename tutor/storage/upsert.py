"""``INSERT … ON CONFLICT`` for either backend: SQLite and PostgreSQL spell it alike, and SQLAlchemy
builds it from each dialect's own ``insert``.

>>> from sqlalchemy import Column, Integer, MetaData, Table, create_engine
>>> table = Table("t", MetaData(), Column("k", Integer, primary_key=True), Column("v", Integer))
>>> engine = create_engine("sqlite://")
>>> with engine.begin() as db:
...     table.create(db)
...     for value in (1, 2):
...         statement = insert_for(db, table).values(k=1, v=value)
...         _ = db.execute(statement.on_conflict_do_update(index_elements=["k"], set_={"v": statement.excluded.v}))
...     db.execute(table.select()).all()
[(1, 2)]
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Table
from sqlalchemy.dialects import postgresql, sqlite


def insert_for(db: Connection, table: Table) -> Any:
    """An ``INSERT`` into ``table`` in the dialect of ``db``, with ``on_conflict_do_update``,
    ``on_conflict_do_nothing`` and ``excluded`` (both dialects' inserts have them; their types differ)."""
    if db.dialect.name == "sqlite":
        return sqlite.insert(table)
    return postgresql.insert(table)

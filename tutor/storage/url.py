"""Which database the tutor keeps its data in: one setting, ``RUMMY500_DATABASE_URL``.

Unset (the default): SQLite files, as always (the progress file and the tables file, see
:mod:`tutor.progress.store` and :mod:`tutor.together.db`). Set to a server database's SQLAlchemy URL
(``postgresql+psycopg://user:password@host/dbname``; ``postgresql://`` means the same): progress and shared
tables both live there, so several app servers share them.

>>> is_url("postgresql://anna@db.example/rummy"), is_url("/home/anna/progress.sqlite3")
(True, False)
>>> driver_url("postgresql://anna:secret@db.example/rummy")
'postgresql+psycopg://anna:secret@db.example/rummy'
>>> shown("postgresql+psycopg://anna:secret@db.example/rummy")
'postgresql+psycopg://anna:***@db.example/rummy'
"""

from __future__ import annotations

import os
from typing import Final

from sqlalchemy.engine import make_url

#: The environment variable naming a server database for progress and tables (unset: SQLite files).
ENV_VAR: Final = "RUMMY500_DATABASE_URL"


def database_url() -> str | None:
    """The server database ``$RUMMY500_DATABASE_URL`` names, with its driver, or None when it is unset."""
    configured = os.environ.get(ENV_VAR, "").strip()
    return driver_url(configured) if configured else None


def is_url(target: str) -> bool:
    """Whether ``target`` is a database URL (else it is a file's path)."""
    return "://" in target


def driver_url(url: str) -> str:
    """``url`` with the driver this package installs (psycopg 3) where it names none."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def shown(url: str) -> str:
    """``url`` as it may be shown in a message or a log: its password hidden."""
    return make_url(url).render_as_string(hide_password=True)

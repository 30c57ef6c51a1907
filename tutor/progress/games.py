"""A learner's saved games (table ``saved_game``): game records, the YAML of ``docs/record.md``, each kept
under a name of the learner's choosing, to be loaded again on the Practice page."""

from __future__ import annotations

from sqlalchemy import delete, func, select

from tutor.progress.database import Database, check_name
from tutor.progress.layout import saved_game
from tutor.progress.queries import now
from tutor.storage.upsert import insert_for


class SavedGames:
    """The saved games of every learner in ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def save(self, learner: str, name: str, record_yaml: str) -> None:
        """Save a game record (the YAML of ``docs/record.md``) under ``name``, replacing one of that name."""
        check_name(learner, "learner")
        check_name(name, "name")
        if not isinstance(record_yaml, str):
            raise TypeError(f"record_yaml is text, not {type(record_yaml).__name__}")
        with self.database.connect(write=True) as connection:
            statement = insert_for(connection, saved_game).values(learner=learner, name=name, record_yaml=record_yaml)
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner", "name"],
                    set_={"record_yaml": statement.excluded.record_yaml, "saved_at": now()},
                )
            )

    def load(self, learner: str, name: str) -> str | None:
        """The record saved under ``name``, or None if there is none."""
        t = saved_game
        with self.database.connect() as connection:
            found = connection.execute(select(t.c.record_yaml).where(t.c.learner == learner, t.c.name == name)).scalar()
        return None if found is None else str(found)

    def names(self, learner: str) -> list[str]:
        """The names of the learner's saved games, in alphabetical order (capitals and small letters alike)."""
        t = saved_game
        with self.database.connect() as connection:
            rows = connection.execute(
                select(t.c.name).where(t.c.learner == learner).order_by(func.lower(t.c.name), t.c.name)
            )
            return [str(name) for name in rows.scalars()]

    def delete(self, learner: str, name: str) -> bool:
        """Delete the game saved under ``name``; whether there was one."""
        t = saved_game
        with self.database.connect(write=True) as connection:
            return connection.execute(delete(t).where(t.c.learner == learner, t.c.name == name)).rowcount > 0

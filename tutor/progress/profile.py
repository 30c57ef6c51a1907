"""Who the learner is to the app: the display name they gave and the language they chose (tables
``learner_profile`` and ``learner_language``), kept with their progress."""

from __future__ import annotations

from sqlalchemy import select

from tutor.progress import queries
from tutor.progress.database import Database, check_name
from tutor.progress.layout import learner_language, learner_profile


class Profile:
    """The name and language of every learner in ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def set_name(self, learner: str, name: str) -> None:
        """Keep ``name`` (stripped; empty for none) as the learner's display name."""
        check_name(learner, "learner")
        if not isinstance(name, str):
            raise TypeError(f"name is text, not {type(name).__name__}")
        with self.database.connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_profile, learner, name=name.strip()))

    def name(self, learner: str) -> str:
        """The learner's display name, or ``""`` when they gave none."""
        with self.database.connect() as connection:
            found = connection.execute(
                select(learner_profile.c.name).where(learner_profile.c.learner == learner)
            ).scalar()
        return "" if found is None else str(found)

    def set_language(self, learner: str, language: str) -> None:
        """Keep ``language`` (a code of :data:`tutor.i18n.languages.LANGUAGES`) as the learner's choice."""
        check_name(learner, "learner")
        with self.database.connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_language, learner, language=language))

    def language(self, learner: str) -> str | None:
        """The language the learner chose, or None when they chose none."""
        with self.database.connect() as connection:
            found = connection.execute(
                select(learner_language.c.language).where(learner_language.c.learner == learner)
            ).scalar()
        return None if found is None else str(found)

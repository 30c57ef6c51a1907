"""All a learner keeps, across the other parts of the store: whether anything is kept under a learner key
that would be missed (asked before a browser moves to another learner), and the claim that copies the rows
an earlier version kept under a name (:func:`~tutor.progress.learner.legacy_key`) to a learner."""

from __future__ import annotations

from sqlalchemy import exists, select

from tutor.progress import queries
from tutor.progress.database import Database, check_name
from tutor.progress.layout import PROGRESS_TABLES, practice_round, saved_game
from tutor.progress.start_over import StartOver


class Accounts:
    """What is kept under each learner key of ``database`` as a whole (``start_over`` tells what waits to
    be undone)."""

    def __init__(self, database: Database, start_over: StartOver) -> None:
        self.database = database
        self.start_over = start_over

    def claim(self, learner: str, old: str) -> bool:
        """Copy everything kept under ``old`` (a legacy name's key) to ``learner``; whether there was
        anything. The original stays where it was (a name is no proof of whose it is, so nobody takes it
        from the others who used it). Where both have a row, the best stars are kept and attempts added
        up; the learner's own place to resume and saved games of the same name win.
        """
        check_name(learner, "learner")
        check_name(old, "old")
        if old == learner:
            return False
        with self.database.connect(write=True) as connection:
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
        with self.database.connect() as connection:
            if any(connection.execute(select(exists().where(t.c.learner == learner))).scalar() for t in tables):
                return True
        return self.start_over.undo_until(learner) is not None

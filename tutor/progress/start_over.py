""""Start over" and its undo: a learner's course progress cleared, kept aside under
:func:`~tutor.progress.learner.undo_key` for :data:`~tutor.progress.learner.UNDO_HOURS` hours so that it can
be brought back (table ``start_over``, and the progress tables under the undo key)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Connection, delete, exists, select, update

from tutor.progress import queries
from tutor.progress.clock import parse_stamp, stamp, utc_now
from tutor.progress.database import Database, check_name
from tutor.progress.layout import PROGRESS_TABLES, cleared_progress
from tutor.progress.learner import UNDO_HOURS, undo_key


class StartOver:
    """Clearing a learner's course progress in ``database``, and undoing that within a day."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def clear(self, learner: str, at: datetime | None = None) -> None:
        """Clear the learner's progress: stars, finished lessons and the place to resume (their saved
        games and name are kept). What is cleared waits under :func:`~tutor.progress.learner.undo_key` for
        :data:`~tutor.progress.learner.UNDO_HOURS` hours (:meth:`undo`); what an earlier
        "Start over" left waiting is dropped, and so is every learner's that is too old to undo."""
        check_name(learner, "learner")
        moment = at or utc_now()
        kept = undo_key(learner)
        with self.database.connect(write=True) as connection:
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
        with self.database.connect(snapshot=True) as connection:
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

    def undo(self, learner: str, at: datetime | None = None) -> bool:
        """Bring back what the learner's last "Start over" cleared, while it can be undone (whether it could).
        Progress made since is kept too: the best stars of both, attempts added up, the newer place to resume."""
        check_name(learner, "learner")
        if self.undo_until(learner, at) is None:
            return False
        kept = undo_key(learner)
        with self.database.connect(write=True) as connection:
            for statement in queries.merges(connection, learner, kept):
                connection.execute(statement)
            for table in PROGRESS_TABLES:
                connection.execute(delete(table).where(table.c.learner == kept))
            connection.execute(delete(cleared_progress).where(cleared_progress.c.learner == learner))
        return True


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

"""A learner's Practice statistics (table ``practice_round``): every round they finished against the
computer, counted by variant and level for the Progress page."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from tutor.progress.database import Database, check_name
from tutor.progress.layout import practice_round
from tutor.storage.upsert import insert_for


@dataclass(frozen=True, slots=True)
class PracticeStats:
    """A learner's Practice rounds of one variant against one level: played, won, the mean round score."""

    variant: str
    level: str
    rounds: int
    won: int
    mean_score: float


class PracticeRounds:
    """The Practice rounds every learner in ``database`` finished."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def record(self, learner: str, game: str, round_number: int, variant: str, level: str, won: bool, score: int) -> None:
        """Note a Practice round ``learner`` finished (once: the same game's round again changes nothing)."""
        check_name(learner, "learner")
        with self.database.connect(write=True) as connection:
            values = {"learner": learner, "game": game, "round": round_number, "variant": variant, "level": level}
            statement = insert_for(connection, practice_round).values(**values, won=int(won), score=int(score))
            connection.execute(statement.on_conflict_do_nothing(index_elements=["learner", "game", "round"]))

    def stats(self, learner: str) -> list[PracticeStats]:
        """``learner``'s Practice rounds by variant and level: how many, how many won, the mean round score."""
        t = practice_round
        with self.database.connect() as connection:
            rows = connection.execute(
                select(t.c.variant, t.c.level, func.count(), func.sum(t.c.won), func.avg(t.c.score))
                .where(t.c.learner == learner)
                .group_by(t.c.variant, t.c.level)
                .order_by(t.c.variant, t.c.level)
            )
            return [PracticeStats(str(v), str(lv), int(n), int(w or 0), float(mean or 0)) for v, lv, n, w, mean in rows]

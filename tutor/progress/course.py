"""A learner's way through the course: the best stars and the attempts of every scenario, the lessons
finished, and the place to resume (tables ``scenario_result``, ``lesson_done`` and ``place``)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select

from tutor.progress import queries
from tutor.progress.database import Database, check_name
from tutor.progress.layout import lesson_done, place, scenario_result
from tutor.progress.queries import now
from tutor.storage.upsert import insert_for


@dataclass(frozen=True, slots=True)
class ProgressSummary:
    """A learner's progress at a glance.

    ``lessons_done``: lessons finished; ``scenarios_done``: scenarios solved at least once;
    ``stars_total``: the best stars of every scenario added up; ``attempts``: scenario attempts in all;
    ``last_place``: (lesson id, scenario index) to resume at, or None.
    """

    lessons_done: int
    scenarios_done: int
    stars_total: int
    attempts: int
    last_place: tuple[str, int] | None


class Course:
    """The course progress of every learner in ``database``: what the Learn page records as a scenario is
    solved or a lesson finished, and what it and the Progress page read back."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def record_scenario(self, learner: str, scenario_id: str, stars: int) -> None:
        """Count an attempt at ``scenario_id`` that earned ``stars`` (1–3); the best stars are kept.

        Raises ``ValueError`` for stars outside 1–3.
        """
        check_name(learner, "learner")
        check_name(scenario_id, "scenario_id")
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 3:
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        with self.database.connect(write=True) as connection:
            connection.execute(queries.record_scenario(connection, learner, scenario_id, stars))

    def stars(self, learner: str) -> dict[str, int]:
        """The best stars per scenario id, for the scenarios the learner has solved."""
        return self._per_scenario(learner, scenario_result.c.stars)

    def attempts(self, learner: str) -> dict[str, int]:
        """How many times the learner has finished each scenario."""
        return self._per_scenario(learner, scenario_result.c.attempts)

    def _per_scenario(self, learner: str, column: ColumnElement[int]) -> dict[str, int]:
        """One number of each scenario the learner has solved (a column of ``scenario_result``), by scenario id."""
        t = scenario_result
        with self.database.connect() as connection:
            rows = connection.execute(select(t.c.scenario_id, column).where(t.c.learner == learner).order_by(t.c.scenario_id)).all()
        return {str(scenario): int(number) for scenario, number in rows}

    def complete_lesson(self, learner: str, lesson_id: str) -> None:
        """Mark ``lesson_id`` finished (again is harmless: the first completion time is kept)."""
        check_name(learner, "learner")
        check_name(lesson_id, "lesson_id")
        with self.database.connect(write=True) as connection:
            statement = insert_for(connection, lesson_done).values(learner=learner, lesson_id=lesson_id)
            connection.execute(statement.on_conflict_do_nothing(index_elements=["learner", "lesson_id"]))

    def completed_lessons(self, learner: str) -> set[str]:
        """The ids of the lessons the learner has finished."""
        with self.database.connect() as connection:
            rows = connection.execute(select(lesson_done.c.lesson_id).where(lesson_done.c.learner == learner))
            return {str(lesson) for lesson in rows.scalars()}

    def save_place(self, learner: str, lesson_id: str, scenario_index: int) -> None:
        """Remember where the learner is: scenario ``scenario_index`` (from 0) of ``lesson_id``."""
        check_name(learner, "learner")
        check_name(lesson_id, "lesson_id")
        if isinstance(scenario_index, bool) or not isinstance(scenario_index, int) or scenario_index < 0:
            raise ValueError(f"scenario_index is a number from 0, not {scenario_index!r}")
        with self.database.connect(write=True) as connection:
            statement = insert_for(connection, place).values(
                learner=learner, lesson_id=lesson_id, scenario_index=scenario_index
            )
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner"],
                    set_={
                        "lesson_id": statement.excluded.lesson_id,
                        "scenario_index": statement.excluded.scenario_index,
                        "updated_at": now(),
                    },
                )
            )

    def last_place(self, learner: str) -> tuple[str, int] | None:
        """(lesson id, scenario index) where the learner stopped, or None if they have not started."""
        with self.database.connect() as connection:
            row = connection.execute(
                select(place.c.lesson_id, place.c.scenario_index).where(place.c.learner == learner)
            ).first()
        return None if row is None else (str(row[0]), int(row[1]))

    def summary(self, learner: str) -> ProgressSummary:
        """Lessons done, scenarios solved, stars and attempts in all, and the place to resume (one read)."""
        t = scenario_result
        with self.database.connect(snapshot=True) as connection:  # one snapshot for all the figures
            lessons = connection.execute(
                select(func.count()).select_from(lesson_done).where(lesson_done.c.learner == learner)
            ).scalar_one()
            solved, stars, attempts = connection.execute(
                select(
                    func.count(), func.coalesce(func.sum(t.c.stars), 0), func.coalesce(func.sum(t.c.attempts), 0)
                ).where(t.c.learner == learner)
            ).one()
            found = connection.execute(
                select(place.c.lesson_id, place.c.scenario_index).where(place.c.learner == learner)
            ).first()
        return ProgressSummary(
            lessons_done=int(lessons),
            scenarios_done=int(solved),
            stars_total=int(stars),
            attempts=int(attempts),
            last_place=None if found is None else (str(found[0]), int(found[1])),
        )

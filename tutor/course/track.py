"""The track of one table: every lesson that teaches something of the learner's variant and house rules, each
with its tasks played under them, and at most one optional task "at another table".

A task (a scenario) says which variants and rules it holds for (:meth:`~tutor.learn.scenario.Scenario.holds_for`);
a lesson lists its tasks. A lesson's required tasks in a track are those that hold for the track's table and
still replay there (a house rule can make one meaningless: it is left out, and the map says why). A lesson with
no task for the table is not in the track; the Learn page offers it among "other tables' lessons".

>>> from engine.variants import get_variant
>>> track = track_for(get_variant("rommi"))
>>> all(task.variant == "rommi" for lesson in track.lessons for task in lesson.tasks)
True
>>> track.lessons[0].lesson.id
'setting-up'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from engine.errors import RecordError
from engine.variants import Variant
from tutor.learn.checker import check_scenario
from tutor.learn.curriculum import Curriculum, Lesson, load_curriculum
from tutor.learn.scenario import Scenario


@dataclass(frozen=True)
class TrackLesson:
    """A lesson of a track: its required tasks (under the track's table) and its optional "another table" task."""

    lesson: Lesson
    tasks: tuple[Scenario, ...]
    other_table: Scenario | None = None

    @property
    def all_tasks(self) -> tuple[Scenario, ...]:
        """The tasks in the order the learner meets them: the required ones, then the optional one."""
        return self.tasks + ((self.other_table,) if self.other_table is not None else ())

    def is_optional(self, index: int) -> bool:
        """Whether task ``index`` of :attr:`all_tasks` is the optional "another table" task."""
        return index >= len(self.tasks)


@dataclass(frozen=True)
class Counts:
    """What a learner has done of a track, each figure over what it counts: the required tasks solved, their
    stars, and apart from them the optional tasks "at another table" solved. No figure can pass its total."""

    solved: int
    tasks: int
    stars: int
    most_stars: int
    optional_solved: int
    optional_tasks: int


@dataclass(frozen=True)
class LeftOut:
    """A task a lesson names that the table's house rules leave out, and why."""

    lesson_id: str
    task_id: str
    reason: str


@dataclass(frozen=True)
class Track:
    """The course of one table (a preset with house rules): its lessons in order."""

    variant: Variant
    lessons: tuple[TrackLesson, ...]
    others: tuple[TrackLesson, ...] = ()
    left_out: tuple[LeftOut, ...] = field(default=())

    def find(self, lesson_id: str) -> TrackLesson | None:
        """The lesson (of the track, or of another table) with this id, or None."""
        return next((tl for tl in (*self.lessons, *self.others) if tl.lesson.id == lesson_id), None)

    def in_track(self, lesson_id: str) -> bool:
        """Whether the lesson is one of the track's own (not another table's)."""
        return any(tl.lesson.id == lesson_id for tl in self.lessons)

    def place_after(self, lesson_id: str, index: int) -> tuple[str, int] | None:
        """Where to go after task ``index`` of a lesson: (lesson id, task index), or None after the track's last.
        After another table's lesson the way goes on where the track would (its first lesson not done is the
        page's business), so None there too."""
        current = self.find(lesson_id)
        if current is None:
            return None
        if index + 1 < len(current.all_tasks):
            return lesson_id, index + 1
        ids = [tl.lesson.id for tl in self.lessons]
        if lesson_id not in ids or ids.index(lesson_id) + 1 == len(ids):
            return None
        return ids[ids.index(lesson_id) + 1], 0

    def counts(self, stars: dict[str, int], most: int = 3) -> Counts:
        """The learner's figures in this track from their best ``stars`` by task id (of any track: a task of
        another track, or another table's lesson, counts nowhere here); ``most``: the stars a task can earn.

        >>> from engine.variants import get_variant
        >>> track = track_for(get_variant("femhundra"))
        >>> first = track.lessons[0].tasks[0].id
        >>> counts = track.counts({first: 3, "no-such-task": 3})
        >>> counts.solved, counts.stars, counts.tasks == sum(len(x.tasks) for x in track.lessons)
        (1, 3, True)
        """
        required = [task.id for lesson in self.lessons for task in lesson.tasks]
        optional = [lesson.other_table.id for lesson in self.lessons if lesson.other_table is not None]
        return Counts(
            solved=sum(1 for task in required if stars.get(task, 0) > 0),
            tasks=len(required),
            stars=sum(min(most, stars.get(task, 0)) for task in required),
            most_stars=most * len(required),
            optional_solved=sum(1 for task in optional if stars.get(task, 0) > 0),
            optional_tasks=len(optional),
        )

    def finished(self, stars: dict[str, int]) -> bool:
        """Whether every required task of every lesson of the track has been solved."""
        return bool(self.lessons) and all(self.lesson_done(lesson.lesson.id, stars) for lesson in self.lessons)

    def resume_at(self, place: tuple[str, int] | None, stars: dict[str, int]) -> tuple[str, int] | None:
        """Where to offer to go on from the learner's saved ``place``: None when there is nothing to go on
        with (no place, a lesson not in this table's course, or the course finished: an optional task left
        over is not "where you stopped")."""
        if place is None or self.finished(stars):
            return None
        lesson = self.find(place[0])
        if lesson is None:
            return None
        index = max(0, min(place[1], len(lesson.all_tasks) - 1))
        if lesson.is_optional(index):  # the optional task may be skipped: go on with the course
            return self.place_after(place[0], index)
        return place[0], index

    def lesson_done(self, lesson_id: str, stars: dict[str, int]) -> bool:
        """Whether every required task of the lesson has been solved (has stars)."""
        current = self.find(lesson_id)
        return current is not None and all(stars.get(task.id, 0) > 0 for task in current.tasks)


def track_for(variant: Variant, curriculum: Curriculum | None = None) -> Track:
    """The track of a table playing ``variant`` (a preset with the learner's house rules)."""
    return _track(variant, curriculum or load_curriculum())


@cache
def _track(variant: Variant, curriculum: Curriculum) -> Track:
    lessons, others, left_out = [], [], []
    for lesson in curriculum.lessons:
        tasks = []
        for task_id in lesson.scenarios:
            scenario = curriculum.scenarios[task_id]
            if not scenario.holds_for(variant):
                continue
            played = scenario.under(variant)
            problem = _replay_problem(played)
            if problem:
                left_out.append(LeftOut(lesson.id, task_id, problem))
            else:
                tasks.append(played)
        if tasks:
            lessons.append(TrackLesson(lesson, tuple(tasks), _other_table(lesson, variant, curriculum)))
        else:
            own = tuple(curriculum.scenarios[task_id] for task_id in lesson.scenarios)
            others.append(TrackLesson(lesson, own))
    return Track(variant, tuple(lessons), tuple(others), tuple(left_out))


def _replay_problem(scenario: Scenario) -> str:
    """Why the task does not replay under its table (a house rule changed it), or ""."""
    try:
        check_scenario(scenario, scenario.id)
    except RecordError as error:
        return f"{error.field}: {error.problem}"
    return ""


def _other_table(lesson: Lesson, variant: Variant, curriculum: Curriculum) -> Scenario | None:
    """The lesson's optional task at another table, if it has one and it does not hold for this table."""
    if lesson.other_table is None:
        return None
    scenario = curriculum.scenarios[lesson.other_table]
    if scenario.holds_for(variant):
        return None
    return scenario

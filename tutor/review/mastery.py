"""What the Progress page shows of the reviews: per lesson, how many of its tasks are mastered, learning and
due; the reviews ahead, day by day for two weeks; and the streak, the days in a row the learner kept up.

A task is *due* when its card is; *learning* when it has a card not due whose memory FSRS holds for less than
:data:`MASTERED_DAYS` days; *mastered* when it is solved and has no card, or a card FSRS holds for longer. A
task not solved yet and without a card is none of these, so the three never add up to more than the lesson's
tasks.

>>> from datetime import UTC, date, datetime
>>> streak({date(2026, 12, 4), date(2026, 12, 5), date(2026, 12, 6)}, date(2026, 12, 6))
3
>>> streak({date(2026, 12, 4), date(2026, 12, 5)}, date(2026, 12, 6))  # today's review still to come
2
>>> streak({date(2026, 12, 3)}, date(2026, 12, 6))
0
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Final

from tutor.course.track import Track
from tutor.progress.reviews import StoredCard, StoredReview
from tutor.review.cards import task_key
from tutor.review.schedule import State, scheduler_card

#: Days FSRS must hold a task in memory (its card's stability) for the task to count as mastered.
MASTERED_DAYS: Final = 21.0
#: Days of reviews ahead the Progress page charts.
FORECAST_DAYS: Final = 14


@dataclass(frozen=True, slots=True)
class LessonMastery:
    """One lesson's required tasks: how many are mastered, learning and due, of ``tasks``."""

    lesson_id: str
    tasks: int
    mastered: int
    learning: int
    due: int


def is_mastered(card: StoredCard) -> bool:
    """Whether FSRS holds the card's task in memory for :data:`MASTERED_DAYS` days or more."""
    scheduled = scheduler_card(card)
    return scheduled.state == State.Review and (scheduled.stability or 0.0) >= MASTERED_DAYS


def lesson_mastery(track: Track, stars: dict[str, int], cards: list[StoredCard], now: datetime) -> list[LessonMastery]:
    """Each lesson of the track, its required tasks counted as mastered, learning or due (or none of them)."""
    by_key = {card.key: card for card in cards}
    found = []
    for tl in track.lessons:
        mastered = learning = due = 0
        for task in tl.tasks:
            card = by_key.get(task_key(task.id))
            if card is not None and card.due <= now:
                due += 1
            elif card is not None and not is_mastered(card):
                learning += 1
            elif stars.get(task.id, 0) > 0:
                mastered += 1
        found.append(LessonMastery(tl.lesson.id, len(tl.tasks), mastered, learning, due))
    return found


def lessons_due(track: Track, cards: list[StoredCard], now: datetime) -> set[str]:
    """The lessons of the track (its own and other tables') with a task whose card is due: the Learn list
    marks them."""
    due = {card.key for card in cards if card.due <= now}
    return {tl.lesson.id for tl in (*track.lessons, *track.others) if any(task_key(t.id) in due for t in tl.all_tasks)}


def forecast(cards: list[StoredCard], today: date, days: int = FORECAST_DAYS) -> list[tuple[date, int]]:
    """The reviews ahead: for each of ``days`` days from ``today``, how many cards fall due that day (those
    overdue already count today)."""
    counts = [0] * days
    for card in cards:
        offset = max(0, (card.due.date() - today).days)
        if offset < days:
            counts[offset] += 1
    return [(today + timedelta(days=i), n) for i, n in enumerate(counts)]


def review_days(history: list[StoredReview]) -> set[date]:
    """The days (UTC) the learner reviewed at least one card."""
    return {review.reviewed_at.date() for review in history}


def streak(days: set[date], today: date) -> int:
    """The days in a row the learner kept up, up to today (or up to yesterday while today's review is still
    to come)."""
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count

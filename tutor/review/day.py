"""A day's review: the learner's due cards, each lesson task played at the learner's current table as a
variation of itself (:func:`tutor.review.variation.vary`: a new one each time the card comes back, the seed
being the card and when it fell due). A task that does not hold at the current table is played at the table
the card came from; a card whose task is gone from the course is left out of the day, still due. A costly
decision of a game comes back as its position (:mod:`tutor.review.decisions`), at the table it was played at.

>>> from datetime import UTC, datetime
>>> from engine.variants import PRESETS
>>> from tutor.progress.reviews import StoredCard
>>> now = datetime(2026, 12, 6, tzinfo=UTC)
>>> card = StoredCard("task:duty-top-card-meld", "dansk", "{}", "wrong", None, "{}", now, now)
>>> [item.task.id for item in build_day([card], PRESETS["500-rum"]) if item.task is not None]
['duty-top-card-meld']
"""

from __future__ import annotations

import zlib
from contextlib import suppress
from dataclasses import dataclass

from engine.errors import RecordError
from engine.round import Round
from engine.variants import HouseRuleError, Variant
from tutor.course.track import Track, track_for
from tutor.learn.scenario import Scenario
from tutor.progress.clock import stamp
from tutor.progress.reviews import StoredCard
from tutor.review.cards import Table, trained
from tutor.review.decisions import decision_state
from tutor.review.variation import NoVariation, vary


@dataclass(frozen=True)
class ReviewItem:
    """One card of a day's review: the stored card, and either the lesson its task belongs to with the task as
    played now (a variation of it), or a game decision's position with the learner's seat."""

    card: StoredCard
    lesson_id: str = ""
    task: Scenario | None = None
    decision: tuple[Round, int] | None = None


def build_day(cards: list[StoredCard], variant: Variant) -> list[ReviewItem]:
    """The day's review of ``cards`` (due, the one due first first) at the table playing ``variant``."""
    here = _tasks(track_for(variant))
    items = []
    for card in cards:
        kind, name = trained(card.key)
        if kind == "decision":
            with suppress(RecordError, ValueError, KeyError):  # a position this version cannot read: left out
                items.append(ReviewItem(card, decision=decision_state(card.position or "")))
            continue
        found = here.get(name) or _at_own_table(card, name)
        if found is None:
            continue
        lesson_id, task = found
        try:
            items.append(ReviewItem(card, lesson_id, task=vary(task, seed_of(card))))
        except NoVariation:
            items.append(ReviewItem(card, lesson_id, task=task))  # the task as the lesson has it
    return items


def seed_of(card: StoredCard) -> int:
    """The seed of a card's variation: the card and when it fell due (another each time it comes back)."""
    return zlib.crc32(f"{card.key}@{stamp(card.due)}".encode())


def _tasks(track: Track) -> dict[str, tuple[str, Scenario]]:
    """Every task of a track (played at its table) by id, with its lesson."""
    return {task.id: (tl.lesson.id, task) for tl in track.lessons for task in tl.all_tasks}


def _at_own_table(card: StoredCard, task_id: str) -> tuple[str, Scenario] | None:
    """The task at the table the card came from, if it is in that table's course."""
    try:
        variant = Table.from_stored(card.variant, card.house_rules).variant_played()
    except (HouseRuleError, KeyError, ValueError):
        return None
    return _tasks(track_for(variant)).get(task_id)

"""Review cards scheduled by FSRS (the ``fsrs`` package, py-fsrs): a mistake makes a card due at once, each
review rates it (:mod:`tutor.review.rating`) and the scheduler says when it comes back; no interval here is
made by hand. Each learner's cards are kept in the progress store (:class:`tutor.progress.reviews.Reviews`).

The scheduler runs without its fuzz (a random day more or less that spreads a big deck's reviews): a
learner's cards are few, and the same answers then bring the same schedule on every device and in the tests.

>>> from datetime import UTC, datetime, timedelta
>>> from tutor.progress import ProgressStore
>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = ProgressStore(os.path.join(folder.name, "p.sqlite3"))
>>> from engine.variants import PRESETS
>>> now = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)
>>> deck = Deck(store, "anna")
>>> deck.note_mistake("task:duty-top-card-meld", PRESETS["dansk"], "wrong", at=now)
True
>>> deck.count_due(at=now)
1
>>> after = deck.review("task:duty-top-card-meld", Rating.Good, at=now + timedelta(minutes=1))
>>> after > now + timedelta(minutes=5), deck.count_due(at=now + timedelta(minutes=2))
(True, 0)
>>> folder.cleanup()
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

from engine.variants import Variant
from tutor.progress.clock import utc_now
from tutor.progress.reviews import StoredCard, StoredReview
from tutor.progress.store import ProgressStore
from tutor.review.cards import Origin, Table

__all__ = ["SCHEDULER", "Deck", "Rating", "State", "scheduler_card"]

#: The one scheduler: FSRS's own parameters and steps, without fuzz (the module doc says why).
SCHEDULER = Scheduler(enable_fuzzing=False)


def scheduler_card(stored: StoredCard) -> Card:
    """The scheduler's card of a stored card."""
    return Card.from_dict(json.loads(stored.scheduler_card))


def _to_json(card: Card) -> str:
    return json.dumps(card.to_dict(), sort_keys=True)


class Deck:
    """One learner's review cards in ``store``: made by mistakes, rated by reviews."""

    def __init__(self, store: ProgressStore, learner: str) -> None:
        self.store = store
        self.learner = learner

    def note_mistake(
        self, key: str, variant: Variant, origin: Origin, position: str | None = None, at: datetime | None = None
    ) -> bool:
        """A mistake at what ``key`` trains: a new card, due at once (whether it is new); a card the learner has
        already is rated Again, as a review it failed (unless it is due already: it is coming anyway, or it is a
        game's decision: made once, so the same round's end seen again adds nothing)."""
        moment = at or utc_now()
        stored = self.store.reviews.card(self.learner, key)
        if stored is not None:
            if stored.due > moment and origin != "costly":
                self.review(key, Rating.Again, at=moment)
            return False
        table = Table.of(variant)
        card = Card(card_id=1, due=moment)
        return self.store.reviews.add(
            self.learner,
            StoredCard(key, table.variant, table.to_json(), origin, position, _to_json(card), moment, moment),
        )

    def review(self, key: str, rating: Rating, at: datetime | None = None, duration_ms: int | None = None) -> datetime:
        """Rate the card of ``key`` after a review; when it is due again (as FSRS says)."""
        moment = at or utc_now()
        stored = self.store.reviews.card(self.learner, key)
        if stored is None:
            raise KeyError(key)
        card, _ = SCHEDULER.review_card(scheduler_card(stored), rating, review_datetime=moment)
        self.store.reviews.update(
            self.learner, key, _to_json(card), card.due, StoredReview(key, moment, int(rating), duration_ms)
        )
        return card.due

    def due(self, at: datetime | None = None, limit: int | None = None) -> list[StoredCard]:
        """The cards due by ``at`` (now), the one due first first."""
        return self.store.reviews.due(self.learner, at or utc_now(), limit)

    def due_today(self, at: datetime | None = None) -> list[StoredCard]:
        """The cards due before the day of ``at`` (UTC) is over: a day's review."""
        return self.store.reviews.due(self.learner, end_of_day(at or utc_now()))

    def count_due(self, at: datetime | None = None) -> int:
        """How many cards are due by ``at`` (now)."""
        return self.store.reviews.count_due(self.learner, at or utc_now())

    def count_due_today(self, at: datetime | None = None) -> int:
        """How many cards are due before the day of ``at`` (UTC) is over: "N to review today"."""
        return self.store.reviews.count_due(self.learner, end_of_day(at or utc_now()))


def end_of_day(moment: datetime) -> datetime:
    """The last second of ``moment``'s day (UTC)."""
    start = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    return start + timedelta(days=1, seconds=-1)

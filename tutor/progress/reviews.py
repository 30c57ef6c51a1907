"""A learner's review cards and their history (tables ``review_card`` and ``review_log``): each card is kept
under what it trains (its key), with the table it came from, where it came from, the scheduler's card as the
scheduler writes it (:mod:`tutor.review.schedule` reads and writes it; this part only keeps it), and when it
is due. Keyed by learner like the rest of the course, so the cards move with the learner to another device,
go with "Start over" and come back with its undo (:mod:`tutor.progress.start_over`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, Select, func, select

from tutor.progress.clock import parse_stamp, stamp, utc_now
from tutor.progress.database import Database, check_name
from tutor.progress.layout import review_card, review_log
from tutor.storage.upsert import insert_for


@dataclass(frozen=True, slots=True)
class StoredCard:
    """One review card as kept: ``key`` names what it trains, ``variant`` and ``house_rules`` (JSON) the table
    it came from, ``origin`` where it came from, ``position`` a game decision's position (a record, or None),
    ``scheduler_card`` the scheduler's card (JSON), ``due`` when it is due and ``created_at`` when it was made
    (UTC)."""

    key: str
    variant: str
    house_rules: str
    origin: str
    position: str | None
    scheduler_card: str
    due: datetime
    created_at: datetime


@dataclass(frozen=True, slots=True)
class StoredReview:
    """One review of a card: when (UTC), its rating (1 Again to 4 Easy) and how long it took (ms, or None)."""

    key: str
    reviewed_at: datetime
    rating: int
    duration_ms: int | None


class Reviews:
    """The review cards of every learner in ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def add(self, learner: str, card: StoredCard) -> bool:
        """Keep a new card (a learner's first mistake at what it trains); whether it was new (a card of the
        same key is kept as it is: :meth:`update` schedules it)."""
        check_name(learner, "learner")
        check_name(card.key, "card key")
        with self.database.connect(write=True) as connection:
            statement = insert_for(connection, review_card).values(
                learner=learner, card_key=card.key, variant=card.variant, house_rules=card.house_rules,
                origin=card.origin, position=card.position, scheduler_card=card.scheduler_card,
                due=stamp(card.due), created_at=stamp(card.created_at),
            )
            made = connection.execute(statement.on_conflict_do_nothing(index_elements=["learner", "card_key"]))
            return bool(made.rowcount)

    def update(self, learner: str, key: str, scheduler_card: str, due: datetime, review: StoredReview) -> None:
        """Keep a card's new schedule after ``review``, and log the review."""
        c = review_card
        with self.database.connect(write=True) as connection:
            connection.execute(
                c.update()
                .where(c.c.learner == learner, c.c.card_key == key)
                .values(scheduler_card=scheduler_card, due=stamp(due))
            )
            statement = insert_for(connection, review_log).values(
                learner=learner, card_key=key, reviewed_at=stamp(review.reviewed_at), rating=review.rating,
                duration_ms=review.duration_ms,
            )
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["learner", "card_key", "reviewed_at"],
                    set_={"rating": statement.excluded.rating, "duration_ms": statement.excluded.duration_ms},
                )
            )

    def card(self, learner: str, key: str) -> StoredCard | None:
        """The learner's card of ``key``, or None."""
        with self.database.connect() as connection:
            row = connection.execute(_cards().where(review_card.c.learner == learner, review_card.c.card_key == key)).first()
        return None if row is None else _stored(row)

    def cards(self, learner: str) -> list[StoredCard]:
        """All the learner's cards, the one due first first."""
        with self.database.connect() as connection:
            rows = connection.execute(_cards().where(review_card.c.learner == learner).order_by(review_card.c.due, review_card.c.card_key))
            return [_stored(row) for row in rows]

    def due(self, learner: str, until: datetime | None = None, limit: int | None = None) -> list[StoredCard]:
        """The learner's cards due by ``until`` (now by default), the one due first first."""
        c = review_card
        moment = stamp(until or utc_now())
        query = _cards().where(c.c.learner == learner, c.c.due <= moment).order_by(c.c.due, c.c.card_key)
        with self.database.connect() as connection:
            return [_stored(row) for row in connection.execute(query if limit is None else query.limit(limit))]

    def count_due(self, learner: str, until: datetime | None = None) -> int:
        """How many of the learner's cards are due by ``until`` (now by default): one cheap read for a badge."""
        c = review_card
        with self.database.connect() as connection:
            return int(
                connection.execute(
                    select(func.count()).where(c.c.learner == learner, c.c.due <= stamp(until or utc_now()))
                ).scalar_one()
            )

    def history(self, learner: str) -> list[StoredReview]:
        """Every review the learner made, oldest first."""
        g = review_log
        with self.database.connect() as connection:
            rows = connection.execute(
                select(g.c.card_key, g.c.reviewed_at, g.c.rating, g.c.duration_ms)
                .where(g.c.learner == learner)
                .order_by(g.c.reviewed_at, g.c.card_key)
            )
            return [StoredReview(str(k), parse_stamp(str(at)), int(r), None if d is None else int(d)) for k, at, r, d in rows]


def _cards() -> Select[Any]:
    c = review_card
    return select(
        c.c.card_key, c.c.variant, c.c.house_rules, c.c.origin, c.c.position, c.c.scheduler_card, c.c.due, c.c.created_at
    )


def _stored(row: Row[Any]) -> StoredCard:
    key, variant, rules, origin, position, card, due, created = tuple(row)
    return StoredCard(
        str(key), str(variant), str(rules), str(origin), None if position is None else str(position), str(card),
        parse_stamp(str(due)), parse_stamp(str(created)),
    )

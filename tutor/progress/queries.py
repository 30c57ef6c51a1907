"""The progress store's writes that take more than one line of SQLAlchemy Core: the upserts that keep the
best stars and count attempts, and the merges of one learner's rows into another's. One statement serves
SQLite and PostgreSQL (:func:`tutor.storage.upsert.insert_for`)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Executable, Table, case, func, literal, select

from tutor.progress.layout import lesson_done, place, review_card, review_log, saved_game, scenario_result
from tutor.storage.upsert import insert_for


def now() -> Any:
    """The database's time now, as the tables keep it."""
    return func.current_timestamp()


def record_scenario(db: Connection, learner: str, scenario_id: str, stars: int) -> Executable:
    """Count an attempt that earned ``stars``; the best stars are kept."""
    t = scenario_result
    statement = insert_for(db, t).values(learner=learner, scenario_id=scenario_id, stars=stars)
    best = case((t.c.stars > statement.excluded.stars, t.c.stars), else_=statement.excluded.stars)
    return statement.on_conflict_do_update(  # type: ignore[no-any-return]
        index_elements=["learner", "scenario_id"],
        set_={"stars": best, "attempts": t.c.attempts + 1, "updated_at": now()},
    )


def keep(db: Connection, table: Table, learner: str, **values: str) -> Executable:
    """Keep ``values`` in the learner's one row of ``table`` (a new row, or the old one changed)."""
    statement = insert_for(db, table).values(learner=learner, **values)
    changed = {name: statement.excluded[name] for name in values} | {"updated_at": now()}
    return statement.on_conflict_do_update(index_elements=["learner"], set_=changed)  # type: ignore[no-any-return]


def merges(db: Connection, learner: str, old: str, add_attempts: bool = True) -> list[Executable]:
    """The statements that copy ``old``'s rows to ``learner``: the best stars kept and attempts added up
    where both have a row (or, without ``add_attempts``, the larger count kept: a copy made twice counts
    once); the learner's own place, saved games of the same name and review cards of the same task win (a
    card's review history comes along whole)."""
    t = scenario_result
    stars = insert_for(db, t).from_select(
        ["learner", "scenario_id", "stars", "attempts", "updated_at"],
        select(literal(learner), t.c.scenario_id, t.c.stars, t.c.attempts, t.c.updated_at).where(t.c.learner == old),
    )
    best = case((t.c.stars > stars.excluded.stars, t.c.stars), else_=stars.excluded.stars)
    more = case((t.c.attempts > stars.excluded.attempts, t.c.attempts), else_=stars.excluded.attempts)
    attempts = t.c.attempts + stars.excluded.attempts if add_attempts else more
    copied = [stars.on_conflict_do_update(
        index_elements=["learner", "scenario_id"], set_={"stars": best, "attempts": attempts}
    )]  # fmt: skip
    for table, keys in (
        (lesson_done, ["learner", "lesson_id"]),
        (place, ["learner"]),
        (saved_game, ["learner", "name"]),
        (review_card, ["learner", "card_key"]),
        (review_log, ["learner", "card_key", "reviewed_at"]),
    ):
        others = [c for c in table.columns if c.name != "learner"]
        statement = insert_for(db, table).from_select(
            ["learner", *[c.name for c in others]],
            select(literal(learner), *others).where(table.c.learner == old),
        )
        copied.append(statement.on_conflict_do_nothing(index_elements=keys))
    return copied

"""The progress tables, one schema step per version, and the upgrade of a file whose tables lack columns
this version writes (:mod:`tutor.progress.database` opens the database with them; :mod:`tutor.storage.migrate`
runs the steps). The same tables serve an SQLite file and PostgreSQL."""

from __future__ import annotations

from typing import Final

from sqlalchemy import CheckConstraint, Column, Connection, Integer, MetaData, Table, Text, literal, text, update

from tutor.progress.learner import LEGACY_PREFIX
from tutor.storage.migrate import Step, add_missing_columns, create_tables

#: Marks an SQLite file as this app's (``PRAGMA application_id``): "R500".
APPLICATION_ID: Final = 0x52353030
#: The component name the schema version is kept under (:mod:`tutor.storage.migrate`).
COMPONENT: Final = "progress"

metadata = MetaData()
_NOW = text("CURRENT_TIMESTAMP")

scenario_result = Table(
    "scenario_result",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("scenario_id", Text, primary_key=True),
    Column("stars", Integer, CheckConstraint("stars BETWEEN 1 AND 3"), nullable=False),
    Column("attempts", Integer, nullable=False, server_default=text("1")),
    Column("updated_at", Text, nullable=False, server_default=_NOW),
)
lesson_done = Table(
    "lesson_done",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("lesson_id", Text, primary_key=True),
    Column("completed_at", Text, nullable=False, server_default=_NOW),
)
place = Table(
    "place",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("lesson_id", Text, nullable=False),
    Column("scenario_index", Integer, nullable=False),
    Column("updated_at", Text, nullable=False, server_default=_NOW),
)
saved_game = Table(
    "saved_game",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("name", Text, primary_key=True),
    Column("record_yaml", Text, nullable=False),
    Column("saved_at", Text, nullable=False, server_default=_NOW),
)
# 2: a learner is an id kept in the browser (tutor.progress.learner), with an optional display name.
learner_profile = Table(
    "learner_profile",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("name", Text, nullable=False, server_default=text("''")),
    Column("updated_at", Text, nullable=False, server_default=_NOW),
)
# 3: the language the learner chose (tutor.i18n.languages), kept with their progress.
learner_language = Table(
    "learner_language",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("language", Text, nullable=False),
    Column("updated_at", Text, nullable=False, server_default=_NOW),
)

# 4: every Practice round a learner finished, for their statistics per variant and level.
practice_round = Table(
    "practice_round",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("game", Text, primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("variant", Text, nullable=False),
    Column("level", Text, nullable=False),
    Column("won", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("played_at", Text, nullable=False, server_default=_NOW),
)

# 5: identity kept in the browser, not in addresses (tutor.progress.learner): each browser's device token (its
# SHA-256) with its learner; the short-lived single-use codes that bring a learner to another device; when
# "Start over" last cleared a learner's progress (the rows wait under ``undo:<learner>`` until undone or old).
device = Table(
    "device",
    metadata,
    Column("token_hash", Text, primary_key=True),
    Column("learner", Text, nullable=False, index=True),
    Column("label", Text, nullable=False, server_default=text("''")),
    Column("created_at", Text, nullable=False),
    Column("last_seen", Text, nullable=False),
    Column("signed_out_at", Text, nullable=True),
)
device_code = Table(
    "device_code",
    metadata,
    Column("code_hash", Text, primary_key=True),
    Column("learner", Text, nullable=False),
    Column("expires_at", Text, nullable=False),
    Column("used_at", Text, nullable=True),
)
cleared_progress = Table(
    "start_over",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("cleared_at", Text, nullable=False),
)

# 6: review cards (tutor.review): what a learner got wrong, or needed a hint for, comes back scheduled by FSRS.
# A card is named by what it trains (``task:<scenario id>``, ``decision:<game>:<round>:<turn>``), with the
# table it came from, where it came from, the scheduler's card (its JSON, as ``fsrs`` writes it) and, apart, when
# it is due (UTC, :mod:`tutor.progress.clock`) so that a day's cards are one indexed read; every review is logged.
review_card = Table(
    "review_card",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("card_key", Text, primary_key=True),
    Column("variant", Text, nullable=False),
    Column("house_rules", Text, nullable=False, server_default=text("'{}'")),
    Column("origin", Text, nullable=False),
    Column("position", Text, nullable=True),
    Column("scheduler_card", Text, nullable=False),
    Column("due", Text, nullable=False, index=True),
    Column("created_at", Text, nullable=False),
)
review_log = Table(
    "review_log",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("card_key", Text, primary_key=True),
    Column("reviewed_at", Text, primary_key=True),
    Column("rating", Integer, CheckConstraint("rating BETWEEN 1 AND 4"), nullable=False),
    Column("duration_ms", Integer, nullable=True),
)

# 7: the learner's table (tutor.progress.profile): the variant they play and its house rules, kept with their
# progress so a reload, a lesson link and another device play the same table.
learner_table = Table(
    "learner_table",
    metadata,
    Column("learner", Text, primary_key=True),
    Column("variant", Text, nullable=False),
    Column("house_rules", Text, nullable=False, server_default=text("'{}'")),
    Column("updated_at", Text, nullable=False, server_default=_NOW),
)

#: The tables that hold a learner's progress (cleared by "start over"; saved games are kept).
PROGRESS_TABLES: Final = (scenario_result, lesson_done, place, review_card, review_log)
#: Every table a learner has rows in.
LEARNER_TABLES: Final = (
    *PROGRESS_TABLES, saved_game, learner_profile, learner_language, practice_round, learner_table
)


def move_to_legacy_keys(db: Connection) -> None:
    """The rows of version 1 were kept under a name anybody could type; they move to ``legacy:<name>``,
    which no browser's id can be, and reach a learner only when claimed by that name
    (:meth:`tutor.progress.accounts.Accounts.claim`)."""
    for table in (scenario_result, lesson_done, place, saved_game):
        db.execute(
            update(table)
            .where(table.c.learner.not_like(LEGACY_PREFIX + "%"))
            .values(learner=literal(LEGACY_PREFIX) + table.c.learner)
        )


#: The schema, one step per version: step ``i`` takes it from version ``i`` to ``i + 1``.
STEPS: Final[tuple[Step, ...]] = (
    create_tables(scenario_result, lesson_done, place, saved_game),
    create_tables(learner_profile),
    create_tables(learner_language),
    create_tables(practice_round),
    create_tables(device, device_code, cleared_progress),
    create_tables(review_card, review_log),
    create_tables(learner_table),
)
#: The schema version whose upgrade moves name-keyed rows to their legacy keys (:func:`move_to_legacy_keys`).
LEARNER_IDS_VERSION: Final = 2
#: The schema version this code writes.
SCHEMA_VERSION: Final = len(STEPS)


def upgrade_layout(db: Connection) -> tuple[str, str] | None:
    """Bring the tables of an older layout up to this version's: create a missing table, add a missing
    column with its default. A missing key column cannot be added: it is returned, (table, column); None
    when the layout is now current."""
    create_tables(*metadata.sorted_tables)(db)
    return add_missing_columns(db, metadata.sorted_tables)

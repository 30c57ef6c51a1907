"""The shared tables' schema: a table's settings and version, its seats, its rounds (the seed each was
dealt with), its moves and the Rommi calls awaiting their window's end; one schema step per version
(:mod:`tutor.storage.migrate`). The same tables serve an SQLite file and PostgreSQL.

Version 2 added to ``game_table``: the turn limit (``turn_seconds``, NULL: none), the turn being timed
(``turn_mark``: the round and the move its turn began at) and when it began (``turn_since``), the seat
that holds the host's role (``host_seat``: its own link then carries it), and the table's last notice
(``notice_kind``, ``notice_seat``: who timed out, became the host, got a new link or went away).

Version 3 added two tables: ``lobby_opener``, who opened each table (``visitor``: an opaque key of the
browser, never a learner id or a token) and when, so that one visitor keeps only a few lobbies open; and
``seat_device``, the devices each seat's link has been opened on (``device``: an opaque key of the browser)
and when first, so that the seat's player is told when it is opened on another."""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, Connection, Float, ForeignKey, Integer, MetaData, Table, Text, text

from tutor.storage.migrate import Step, add_missing_columns, create_tables

#: The component name the schema version is kept under.
COMPONENT: Final = "tables"

metadata = MetaData()


def _table_id() -> Column[int]:
    return Column("table_id", Integer, ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True)


game_table = Table(
    "game_table",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("code", Text, nullable=False, unique=True),
    Column("host_token", Text, nullable=False),
    Column("variant", Text, nullable=False),
    Column("house_rules", Text, nullable=False),
    Column("max_seats", Integer, nullable=False),
    Column("watchers", Integer, nullable=False),
    Column("version", Integer, nullable=False, server_default=text("1")),
    Column("window_until", Float),
    Column("updated", Float, nullable=False),
    Column("turn_seconds", Float),
    Column("turn_mark", Text),
    Column("turn_since", Float),
    Column("host_seat", Integer),
    Column("notice_kind", Text),
    Column("notice_seat", Integer),
)
seat = Table(
    "seat",
    metadata,
    _table_id(),
    Column("seat", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("token", Text, nullable=False, unique=True),
    Column("level", Text),
    Column("away", Integer, nullable=False, server_default=text("0")),
)
round_ = Table(
    "round",
    metadata,
    _table_id(),
    Column("number", Integer, primary_key=True),
    Column("seed", Integer, nullable=False),
    Column("totals", Text, nullable=False),
)
move = Table(
    "move",
    metadata,
    _table_id(),
    Column("round", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", Text, nullable=False),
)
lobby_opener = Table(
    "lobby_opener",
    metadata,
    _table_id(),
    Column("visitor", Text, nullable=False, index=True),
    Column("opened", Float, nullable=False),
)
seat_device = Table(
    "seat_device",
    metadata,
    _table_id(),
    Column("token", Text, primary_key=True),
    Column("device", Text, primary_key=True),
    Column("seen", Float, nullable=False),
)
pending_call = Table(
    "pending_call",
    metadata,
    _table_id(),
    Column("seat", Integer, primary_key=True),
    Column("move", Text, nullable=False),
)


def _add_table_columns(db: Connection) -> None:
    """Version 2: the turn limit, the host's seat and the notice (nullable columns, NULL: none). A database
    made at version 2 or later has them from its first step already, and this adds nothing."""
    add_missing_columns(db, [game_table])


#: The schema, one step per version. A tables file of the time before versions (``user_version`` 0) has
#: the tables of version 1 already: the first step finds them there and makes only version 3's. Each step
#: makes what is missing only, so a database made whole by the first step gets nothing from the others.
STEPS: Final[tuple[Step, ...]] = (
    create_tables(*metadata.sorted_tables),
    _add_table_columns,
    create_tables(lobby_opener, seat_device),
)

"""Visitors of the shared tables (an opaque key of a browser): one keeps at most :data:`MOST_LOBBIES` tables open
before their start, the oldest without a person seated closing when a new one opens; and the devices a seat's
link is opened on are kept, so that its player is told when another device opens it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from sqlalchemy import Connection, delete, insert, select

from tutor.storage.upsert import insert_for
from tutor.together import db as rows
from tutor.together.model import TableError, Ticket
from tutor.together.schema import game_table, lobby_opener, seat_device
from tutor.together.store.seats import StoreSeats

#: The most tables one visitor keeps open before their start (:meth:`StoreVisitors.open_table`).
MOST_LOBBIES: Final = 3


class StoreVisitors(StoreSeats):
    """The tables a visitor opens, and the devices a seat's link is opened on (see the module)."""

    def open_table(
        self,
        visitor: str,
        variant_id: str,
        house_rules: Mapping[str, Any],
        max_seats: int,
        watchers: bool = True,
        turn_seconds: float | None = None,
        most: int = MOST_LOBBIES,
    ) -> Ticket:
        """:meth:`create_table` for ``visitor`` (an opaque key of the browser that asks), who keeps at most
        ``most`` tables open before their start: when they have that many, the oldest where no person sits
        closes first (its code finds nothing any more); when a person sits at each, :class:`TableError`
        ``too_many_tables``. (Two opened by one visitor at the same moment may both pass the count.)"""
        with self._write() as db:
            self._close_for(db, visitor, most)
        ticket = self.create_table(variant_id, house_rules, max_seats, watchers, turn_seconds)
        with self._write() as db:
            table = self._table(db, ticket.code)
            db.execute(insert(lobby_opener).values(table_id=table["id"], visitor=visitor, opened=self.clock()))
        return ticket

    def _close_for(self, db: Connection, visitor: str, most: int) -> None:
        """Make room for one more open table of ``visitor``: close their oldest tables without a person seated
        while they have ``most`` (refused when none is empty)."""
        o, g = lobby_opener, game_table
        open_ones = db.execute(
            select(o.c.table_id)
            .join(g, g.c.id == o.c.table_id)
            .where(o.c.visitor == visitor, g.c.updated >= self.clock() - self.idle_seconds)
            .order_by(o.c.opened, o.c.table_id)
        ).scalars()
        lobbies = [int(found) for found in open_ones if not rows.started(db, int(found))]
        if len(lobbies) < most:
            return
        empty = [found for found in lobbies if all(s.computer for s in rows.seats(db, found))]
        if len(lobbies) - len(empty) >= most:
            raise TableError("too_many_tables", most=most)
        db.execute(delete(g).where(g.c.id.in_(empty[: len(lobbies) - most + 1])))

    def seat_opened_elsewhere(self, code: str, token: str, device: str) -> bool:
        """Keep that the link of ``token``'s seat is open on ``device`` (an opaque key of the browser);
        whether another device has opened it since it was first opened on this one (the seat's player is
        told). False for a token that holds no person's seat."""
        d = seat_device
        with self._read() as db:
            table = self._table(db, code, lock=False)
            if rows.seat_of(db, table["id"], token) is None:
                return False
            where = (d.c.table_id == table["id"], d.c.token == token)
            seen = {str(k): float(v) for k, v in db.execute(select(d.c.device, d.c.seen).where(*where)).all()}
        if device in seen:
            return any(moment >= seen[device] for other, moment in seen.items() if other != device)
        with self._write() as db:
            statement = insert_for(db, d).values(table_id=table["id"], token=token, device=device, seen=self.clock())
            db.execute(statement.on_conflict_do_nothing(index_elements=["table_id", "token", "device"]))
        return False

"""The host's tools during a round at a shared table, and a player stepping away: a computer plays an absent
player's seat until its player comes back, the host's role passes to a seated player (whose own link then
carries it; the old host's token no longer does), and a seat gets a new link (the old one no longer holds it).
Every phone is told (:class:`tutor.together.model.Notice`)."""

from __future__ import annotations

import secrets

from sqlalchemy import Connection, RowMapping, select, update

from tutor.together import db as rows
from tutor.together.model import TableError
from tutor.together.schema import game_table
from tutor.together.schema import seat as seat_row
from tutor.together.store.play import StorePlay


class StoreHost(StorePlay):
    """The host's tools during a round, and a player away (see the module)."""

    def pass_host(self, code: str, host_token: str, seat: int) -> None:
        """The host hands the host's role to the player of ``seat`` (host only, once the game has started):
        that seat's own link carries it from now on; the host's token is replaced by one nobody holds, so
        the old host's link no longer does. Every phone is told."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            if not rows.started(db, table["id"]):
                raise TableError("not_started")
            self._person_seat(db, table, seat)
            g = game_table
            db.execute(
                update(g).where(g.c.id == table["id"]).values(host_token=secrets.token_urlsafe(16), host_seat=seat)
            )
            self._notice(db, table, "new_host", seat)
            self._bump(db, table["id"])

    def reissue_seat(self, code: str, host_token: str, seat: int) -> str:
        """A new secret token for the person's ``seat`` (host only), for the host to give its player: the
        seat's old link no longer holds it. Every phone is told."""
        token = secrets.token_urlsafe(16)
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            self._person_seat(db, table, seat)
            db.execute(
                update(seat_row).where(seat_row.c.table_id == table["id"], seat_row.c.seat == seat).values(token=token)
            )
            self._notice(db, table, "new_link", seat)
            self._bump(db, table["id"])
        return token

    def _person_seat(self, db: Connection, table: RowMapping, seat: int) -> None:
        """Refuse ``seat`` unless a person sits in it (a computer seat has no link and cannot host)."""
        found = db.execute(
            select(seat_row.c.level).where(seat_row.c.table_id == table["id"], seat_row.c.seat == seat)
        ).first()
        if found is None:
            raise TableError("no_seat")
        if found[0] is not None:
            raise TableError("computer_seat")

    def leave(self, code: str, token: str) -> None:
        """A computer plays the token's seat from now on, until :meth:`come_back`."""
        self._set_away(code, token, True)

    def come_back(self, code: str, token: str) -> None:
        """The token's player plays their seat again."""
        self._set_away(code, token, False)

    def hand_to_computer(self, code: str, host_token: str, seat: int) -> None:
        """The host lets a computer play ``seat`` (a phone left in a pocket) until its player comes back."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            where = (seat_row.c.table_id == table["id"], seat_row.c.seat == seat)
            if db.execute(select(seat_row.c.seat).where(*where)).first() is None:
                raise TableError("no_seat")
            db.execute(update(seat_row).where(*where).values(away=1))
            self._notice(db, table, "away", seat)
            self._after_change(db, table)

    def _set_away(self, code: str, token: str, away: bool) -> None:
        with self._write() as db:
            table = self._table(db, code)
            number = rows.seat_of(db, table["id"], token)
            if number is None:
                raise TableError("bad_token")
            db.execute(
                update(seat_row)
                .where(seat_row.c.table_id == table["id"], seat_row.c.seat == number)
                .values(away=int(away))
            )
            if away:
                self._notice(db, table, "away", number)
            else:
                self._clear_notice(db, table, number)
            self._after_change(db, table)

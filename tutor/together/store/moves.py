"""A device's requests during a round at a shared table: the version every device polls (which settles a call
window that has passed and plays a turn whose time ran out), a move, and "no call" in a call window. A call
(Rommi!, Rummy!) is checked at once, answered to the sender alone and kept aside until the window closes."""

from __future__ import annotations

from sqlalchemy import Connection, RowMapping, select

from engine.errors import RulesError
from engine.moves import Move, Rommi, Rummy
from engine.round import Round
from tutor.together import db as rows
from tutor.together.calls import NO_CALL, may_call
from tutor.together.model import StaleError, TableError
from tutor.together.schema import game_table
from tutor.together.store.play import StorePlay, turn_due


class StoreMoves(StorePlay):
    """A device's requests during a round (see the module)."""

    def version(self, code: str) -> int:
        """The table's version (settling a call window that has passed, which moves it). One indexed
        read of two numbers: this is what every device polls."""
        g = game_table
        with self._read() as db:
            row = db.execute(
                select(g.c.version, g.c.window_until, g.c.updated, g.c.turn_seconds, g.c.turn_since).where(
                    g.c.code == code.strip().upper()
                )
            ).first()
        now = self.clock()
        if row is None or row[2] < now - self.idle_seconds:
            raise TableError("no_table")
        if (row[1] is not None and row[1] <= now) or turn_due(row[1], row[3], row[4], now):
            with self._write() as db:
                self._settle(db, self._table(db, code))
                self._time_out(db, self._table(db, code))
                return int(self._table(db, code)["version"])
        return int(row[0])

    def move(self, code: str, token: str, move: Move, seen_version: int) -> int:
        """Make ``move`` for the token's seat, on the table as it was at ``seen_version``; the
        new version. An illegal move raises ``RulesError`` and changes nothing; a wrong token, a table
        that moved on (:class:`StaleError`) or a draw while calls are awaited raise :class:`TableError`.
        A Rommi call in the window is kept aside (see the module) and returns the unchanged version,
        unless it was the last answer the window waited for."""
        self.version(code)  # settles a passed call window first
        with self._write() as db:
            table, seat, state, number = self._mover(db, code, token, seen_version)
            window = table["window_until"] is not None
            if isinstance(move, Rommi | Rummy):  # a call: kept aside until the window closes
                if not window:
                    kind = "rummy" if isinstance(move, Rummy) else "rommi"
                    raise RulesError(f"{kind}_not_allowed", f"{kind}.window_closed")
                state.apply(move, seat)  # the engine's answer, to the caller only
                return self._answer(db, table, state, seat, str(move), seen_version)
            if window:
                raise TableError("wait_for_calls")
            after = state.apply(move, seat)
            self._clear_notice(db, table, seat)  # its player is back at it (never for a call: that stays secret)
            self._append(db, table, number, state, seat, move, after)
            return self._after_change(db, table, after)

    def no_call(self, code: str, token: str, seen_version: int) -> int:
        """The token's seat says it will not call in the open window (it may still call until the window
        closes); the version, which moves only when this was the last answer the window waited for."""
        self.version(code)
        with self._write() as db:
            table, seat, state, _ = self._mover(db, code, token, seen_version)
            if table["window_until"] is None or not may_call(state, seat):
                raise TableError("no_window")
            return self._answer(db, table, state, seat, NO_CALL, seen_version)

    def _mover(self, db: Connection, code: str, token: str, seen_version: int) -> tuple[RowMapping, int, Round, int]:
        """The table, the token's seat, the round and its number, for a move made at ``seen_version``."""
        table = self._table(db, code)
        number_of_seat = rows.seat_of(db, table["id"], token)
        if number_of_seat is None:
            raise TableError("bad_token")
        if int(table["version"]) != seen_version:
            raise StaleError()
        state, number = self._state(db, table)
        if state is None:
            raise TableError("not_started")
        return table, number_of_seat, state, number

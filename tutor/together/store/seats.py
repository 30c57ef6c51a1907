"""A shared table before its start and between its rounds: the table opened with its rules, seats and turn
limit; players seated (by name, or a computer by level); a seat given up or freed, the seats after it moving up
one so they stay numbered 1, 2, 3…; the first round dealt, and each next one once the last is over."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, Final

from sqlalchemy import Connection, RowMapping, delete, insert, select, update

from engine.bots import get_bot
from engine.names import name_key
from engine.variants import HouseRuleError, get_variant
from tutor.i18n.strings import t
from tutor.together import db as rows
from tutor.together.model import MAX_SEATS, TableError, Ticket, check_name
from tutor.together.schema import game_table
from tutor.together.schema import seat as seat_row
from tutor.together.store.play import StorePlay

#: The letters of a join code: no 0/O, 1/I/L to misread.
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: The shortest and longest turn limit a table may have, in seconds.
TURN_LIMIT_RANGE: Final = (10.0, 3600.0)


class StoreSeats(StorePlay):
    """Tables opened and seats taken before the start; the rounds dealt (see the module)."""

    def create_table(
        self,
        variant_id: str,
        house_rules: Mapping[str, Any],
        max_seats: int,
        watchers: bool = True,
        turn_seconds: float | None = None,
    ) -> Ticket:
        """A new table for ``max_seats`` players (as the variant allows), with a turn limit of
        ``turn_seconds`` (None: none; else within :data:`TURN_LIMIT_RANGE`); the ticket holds its join code
        and the host's token. Idle tables are forgotten first."""
        try:
            variant = get_variant(variant_id, dict(house_rules))
        except (KeyError, HouseRuleError):
            raise TableError("bad_variant") from None
        high = min(variant.max_players, MAX_SEATS)
        if not variant.min_players <= max_seats <= high:
            raise TableError("bad_seats", low=variant.min_players, high=high)
        if turn_seconds is not None and not TURN_LIMIT_RANGE[0] <= turn_seconds <= TURN_LIMIT_RANGE[1]:
            raise TableError("bad_turn_limit")
        self.expire()
        token = secrets.token_urlsafe(16)
        with self._write() as db:
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if db.execute(select(game_table.c.id).where(game_table.c.code == code)).first() is None:
                    break
            db.execute(
                insert(game_table).values(
                    code=code,
                    host_token=token,
                    variant=variant.id,
                    house_rules=json.dumps(rows.rules_of(variant)),
                    max_seats=max_seats,
                    watchers=int(watchers),
                    updated=self.clock(),
                    turn_seconds=turn_seconds,
                )
            )
        return Ticket(code, token)

    def join(self, code: str, name: str) -> Ticket:
        """Seat ``name`` (checked by :func:`tutor.together.model.check_name`) in the first free seat,
        before the game starts; the ticket holds the seat's secret token."""
        with self._write() as db:
            table = self._lobby(db, code)
            seats = rows.seats(db, table["id"])
            if len(seats) >= table["max_seats"]:
                raise TableError("table_full")
            name = check_name(name, [s.name for s in seats])
            token = secrets.token_urlsafe(16)
            db.execute(insert(seat_row).values(table_id=table["id"], seat=len(seats), name=name, token=token))
            self._bump(db, table["id"])
            return Ticket(table["code"], token, len(seats))

    def add_computer(self, code: str, host_token: str, level: str = "greedy") -> int:
        """Seat a computer player (host only, before the start); its seat number."""
        get_bot(level)  # an unknown level is a KeyError here, not at the first move
        with self._write() as db:
            table = self._lobby(db, code, host_token)
            seats = rows.seats(db, table["id"])
            if len(seats) >= table["max_seats"]:
                raise TableError("table_full")
            taken = {name_key(s.name) for s in seats}
            number = 1
            while name_key(t("together.computer_name", number=number)) in taken:
                number += 1
            db.execute(
                insert(seat_row).values(
                    table_id=table["id"],
                    seat=len(seats),
                    name=t("together.computer_name", number=number),
                    token=secrets.token_urlsafe(16),
                    level=level,
                )
            )
            self._bump(db, table["id"])
            return len(seats)

    def free_seat(self, code: str, host_token: str, seat: int) -> None:
        """Free seat ``seat`` (host only, before the start): its player, or computer, no longer sits there;
        the seats after it move up one."""
        with self._write() as db:
            table = self._lobby(db, code, host_token)
            if not 0 <= seat < len(rows.seats(db, table["id"])):
                raise TableError("no_seat")
            self._unseat(db, table, seat)

    def leave_seat(self, code: str, token: str) -> None:
        """The token's player gives up their seat before the start (their link no longer holds one)."""
        with self._write() as db:
            table = self._lobby(db, code)
            seat = rows.seat_of(db, table["id"], token)
            if seat is None:
                raise TableError("bad_token")
            self._unseat(db, table, seat)

    def _unseat(self, db: Connection, table: RowMapping, number: int) -> None:
        count = len(rows.seats(db, table["id"]))
        db.execute(delete(seat_row).where(seat_row.c.table_id == table["id"], seat_row.c.seat == number))
        for later in range(number + 1, count):  # one at a time, in order: the seat below is always free
            db.execute(
                update(seat_row)
                .where(seat_row.c.table_id == table["id"], seat_row.c.seat == later)
                .values(seat=later - 1)
            )
        self._bump(db, table["id"])

    def start(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal round 1 with ``seed`` (a random one without) to everyone seated (host only); the new version."""
        with self._write() as db:
            table = self._lobby(db, code, host_token)
            seats = rows.seats(db, table["id"])
            variant = rows.variant_of(table)
            if len(seats) < variant.min_players:
                raise TableError("too_few", low=variant.min_players)
            self._deal(db, table, 1, seed, [0] * len(seats))
            return self._after_change(db, table)

    def next_round(self, code: str, host_token: str, seed: int | None = None) -> int:
        """Deal the next round once the last one is over and the game goes on (host only); the new version."""
        with self._write() as db:
            table = self._host_table(db, code, host_token)
            state, number = self._state(db, table)
            if state is None or not state.round_over:
                raise TableError("round_not_over")
            if state.game_over:
                raise TableError("game_over")
            self._deal(db, table, number + 1, seed, [s.total for s in state.scores()])
            return self._after_change(db, table)

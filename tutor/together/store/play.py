"""What follows a change at a shared table, inside its transaction: the move stored, the computer players'
moves while it is their turn, a call window opened on a discard (the computer seats answering at once) and
settled when its time has passed or every seat has answered, and the turn limit's clock (the computer playing
the one turn of a seat whose time ran out). The round in play for :class:`tutor.together.store.SqlTableStore`."""

from __future__ import annotations

import random
from typing import Final

from sqlalchemy import Connection, RowMapping, delete, func, insert, select, update

from engine.bots import get_bot
from engine.moves import Discard, Move
from engine.round import Round
from tutor.storage.upsert import insert_for
from tutor.together import db as rows
from tutor.together.calls import NO_CALL, answered_by_all, first_call, has_calls, may_call
from tutor.together.schema import game_table, pending_call
from tutor.together.schema import move as move_log
from tutor.together.store.core import StoreCore

#: The most moves the computer makes in one turn it plays for a seat (a turn takes a handful).
MAX_TURN_MOVES: Final = 100


class StorePlay(StoreCore):
    """The round in play at a shared table, inside a request's transaction (see the module)."""

    def _append(
        self,
        db: Connection,
        table: RowMapping,
        number: int,
        before: Round,
        seat: int,
        move: Move,
        after: Round,
    ) -> None:
        """Store an applied move; a discard in a variant with the call opens the call window."""
        m = move_log
        count = db.execute(
            select(func.count()).select_from(m).where(m.c.table_id == table["id"], m.c.round == number)
        ).scalar_one()
        db.execute(insert(m).values(table_id=table["id"], round=number, idx=count, seat=seat, move=str(move)))
        if isinstance(move, Discard) and has_calls(after):
            until = self.clock() + self.call_window + self.display_delay  # the whole window, once shown
            db.execute(update(game_table).where(game_table.c.id == table["id"]).values(window_until=until))
            self._computer_calls(db, table, after)

    def _after_change(self, db: Connection, table: RowMapping, state: Round | None = None) -> int:
        """Let the computer players move while it is their turn and no call window is open; bump the version.
        ``state``: the round now, when moves were appended in this transaction (the cache is a version behind)."""
        table = self._table(db, table["code"])
        if state is None:
            state, number = self._state(db, table)
        else:
            number = state.round_number
        if state is not None:
            seats = rows.seats(db, table["id"])
            moves = 0
            while not state.round_over and seats[state.to_move].played_by_computer and moves < 500:
                if self._window_open(db, table):
                    break
                state = self._computer_move(db, table, number, state)
                moves += 1
        if table["turn_seconds"] is not None:
            self._mark_turn(db, table, state, number)
        version = self._bump(db, table["id"])
        if state is not None:
            self._remember((int(table["id"]), version), state)
        return version

    def _window_open(self, db: Connection, table: RowMapping) -> bool:
        """Whether a call window is open at the table now (opened, maybe, in this transaction)."""
        g = game_table
        return db.execute(select(g.c.window_until).where(g.c.id == table["id"])).scalar() is not None

    def _computer_move(self, db: Connection, table: RowMapping, number: int, state: Round) -> Round:
        """The computer makes one move for the seat to move (its own level; a person's seat: the greedy
        one), stored as that seat's move; the round after it."""
        bot = get_bot(rows.level(db, table["id"], state.to_move))
        move = bot.move(state, _rng(table, number, state))
        after = state.apply(move, state.to_move)
        self._append(db, table, number, state, state.to_move, move, after)
        return after

    def _mark_turn(self, db: Connection, table: RowMapping, state: Round | None, number: int) -> None:
        """Start the turn limit's clock when a new turn has begun (a turn is known by its round and the move
        it began at: the same seat's next turn is another one), stop it when the round is over."""
        mark = None
        if state is not None and not state.round_over:
            mark = f"{number}:{turn_start(rows.moves(db, table['id'], number), state.to_move)}"
        if mark != table["turn_mark"]:
            g = game_table
            since = None if mark is None else self.clock()
            db.execute(update(g).where(g.c.id == table["id"]).values(turn_mark=mark, turn_since=since))

    def _time_out(self, db: Connection, table: RowMapping) -> None:
        """When the turn limit of the seat to move has run out (looked at again here, under the lock), the
        computer plays the rest of that one turn for it, as the seat's own moves; the seat stays its
        player's, and every phone is told. Then the round goes on as after any move."""
        if not turn_due(table["window_until"], table["turn_seconds"], table["turn_since"], self.clock()):
            return
        state, number = self._state(db, table)
        if state is None or state.round_over:
            self._after_change(db, table, state)  # nothing to play: the clock stops
            return
        seat = state.to_move
        moves = 0
        while not state.round_over and state.to_move == seat and moves < MAX_TURN_MOVES:
            state = self._computer_move(db, table, number, state)
            moves += 1
        self._notice(db, table, "timed_out", seat)
        self._after_change(db, table, state)

    def _answers(self, db: Connection, table: RowMapping) -> dict[int, str]:
        """The calls and "no calls" sent in the open window: seat → move (or :data:`NO_CALL`)."""
        p = pending_call
        found = db.execute(select(p.c.seat, p.c.move).where(p.c.table_id == table["id"])).all()
        return {int(r[0]): str(r[1]) for r in found}

    def _answer(self, db: Connection, table: RowMapping, state: Round, seat: int, answer: str, version: int) -> int:
        """Keep ``seat``'s answer in the window; settle the window now if it was the last one awaited."""
        statement = insert_for(db, pending_call).values(table_id=table["id"], seat=seat, move=answer)
        db.execute(
            statement.on_conflict_do_update(index_elements=["table_id", "seat"], set_={"move": statement.excluded.move})
        )
        if not answered_by_all(state, self._answers(db, table)):
            return version
        self._settle(db, table, early=True)
        return int(self._table(db, table["code"])["version"])

    def _computer_calls(self, db: Connection, table: RowMapping, state: Round) -> None:
        """The computer seats answer as the window opens: a call, or none."""
        db.execute(delete(pending_call).where(pending_call.c.table_id == table["id"]))
        for info in rows.seats(db, table["id"]):
            if not info.played_by_computer or not may_call(state, info.seat):
                continue
            bot = get_bot(rows.level(db, table["id"], info.seat))
            call = bot.call(state, info.seat, _rng(table, state.round_number, state, info.seat))
            answer = NO_CALL if call is None else str(call)
            db.execute(insert(pending_call).values(table_id=table["id"], seat=info.seat, move=answer))

    def _settle(self, db: Connection, table: RowMapping, early: bool = False) -> None:
        """Close a call window that has passed (``early``: that every seat has answered): make the call
        first in turn order after the discarder, then let the computers play on."""
        if table["window_until"] is None or (table["window_until"] > self.clock() and not early):
            return
        state, number = self._state(db, table)
        calls = self._answers(db, table)
        db.execute(delete(pending_call).where(pending_call.c.table_id == table["id"]))
        db.execute(update(game_table).where(game_table.c.id == table["id"]).values(window_until=None))
        chosen = None if state is None else first_call(state, calls)
        if state is not None and chosen is not None:
            seat, move, after = chosen
            self._append(db, table, number, state, seat, move, after)
            state = after
        self._after_change(db, table, state)


def turn_start(moves: list[tuple[int, str]], seat: int) -> int:
    """Where the turn of ``seat``, to move now, began in a round's ``moves`` (seat, move): after the last
    move of another seat.

    >>> turn_start([(0, "draw"), (0, "discard 8H"), (1, "draw")], 1), turn_start([(0, "draw"), (0, "discard 8H")], 1)
    (2, 2)
    """
    start = len(moves)
    while start > 0 and moves[start - 1][0] == seat:
        start -= 1
    return start


def turn_due(window_until: float | None, turn_seconds: float | None, turn_since: float | None, now: float) -> bool:
    """Whether the turn limit of the turn being timed has run out (never while a call window is open)."""
    if window_until is not None or turn_seconds is None or turn_since is None:
        return False
    return bool(turn_since + turn_seconds <= now)


def _rng(table: RowMapping, number: int, state: Round, salt: int = -1) -> random.Random:
    """The computer players' chance: fixed by the table, the round and the moment, so a replay agrees."""
    return random.Random(f"{table['code']}:{number}:{len(state.pile)}:{len(state.stock)}:{state.to_move}:{salt}")

"""What a device sees of a shared table: its view for the holder of a token (a seat sees its own hand, the host
and a watcher none; the last moves told as everyone saw them), and every finished round as a record."""

from __future__ import annotations

import json

from tutor.i18n.style import Style
from tutor.together import db as rows
from tutor.together.calls import last_caller, may_call
from tutor.together.model import Notice, TableError, TableView
from tutor.together.records import last_moves, round_record
from tutor.together.store.core import holds_host
from tutor.together.store.moves import StoreMoves


class StoreReading(StoreMoves):
    """What a device sees of a table (see the module)."""

    def view(
        self, code: str, token: str | None, language: str | Style = "en", host_token: str | None = None
    ) -> TableView:
        """The table as the holder of ``token`` may see it: a seat sees its own hand, the host and a
        watcher none. A watcher without any token is refused when the host did not allow watching.
        The last moves are told in ``language``, as everyone at the table saw them. The view is the
        host's when ``token`` is the host's, or the seat that holds the host's role, or when
        ``host_token`` (a host's token the device holds beside its seat's) is still the table's."""
        self.version(code)  # settles a passed call window (and a turn whose time ran out) first
        with self._read(snapshot=True) as db:
            table = self._table(db, code, lock=False)
            seat = rows.seat_of(db, table["id"], token) if token else None
            by_token = holds_host(table, token)
            is_host = by_token or holds_host(table, host_token) or (seat is not None and seat == table["host_seat"])
            if seat is None and not by_token and (token or not table["watchers"]):
                raise TableError("bad_token" if token else "no_watchers")
            state, number = self._state(db, table)
            seats = rows.seats(db, table["id"])
            finished = number - (0 if state is None or state.round_over else 1)
            waiting = table["window_until"] is not None
            moves = rows.moves(db, table["id"], number) if state is not None else []
            last = last_moves(self._dealt(db, table, number), moves, language) if state is not None else []
            call_open = waiting and state is not None and seat is not None and may_call(state, seat)
            answered = call_open and seat in self._answers(db, table)
            return TableView(
                code=table["code"],
                version=int(table["version"]),
                variant_id=table["variant"],
                house_rules=json.loads(table["house_rules"]),
                max_seats=table["max_seats"],
                seats=tuple(seats),
                started=state is not None,
                seat=seat,
                is_host=is_host,
                seen=None if state is None else state.view(seat),
                waiting=waiting,
                call_open=call_open and not answered,
                round_number=number,
                finished_rounds=max(finished, 0),
                last_moves=tuple(last),
                answered=answered,
                called_by=None if waiting or state is None or state.round_over else last_caller(moves),
                host_seat=table["host_seat"],
                notice=None if table["notice_kind"] is None else Notice(table["notice_kind"], table["notice_seat"]),
                turn_seconds=table["turn_seconds"],
            )

    def records(self, code: str, token: str | None) -> str:
        """Every finished round as a ``docs/record.md`` record (YAML documents, with the deal), as
        ``python -m engine replay`` reads each one. Anyone who may view the table may download them."""
        self.view(code, token)  # the same right as looking
        documents = []
        with self._read() as db:
            table = self._table(db, code, lock=False)
            for number, seed, _ in rows.rounds(db, table["id"]):
                dealt = self._dealt(db, table, number)
                record = round_record(dealt, seed, rows.moves(db, table["id"], number))
                if record is not None:
                    documents.append(record)
        return "---\n".join(documents)

"""Tables that go on (:mod:`tutor.together.store`): the host passes the host's role and gives a seat a
new link (the old tokens are refused after), a turn limit lets the computer play one turn of a seat whose
time ran out (once, as that seat's ordinary moves), and every phone is told (the table's notice). Every
test runs on both backends (``store_target``: an SQLite file, a PostgreSQL database)."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from database_support import TABLES_V0, old_sqlite_file
from test_together import Clock, play_one, two_player_table

from engine.moves import Move
from engine.records.game import parse_record, replay
from tutor.together.model import Notice, TableError
from tutor.together.schema import STEPS
from tutor.together.seat import news
from tutor.together.store import SqlTableStore


def _refused(key: str, call: object, *args: object) -> None:
    """``call(*args)`` raises the :class:`TableError` ``key``."""
    with pytest.raises(TableError) as caught:
        call(*args)  # type: ignore[operator]
    assert caught.value.key == key


def test_the_host_passes_the_role_to_a_seated_player(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host = store.create_table("femhundra", {}, 3)
    anna = store.join(host.code, "Anna")
    bertil = store.join(host.code, "Bertil")
    store.add_computer(host.code, host.token)
    _refused("not_started", store.pass_host, host.code, host.token, 1)  # a round first
    store.start(host.code, host.token, seed=3)
    _refused("not_host", store.pass_host, host.code, anna.token, 1)
    _refused("computer_seat", store.pass_host, host.code, host.token, 2)
    _refused("no_seat", store.pass_host, host.code, host.token, 5)
    before = store.version(host.code)
    store.pass_host(host.code, host.token, 1)
    assert store.version(host.code) == before + 1
    for ticket in (anna, bertil):
        view = store.view(host.code, ticket.token)
        assert view.host_seat == 1 and view.notice == Notice("new_host", 1)
        assert view.is_host == (ticket is bertil)  # his own link carries the role now
    assert news(store.view(host.code, anna.token), "en") == ("info", "Bertil is now the host.")
    assert news(store.view(host.code, bertil.token), "en") == ("info", "You are now the host.")
    _refused("bad_token", store.view, host.code, host.token)  # the old host's token is gone
    assert not store.view(host.code, anna.token, host_token=host.token).is_host
    _refused("not_host", store.hand_to_computer, host.code, host.token, 0)
    store.hand_to_computer(host.code, bertil.token, 0)  # the new host's tools work with his seat's token
    assert store.view(host.code, anna.token).seats[0].away
    store.pass_host(host.code, bertil.token, 0)  # and he may pass it on
    assert not store.view(host.code, bertil.token).is_host and store.view(host.code, anna.token).is_host
    _refused("not_host", store.reissue_seat, host.code, bertil.token, 0)


def test_the_host_gives_a_seat_a_new_link(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host, anna, bertil = two_player_table(store)
    _refused("not_host", store.reissue_seat, host.code, anna.token, 1)
    _refused("no_seat", store.reissue_seat, host.code, host.token, 2)
    new = store.reissue_seat(host.code, host.token, 1)
    assert new not in (bertil.token, anna.token, host.token) and len(new) >= 20
    _refused("bad_token", store.view, host.code, bertil.token)  # the old link holds no seat
    _refused("bad_token", store.move, host.code, bertil.token, "draw", store.version(host.code))
    view = store.view(host.code, new)
    assert view.seat == 1 and view.notice == Notice("new_link", 1)
    assert news(store.view(host.code, anna.token), "en") == ("info", "The host gave Bertil a new link to their seat.")
    assert play_one(store, host.code, anna.token)  # the round goes on
    while not play_one(store, host.code, new):
        play_one(store, host.code, anna.token)
    assert store.view(host.code, anna.token).notice is None  # Bertil played with his new link


def test_a_turn_whose_time_ran_out_is_played_by_the_computer_once(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock)
    _refused("bad_turn_limit", store.create_table, "femhundra", {}, 2, True, 1.0)
    host = store.create_table("femhundra", {}, 2, turn_seconds=60)
    anna = store.join(host.code, "Anna")
    bertil = store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=1)
    view = store.view(host.code, anna.token)
    assert view.turn_seconds == 60 and view.seen is not None and view.seen.to_move == 0
    clock.now += 30
    store.move(host.code, anna.token, Move.parse("draw"), view.version)  # a move of hers does not restart her clock
    clock.now += 29
    assert store.view(host.code, bertil.token).seen.to_move == 0  # type: ignore[union-attr]
    clock.now += 1
    seen = store.version(host.code)
    stores = [SqlTableStore(store_target, clock=clock) for _ in range(3)]  # three phones look at once
    assert {s.version(host.code) for s in stores} == {seen}
    after = store.view(host.code, bertil.token)
    assert after.seen is not None and after.seen.to_move == 1 and not after.seats[0].away
    assert after.notice == Notice("timed_out", 0)
    assert news(after, "en") == ("info", "Time ran out for Anna: the computer played their turn.")
    assert news(store.view(host.code, anna.token), "en")[1].startswith("Your time ran out")  # type: ignore[index]
    clock.now += 59  # Bertil's own turn has its own minute
    assert store.version(host.code) == seen
    assert play_one(store, host.code, bertil.token)  # he draws in time
    assert store.view(host.code, anna.token).seen.to_move == 1  # type: ignore[union-attr]
    clock.now += 1  # his minute, from the start of his turn
    timed = store.view(host.code, anna.token)
    assert timed.seen is not None and timed.seen.to_move == 0 and timed.notice == Notice("timed_out", 1)
    assert play_one(store, host.code, anna.token)  # Anna is back: her move clears the news of her seat only
    assert store.view(host.code, anna.token).notice == Notice("timed_out", 1)


def test_phones_looking_at_once_when_the_time_runs_out_see_one_turn_played(store_target: str) -> None:
    """Four phones (each its own store, as on four servers) look at the moment Anna's time runs out: the
    computer plays her turn once, in one change of the table's version, and then it is Bertil's turn."""
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock)
    host = store.create_table("femhundra", {}, 2, turn_seconds=60)
    anna = store.join(host.code, "Anna")
    store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=4)
    before = store.view(host.code, anna.token)
    phones = [SqlTableStore(store_target, clock=clock) for _ in range(4)]
    clock.now += 60
    barrier = threading.Barrier(len(phones))
    seen: list[int] = []

    def look(phone: SqlTableStore) -> None:
        barrier.wait()
        seen.append(phone.view(host.code, anna.token).version)

    threads = [threading.Thread(target=look, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [before.version + 1] * len(phones)
    after = store.view(host.code, anna.token)
    assert after.seen is not None and after.seen.to_move == 1 and after.notice == Notice("timed_out", 0)
    assert len(after.last_moves) >= 2 and all(line.startswith("Anna") for line in after.last_moves)


def test_moves_played_for_a_timed_out_seat_are_its_own_in_the_record(store_target: str) -> None:
    """Nobody moves: every turn runs out and the computer plays it, until the round ends; the download is a
    valid record whose moves are the seats' own, and the clock stops with the round."""
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock)
    host = store.create_table("femhundra", {}, 2, turn_seconds=10)
    anna = store.join(host.code, "Anna")
    store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=5)
    for _ in range(300):
        clock.now += 10
        view = store.view(host.code, anna.token)
        assert view.seen is not None
        if view.seen.position.round_over:
            break
    assert view.seen.position.round_over and not any(s.away for s in view.seats)
    version = view.version
    clock.now += 1000
    assert store.version(host.code) == version  # no clock at the round's end
    result = replay(parse_record(store.records(host.code, anna.token), "download"))
    assert result["ok"] and result["round_over"]


def test_off_by_default_and_a_seat_away_is_said(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock)
    host = store.create_table("femhundra", {}, 3)
    anna = store.join(host.code, "Anna")
    bertil = store.join(host.code, "Bertil")
    store.join(host.code, "Cecilia")
    store.start(host.code, host.token, seed=2)
    version = store.version(host.code)
    clock.now += 3000
    assert store.version(host.code) == version and store.view(host.code, None).turn_seconds is None
    store.leave(host.code, bertil.token)
    assert news(store.view(host.code, anna.token), "en") == (
        "info",
        "Bertil is away: the computer plays for them until they come back.",
    )
    store.come_back(host.code, bertil.token)
    assert store.view(host.code, anna.token).notice is None


def test_a_tables_file_of_version_1_gets_the_new_columns(tmp_path: Path) -> None:
    """A tables file of the tutor before the turn limit (version 1, a table in its first round) opens with
    version 2's columns added, no limit and no notice, and plays on."""
    path = tmp_path / "tables.sqlite3"
    old_sqlite_file(
        path,
        TABLES_V0,
        (
            "INSERT INTO game_table (id, code, host_token, variant, house_rules, max_seats, watchers, version, updated)"
            " VALUES (1, 'ABCDEF', 'host', 'femhundra', '{}', 2, 1, 5, 4102444800)",
            "INSERT INTO seat (table_id, seat, name, token) VALUES (1, 0, 'Anna', 'anna-token'), (1, 1, 'Bertil', 'b')",
            "INSERT INTO round (table_id, number, seed, totals) VALUES (1, 1, 6, '[0, 0]')",
        ),
        ("PRAGMA user_version = 1",),
    )
    store = SqlTableStore(path)
    view = store.view("ABCDEF", "anna-token")
    assert view.turn_seconds is None and view.notice is None and view.host_seat is None
    assert play_one(store, "ABCDEF", "anna-token")
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == len(STEPS) == 3

"""The shared tables of Play together (:mod:`tutor.together`): seats and tokens, moves in one transaction
each, two threads and several processes on one table, a restart, idle tables, computer seats, and the
records of finished rounds (Rommi calls: ``test_together_calls.py``). The tests taking ``store_target`` run
on both backends (an SQLite file, a PostgreSQL database)."""

from __future__ import annotations

import multiprocessing
import random
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest
from database_support import TABLES_V0, old_sqlite_file
from sqlalchemy import func, inspect, select

from engine.bots import get_bot
from engine.errors import NotationError, RulesError
from engine.moves import Discard, Move
from engine.records.game import parse_record, replay
from harness.postgres import Cluster
from tutor.storage.engines import reading, writing
from tutor.storage.migrate import schema_version
from tutor.together.db import default_path, engine_of
from tutor.together.model import StaleError, TableError, Ticket, check_name
from tutor.together.schema import STEPS, game_table, metadata
from tutor.together.schema import move as move_log
from tutor.together.store import SqlTableStore


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def two_player_table(store: SqlTableStore, seed: int = 1) -> tuple[Ticket, Ticket, Ticket]:
    host = store.create_table("femhundra", {}, 2)
    anna = store.join(host.code, "Anna")
    bertil = store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=seed)
    return host, anna, bertil


def play_one(store: SqlTableStore, code: str, token: str) -> bool:
    """Make one move for ``token``'s seat if it is its turn (chosen from what the seat sees); whether it did."""
    view = store.view(code, token)
    assert view.seen is not None
    position = view.seen.position
    if position.round_over or position.to_move != view.seat:
        return False
    move = get_bot("greedy").move(position, random.Random(view.version))
    try:
        store.move(code, token, move, view.version)
    except StaleError:
        return False
    return True


def test_names_are_checked() -> None:
    assert check_name(" Anna ", []) == "Anna"
    for bad, key in [
        ("", "name_empty"),
        ("x" * 31, "name_length"),
        ("a\tb", "name_unprintable"),
        ("a:b", "name_colon"),
        ("\u202eanna", "name_bidi"),
        ("you", "name_reserved"),
    ]:
        with pytest.raises(TableError) as caught:
            check_name(bad, [])
        assert caught.value.key == key
    with pytest.raises(TableError, match="already called"):
        check_name("anna", ["Anna"])


def test_join_seats_and_codes(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host = store.create_table("rommi", {}, 3)
    assert len(host.code) == 6 and host.code.isupper()
    anna = store.join(host.code.lower(), "Anna")  # a code typed in small letters works
    assert anna.seat == 0 and anna.token != host.token and len(anna.token) >= 20
    with pytest.raises(TableError):
        store.join(host.code, "ANNA")
    assert store.add_computer(host.code, host.token) == 1
    with pytest.raises(TableError) as caught:
        store.add_computer(host.code, anna.token)
    assert caught.value.key == "not_host"
    store.join(host.code, "Bertil")
    with pytest.raises(TableError) as caught:
        store.join(host.code, "Cecilia")
    assert caught.value.key == "table_full"
    with pytest.raises(TableError):
        store.create_table("rommi", {}, 8)  # more than seven phones
    with pytest.raises(TableError):
        store.join("NOSUCH", "Anna")
    view = store.view(host.code, None)
    assert [s.name for s in view.seats] == ["Anna", "Computer 1", "Bertil"]
    assert [s.computer for s in view.seats] == [False, True, False]


def test_tokens_guard_every_move(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host, anna, bertil = two_player_table(store)
    version = store.version(host.code)
    for token in (bertil.token, host.token, "not-a-token", ""):
        with pytest.raises((TableError, RulesError)):
            store.move(host.code, token, Move.parse("draw"), version)
    assert store.version(host.code) == version
    watcher = store.view(host.code, None)
    assert watcher.seat is None and watcher.seen is not None
    real = store.view(host.code, anna.token).seen.position
    assert real is not None
    assert watcher.seen.position.hands[0] != real.hands[0] and watcher.seen.position.seed == 0
    assert store.view(host.code, bertil.token).seen.position.hands[0] != real.hands[0]  # type: ignore[union-attr]
    with pytest.raises(TableError):
        store.view(host.code, "forged")


def test_watchers_can_be_refused(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host = store.create_table("femhundra", {}, 2, watchers=False)
    with pytest.raises(TableError) as caught:
        store.view(host.code, None)
    assert caught.value.key == "no_watchers"
    assert store.view(host.code, host.token).is_host


def test_an_illegal_move_changes_nothing(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host, anna, _ = two_player_table(store)
    before = store.view(host.code, anna.token)
    with pytest.raises(RulesError) as caught:
        store.move(host.code, anna.token, Move.parse("discard 2C"), before.version)
    assert str(caught.value).endswith(".")
    after = store.view(host.code, anna.token)
    assert after.version == before.version and after.seen.position.hands == before.seen.position.hands  # type: ignore[union-attr]
    store.move(host.code, anna.token, Move.parse("draw"), before.version)
    with pytest.raises(StaleError):
        store.move(host.code, anna.token, Move.parse("draw"), before.version)  # made on a table that has moved on


def _play_seat(path: str, code: str, token: str, until: int) -> int:
    """Play one seat against whoever else plays the table until its version reaches ``until`` or the
    round ends; how many moves this seat made."""
    store = SqlTableStore(path)
    made = 0
    while True:
        view = store.view(code, token)
        if view.version >= until or (view.seen is not None and view.seen.position.round_over):
            return made
        if play_one(store, code, token):
            made += 1


def _count_moves(target: str) -> int:
    """Every move kept in the database, at every table (read as only a test may)."""
    with reading(engine_of(target), timeout=5.0) as db:
        return int(db.execute(select(func.count()).select_from(move_log)).scalar_one())


def test_two_threads_lose_nothing(store_target: str) -> None:
    path = store_target
    store = SqlTableStore(path)
    host, anna, bertil = two_player_table(store, seed=5)
    start = store.version(host.code)
    made: list[int] = []
    threads = [
        threading.Thread(target=lambda tok=tok: made.append(_play_seat(path, host.code, tok, start + 30)))
        for tok in (anna.token, bertil.token)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(made) == _count_moves(path) > 10
    SqlTableStore(path).view(host.code, anna.token)  # the log replays


def test_two_processes_lose_nothing(store_target: str) -> None:
    path = store_target
    store = SqlTableStore(path)
    host, anna, bertil = two_player_table(store, seed=8)
    until = store.version(host.code) + 30
    with multiprocessing.get_context("fork").Pool(2) as pool:
        made = pool.starmap(
            _play_seat, [(path, host.code, anna.token, until), (path, host.code, bertil.token, until)]
        )
    assert sum(made) == _count_moves(path) > 10
    assert SqlTableStore(path).version(host.code) == store.version(host.code)


def test_a_restart_resumes(store_target: str) -> None:
    path = store_target
    store = SqlTableStore(path)
    host, anna, bertil = two_player_table(store, seed=2)
    for _ in range(6):
        play_one(store, host.code, anna.token) or play_one(store, host.code, bertil.token)
    before = store.view(host.code, anna.token)
    again = SqlTableStore(path)
    after = again.view(host.code, anna.token)
    assert after.version == before.version and after.seen.position.hands == before.seen.position.hands  # type: ignore[union-attr]
    assert play_one(again, host.code, anna.token) or play_one(again, host.code, bertil.token)


def test_idle_tables_expire(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, idle_seconds=100)
    old = store.create_table("femhundra", {}, 2)
    clock.now += 60
    fresh = store.create_table("femhundra", {}, 2)
    clock.now += 60
    with pytest.raises(TableError) as caught:
        store.view(old.code, None)
    assert caught.value.key == "no_table"
    assert store.view(fresh.code, None).code == fresh.code
    assert store.expire() == 1


def test_default_path_sits_beside_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMY500_TABLES_DB", raising=False)
    monkeypatch.setenv("RUMMY500_PROGRESS_DB", str(tmp_path / "p" / "progress.sqlite3"))
    assert default_path() == tmp_path / "p" / "tables.sqlite3"
    monkeypatch.setenv("RUMMY500_TABLES_DB", str(tmp_path / "elsewhere.db"))
    assert default_path() == tmp_path / "elsewhere.db"


def test_seats_can_be_freed_before_the_start(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host = store.create_table("femhundra", {}, 4)
    anna, bertil, cecilia = (store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia"))
    store.add_computer(host.code, host.token)
    version = store.version(host.code)
    store.leave_seat(host.code, bertil.token)
    assert store.version(host.code) == version + 1
    seats = store.view(host.code, None).seats
    assert [(s.seat, s.name) for s in seats] == [(0, "Anna"), (1, "Cecilia"), (2, "Computer 1")]
    assert store.view(host.code, cecilia.token).seat == 1  # her token follows her to the seat above
    with pytest.raises(TableError) as caught:
        store.view(host.code, bertil.token)  # his link holds no seat now
    assert caught.value.key == "bad_token"
    with pytest.raises(TableError) as caught:
        store.free_seat(host.code, anna.token, 0)
    assert caught.value.key == "not_host"
    with pytest.raises(TableError) as caught:
        store.free_seat(host.code, host.token, 3)
    assert caught.value.key == "no_seat"
    store.free_seat(host.code, host.token, 2)  # the computer
    store.free_seat(host.code, host.token, 0)  # Anna
    assert [s.name for s in store.view(host.code, None).seats] == ["Cecilia"]
    assert store.join(host.code, "Bertil").seat == 1  # the freed seats can be taken again
    store.start(host.code, host.token, seed=1)
    with pytest.raises(TableError, match="already started"):
        store.free_seat(host.code, host.token, 0)
    with pytest.raises(TableError, match="already started"):
        store.leave_seat(host.code, cecilia.token)


def test_computer_seats_and_records(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host = store.create_table("femhundra", {}, 3)
    anna = store.join(host.code, "Anna")
    store.add_computer(host.code, host.token)
    store.add_computer(host.code, host.token, level="random")
    store.start(host.code, host.token, seed=11)
    assert store.records(host.code, anna.token) == ""  # nothing finished yet
    store.leave(host.code, anna.token)  # a computer plays the whole round for her
    view = store.view(host.code, anna.token)
    assert view.seats[0].away and view.seen is not None and view.seen.position.round_over
    assert view.finished_rounds == 1
    text = store.records(host.code, anna.token)
    result = replay(parse_record(text, "download"))
    assert result["ok"] and result["round_over"]
    assert [s.total for s in view.seen.position.scores()] == [result["scores"][n]["total"] for n in view.seen.players]
    store.come_back(host.code, anna.token)
    assert not store.view(host.code, anna.token).seats[0].away
    store.next_round(host.code, host.token, seed=12)
    assert store.view(host.code, anna.token).round_number == 2


def test_the_host_hands_an_absent_seat_to_a_computer_until_its_player_comes_back(store_target: str) -> None:
    """A phone left in a pocket on its turn: the host (only) lets a computer play that seat, the round goes
    on, and the player takes the seat back on their phone."""
    store = SqlTableStore(store_target)
    host, anna, bertil = two_player_table(store)
    with pytest.raises(TableError) as refused:
        store.hand_to_computer(host.code, bertil.token, 0)  # a seat's token is not the host's
    assert refused.value.key == "not_host"
    with pytest.raises(TableError):
        store.hand_to_computer(host.code, host.token, 7)  # no such seat
    store.hand_to_computer(host.code, host.token, 0)  # Anna's turn: the computer plays it, and hers after
    view = store.view(host.code, bertil.token)
    assert view.seats[0].away and view.seen is not None
    assert view.seen.to_move != 0 or view.seen.position.round_over  # the computer played Anna's turn
    store.come_back(host.code, anna.token)
    assert not store.view(host.code, anna.token).seats[0].away


def test_text_is_read_before_the_table_and_a_refused_move_changes_nothing(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host, anna, _ = two_player_table(store)
    version = store.version(host.code)
    with pytest.raises(NotationError) as unread:  # the store takes moves: text is read before it, at the edge
        Move.parse("dance")
    assert unread.value.code == "unreadable_move"
    with pytest.raises(RulesError) as caught:
        store.move(host.code, anna.token, Move.parse("meld QS QH QD"), version)  # before drawing
    assert caught.value.code == "wrong_phase" and store.version(host.code) == version


def test_the_same_move_sent_twice_at_once_counts_once(store_target: str) -> None:
    path = store_target
    host, anna, _ = two_player_table(SqlTableStore(path))
    version = SqlTableStore(path).version(host.code)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def send() -> None:
        store = SqlTableStore(path)
        barrier.wait()
        try:
            store.move(host.code, anna.token, Move.parse("draw"), version)
            outcomes.append("made")
        except StaleError:
            outcomes.append("stale")

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["made", "stale", "stale", "stale"] and _count_moves(path) == 1


@pytest.mark.slow
def test_servers_opening_a_new_tables_file_at_the_same_moment_all_open_it(tmp_path: Path) -> None:
    """SQLite refuses the switch to WAL mode at once when it could deadlock with another connection's first
    open of the same new file; the tables file used to give up then ("database is locked" in 8 of 120 tries
    of three processes), where the progress file tried again. Both now open through one helper."""
    failures: list[BaseException] = []
    for trial in range(100):
        path = tmp_path / f"tables-{trial}.sqlite3"
        start = threading.Barrier(3)

        def open_and_create(path: Path = path, start: threading.Barrier = start) -> None:
            start.wait()
            try:
                SqlTableStore(path).create_table("rommi", {}, 3)
            except Exception as error:  # surfaced below: a thread's exception would be lost otherwise
                failures.append(error)

        servers = [threading.Thread(target=open_and_create) for _ in range(3)]
        for server in servers:
            server.start()
        for server in servers:
            server.join()
    assert failures == []


@pytest.mark.slow
def test_four_processes_at_one_table_count_every_move_once(store_target: str) -> None:
    """Four server processes, one table of three: each seat played from its own process, the first seat
    from a second one too (the same moves sent twice, as two tabs of one phone would). Every move the
    processes made is in the log once, and the log replays."""
    store = SqlTableStore(store_target)
    host = store.create_table("femhundra", {}, 3)
    tickets = [store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia")]
    store.start(host.code, host.token, seed=11)
    until = store.version(host.code) + 40
    players = [tickets[0], *tickets]
    with multiprocessing.get_context("spawn").Pool(len(players)) as pool:
        made = pool.starmap(_play_seat, [(store_target, host.code, t.token, until) for t in players])
    assert sum(made) == _count_moves(store_target) >= 30
    view = SqlTableStore(store_target).view(host.code, tickets[0].token)  # a fresh replay of the whole log
    assert view.version == store.version(host.code)


def test_a_move_locks_only_its_own_tables_row(store_target: str) -> None:
    """PostgreSQL: a move waits while its own table's row is locked (``SELECT … FOR UPDATE``), and a move at
    another table goes through meanwhile. (SQLite has one write lock for the file.)"""
    if not store_target.startswith("postgresql"):
        pytest.skip("SQLite locks the whole file")
    store = SqlTableStore(store_target)
    first, anna, _ = two_player_table(store, seed=3)
    second, cecilia, _ = two_player_table(store, seed=4)
    done: list[str] = []
    with writing(engine_of(store_target), timeout=5.0) as holder:
        holder.execute(select(game_table.c.id).where(game_table.c.code == first.code).with_for_update())
        waiting = threading.Thread(
            target=lambda: done.append(str(store.move(first.code, anna.token, Move.parse("draw"), store.version(first.code))))
        )
        waiting.start()
        store.move(second.code, cecilia.token, Move.parse("draw"), store.version(second.code))  # not held up
        waiting.join(timeout=0.5)
        assert waiting.is_alive() and done == []  # held by the lock on its own table's row
    waiting.join(timeout=10)
    assert len(done) == 1 and _count_moves(store_target) == 2


#: Version 3's tables (and their indexes), which a file of an earlier version gets.
NEW_TABLES = ("lobby_opener", "seat_device")
#: The layout of every table and index of a tables file but ``game_table`` (which version 2 adds columns to)
#: and version 3's new tables.
OTHER_TABLES = (
    "SELECT name, sql FROM sqlite_master WHERE name != 'game_table'"
    f" AND tbl_name NOT IN {NEW_TABLES} ORDER BY name"
)


def test_a_tables_file_of_the_tutor_before_sqlalchemy_plays_on(tmp_path: Path) -> None:
    """A tables file exactly as the tutor wrote it before its storage moved to SQLAlchemy (no schema
    version), holding a table in the middle of a round: the table is found and played on, and the file gets
    the current schema version and nothing else but version 2's columns of ``game_table`` and version 3's
    tables."""
    path = tmp_path / "tables.sqlite3"
    old_sqlite_file(
        path,
        TABLES_V0,
        (
            "INSERT INTO game_table (id, code, host_token, variant, house_rules, max_seats, watchers, version, updated)"
            f" VALUES (1, 'ABCDEF', 'host', 'femhundra', '{{}}', 2, 1, 5, {time.time()})",
            "INSERT INTO seat (table_id, seat, name, token) VALUES (1, 0, 'Anna', 'anna-token'), (1, 1, 'Bertil', 'b')",
            "INSERT INTO round (table_id, number, seed, totals) VALUES (1, 1, 6, '[0, 0]')",
            "INSERT INTO move (table_id, round, idx, seat, move) VALUES (1, 1, 0, 0, 'draw')",
        ),
    )
    with closing(sqlite3.connect(path)) as connection:
        layout = connection.execute(OTHER_TABLES).fetchall()
    store = SqlTableStore(path)
    view = store.view("ABCDEF", "anna-token")
    assert view.version == 5 and view.seen is not None and view.seen.phase.value == "play"
    discard = Discard(view.seen.position.hands[0][0])
    assert store.move("ABCDEF", "anna-token", discard, 5) == 6 and _count_moves(str(path)) == 2
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == len(STEPS)
        assert connection.execute(OTHER_TABLES).fetchall() == layout
        made = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        assert {name for (name,) in made} >= set(NEW_TABLES)
        columns = [row[1] for row in connection.execute("PRAGMA table_info(game_table)")]
        assert columns == [c.name for c in game_table.columns]


def test_an_empty_postgresql_database_gets_the_tables(postgres: Cluster) -> None:
    url = postgres.new_database()
    store = SqlTableStore(url)
    SqlTableStore(url)  # a second server starting on it changes nothing
    with reading(engine_of(url), timeout=5.0) as db:
        assert set(metadata.tables) <= set(inspect(db).get_table_names())
        versions = db.execute(select(schema_version.c.component, schema_version.c.version)).all()
        assert versions == [("tables", len(STEPS))]
    host, anna, _ = two_player_table(store)
    assert play_one(store, host.code, anna.token) and _count_moves(url) == 1

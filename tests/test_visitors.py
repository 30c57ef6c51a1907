"""A visitor at Play together (issue 38): one browser keeps only a few tables open before their start, the
oldest empty one closing when it opens another; and a seat's player is told, on their own phone, when the
seat's link is opened on another device. The store on SQLite and PostgreSQL (``store_target``, the clock
given), then the page through AppTest."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_support import open_app
from tests.test_together_page import _param, page_text
from tutor.together.model import TableError, Ticket
from tutor.together.schema import STEPS
from tutor.together.store import SqlTableStore
from tutor.together.store.core import IDLE_SECONDS
from tutor.together.store.visitors import MOST_LOBBIES

ELSEWHERE = "Your seat's link was also opened on another device, which sees your hand."


def store_at(target: str, now: list[float]) -> SqlTableStore:
    return SqlTableStore(target, clock=lambda: now[0])


def is_open(store: SqlTableStore, ticket: Ticket) -> bool:
    try:
        store.view(ticket.code, ticket.token)
    except TableError as error:
        assert error.key == "no_table"
        return False
    return True


def open_tables(store: SqlTableStore, now: list[float], visitor: str, count: int) -> list[Ticket]:
    tickets = []
    for _ in range(count):
        now[0] += 1
        tickets.append(store.open_table(visitor, "femhundra", {}, 2))
    return tickets


def test_a_visitor_keeps_a_few_lobbies_and_the_oldest_empty_one_closes(store_target: str) -> None:
    now = [1000.0]
    store = store_at(store_target, now)
    first, second, third = open_tables(store, now, "anna", MOST_LOBBIES)
    others = open_tables(store, now, "bertil", MOST_LOBBIES)
    store.join(first.code, "Anna")  # a person at the oldest: it stays
    store.add_computer(second.code, second.token)  # a computer alone does not keep one open
    [fourth] = open_tables(store, now, "anna", 1)
    assert [is_open(store, t) for t in (first, second, third, fourth)] == [True, False, True, True]
    assert all(is_open(store, t) for t in others)  # another visitor's are theirs
    store.join(third.code, "Cecilia")
    store.join(fourth.code, "David")
    with pytest.raises(TableError) as refused:
        open_tables(store, now, "anna", 1)
    assert refused.value.key == "too_many_tables" and refused.value.fields == {"most": MOST_LOBBIES}
    assert "You already have 3 tables waiting to start, with players seated" in str(refused.value)
    store.join(first.code, "Bertil")
    store.start(first.code, first.token, seed=1)  # a game begun is no lobby
    assert is_open(store, open_tables(store, now, "anna", 1)[0]) and is_open(store, first)


def test_lobbies_forgotten_for_idleness_do_not_count(store_target: str) -> None:
    now = [1000.0]
    store = store_at(store_target, now)
    full = open_tables(store, now, "anna", MOST_LOBBIES)
    for ticket, name in zip(full, ("Anna", "Bertil", "Cecilia"), strict=True):
        store.join(ticket.code, name)
    now[0] += IDLE_SECONDS + 1
    assert is_open(store, open_tables(store, now, "anna", 1)[0])


def test_a_seat_opened_on_another_device_is_told_to_the_first(store_target: str) -> None:
    now = [1000.0]
    store = store_at(store_target, now)
    host = store.create_table("femhundra", {}, 2)
    anna = store.join(host.code, "Anna")
    bertil = store.join(host.code, "Bertil")
    assert store.seat_opened_elsewhere(host.code, anna.token, "phone") is False  # her own phone, first
    assert store.seat_opened_elsewhere(host.code, anna.token, "phone") is False
    assert store.seat_opened_elsewhere(host.code, bertil.token, "laptop") is False  # Bertil's seat, elsewhere
    now[0] += 5
    assert store.seat_opened_elsewhere(host.code, anna.token, "laptop") is False  # the link on another device:
    assert store.seat_opened_elsewhere(host.code, anna.token, "phone") is True  # her phone is told
    assert store.seat_opened_elsewhere(host.code.lower(), anna.token, "phone") is True
    assert store.seat_opened_elsewhere(host.code, anna.token, "laptop") is False
    assert store.seat_opened_elsewhere(host.code, host.token, "phone") is False  # the host's link holds no seat
    assert store.seat_opened_elsewhere(host.code, "no-such-token", "phone") is False
    store.start(host.code, host.token, seed=1)
    new = store.reissue_seat(host.code, host.token, 0)  # a new link: the devices start afresh
    assert store.seat_opened_elsewhere(host.code, new, "phone") is False
    assert store.seat_opened_elsewhere(host.code, anna.token, "phone") is False  # the old link holds nothing
    with pytest.raises(TableError):
        store.seat_opened_elsewhere("ZZZZZZ", new, "phone")


def test_a_tables_file_of_version_2_gets_the_visitors_tables(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    old = SqlTableStore(path)
    waiting = old.create_table("femhundra", {}, 2)
    with closing(sqlite3.connect(path)) as connection:
        connection.executescript("DROP TABLE lobby_opener; DROP TABLE seat_device; PRAGMA user_version = 2;")
    store = SqlTableStore(path)
    assert is_open(store, waiting) and is_open(store, store.open_table("anna", "femhundra", {}, 2))
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == len(STEPS) == 3
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"lobby_opener", "seat_device"} <= tables


# --- through the page ----------------------------------------------------------------------------------


@pytest.fixture
def tables_db(progress_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = progress_db.parent / "tables.sqlite3"
    monkeypatch.setenv("RUMMY500_TABLES_DB", str(path))
    return path


def open_a_table(at: AppTest) -> str:
    """Press "Open a table" on the page's front; the new table's code."""
    at.query_params.clear()
    at.run()
    at.button(key="together_open").click().run()
    assert not at.exception, at.exception
    return _param(at, "table")


def tables_in(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute("SELECT count(*) FROM game_table").fetchone()[0])


@pytest.mark.apptest
def test_open_a_table_pressed_again_and_again_keeps_three(tables_db: Path) -> None:
    at = open_app("together")
    codes = [open_a_table(at) for _ in range(6)]
    assert len(set(codes)) == 6 and tables_in(tables_db) == MOST_LOBBIES
    store = SqlTableStore(tables_db)
    assert all(is_open(store, Ticket(code, "")) is False for code in codes[:3])
    someone_else = open_app("together")
    open_a_table(someone_else)
    assert tables_in(tables_db) == MOST_LOBBIES + 1


@pytest.mark.apptest
def test_a_fourth_table_is_refused_while_three_have_players(tables_db: Path) -> None:
    at = open_app("together")
    store = SqlTableStore(tables_db)
    for name in ("Anna", "Bertil", "Cecilia"):
        store.join(open_a_table(at), name)
    at.query_params.clear()
    at.run()
    at.button(key="together_open").click().run()
    assert "table" not in at.query_params
    assert any(text.startswith("You already have 3 tables waiting to start") for text in [str(e.value) for e in at.error])


@pytest.mark.apptest
def test_a_seat_link_opened_on_another_device_is_told_on_the_players_phone(tables_db: Path) -> None:
    phone = open_app("together")
    code = open_a_table(phone)
    phone.text_input(key="together_name").input("Anna")
    phone.button(key="together_join").click().run()
    seat = _param(phone, "seat")
    assert ELSEWHERE not in page_text(phone)
    other = open_app("together", query={"table": code, "seat": seat})  # another browser, the same link
    assert "Anna" in page_text(other) and ELSEWHERE not in page_text(other)
    phone.run()
    assert ELSEWHERE in page_text(phone)  # the lobby says it
    guest = open_app("together", query={"table": code})
    guest.text_input(key="together_name").input("Bertil")
    guest.button(key="together_join").click().run()
    phone.run()
    phone.button(key="together_start").click().run()
    assert "Your turn, Anna" in page_text(phone) and ELSEWHERE in page_text(phone)  # and so does the round
    assert ELSEWHERE not in page_text(guest.run())

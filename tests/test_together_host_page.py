"""The host's tools of Play together through AppTest: the turn limit chosen when opening a table (and a
turn whose time ran out, told on every phone), the host's role passed to a seated player (whose own link
then carries it; the old host link is dropped), and a seat's new link (shown to the host alone; the old
link's phone says it no longer holds a seat)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from apptest_support import open_app, shown_table
from streamlit.testing.v1 import AppTest
from test_together_page import page_text

from tutor.together.model import Ticket
from tutor.together.store import SqlTableStore
from ui.together.round import KEYS


@pytest.fixture
def tables_db(progress_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = progress_db.parent / "tables.sqlite3"
    monkeypatch.setenv("RUMMY500_TABLES_DB", str(path))
    return path


def phone(code: str, **tokens: str) -> AppTest:
    """A phone opening the table's link with ``tokens`` (``seat=``, ``host=``)."""
    return open_app("together", query={"table": code, **tokens})


def message(at: AppTest) -> str:
    """What the table's message box says on this phone."""
    shown = shown_table(at, KEYS).get("message")
    return str(shown["text"]) if isinstance(shown, dict) else ""


def seated(store: SqlTableStore, *names: str, turn_seconds: float | None = None) -> tuple[Ticket, list[Ticket]]:
    """A femhundra table of ``names``, dealt; its host ticket and the seats' tickets."""
    host = store.create_table("femhundra", {}, len(names), turn_seconds=turn_seconds)
    tickets = [store.join(host.code, name) for name in names]
    store.start(host.code, host.token, seed=1)
    return host, tickets


@pytest.mark.apptest
def test_a_turn_limit_is_chosen_when_opening_and_every_phone_tells_when_it_ran_out(tables_db: Path) -> None:
    host = open_app("together")
    host.number_input(key="together_seats").set_value(2)
    assert host.selectbox(key="together_turn_limit").value is None  # off by default
    assert "2 minutes" in host.selectbox(key="together_turn_limit").options
    host.selectbox(key="together_turn_limit").set_value(120)
    host.button(key="together_open").click().run()
    code = _param(host, "table")
    assert any("Each turn may last 2 minutes" in str(c.value) for c in host.caption)  # said in the lobby
    host.text_input(key="together_name").input("Anna")
    host.button(key="together_join").click().run()
    store = SqlTableStore(tables_db)
    bertil = store.join(code, "Bertil")
    host.button(key="together_start").click().run()
    assert not host.exception
    assert any("Each turn may last 2 minutes" in str(c.value) for c in host.caption)
    later = SqlTableStore(tables_db, clock=lambda: time.time() + 121)
    later.version(code)  # a phone looks after Anna's two minutes
    host.run()
    guest = phone(code, seat=bertil.token)
    assert message(guest) == "Time ran out for Anna: the computer played their turn."
    assert message(host).startswith("Your time ran out: the computer played your turn.")
    assert "Your turn, Bertil" in page_text(guest)


@pytest.mark.apptest
def test_the_host_passes_the_role_and_gives_a_seat_a_new_link(tables_db: Path) -> None:
    store = SqlTableStore(tables_db)
    host, (anna, bertil) = seated(store, "Anna", "Bertil")
    first = phone(host.code, seat=anna.token, host=host.token)
    old = phone(host.code, seat=bertil.token)
    assert not _has(old, "together_pass_host_0") and _has(first, "together_pass_host_1")
    first.button(key="together_reissue_1").click().run()
    assert not first.exception
    new_token = _new_token(first, host.code)
    assert new_token and new_token != bertil.token
    assert "The new link for Bertil" in "\n".join(str(c.value) for c in first.caption)
    assert message(first) == "The host gave Bertil a new link to their seat."
    old.run()
    assert "no longer holds a seat" in page_text(old) and "seat" not in old.query_params

    bertil_now = phone(host.code, seat=new_token)
    assert "Your turn" not in page_text(bertil_now) and not _has(bertil_now, "together_pass_host_0")
    first.button(key="together_pass_host_1").click().run()
    assert not first.exception and "host" not in first.query_params
    first.run()
    assert not _has(first, "together_pass_host_1") and message(first) == "Bertil is now the host."
    bertil_now.run()
    assert message(bertil_now) == "You are now the host."
    assert _has(bertil_now, "together_pass_host_0") and _has(bertil_now, "together_hand_over_0")
    bertil_now.button(key="together_hand_over_0").click().run()  # the new host's tools work
    assert store.view(host.code, None).seats[0].away


def _has(at: AppTest, key: str) -> bool:
    """Whether the page shows the button ``key``."""
    return any(button.key == key for button in at.button)


def _new_token(at: AppTest, code: str) -> str:
    """The seat token of the new link the host's page shows."""
    for block in at.code:
        text = str(block.value)
        if f"table={code}" in text and "seat=" in text:
            return text.split("seat=")[1].split("&")[0]
    return ""


def _param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return str(value[0] if isinstance(value, list) else value)


@pytest.mark.apptest
def test_a_host_without_a_seat_passes_the_role_and_watches_on(tables_db: Path) -> None:
    """The host's phone holds no seat: once it passes the role on, its host link holds nothing; the page
    drops it from the address and the phone watches the round as anyone may."""
    store = SqlTableStore(tables_db)
    host, (_, bertil) = seated(store, "Anna", "Bertil")
    organiser = phone(host.code, host=host.token)
    assert _has(organiser, "together_pass_host_1") and _has(organiser, "together_hand_over_0")
    organiser.button(key="together_pass_host_1").click().run()
    organiser.run()
    assert not organiser.exception and "host" not in organiser.query_params
    assert "You are watching" in "\n".join(str(c.value) for c in organiser.caption)
    assert not _has(organiser, "together_pass_host_0") and message(organiser) == "Bertil is now the host."
    assert store.view(host.code, bertil.token).is_host


@pytest.mark.apptest
def test_a_tampered_seat_or_host_link_holds_nothing(tables_db: Path) -> None:
    """A link whose token was changed by hand: the page says it holds no seat and shows the round as a
    watcher sees it (no hand, no host's tools), without an error."""
    store = SqlTableStore(tables_db)
    host, (anna, _) = seated(store, "Anna", "Bertil")
    for tokens in ({"seat": anna.token[:-1] + "x"}, {"host": host.token + "x"}):
        at = phone(host.code, **tokens)
        assert not at.exception and not at.error
        assert not set(tokens) & set(at.query_params)
        assert shown_table(at, KEYS)["hand"] == [] and not _has(at, "together_hand_over_0")
    assert "no longer holds a seat" in page_text(phone(host.code, seat="forged"))

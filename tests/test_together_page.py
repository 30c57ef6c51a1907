"""The Play together page through AppTest: a host opens a table, a second session joins by its code,
and a move made in one session is seen by the other after a rerun; no page holds another hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from apptest_support import open_app, shown_table, table_move
from streamlit.testing.v1 import AppTest

from engine.bots import get_bot
from tutor.i18n.card_names import spoken
from tutor.together.store import SqlTableStore
from ui.together.round import KEYS


@pytest.fixture
def tables_db(progress_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = progress_db.parent / "tables.sqlite3"
    monkeypatch.setenv("RUMMY500_TABLES_DB", str(path))
    return path


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [str(h.proto.body) for h in at.get("html")]
    parts += [e.value for e in at.info] + [e.value for e in at.success] + [e.value for e in at.error] + [e.value for e in at.warning]
    return "\n".join(str(p) for p in parts)


@pytest.mark.apptest
@pytest.mark.page_wiring
def test_two_sessions_play_one_table(tables_db: Path) -> None:
    host = open_app("together")
    host.number_input(key="together_seats").set_value(2)
    host.button(key="together_open").click().run()
    code = _param(host, "table")
    assert code and not host.exception
    assert any(code in str(c.value) for c in host.code)  # the join link
    host.text_input(key="together_name").input("Anna")
    host.button(key="together_join").click().run()
    assert "seat" in host.query_params and not host.exception

    guest = open_app("together")
    guest.text_input(key="together_code").input(code.lower())
    guest.text_input(key="together_name").input("Bertil")
    guest.button(key="together_join").click().run()
    assert not guest.exception and "seat" in guest.query_params
    assert "Bertil" in page_text(guest) and "Anna" in page_text(guest)

    host.run()
    host.button(key="together_start").click().run()
    assert not host.exception
    assert "Your turn, Anna" in page_text(host)
    guest.run()
    assert "Anna is playing" in page_text(guest)
    assert shown_table(guest, KEYS)["actions"] == []  # not Bertil's turn: no moves on his table

    store = SqlTableStore(tables_db)
    anna_hand = store.view(code, _param(host, "seat")).seen.hand  # type: ignore[union-attr]
    assert [a["id"] for a in shown_table(host, KEYS)["actions"]][:1] == ["draw"]
    table_move(host, KEYS, "draw")
    guest.run()
    assert not guest.exception
    seen = shown_table(guest, KEYS)
    assert any("Anna drew" in line or "Anna took" in line for line in seen["log"])
    host_log = shown_table(host, KEYS)
    assert host_log["log"] == seen["log"]  # every phone lists the same moves, its own ones too,
    assert host_log["words"]["log_label"] == "The last moves at the table"  # so not as "the others" played
    assert [p["count"] for p in seen["others"]] == [8]  # Anna's count, not her cards
    assert len(anna_hand) == 7
    shown_cards = {c["name"] for c in seen["hand"] + seen["pile"]["cards"]} | {c["name"] for m in seen["melds"] for c in m["cards"]}
    assert not shown_cards & {spoken(c) for c in anna_hand}  # none of Anna's cards reach Bertil's browser


@pytest.mark.apptest
def test_a_wrong_code_and_a_bad_name_are_explained(tables_db: Path) -> None:
    at = open_app("together")
    at.text_input(key="together_code").input("ZZZZZZ")
    at.text_input(key="together_name").input("Anna")
    at.button(key="together_join").click().run()
    assert not at.exception and "no table with that code" in page_text(at)
    host = open_app("together")
    host.button(key="together_open").click().run()
    host.text_input(key="together_name").input("a:b")
    host.button(key="together_join").click().run()
    assert "colon" in page_text(host)


def _param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return str(value[0] if isinstance(value, list) else value)


@pytest.mark.apptest
def test_a_table_without_watchers_still_lets_people_join(tables_db: Path) -> None:
    store = SqlTableStore(tables_db)
    host = store.create_table("femhundra", {}, 2, watchers=False)
    at = open_app("together")
    at.query_params["table"] = host.code
    at.run()
    assert not at.exception and not at.error
    at.text_input(key="together_name").input("Bertil")
    at.button(key="together_join").click().run()
    assert not at.exception and "Bertil" in page_text(at)


@pytest.mark.apptest
def test_seats_are_given_up_and_freed_in_the_lobby(tables_db: Path) -> None:
    host = open_app("together")
    host.button(key="together_open").click().run()
    host.text_input(key="together_name").input("Anna")
    host.button(key="together_join").click().run()
    code = _param(host, "table")
    guest = open_app("together")
    guest.query_params["table"] = code
    guest.run()
    guest.text_input(key="together_name").input("Bertil")
    guest.button(key="together_join").click().run()
    assert "seat" in guest.query_params
    guest.button(key="together_leave_seat").click().run()
    assert not guest.exception and "seat" not in guest.query_params
    assert "Bertil" not in page_text(guest) and guest.button(key="together_join")  # he may sit down again

    host.run()
    assert "Bertil" not in page_text(host)
    host.button(key="together_free_0").click().run()  # the host frees her own seat
    assert not host.exception and "seat" not in host.query_params and "host" in host.query_params
    assert "no longer holds a seat" in page_text(host)
    assert host.button(key="together_start") and host.button(key="together_join")
    assert [s.name for s in SqlTableStore(tables_db).view(code, None).seats] == []


@pytest.mark.apptest
def test_the_call_window_on_each_phone(tables_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every phone says the same waiting; only the seat that may call has "No call", and its answer closes
    the window; then the next player's phone says it is her turn."""
    monkeypatch.setenv("RUMMY500_CALL_SECONDS", "60")
    store = SqlTableStore(tables_db, call_window=60)
    host = store.create_table("rommi", {}, 3)
    tickets = [store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia")]
    store.start(host.code, host.token, seed=4)
    while not store.view(host.code, None).waiting:
        view = store.view(host.code, tickets[0].token)
        assert view.seen is not None
        move = get_bot("greedy").move(view.seen.position, random.Random(view.version))
        store.move(host.code, tickets[0].token, move, view.version)
    phones = []
    for ticket in tickets:
        at = open_app("together")
        at.query_params["table"] = host.code
        at.query_params["seat"] = ticket.token
        at.run()
        assert not at.exception and "anyone may call Rommi now" in page_text(at)
        phones.append(at)
    assert ["no_call" in [a["id"] for a in shown_table(at, KEYS)["actions"]] for at in phones] == [False, False, True]
    assert "You may call Rommi! now" in str(shown_table(phones[2], KEYS)["message"])
    for waiting in phones[:2]:  # the discarder and the next player: the same waiting, beside the table too
        assert shown_table(waiting, KEYS)["message"] == {"kind": "info", "text": "Waiting a moment: anyone may call Rommi now."}
    table_move(phones[2], KEYS, "no_call")
    assert not phones[2].exception
    phones[1].run()
    assert "Your turn, Bertil" in page_text(phones[1]) and "anyone may call" not in page_text(phones[1])


"""Guessing codes is throttled (issue 38): the rule (:mod:`tutor.guesses`, a clock passed in), then its
two places through AppTest: a table code on Play together and a device code on the Progress page. Five
wrong codes a minute from one browser session, then a wait said in words that grows with every wrong code
after it; while it lasts no code is looked at, the right one neither."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_support import open_app
from tests.test_learner_app import code_of, learner_of
from tests.test_together_page import _param, page_text
from tutor.guesses import ADDRESS, SESSION, Allowance, Guesses, address_key, in_words
from tutor.together.store import SqlTableStore
from ui.progress import learner as learner_view
from ui.shared import guesses as ui_guesses

ANNA = [("session:anna", SESSION)]


def wrong_codes(guesses: Guesses, keys: list[tuple[str, Allowance]], times: list[float]) -> list[float]:
    """The wait each wrong code at ``times`` brings."""
    return [guesses.wrong(keys, now) for now in times]


def test_five_wrong_codes_in_a_minute_bring_a_wait_that_doubles_with_each_wrong_code_after_it() -> None:
    guesses = Guesses()
    assert wrong_codes(guesses, ANNA, [0, 10, 20, 30]) == [0, 0, 0, 0] and guesses.wait(ANNA, 30) == 0
    assert guesses.wrong(ANNA, 40) == 30 and guesses.wait(ANNA, 50) == 20 and guesses.wait(ANNA, 70) == 0
    # After the wait, five more wrong codes: the next wait is twice as long, and so on up to 15 minutes.
    waits = [wrong_codes(guesses, ANNA, [t, t + 1, t + 2, t + 3, t + 4])[-1] for t in (70, 200, 400, 700, 2000, 3000)]
    assert waits == [60, 120, 240, 480, 900, 900]


def test_wrong_codes_spread_out_never_wait_and_a_quiet_hour_forgets_the_waits() -> None:
    guesses = Guesses()
    assert set(wrong_codes(guesses, ANNA, [15.0 * n for n in range(40)])) == {0}  # four a minute, for ten minutes
    assert wrong_codes(guesses, ANNA, [1000, 1001, 1002, 1003, 1004])[-1] == 30
    assert wrong_codes(guesses, ANNA, [1100, 1101, 1102, 1103, 1104])[-1] == 60
    assert wrong_codes(guesses, ANNA, [5000, 5001, 5002, 5003, 5004])[-1] == 30  # an hour later: afresh


def test_a_right_code_clears_nothing() -> None:
    """The UI counts only wrong codes and never resets a count: a guesser's own table, typed between two
    guesses, would otherwise let them go on."""
    guesses = Guesses()
    wrong_codes(guesses, ANNA, [0, 1, 2, 3])
    assert guesses.wrong(ANNA, 4) == 30


def test_a_new_session_at_the_same_address_waits_too_and_an_address_has_more_free_codes() -> None:
    guesses = Guesses()
    address = (address_key("198.51.100.4"), ADDRESS)
    for n in range(ADDRESS.free - 1):  # each new tab (session) guesses four times: never five
        assert guesses.wrong([(f"session:{n // 4}", SESSION), address], float(n)) == 0
    fresh_tab = [("session:new", SESSION), address]
    assert guesses.wait(fresh_tab, 19.0) == 0
    assert guesses.wrong(fresh_tab, 19.0) == ADDRESS.first_wait == guesses.wait([("session:other", SESSION), address], 19)
    assert guesses.wait([("session:new", SESSION)], 20.0) == 0  # the session alone has one wrong code


def test_addresses_and_waits_in_words() -> None:
    assert address_key("2001:db8:5:6:a:b:c:d") == address_key("2001:db8:5:6::1") != address_key("2001:db8:5:7::1")
    assert address_key("::ffff:192.0.2.1") == address_key("192.0.2.1") == "address:192.0.2.1"
    assert address_key("not an address") == "address:not an address"
    assert [in_words(s) for s in (0.2, 29.5, 90, 91, 900)] == [
        ("seconds", 1),
        ("seconds", 30),
        ("seconds", 90),
        ("minutes", 2),
        ("minutes", 15),
    ]


def test_the_counts_keep_at_most_so_many_keys_and_forget_the_ones_not_waiting_first() -> None:
    guesses = Guesses(most_keys=3)
    waiting = [("session:waiting", Allowance(free=1))]
    assert guesses.wrong(waiting, 0) == 30
    for n in range(10):
        guesses.wrong([(f"session:{n}", SESSION)], float(n))
    assert len(guesses._counts) == 3 and guesses.wait(waiting, 10) == 20


# --- through the pages ---------------------------------------------------------------------------------


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The time the pages count wrong codes by: ``clock[0]``, moved by the test."""
    now = [1000.0]
    monkeypatch.setattr(ui_guesses, "CLOCK", lambda: now[0])
    return now


@pytest.fixture
def tables_db(progress_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = progress_db.parent / "tables.sqlite3"
    monkeypatch.setenv("RUMMY500_TABLES_DB", str(path))
    return path


def join_by_code(at: AppTest, code: str) -> None:
    at.text_input(key="together_code").input(code)
    at.text_input(key="together_name").input("Anna")
    at.button(key="together_join").click().run()
    assert not at.exception, at.exception


@pytest.mark.apptest
@pytest.mark.parametrize("language", ["en", "fi"])
def test_table_codes_are_throttled_on_play_together(tables_db: Path, clock: list[float], language: str) -> None:
    table = SqlTableStore(tables_db).create_table("femhundra", {}, 2)
    at = open_app("together", lang=language, variant=None)
    for n in range(4):
        join_by_code(at, f"ZZZZZ{n + 2}")
        assert len(at.error) == 1  # no table with that code, and nothing more
    at.query_params["table"] = "ZZZZZ9"  # a fifth, as a link: the wait begins
    at.run()
    waits = {"en": "Too many wrong codes in a short time: try again in 30 seconds.",
             "fi": "Liian monta väärää koodia lyhyessä ajassa: yritä uudelleen 30 sekunnin kuluttua."}  # fmt: skip
    assert [str(e.value) for e in at.error][-1] == waits[language]
    at.query_params.clear()
    at.run()
    clock[0] += 12
    join_by_code(at, table.code)  # the right code, while the wait lasts: not looked at
    assert "seat" not in at.query_params
    assert [str(e.value) for e in at.error] == [waits[language].replace("30", "18")]
    clock[0] += 18
    join_by_code(at, table.code)
    assert "seat" in at.query_params and not at.error


@pytest.mark.apptest
def test_a_table_this_session_found_is_never_a_guess(tables_db: Path, clock: list[float]) -> None:
    """A phone at its table looks it up again and again: only codes it has not found yet are counted, and a
    wait does not stop it at its own table."""
    host = open_app("together")
    host.button(key="together_open").click().run()
    code = _param(host, "table")
    for n in range(5):
        host.query_params.clear()
        host.query_params["table"] = f"ZZZZZ{n + 2}"
        host.run()
    assert "Too many wrong codes" in page_text(host)
    host.query_params.clear()
    host.query_params["table"] = code
    host.run()
    assert [str(e.value) for e in host.error] == [] and f"Table {code}" in [str(h.value) for h in host.subheader], code


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("language", ["en", "nl"])
def test_device_codes_are_throttled_on_the_progress_page(clock: list[float], language: str) -> None:
    first = open_app(lang=language, variant=None)
    learner = learner_of(first)
    code = code_of_in(first, language)
    second = open_app("progress", lang=language, variant=None)
    said = []
    for wrong in ("ACDE-ACDE", "ACDE-ACDF", "ACDE-ACDG", "ACDE-ACDH", "ACDE-ACDJ", code):
        second.text_input(key=learner_view.CODE).set_value(wrong).run()
        second.button(key=learner_view.USE_CODE).click().run()
        said.append([str(x.value) for x in second.info])
    waits = {"en": "Too many wrong codes in a short time: try again in 30 seconds.",
             "nl": "Te veel verkeerde codes in korte tijd: probeer het over 30 seconden opnieuw."}  # fmt: skip
    wait = waits[language]
    assert not any(wait in x for infos in said[:4] for x in infos), said
    assert any(x.endswith(" " + wait) for x in said[4]), said[4]  # the code refused, then the wait
    assert wait in said[5] and learner_of(second) != learner  # the right code: not looked at
    clock[0] += 30
    second.text_input(key=learner_view.CODE).set_value(code).run()
    second.button(key=learner_view.USE_CODE).click().run()
    assert learner_of(second) == learner


def code_of_in(at: AppTest, language: str) -> str:
    """A device code made on the Progress page of ``at`` (in any language)."""
    if language == "en":
        return code_of(at)
    at.switch_page("ui/pages/progress.py").run()
    at.button(key=learner_view.MAKE_CODE).click().run()
    return str(at.code[0].value)

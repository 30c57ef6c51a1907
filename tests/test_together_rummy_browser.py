"""A Rummy! call in Play together, in a real browser: a table of 500 Rum with the house rule ``rummy_call`` on
three phones, dealt with a known seed and played by clicking each phone's cards and buttons until a seat
discards a card that fits a meld on the table (a person keeping the lay-off for later). Then every phone shows
the same wait, but only the seat after next has Rummy! and No call; it presses Rummy!, every phone tells the
call, the card lies on its meld, and the next player's phone plays on (nobody lost a turn).

That the window opens for exactly the seats that may call, what the call scores and that two seats never wait
are the store tests' facts (``tests/test_together_rummy.py``); this one proves the buttons and the words.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import no_traceback, param, phone, require_browser, take_seat

from engine.bots import get_bot
from engine.moves import Rummy
from harness.served_app import Server, ServerError, served_app
from harness.table_play import click_move, shows, table_action, table_log, wait_for_change
from tests.test_together_rummy import NAMES, RULES, fitting_discard
from tutor.storage.url import ENV_VAR as DATABASE_URL
from tutor.together.store import SqlTableStore

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

#: The deal: Bertil (the second seat) soon holds a card that fits a meld on the table (the store tests' deal).
SEED = 10
#: The call window of the test server: long, so a busy machine never misses the call.
CALL_SECONDS = "30"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on an SQLite tables file."""
    require_browser()
    folder = tmp_path_factory.mktemp("rummy-server")
    try:
        with served_app(folder, "streamlit-rummy", {"RUMMY500_CALL_SECONDS": CALL_SECONDS, DATABASE_URL: None}) as served:
            yield served
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


def test_a_rummy_call_on_three_phones(server: Server, chromium: Browser, shots: Path) -> None:
    store = SqlTableStore(str(server.progress.parent / "tables.sqlite3"), call_window=float(CALL_SECONDS))
    host = store.create_table("500-rum", RULES, 3)
    phones = [phone(chromium) for _ in NAMES]
    for page, name in zip(phones, NAMES, strict=True):
        page.goto(f"{server.url}/together?table={host.code}", wait_until="commit")
        take_seat(page, name)
    tokens = [param(page, "seat") for page in phones]  # seats in the order they were taken: Anna, Bertil, Cecilia
    store.start(host.code, host.token, seed=SEED)

    for _ in range(60):  # each seat's turn clicked on its phone, until a discard that fits a meld
        views = [store.view(host.code, token) for token in tokens]
        if views[0].waiting:
            break
        seen = views[0].seen
        assert seen is not None and not seen.position.round_over
        seat = seen.position.to_move
        position = views[seat].seen.position  # type: ignore[union-attr]
        move = fitting_discard(position) or get_bot("greedy").move(position, random.Random(0))
        shows(phones[seat], views[seat])
        click_move(phones[seat], move, len(position.pile))
        wait_for_change(store, host.code, views[seat].version)
    else:
        pytest.fail(f"deal {SEED} gave no discard that fits a meld")

    discarder = views[0].seen.position.rommi_from  # type: ignore[union-attr]
    assert discarder is not None
    caller, following = (discarder + 2) % 3, (discarder + 1) % 3
    views = [store.view(host.code, token) for token in tokens]
    for i, (page, view) in enumerate(zip(phones, views, strict=True)):
        shows(page, view)  # the same wait on every phone, in the call's own words
        expect(table_action(page, "rummy")).to_have_count(1 if i == caller else 0)
        expect(page.get_by_role("button", name="No call", exact=True)).to_have_count(1 if i == caller else 0)
        page.screenshot(path=str(shots / f"together-rummy-window-phone-{i + 1}.png"))
    call = next(m for s, m in views[caller].seen.position.rommi_calls(caller))  # type: ignore[union-attr]
    assert isinstance(call, Rummy)
    expect(table_action(phones[caller], "rummy")).to_have_text("Rummy!")
    click_move(phones[caller], call, 0)
    wait_for_change(store, host.code, views[caller].version)

    after = store.view(host.code, tokens[following])
    assert after.seen is not None and not after.waiting and after.seen.to_move == following
    told = f"{NAMES[caller]} called Rummy! and laid off"
    assert after.last_moves[-1].startswith(told)
    for i, page in enumerate(phones):
        shows(page, store.view(host.code, tokens[i]))
        expect(table_log(page).last).to_contain_text(told)
        no_traceback(page)
        page.screenshot(path=str(shots / f"together-rummy-call-phone-{i + 1}.png"))
    expect(phones[following].get_by_text(f"Your turn, {NAMES[following]}")).to_be_visible()  # nobody lost a turn
    table_action(phones[following], "draw").click()
    wait_for_change(store, host.code, after.version)
    assert store.view(host.code, tokens[following]).last_moves[-1] == f"{NAMES[following]} drew from the stock."

"""A table that goes on, in a real browser (one ``streamlit run`` server, its SQLite tables file): Bertil
leaves his phone on his turn; the host, Anna, lets the computer play for him from her phone, the round
goes on to her turn, and both phones say why. Short on purpose: the store and page tests
(``tests/test_together_host*.py``) cover the rest."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import no_traceback, open_table, phone, require_browser, take_seat

from harness.served_app import Server, ServerError, served_app
from harness.table_play import pick, table_action, table_log, table_says

with contextlib.suppress(ImportError):  # without it the test skips (require_browser)
    from playwright.sync_api import Browser, expect


pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server with a tables file of its own."""
    require_browser()
    try:
        with served_app(tmp_path_factory.mktemp("together-host")) as served:
            yield served
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


def test_the_host_hands_an_idle_seat_to_the_computer_and_the_round_goes_on(
    server: Server, chromium: Browser, shots: Path
) -> None:
    anna = phone(chromium)
    code = open_table(anna, server.url)
    take_seat(anna, "Anna")
    bertil = phone(chromium)
    bertil.goto(f"{server.url}/together?table={code}", wait_until="commit")
    take_seat(bertil, "Bertil")
    anna.get_by_role("button", name="Start the game").click()
    anna.get_by_role("button", name="Draw", exact=True).click()
    expect(table_action(anna, "discard")).to_be_visible()
    first = anna.locator(".r5t-hand button.r5t-card").first
    pick(anna.locator(f'.r5t-hand [data-hand="{first.get_attribute("data-hand")}"]'))  # seen picked, as a person sees it
    table_action(anna, "discard").click()
    expect(bertil.get_by_text("Your turn, Bertil")).to_be_visible()  # and his phone stays in his pocket

    anna.get_by_text("A player is away from their phone?").click()
    anna.get_by_role("button", name="Let the computer play for Bertil until they come back").click()
    expect(anna.get_by_text("Your turn, Anna")).to_be_visible()  # the computer played his turn
    expect(table_log(anna).last).to_contain_text("Bertil discarded")
    expect(table_says(anna, "Bertil is away: the computer plays for them until they come back.")).to_be_visible()
    expect(table_says(bertil, "The computer plays for you until you press “Play again myself”.")).to_be_visible()
    expect(anna.get_by_role("button", name="Draw", exact=True)).to_be_visible()  # the round goes on
    for name, page in (("host", anna), ("away", bertil)):
        no_traceback(page)
        page.screenshot(path=str(shots / f"together-handed-to-computer-{name}.png"), full_page=True)
    for page in (anna, bertil):
        page.context.close()

"""Play together in a real browser: two ``streamlit run`` servers on one tables file, three phones
(390×844 browser contexts) on either server and a fourth without a seat.

The host opens a table on server 1 and takes a seat, a second phone joins through server 2 by the join
link, a third through server 1; the host adds a computer player and starts. A move on one phone is seen
on the others (through the other server too), each phone shows its own hand only, and the watcher sees no
hand and no move buttons. Screenshots of the phones go where ``tests/test_browser.py`` puts its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_browser import RENDER_TIMEOUT, no_traceback, require_browser, shots  # noqa: F401  (a fixture)

from benchmarks.app_server import CHROMIUM, CHROMIUM_FLAGS, free_port, start_server, stop_server, wait_for_health

try:
    from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Two servers sharing one progress folder (so one tables file): their base URLs."""
    require_browser()
    folder = tmp_path_factory.mktemp("together-servers")
    progress = folder / "progress.sqlite3"
    servers = []
    urls = []
    try:
        for i in range(2):
            port = free_port()
            log = folder / f"streamlit-{i}.log"
            server = start_server(port, progress, log)
            servers.append(server)
            urls.append(f"http://127.0.0.1:{port}")
            wait_for_health(urls[-1], server, log)
        yield urls
    finally:
        for server in servers:
            stop_server(server)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    require_browser()
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        expect.set_options(timeout=RENDER_TIMEOUT)
        try:
            yield browser
        finally:
            browser.close()


def phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    context.set_default_timeout(RENDER_TIMEOUT)
    return context.new_page()


def take_seat(page: Page, name: str) -> None:
    page.get_by_label("Your name", exact=True).fill(name)
    page.get_by_label("Your name", exact=True).press("Enter")
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(re.compile(r"seat="))
    expect(page.get_by_text("Your own link")).to_be_visible()


def test_three_phones_and_a_watcher(two_servers: list[str], chromium: Browser, shots: Path) -> None:  # noqa: F811
    first, second = two_servers
    host = phone(chromium)
    host.goto(f"{first}/together")
    host.get_by_role("button", name="Open a table").click()
    host.wait_for_url(re.compile(r"table=\w+"))
    code = re.search(r"table=(\w+)", host.url).group(1)  # type: ignore[union-attr]
    expect(host.get_by_text(f"Table {code}")).to_be_visible()
    expect(host.get_by_role("img")).to_have_count(1)  # the QR code
    take_seat(host, "Anna")

    bertil = phone(chromium)
    bertil.goto(f"{second}/together?table={code}")  # the join link, on the other server
    take_seat(bertil, "Bertil")
    cecilia = phone(chromium)
    cecilia.goto(f"{first}/together?table={code}")
    take_seat(cecilia, "Cecilia")
    expect(host.get_by_text("Seat 3: Cecilia")).to_be_visible()  # polled from the other sessions' joins

    host.get_by_role("button", name="Add a computer player").click()
    expect(host.get_by_text("(computer)")).to_be_visible()
    host.get_by_role("button", name="Start the game").click()
    expect(host.get_by_text("Your turn, Anna")).to_be_visible()
    for other in (bertil, cecilia):
        expect(other.get_by_text("Anna is playing")).to_be_visible()
        expect(other.get_by_role("button", name="Draw", exact=True)).to_have_count(0)

    watcher = phone(chromium)
    watcher.goto(f"{second}/together?table={code}")
    expect(watcher.get_by_text("You are watching")).to_be_visible()
    expect(watcher.get_by_role("button", name="Draw", exact=True)).to_have_count(0)
    expect(watcher.get_by_text("Pick cards from your hand")).to_have_count(0)

    host.get_by_role("button", name="Draw", exact=True).click()
    for other in (bertil, cecilia, watcher):
        expect(other.get_by_text("Anna drew from the stock.")).to_be_visible(timeout=5_000)
    for i, page in enumerate((host, bertil, cecilia, watcher), start=1):
        no_traceback(page)
        page.screenshot(path=str(shots / f"together-phone-{i}.png"), full_page=True)


def test_a_restart_mid_round(chromium: Browser, tmp_path: Path, shots: Path) -> None:  # noqa: F811
    """Stop the server mid-round and start it again: both phones reconnect with their links and play on."""
    require_browser()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    progress = tmp_path / "progress.sqlite3"
    log = tmp_path / "streamlit.log"
    server = start_server(port, progress, log)
    try:
        wait_for_health(url, server, log)
        anna = phone(chromium)
        anna.goto(f"{url}/together")
        anna.get_by_role("button", name="Open a table").click()
        anna.wait_for_url(re.compile(r"table=\w+"))
        code = re.search(r"table=(\w+)", anna.url).group(1)  # type: ignore[union-attr]
        take_seat(anna, "Anna")
        bertil = phone(chromium)
        bertil.goto(f"{url}/together?table={code}")
        take_seat(bertil, "Bertil")
        anna.get_by_role("button", name="Start the game").click()
        anna.get_by_role("button", name="Draw", exact=True).click()
        expect(bertil.get_by_text("Anna drew from the stock.")).to_be_visible(timeout=5_000)

        stop_server(server)
        server = start_server(port, progress, log)
        wait_for_health(url, server, log)
        for page in (anna, bertil):
            page.reload()  # what a phone waking up does; the link holds the seat
        expect(anna.get_by_role("button", name="Discard", exact=True)).to_be_visible()
        anna.locator(".r5t-hand button.r5t-card").first.click()
        anna.get_by_role("button", name="Discard", exact=True).click()
        expect(bertil.get_by_text("Your turn, Bertil")).to_be_visible(timeout=5_000)
        bertil.screenshot(path=str(shots / "together-after-restart.png"), full_page=True)
    finally:
        stop_server(server)

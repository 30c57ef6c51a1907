"""Play together in a real browser: two ``streamlit run`` servers on one database (an SQLite tables file,
then a PostgreSQL database: every test of the two servers runs on each), phones (390×844 browser contexts)
on either server, and a browser without a seat.

- Three phones and a watcher: the host opens a table on server 1 and takes a seat, a second phone joins
  through server 2 by the join link, a third through server 1; the host adds a computer player and starts.
  A move on one phone is seen on the others (through the other server too), and the watcher sees no hand.
- A whole round of ``rommi`` on three phones: the host chooses the variant in the sidebar, the table is
  dealt with a known seed, and every move is chosen from the table that phone itself shows (its own seat's
  view, read from the tables file with its token) and made by clicking that phone's cards and buttons.
  The deal gives Bertil a Rommi! call out of turn; every other call window is closed by "No call". Each
  phone says the call's outcome and the round's end in view, and a watcher sees no hand and no button.
- A server killed mid-round: the phone that was on it opens its link on the other server (what the proxy
  of docs/deploy.md does for it), finds its seat, and the round plays on.
- A restart mid-round: the phones reload their links and play on.

Screenshots go where every browser test puts its own (``browser_support.screenshots_folder``). The clicking
is :mod:`harness.table_play`'s, which ``benchmarks/bench_together_browser.py`` times.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import choose, no_traceback, open_table, param, phone, require_browser, take_seat

from engine.moves import Move
from engine.variants import get_variant
from harness.served_app import Server, ServerError, served_app
from harness.table_play import play_round, shows, table_action, table_log, table_says
from tutor.storage.url import ENV_VAR as DATABASE_URL
from tutor.together.model import TableView, Ticket
from tutor.together.store import SqlTableStore

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

#: The deal of the whole-round test: Bertil (the second seat) calls Rommi! once, out of turn, and goes out (the call
#: rests on the table and the pile, the ruling of issue 37).
ROMMI_SEED = 5
#: The call window of the test servers: long, so a busy machine never misses a call; "No call" shortens it.
CALL_SECONDS = "30"


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Two servers sharing one progress folder, so one tables file. The rounds run on SQLite only: that both
    backends keep a table's moves, versions and calls alike is the store tests' fact (tests/test_together*.py
    run each on SQLite and on PostgreSQL), so playing them in real time once per database proved it twice."""
    require_browser()
    folder = tmp_path_factory.mktemp("together-servers")
    environment: dict[str, str | None] = {"RUMMY500_CALL_SECONDS": CALL_SECONDS, DATABASE_URL: None}
    try:
        with (
            served_app(folder, "streamlit-1", environment) as first,
            served_app(folder, "streamlit-2", environment) as second,
        ):
            yield [first, second]
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(autouse=True)
def phones_put_away(chromium: Browser) -> Iterator[None]:
    """Every phone a test opened is closed when it ends: an open table page asks its server for news every
    moment, and a test's phones left open slowed every later test's server (the last one, on a fresh
    server, once waited out its 20 s for the first page)."""
    yield
    for context in list(chromium.contexts):
        context.close()


def tables_of(server: Server) -> str:
    """Where ``server`` keeps its tables: the tables file beside its progress file."""
    return str(server.progress.parent / "tables.sqlite3")


def test_three_phones_and_a_watcher(two_servers: list[Server], chromium: Browser, shots: Path) -> None:
    first, second = (server.url for server in two_servers)
    host = phone(chromium)
    code = open_table(host, first)
    expect(host.get_by_role("img")).to_have_count(1)  # the QR code
    take_seat(host, "Anna")
    secrets = (param(host, "host"), param(host, "seat"))
    shown = host.locator("body").inner_text()
    assert not any(secret in shown for secret in secrets), "a token on the screen everyone sees"
    host.screenshot(path=str(shots / "together-lobby-no-secrets-phone.png"), full_page=True)
    host.get_by_text("Your own link").click()  # on request, to its owner: seat and host role together
    own = host.locator("[data-testid='stExpander'] code")
    expect(own).to_contain_text(f"seat={secrets[1]}")
    expect(own).to_contain_text(f"host={secrets[0]}")
    host.get_by_text("Your own link").click()

    bertil = phone(chromium)
    bertil.goto(f"{second}/together?table={code}")  # the join link, on the other server
    take_seat(bertil, "Bertil")
    cecilia = phone(chromium)
    cecilia.goto(f"{first}/together?table={code}", wait_until="commit")
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
    watcher.goto(f"{second}/together?table={code}", wait_until="commit")
    expect(watcher.get_by_text("You are watching")).to_be_visible()
    expect(watcher.get_by_role("button", name="Draw", exact=True)).to_have_count(0)
    expect(watcher.get_by_text("Pick cards from your hand")).to_have_count(0)

    host.get_by_role("button", name="Draw", exact=True).click()
    for other in (bertil, cecilia, watcher):
        expect(table_says(other, "Anna drew from the stock.")).to_be_visible()
    for i, page in enumerate((host, bertil, cecilia, watcher), start=1):
        no_traceback(page)
        page.screenshot(path=str(shots / f"together-phone-{i}.png"), full_page=True)


def test_a_whole_round_of_rommi_with_a_call(two_servers: list[Server], chromium: Browser, shots: Path) -> None:
    first, second = two_servers
    anna = phone(chromium)
    anna.goto(f"{first.url}/together", wait_until="commit")
    anna.get_by_test_id("stExpandSidebarButton").click()
    choose(anna, "Your table's variant", get_variant("rommi").name, within=anna.get_by_test_id("stSidebar"))
    anna.get_by_test_id("stSidebar").get_by_role("button").first.click()  # the sidebar closes
    expect(anna.get_by_text("(500 rommi)")).to_be_visible()
    anna.get_by_label("Seats").fill("3")
    anna.get_by_label("Seats").press("Enter")
    code = open_table(anna)
    take_seat(anna, "Anna")
    bertil, cecilia = phone(chromium), phone(chromium)
    for page, server, name in ((bertil, second, "Bertil"), (cecilia, first, "Cecilia")):
        page.goto(f"{server.url}/together?table={code}", wait_until="commit")
        take_seat(page, name)
    store = SqlTableStore(tables_of(first), call_window=float(CALL_SECONDS))
    lobby = store.view(code, param(anna, "seat"))
    by_name = {"Anna": anna, "Bertil": bertil, "Cecilia": cecilia}
    phones = [by_name[seat.name] for seat in lobby.seats]
    tickets = [Ticket(code, param(page, "seat")) for page in phones]
    store.start(code, param(anna, "host"), seed=ROMMI_SEED)  # the dealt table: the host's start, seeded

    watcher = phone(chromium)
    watcher.goto(f"{second.url}/together?table={code}", wait_until="commit")
    expect(watcher.get_by_text("You are watching")).to_be_visible()

    calls: list[int] = []

    def before(index: int, view: TableView, choice: Move | str) -> None:
        if isinstance(choice, Move) and choice.kind == "rommi" and not calls:
            in_the_window(store, code, tickets, phones, shots)

    def after(index: int, view: TableView, choice: Move | str) -> None:
        if isinstance(choice, Move) and choice.kind == "rommi":
            calls.append(index)
            if len(calls) == 1:
                at_the_call(store, code, tickets, phones, watcher, shots)

    play_round(store, code, [ticket.token for ticket in tickets], phones, before, after)
    end = store.view(code, tickets[0].token)
    assert end.seen is not None and end.seen.position.round_over and calls
    for i, page in enumerate(phones, start=1):
        shows(page, store.view(code, tickets[i - 1].token))
        box = page.locator(".r5t-say")
        expect(box).to_contain_text("The round is over")
        expect(box).to_be_in_viewport()
        no_traceback(page)
        page.screenshot(path=str(shots / f"together-rommi-phone-{i}.png"))
    expect(watcher.locator(".r5t-say")).to_contain_text("The round is over: Bertil went out.")
    expect(watcher.locator("[data-action], [data-hand]")).to_have_count(0)


def in_the_window(store: SqlTableStore, code: str, tickets: list[Ticket], phones: list[Page], folder: Path) -> None:
    """While the first call is awaited: every phone says the same waiting; the seat that may call (by where
    it sits) is told so beside the table, with "No call" beside Rommi! and in view; screenshots."""
    for i, (ticket, page) in enumerate(zip(tickets, phones, strict=True), start=1):
        view = store.view(code, ticket.token)
        shows(page, view)
        if not view.call_open:  # said beside the table too, where a phone's screen shows it
            expect(page.locator(".r5t-say")).to_have_text("Waiting a moment: anyone may call Rommi now.")
            expect(page.locator(".r5t-say")).to_be_in_viewport()
        no_call = page.get_by_role("button", name="No call", exact=True)  # among the table's buttons, beside Rommi!
        expect(no_call).to_have_count(1 if view.call_open else 0)
        if view.call_open:
            expect(no_call).to_be_in_viewport()
        if view.call_open:
            expect(page.locator(".r5t-say")).to_contain_text("You may call Rommi! now")
            expect(table_action(page, "rommi")).to_be_visible()
        page.screenshot(path=str(folder / f"together-rommi-window-phone-{i}.png"))


def at_the_call(
    store: SqlTableStore, code: str, tickets: list[Ticket], phones: list[Page], watcher: Page, folder: Path
) -> None:
    """Right after the first Rommi call is made: every phone says who called, in view; the watcher too,
    with no hand and no button; screenshots."""
    for i, (ticket, page) in enumerate(zip(tickets, phones, strict=True), start=1):
        view = store.view(code, ticket.token)
        assert view.called_by is not None
        shows(page, view)
        box = page.locator(".r5t-say")
        expect(box).to_contain_text("Your call was made" if view.called_by == view.seat else "Bertil called it")
        expect(box).to_be_in_viewport()
        expect(table_log(page).last).to_contain_text("Bertil called Rommi!")
        no_traceback(page)
        page.screenshot(path=str(folder / f"together-rommi-call-phone-{i}.png"))
    expect(watcher.locator(".r5t-say")).to_contain_text("Bertil called it")
    expect(watcher.locator("[data-action], [data-hand]")).to_have_count(0)
    expect(watcher.get_by_role("button", name="No call")).to_have_count(0)
    watcher.screenshot(path=str(folder / "together-rommi-watcher.png"))


def test_a_server_killed_mid_round(two_servers: list[Server], chromium: Browser, shots: Path) -> None:
    """Anna's phone is on the first server, Bertil's on the second. The first server dies mid-round (killed:
    nothing saved on the way out); Anna's phone opens its link on the second server (behind one address,
    the proxy does that for it, docs/deploy.md), finds its seat and its hand as they were, and plays on."""
    first, second = two_servers
    anna = phone(chromium)
    code = open_table(anna, first.url)
    take_seat(anna, "Anna")
    bertil = phone(chromium)
    bertil.goto(f"{second.url}/together?table={code}", wait_until="commit")
    take_seat(bertil, "Bertil")
    anna.get_by_role("button", name="Start the game").click()
    anna.get_by_role("button", name="Draw", exact=True).click()
    expect(table_says(bertil, "Anna drew from the stock.")).to_be_visible()
    store = SqlTableStore(tables_of(first))
    before = store.view(code, param(anna, "seat"))
    try:
        first.kill()
        anna.goto(anna.url.replace(first.url, second.url), wait_until="commit")
        shows(anna, before)  # her seat, the table as it was
        assert before.seen is not None and before.seat is not None
        held = len(before.seen.position.hands[before.seat])  # her hand with the card she drew
        expect(anna.locator(".r5t-hand button.r5t-card")).to_have_count(held)
        expect(table_action(anna, "discard")).to_be_visible()
        anna.locator(".r5t-hand button.r5t-card").first.click()
        table_action(anna, "discard").click()
        expect(bertil.get_by_text("Your turn, Bertil")).to_be_visible()
        expect(anna.get_by_text("Bertil is playing")).to_be_visible()
        after = store.view(code, param(anna, "seat"))
        assert after.version > before.version and after.seen is not None
        assert after.last_moves[-1].startswith("Anna discarded")
        no_traceback(anna)
        anna.screenshot(path=str(shots / "together-after-a-server-died.png"), full_page=True)
    finally:
        if not first.running:
            first.start()  # for the tests after this one


def test_a_restart_mid_round(chromium: Browser, tmp_path: Path, shots: Path) -> None:
    """Stop the server mid-round and start it again: both phones reconnect with their links and play on."""
    require_browser()
    with served_app(tmp_path) as server:
        url = server.url
        anna = phone(chromium)
        code = open_table(anna, url)
        take_seat(anna, "Anna")
        bertil = phone(chromium)
        bertil.goto(f"{url}/together?table={code}", wait_until="commit")
        take_seat(bertil, "Bertil")
        anna.get_by_role("button", name="Start the game").click()
        anna.get_by_role("button", name="Draw", exact=True).click()
        expect(table_says(bertil, "Anna drew from the stock.")).to_be_visible()

        server.restart()
        for page in (anna, bertil):
            page.reload()  # what a phone waking up does; the link holds the seat
        expect(table_action(anna, "discard")).to_be_visible()
        anna.locator(".r5t-hand button.r5t-card").first.click()
        table_action(anna, "discard").click()
        expect(bertil.get_by_text("Your turn, Bertil")).to_be_visible()
        bertil.screenshot(path=str(shots / "together-after-restart.png"), full_page=True)

"""A database restart in the middle of play (issue 38), in a real browser: the app is served by ``streamlit
run`` on a throw-away PostgreSQL cluster of this module's own, which is stopped for several seconds (``pg_ctl
stop -m fast``, as an operator restarts a site's database) while

- two phones play a shared round (Anna, the host, has drawn; her turn goes on), and a third waits in the lobby
  of another table;
- a learner solves a lesson's task on a laptop, then opens the Progress page.

Every page says the app's sentence (the table, or the progress, cannot be reached right now; nothing is lost)
and shows no error box; the round's phones keep the table they saw (their look goes on); then the cluster is
started again and every page comes back by itself, without a reload (a mark left in each page's window is
still there): the round plays on from where it was, the lobby is the lobby again, and the task solved while
the database was away is counted on the Progress page. The seconds each page took to say it and to come back
are printed and written to ``faults-timings.json`` beside the screenshots (``docs/deploy.md`` quotes them).

And the app's server killed and started again mid-round and mid-lesson: the pages come back by themselves.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import no_traceback, open_table, param, phone, require_browser, take_seat
from database_support import require_postgres

from harness.postgres import Cluster, throwaway_cluster
from harness.served_app import Server, ServerError, served_app
from harness.table_play import pick, table_action, table_log, table_says
from tutor.i18n.strings import t
from tutor.storage.engines import forget_engines
from tutor.storage.url import ENV_VAR as DATABASE_URL
from tutor.together.store import SqlTableStore

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.postgres]

#: How long the database stays away: several of the phones' looks (0.5 s) and the pages' (1 s).
DOWN_SECONDS = 6.0
TABLE_AWAY = t("storage.tables_unreachable")
PROGRESS_AWAY = t("storage.progress_unreachable")
QUEENS = ("queen of spades", "queen of hearts", "queen of diamonds")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Cluster, str]]:
    """The app on a PostgreSQL cluster of its own (progress and tables both in its database), the cluster,
    and the database's URL."""
    require_browser()
    require_postgres()
    with throwaway_cluster() as cluster:
        url = cluster.new_database()
        folder = tmp_path_factory.mktemp("faults-site")
        try:
            with served_app(folder, "streamlit", {DATABASE_URL: url}) as server:
                yield server, cluster, url
        except ServerError as error:
            pytest.fail(str(error), pytrace=False)
        finally:
            forget_engines()  # this process's connections, before their server goes


@pytest.fixture(autouse=True)
def pages_put_away(chromium: Browser) -> Iterator[None]:
    yield
    for context in list(chromium.contexts):
        context.close()


def mark(page: Page) -> None:
    """Leave a mark in the page's window: a reload would wipe it."""
    page.evaluate("window.__notReloaded = true")


def not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__notReloaded === true"), "the page was reloaded"


def waited(since: float, what: Locator, timeout: float = 20_000) -> float:
    """Seconds from ``since`` until ``what`` shows (at most ``timeout`` ms)."""
    expect(what).to_be_visible(timeout=timeout)
    return round(time.monotonic() - since, 1)


def waited_gone(since: float, what: Locator, timeout: float = 20_000) -> float:
    """Seconds from ``since`` until ``what`` is gone."""
    expect(what).to_have_count(0, timeout=timeout)
    return round(time.monotonic() - since, 1)


def test_a_database_restart_mid_round_and_mid_lesson(
    site: tuple[Server, Cluster, str], chromium: Browser, shots: Path
) -> None:
    server, cluster, url = site
    anna = phone(chromium)
    code = open_table(anna, server.url)
    take_seat(anna, "Anna")
    bertil = phone(chromium)
    bertil.goto(f"{server.url}/together?table={code}", wait_until="commit")
    take_seat(bertil, "Bertil")
    anna.get_by_role("button", name="Start the game").click()
    table_action(anna, "draw").click()
    expect(table_says(bertil, "Anna drew from the stock.")).to_be_visible()
    expect(table_action(anna, "discard")).to_be_visible()
    cecilia = phone(chromium)
    lobby_code = open_table(cecilia, server.url)  # another table, waiting for its players
    take_seat(cecilia, "Cecilia")
    learner = chromium.new_page(viewport={"width": 1366, "height": 900})
    learner.goto(f"{server.url}/?lesson=the-aim&variant=femhundra")
    expect(learner.locator(".r5t-hand .r5t-card").first).to_be_visible()
    pages = {"anna": anna, "bertil": bertil, "cecilia": cecilia, "learner": learner}
    for page in pages.values():
        mark(page)
    store = SqlTableStore(url)
    before = store.view(code, param(anna, "seat"))
    assert before.seen is not None
    times: dict[str, float] = {}

    cluster.stop()
    stopped = time.monotonic()
    for name in ("anna", "bertil"):  # the round's phones, by their own look
        times[f"round said, {name}"] = waited(stopped, pages[name].locator(".r5t-say", has_text=TABLE_AWAY))
    times["lobby said"] = waited(stopped, cecilia.get_by_text(TABLE_AWAY))
    expect(table_action(anna, "discard")).to_have_count(0)  # nothing to press while the table is away
    expect(anna.locator(".r5t-hand .r5t-card")).to_have_count(len(before.seen.hand))  # her hand, as it was
    for name in QUEENS:  # the learner solves the task in the meantime
        pick(learner.locator(f'.r5t-hand button[aria-label^="{name}"]').first)
    solved = time.monotonic()
    learner.locator(".r5t-actions").get_by_role("button", name="Meld picked cards", exact=True).click()
    expect(learner.locator(".r5t-say.r5t-success")).to_be_visible()  # the lesson goes on
    times["lesson said (after the move)"] = waited(solved, learner.get_by_text(PROGRESS_AWAY))
    expect(learner.get_by_text("Solved! ★★★")).to_be_visible()
    learner.get_by_test_id("stSidebarNavLink").filter(has_text="Progress").click()
    expect(learner.get_by_text(PROGRESS_AWAY)).to_be_visible()
    time.sleep(max(0.0, DOWN_SECONDS - (time.monotonic() - stopped)))
    for name, page in pages.items():
        no_traceback(page)
        page.screenshot(path=str(shots / f"faults-away-{name}.png"), full_page=True)

    cluster.start()
    started = time.monotonic()
    times["database away"] = round(started - stopped, 1)
    times["round back, anna"] = waited(started, table_action(anna, "discard"))
    times["round back, bertil"] = waited_gone(started, bertil.get_by_text(TABLE_AWAY))
    times["lobby back"] = waited_gone(started, cecilia.get_by_text(TABLE_AWAY))
    expect(cecilia.get_by_text(f"Table {lobby_code}")).to_be_visible()
    expect(cecilia.get_by_role("button", name="Start the game")).to_be_visible()
    times["progress back"] = waited(started, learner.get_by_test_id("stMetricValue").first)
    expect(learner.get_by_text(PROGRESS_AWAY)).to_have_count(0)
    solved_count = learner.get_by_test_id("stMetricValue").nth(1)  # tasks solved: the one solved while away
    expect(solved_count).to_have_text(re.compile(r"^1 / \d+$"))
    for name, page in pages.items():
        not_reloaded(page)
        no_traceback(page)
        page.screenshot(path=str(shots / f"faults-back-{name}.png"), full_page=True)

    after = store.view(code, param(anna, "seat"))  # nothing lost: the round as it was
    assert after.last_moves == before.last_moves and after.version == before.version
    anna.locator(".r5t-hand button.r5t-card").first.click()
    table_action(anna, "discard").click()
    expect(bertil.get_by_text("Your turn, Bertil")).to_be_visible()
    expect(table_log(bertil).last).to_contain_text("Anna discarded")
    print(json.dumps(times, indent=1))
    (shots / "faults-timings.json").write_text(json.dumps(times, indent=1) + "\n")


def test_a_server_killed_and_started_again(site: tuple[Server, Cluster, str], chromium: Browser, shots: Path) -> None:
    """The app's server dies (``SIGKILL``) mid-round and mid-lesson and is started again 2 s later on the same
    port (a service's ``Restart=always``, ``RestartSec=2``): the pages say Streamlit's connection words in the
    learner's language meanwhile, and come back by themselves, without a reload: each phone in its seat with
    its hand, the laptop at its lesson. The seconds go to ``faults-timings.json`` too."""
    server, _, _ = site
    anna = phone(chromium)
    code = open_table(anna, server.url)
    take_seat(anna, "Anna")
    bertil = phone(chromium)
    bertil.goto(f"{server.url}/together?table={code}", wait_until="commit")
    take_seat(bertil, "Bertil")
    anna.get_by_role("button", name="Start the game").click()
    table_action(anna, "draw").click()
    expect(table_action(anna, "discard")).to_be_visible()
    held = anna.locator(".r5t-hand .r5t-card").count()
    learner = chromium.new_page(viewport={"width": 1366, "height": 900})
    learner.goto(f"{server.url}/?lesson=the-aim&variant=femhundra")
    expect(learner.locator(".r5t-hand .r5t-card").first).to_be_visible()
    pages = {"anna": anna, "bertil": bertil, "learner": learner}
    for page in pages.values():
        mark(page)
    times: dict[str, float] = {}

    server.kill()
    killed = time.monotonic()
    times["server death: dialog shown"] = waited(killed, anna.get_by_text(t("ui.connection.title")), 30_000)
    time.sleep(max(0.0, 2.0 - (time.monotonic() - killed)))
    started = time.monotonic()
    server.start()
    times["server death: server answering"] = round(time.monotonic() - started, 1)
    times["server death: round back, anna"] = waited(killed, table_action(anna, "discard"), 30_000)
    times["server death: round back, bertil"] = waited(killed, bertil.get_by_text("Anna is playing"), 30_000)
    times["server death: lesson back"] = waited(killed, learner.locator(".r5t-hand .r5t-card").first, 30_000)
    expect(anna.locator(".r5t-hand .r5t-card")).to_have_count(held)  # her hand with the card she drew
    for name, page in pages.items():
        not_reloaded(page)
        no_traceback(page)
        page.screenshot(path=str(shots / f"faults-server-back-{name}.png"), full_page=True)
    print(json.dumps(times, indent=1))
    timings = shots / "faults-timings.json"
    earlier = json.loads(timings.read_text()) if timings.exists() else {}
    timings.write_text(json.dumps({**earlier, **times}, indent=1) + "\n")

"""The card table's script (``ui/felt/widget.js``) on its own in Chromium, without Streamlit: a page served
by the test (Playwright's routing) imports it as Streamlit does, once, and calls it for each drawing of
each table with the element that table alone gets (a shadow root) and data of :func:`tutor.seat.felt.felt_data`.

What only such a page shows: two tables on one page keep their own picks and their own poll; a table
drawn again (a rerun) keeps its picks, and a table put on the page anew (a remount) takes over the picks
of its position; the function a drawing returns stops, when the table has left the page, everything the
table had started (the poll's timer, the watch that keeps the answer in view with its listeners, timers),
and does nothing while the table is still there. The page counts the live timers, observers and scroll
listeners by wrapping the browser's own functions before the script loads.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.cards import parse_cards
from engine.moves import Move
from engine.round import Round
from engine.variants import get_variant
from tutor.seat.felt import FeltOptions, felt_data
from ui.shared.component_data import DECODE_JS, encoded

with contextlib.suppress(ImportError):  # without it the chromium fixture skips (or, in CI, fails) the tests
    from playwright.sync_api import Browser, Page, Route, expect

pytestmark = pytest.mark.browser

ORIGIN = "http://table.test"
SCRIPT = (Path(__file__).resolve().parent.parent / "ui" / "felt" / "widget.js").read_text(encoding="utf-8").replace("/* DECODE */", DECODE_JS)
PAGE = """<!doctype html><html><body style="margin:0">
<div id="tall" style="height:0"></div><div id="a"></div><div id="b"></div><div id="c"></div>
</body></html>"""

#: Before any script of the page: count what is alive of what the table's script may start.
COUNTING = """(() => {
  const live = { intervals: new Set(), observers: new Set(), wheel: new Set(), touchmove: new Set() };
  window.__live = () => ({
    intervals: live.intervals.size, observers: live.observers.size, listeners: live.wheel.size + live.touchmove.size,
  });
  const setInterval = window.setInterval, clearInterval = window.clearInterval;
  window.setInterval = (fn, ms, ...rest) => { const id = setInterval(fn, ms, ...rest); live.intervals.add(id); return id; };
  window.clearInterval = (id) => { live.intervals.delete(id); clearInterval(id); };
  const Observer = window.IntersectionObserver;
  window.IntersectionObserver = class extends Observer {
    constructor(callback, options) { super(callback, options); live.observers.add(this); }
    disconnect() { live.observers.delete(this); super.disconnect(); }
  };
  const add = window.addEventListener, remove = window.removeEventListener;
  window.addEventListener = function (type, fn, options) { live[type]?.add?.(fn); return add.call(this, type, fn, options); };
  window.removeEventListener = function (type, fn, options) { live[type]?.delete?.(fn); return remove.call(this, type, fn, options); };
})();"""

#: In the page: import the script once (as Streamlit does) and a way to draw table ``id`` with ``data``
#: (JSON, handed over as bytes) in its element's shadow root, keeping what it returns and sends.
SETUP = """async () => {
  const draw = (await import("/widget.js")).default;
  window.__sent = {}; window.__cleanup = {};
  window.__draw = (id, json) => {
    const host = document.getElementById(id);
    const parentElement = host.shadowRoot || host.attachShadow({ mode: "open" });
    const sent = (window.__sent[id] ||= []);
    window.__cleanup[id] = draw({
      name: "rummy500_table", key: id, parentElement, data: new TextEncoder().encode(json),
      setStateValue: () => {}, setTriggerValue: (event, value) => sent.push(event),
    });
  };
}"""


def data(position: str = "p1", **options: Any) -> str:
    """The table of a dansk position (Anna to meld or discard after drawing) as the widget gets it."""
    state = Round.from_position(
        get_variant("dansk"),
        ["Anna", "Bertil"],
        [parse_cards("QS QH QD 9C"), parse_cards("2C")],
        stock=parse_cards("7H"),
        pile=parse_cards("KD 5D"),
    ).apply(Move.parse("draw"))
    table = felt_data(state.view(0), FeltOptions(actions=("meld", "discard"), position=position, **options))
    return encoded(table).decode("utf-8")


@pytest.fixture
def page(chromium: Browser) -> Iterator[Page]:
    """A page of its own origin holding three empty places for tables, the script loaded once."""
    context = chromium.new_context(viewport={"width": 800, "height": 600})

    def serve(route: Route) -> None:
        if route.request.url.endswith("/widget.js"):
            route.fulfill(body=SCRIPT, content_type="text/javascript")
        else:
            route.fulfill(body=PAGE, content_type="text/html")

    context.route(f"{ORIGIN}/**", serve)
    context.add_init_script(COUNTING)
    try:
        tab = context.new_page()
        tab.goto(f"{ORIGIN}/")
        tab.evaluate(SETUP)
        yield tab
    finally:
        context.close()


def draw(page: Page, table: str, json_data: str) -> None:
    page.evaluate("([id, json]) => window.__draw(id, json)", [table, json_data])


def queen(page: Page, table: str) -> Any:
    """The queen of hearts in the hand of table ``table``."""
    return page.locator(f'#{table} .r5t-hand [data-hand^="QH"]')


def live(page: Page) -> dict[str, int]:
    return dict(page.evaluate("window.__live()"))


def leave(page: Page, table: str) -> None:
    """Take table ``table`` off the page, then call what its last drawing returned, as Streamlit does."""
    page.evaluate("(id) => { document.getElementById(id).remove(); window.__cleanup[id](); }", table)


def test_two_tables_keep_their_own_picks(page: Page) -> None:
    draw(page, "a", data("p1"))
    draw(page, "b", data("p2"))
    queen(page, "a").click()
    expect(queen(page, "a")).to_have_attribute("aria-pressed", "true")
    expect(queen(page, "b")).to_have_attribute("aria-pressed", "false")
    queen(page, "b").click()
    queen(page, "b").click()
    draw(page, "a", data("p1", message=("info", "Drawn again.")))  # a rerun: the same position
    expect(queen(page, "a")).to_have_attribute("aria-pressed", "true")
    expect(queen(page, "b")).to_have_attribute("aria-pressed", "false")
    draw(page, "a", data("p3"))  # a new position: no picks
    expect(queen(page, "a")).to_have_attribute("aria-pressed", "false")


def test_a_table_put_on_the_page_anew_takes_over_the_picks_of_its_position(page: Page) -> None:
    draw(page, "a", data("p1"))
    queen(page, "a").click()
    leave(page, "a")
    draw(page, "b", data("p1"))  # the same position in a new element: a remount
    expect(queen(page, "b")).to_have_attribute("aria-pressed", "true")
    draw(page, "c", data("p2"))
    expect(queen(page, "c")).to_have_attribute("aria-pressed", "false")


def test_each_shared_table_polls_on_its_own_timer(page: Page) -> None:
    draw(page, "a", data("p1", poll_ms=100))
    draw(page, "b", data("p2", poll_ms=100))  # drawing one table leaves the other's poll alone
    draw(page, "b", data("p2", poll_ms=100))  # and a table drawn again has one poll, not two
    assert live(page)["intervals"] == 2
    page.wait_for_function("window.__sent.a.filter((e) => e === 'tick').length >= 3")
    page.wait_for_function("window.__sent.b.filter((e) => e === 'tick').length >= 3")


def test_leaving_the_page_stops_all_the_table_started(page: Page) -> None:
    page.evaluate("document.getElementById('tall').style.height = '2000px'")  # the answer starts out of view
    draw(page, "a", data("p1", poll_ms=100))
    draw(page, "a", data("p1", poll_ms=100, message=("error", "That is not a meld.")))
    assert live(page) == {"intervals": 1, "observers": 1, "listeners": 2}
    expect(page.locator("#a .r5t-say")).to_be_in_viewport()  # the watch brought it into view
    page.evaluate("window.__cleanup.a()")  # a superseded drawing's clean-up, the table still there
    assert live(page) == {"intervals": 1, "observers": 1, "listeners": 2}
    leave(page, "a")
    assert live(page) == {"intervals": 0, "observers": 0, "listeners": 0}
    ticks = page.evaluate("window.__sent.a.length")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__sent.a.length") == ticks

"""The card table's script (``ui/felt/widget.js``) on its own in Chromium, without Streamlit: a page served
by the test (Playwright's routing) imports it as Streamlit does, once, and calls it for each drawing of
each table with the element that table alone gets (a shadow root) and data of :func:`tutor.seat.felt.felt_data`.

What only such a page shows: two tables on one page keep their own picks and their own poll; a table
drawn again (a rerun) keeps its picks, and a table put on the page anew (a remount) takes over the picks
of its position; the same data drawn again leaves the cards on the screen as they are; the function a
drawing returns stops, when the table has left the page, everything the table had started (the poll's
timer, the watch that keeps the answer in view with its listeners, timers), and does nothing while the
table is still there. The page counts the live timers, observers and scroll listeners by wrapping the
browser's own functions before the script loads.

A screen reader hears each thing once: the table has one live region, which gets only what a drawing
brings new (the answer to a move, the log's new lines, "Your turn."), the message box itself not live.

And what the script reads of its data: tables of every kind, handed over as objects that record each field
read, played with (cards, the pile, a meld, the sorts picked), read every field
:class:`~tutor.seat.felt.FeltData` declares and no other.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.cards import parse_cards
from engine.moves import Move
from engine.round import Round
from engine.variants import get_variant
from tests.felt_support import declared, shape
from tutor.seat.felt import FeltOptions, felt_data
from tutor.seat.picks import ACTIONS
from ui.felt.widget import encoded, script

with contextlib.suppress(ImportError):  # without it the chromium fixture skips (or, in CI, fails) the tests
    from playwright.sync_api import Browser, Page, Route, expect

pytestmark = pytest.mark.browser

ORIGIN = "http://table.test"
SCRIPT = script()  # as Streamlit serves it
PAGE = """<!doctype html><html><body style="margin:0">
<div id="tall" style="height:0"></div><div id="a"></div><div id="b"></div><div id="c"></div><div id="d"></div>
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
#: (JSON, handed over as bytes) in its element's shadow root, keeping what it returns and sends; and a way
#: to draw it with the data as an object that records, by the data's shape (:mod:`tests.felt_support`), each
#: declared field read (``__read``, by path) and each other one (``__undeclared``).
SETUP = """async () => {
  const draw = (await import("/widget.js")).default;
  window.__sent = {}; window.__cleanup = {};
  const put = (id, data) => {
    const host = document.getElementById(id);
    const parentElement = host.shadowRoot || host.attachShadow({ mode: "open" });
    const sent = (window.__sent[id] ||= []);
    window.__cleanup[id] = draw({
      name: "rummy500_table", key: id, parentElement, data: data,
      setStateValue: () => {}, setTriggerValue: (event, value) => sent.push(event),
    });
  };
  window.__draw = (id, json) => put(id, new TextEncoder().encode(json));
  window.__read = new Set(); window.__undeclared = new Set();
  const watch = (value, node, path) => {
    if (value === null || typeof value !== "object") return value;
    const own = (target, prop) => typeof prop === "string" && Object.prototype.hasOwnProperty.call(target, prop);
    if (node.object) return new Proxy(value, { get(target, prop, receiver) {
      const found = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || prop === "toJSON") return found;
      const here = path ? `${path}.${prop}` : prop;
      if (!(prop in node.object)) { window.__undeclared.add(here); return found; }
      window.__read.add(here);
      return watch(found, node.object[prop], here);
    } });
    const inner = node.list || node.map;
    if (inner) return new Proxy(value, { get(target, prop, receiver) {
      const found = Reflect.get(target, prop, receiver);
      return own(target, prop) && (node.map || /^[0-9]+$/.test(prop)) ? watch(found, inner, path) : found;
    } });
    return value;
  };
  window.__drawWatched = (id, json, shape) => put(id, watch(JSON.parse(json), shape, ""));
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


def test_the_same_data_again_leaves_the_table_as_it_is(page: Page) -> None:
    draw(page, "a", data("p1"))
    queen(page, "a").click()
    page.evaluate("window.__queen = document.getElementById('a').shadowRoot.querySelector('[data-hand^=QH]')")
    draw(page, "a", data("p1"))  # the page drawn again around an unchanged table
    draw(page, "a", data("p1", ready=True))  # and asked to say it is drawn: nothing to draw anew
    assert page.evaluate("window.__queen === document.getElementById('a').shadowRoot.querySelector('[data-hand^=QH]')")
    page.wait_for_function("window.__sent.a.includes('ready')")  # said all the same
    expect(queen(page, "a")).to_have_attribute("aria-pressed", "true")
    draw(page, "a", data("p1", message=("info", "Drawn again.")))  # changed: drawn anew, the picks kept
    assert not page.evaluate("window.__queen.isConnected")
    expect(queen(page, "a")).to_have_attribute("aria-pressed", "true")


#: Before table ``id`` is first drawn: record each line its live region is given (``__heard``), and every
#: element of the table that is live.
HEARING = """(id) => {
  const host = document.getElementById(id);
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  window.__heard = [];
  new MutationObserver((changes) => changes.forEach((change) => {
    const voice = change.target.closest ? change.target.closest("[aria-live]") : null;
    if (voice) change.addedNodes.forEach((node) => window.__heard.push(node.textContent));
  })).observe(root, { childList: true, subtree: true, characterData: true });
  window.__live_regions = () => Array.from(root.querySelectorAll("[aria-live], [role=status], [role=alert], [role=log]"), (e) => e.className);
}"""


def heard(page: Page) -> list[str]:
    """What the live region was given, line by line, since :data:`HEARING`."""
    return list(page.evaluate("window.__heard"))


def test_a_screen_reader_hears_each_thing_once(page: Page) -> None:
    page.evaluate(HEARING, "a")
    log = ("Bertil drew from the stock.", "Bertil discarded 5♦.")
    first = data("p1", message=("info", "Your move."), log=log[:1])
    turn = json.loads(first)["words"]["your_turn"]
    draw(page, "a", first)  # the page opened: read as a page is, and told it is the learner's turn
    assert heard(page) == [turn]
    assert page.evaluate("window.__live_regions()") == ["r5t-voice"]  # one live region; the message box is not
    draw(page, "a", data("p1", message=("info", "Your move."), log=log[:1]))  # drawn again: nothing new
    draw(page, "a", data("p2", message=("error", "That is not a meld."), log=log))  # a new answer, a line more
    assert heard(page) == [turn, "That is not a meld. Bertil discarded 5♦."]
    queen(page, "a").click()
    page.locator('#a [data-action="meld"]').click()  # the same move again, and the same answer: said again
    draw(page, "a", data("p2", message=("error", "That is not a meld."), log=log))
    draw(page, "a", data("p2", message=("error", "That is not a meld."), log=log, ready=True))  # its "ready" run
    assert heard(page) == [turn, "That is not a meld. Bertil discarded 5♦.", "That is not a meld."]


def _tables() -> dict[str, str]:
    """Tables of every kind, as JSON: a rommi turn with a joker to lay off, every action, a message, a log
    and a hint shown; a femhundra turn's start (the whole pile to take, no melds); the same turn after the
    take (cards taken, the pile empty); a watcher's table (nothing to pick)."""
    rommi = Round.from_position(
        get_variant("rommi"),
        ["Anna", "Bertil"],
        [parse_cards("JK 2C 3C 9D"), parse_cards("2D 3D")],
        stock=parse_cards("7S 8S"),
        pile=parse_cards("KS 4D"),
        table=[(1, parse_cards("5H 6H 7H"))],
    ).apply(Move.parse("draw"))
    femhundra = Round.from_position(
        get_variant("femhundra"),
        ["Anna", "Bertil"],
        [parse_cards("5H 5S 9C"), parse_cards("2C")],
        stock=parse_cards("7H"),
        pile=parse_cards("9H 2C 5D"),
    )
    shown = (1, Move.parse("layoff JK=8H on 1"))
    tables = {
        "a": felt_data(rommi.view(0), FeltOptions(actions=ACTIONS, message=("error", "Not yet."), log=("Bertil drew.",), show=shown, position="r")),
        "b": felt_data(femhundra.view(0), FeltOptions(actions=("draw", "take_all", "stop"), position="f", poll_ms=60_000, large=True)),
        "c": felt_data(femhundra.apply(Move.parse("take all")).view(0), FeltOptions(actions=("meld", "discard"), position="g")),
        "d": felt_data(rommi.view(None), FeltOptions(show_hand=False, interactive=False, position="w")),
    }
    return {table: encoded(value).decode("utf-8") for table, value in tables.items()}


def test_the_script_reads_every_field_the_data_declares_and_no_other(page: Page) -> None:
    form = shape()
    for table, json_data in _tables().items():
        page.evaluate("([id, json, shape]) => window.__drawWatched(id, json, shape)", [table, json_data, form])
    a = page.locator("#a")
    expect(a.locator('.r5t-hand [data-hand="JK"]')).to_have_attribute("aria-pressed", "true")  # the hint's picks
    a.locator(".r5t-meld").first.click()
    a.locator(".r5t-pile [data-pile]").first.click()
    for order in ("suit", "rank"):
        a.locator(f'[data-sort="{order}"]').click()
    expect(a.locator(".r5t-joker select")).to_have_count(1)
    page.locator("#b .r5t-pile [data-pile]").first.click()
    read, undeclared = page.evaluate("[Array.from(window.__read), Array.from(window.__undeclared)]")
    assert sorted(undeclared) == [], "the script reads fields the data does not declare"
    assert sorted(set(declared(form)) - set(read)) == [], "the data declares fields the script never reads"

"""Speed of the app in a real browser, beside a bare Streamlit app served the same way in the same run.

Three servers start side by side: the app (``streamlit run app.py``) and two bare apps written to a
temporary folder (a button and a counter; a custom component, as the app's table is one, in a fragment, as
the app's table is, whose click bumps the count it shows), all by :class:`harness.served_app.Server` with the
same flags and the checkout's ``.streamlit/config.toml``; Chromium launches meanwhile. Then rounds, each of
them in fresh browser contexts (a new Streamlit session, nothing cached in the browser, the learners'
progress wiped):

- the bare page opened: its **first paint** (from the navigation to the frame that shows its counter), then
  :data:`BARE_CLICKS` **bare reruns** (from a click on its button to the frame that shows the counter one
  higher);
- the bare component's page opened, then as many **bare component reruns** (from a click on the
  component's button to the frame that shows its count one higher): Streamlit's own round trip for a
  component's event, the path a move takes;
- the home page (``/``) opened: the **first usable table** (from the navigation to the first frame in which
  a card of the table is drawn and, when the task opened is a move, a card of the hand is there to click);
- the lesson link (``/?lesson=<id>``) of the first lesson that opens on a move task opened: its first usable
  table, then **a move**: that task's first step (its answer, from the curriculum, so reordering the lessons
  cannot break the benchmark) made by clicking as a person does (:func:`harness.table_play.click_move`),
  timed from the click on the move's button to the first frame in which the table shows the answer (the
  hand changed); each **card click** on the way, to the frame that shows the card picked.

Every time is taken inside the page (its own clock, frame by frame), so Playwright's round trips do not
count; every click is a mouse's (Playwright's), the bare pages' as the move's, timed from its click event; what watches the page looks only inside the elements it watches (found once before the click), so
the watching itself costs the page next to nothing. Medians are printed with the ratios move / bare rerun, move / bare component rerun and first usable
table / bare first paint:
what the app costs over Streamlit's own round trip and start, on whatever machine runs it.

The machines are shared: the load average (1 minute) is read at the start and after each round and printed
with the figures. ``--against DIR`` serves another checkout beside this one (a copy of an older commit, say
``git archive <commit> | tar -x -C DIR``; its app.py imports its own code first) and measures both in the
same rounds, their turns alternating: a before and after that the machine's load cannot tell apart.

Run: ``python benchmarks/bench_browser.py`` (``--rounds N``, default 5; ``--loads`` and ``--clicks`` are its
old names; ``--json PATH``; ``--against DIR``; ``--short``: 2 rounds and no targets shown, what CI runs).
Targets (medians): a lesson link's first usable table ≤ 2 s, a card click shown picked ≤ 50 ms, a move on
the table ≤ 250 ms and ≤ 2.5 × the bare rerun of the same run.
Needs the ``playwright`` package and Debian's ``/usr/bin/chromium`` (``apt-get install -y chromium``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

with contextlib.suppress(ImportError):  # without the test extra: --help still works, a run says what to install
    from playwright.sync_api import Browser, Page
    from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, fail, measured, median, run_main, write_json  # noqa: E402
from engine.moves import Discard, Layoff, Meld, Move  # noqa: E402
from engine.variants import PRESETS  # noqa: E402
from harness.chromium import browser_missing, launched_chromium  # noqa: E402
from harness.served_app import Server, ServerError  # noqa: E402
from harness.table_play import click_move  # noqa: E402
from tutor.course import track_for  # noqa: E402
from tutor.i18n.languages import START_VARIANT  # noqa: E402
from tutor.learn.scenario import Scenario  # noqa: E402
from tutor.learn.tasks import MoveTask  # noqa: E402

#: The browser's language, and so the variant a new learner's pages open in.
LOCALE = "en-GB"
VARIANT = START_VARIANT["en"]
FIRST_TARGET_MS = 2000.0
CLICK_TARGET_MS = 50.0
MOVE_TARGET_MS = 250.0
#: A move at most this many times a bare rerun of the same run.
MOVE_RATIO_TARGET = 2.5
SHORT_ROUNDS = 2
#: Reruns of each bare page a round (cheap: more samples of the floor the move is compared with).
BARE_CLICKS = 3
#: Milliseconds a page may take to show what is waited for (a busy machine; a cold server imports the app).
WAIT_MS = 30_000
#: Milliseconds a fresh Learn page is left to settle before the move (its follow-up rerun draws the chart).
SETTLE_MS = 1000

#: The bare app: a button whose click reruns the script, and the count of those reruns.
BARE_APP = """import streamlit as st

st.session_state.setdefault("reruns", 0)
if st.button("Rerun"):
    st.session_state.reruns += 1
st.markdown(f"Reruns: {st.session_state.reruns}")
"""
BARE_FIRST = "Reruns: 0"
#: What the bare page shows its count in, and the button that bumps it.
BARE_COUNT = '[data-testid="stMarkdownContainer"]'
BARE_BUTTON = '[data-testid="stButton"] button'
#: The bare component's script: a button that shows the count it is given and sends a trigger event.
BARE_COMPONENT_JS = """export default function ({ data, setTriggerValue, parentElement }) {
  let button = parentElement.querySelector("button.bare-counter");
  if (!button) {
    button = document.createElement("button");
    button.className = "bare-counter";
    parentElement.appendChild(button);
  }
  button.textContent = "Reruns: " + data.reruns;
  button.onclick = () => setTriggerValue("clicked", Date.now());
}"""
#: The bare component's app: that component (``st.components.v2``, as the app's table) in a fragment (as the
#: app's table is); the event's callback bumps the count.
BARE_COMPONENT_APP = f"""import streamlit as st

COUNTER = st.components.v2.component("bare_counter", js={BARE_COMPONENT_JS!r})
st.session_state.setdefault("reruns", 0)


def bump():
    st.session_state.reruns += 1


@st.fragment
def counter():
    COUNTER(data={{"reruns": st.session_state.reruns}}, key="counter", on_clicked_change=bump)


counter()
"""
#: The bare component's button, which shows its count.
BARE_COMPONENT_BUTTON = "button.bare-counter"
#: A card of the table drawn; a card of the hand to click.
TABLE_CARD = ".r5t-card"
HAND_CARD = ".r5t-hand button[data-hand]"

#: Put in every page before its own scripts (``%s``: the target, ``{"selector": …, "text": …}``): a finder
#: that reaches into the components' shadow roots; the time from the navigation to the first frame showing
#: the target (``__r5first``); the time of the last click on a move's button (``__r5action``); for every
#: click on a card of the hand, the time to the frame that shows it picked (``__r5picks``); and the time and
#: size of every message the page's WebSocket sends and gets (``__r5socket``: ``[out or in, ms, bytes]``).
_INIT = """(() => {
  window.__r5socket = [];
  const Socket = window.WebSocket;
  const size = (data) => data.byteLength || data.size || data.length || 0;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.__r5socket.push(["in", performance.now(), size(event.data)]));
    }
    send(data) {
      window.__r5socket.push(["out", performance.now(), size(data)]);
      return super.send(data);
    }
  };
  const target = %s;
  const all = (selector) => {
    const found = [];
    const walk = (root) => {
      root.querySelectorAll(selector).forEach((e) => found.push(e));
      root.querySelectorAll("*").forEach((e) => { if (e.shadowRoot) walk(e.shadowRoot); });
    };
    walk(document);
    return found;
  };
  window.__r5all = all;
  const usable = (e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && !e.disabled && (target.text === null || e.textContent.includes(target.text));
  };
  window.__r5first = 0;
  const first = () => {
    if (all(target.selector).some(usable)) window.__r5first = performance.now();
    else requestAnimationFrame(first);
  };
  requestAnimationFrame(first);
  window.__r5action = 0;
  window.__r5click = 0;
  window.__r5picks = [];
  document.addEventListener("click", (event) => {
    window.__r5click = performance.now();
    const el = event.composedPath().find((e) => e instanceof Element && (e.hasAttribute("data-hand") || e.hasAttribute("data-action")));
    if (!el) return;
    const start = performance.now();
    if (el.hasAttribute("data-action")) { window.__r5action = start; return; }
    const value = el.getAttribute("data-hand");
    const root = el.getRootNode();
    const tick = () => {
      const now = root.querySelector(`[data-hand="${CSS.escape(value)}"]`);
      if (now && now.getAttribute("aria-pressed") === "true") window.__r5picks.push(performance.now() - start);
      else if (performance.now() - start < 10000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, true);
})();"""

#: Watch the table frame by frame until its hand differs from now (``__r5moved``: that frame's time), or
#: until it says something new other than a success with the hand unchanged (``__r5refused``: its words: a
#: move refused, or one that is legal but not what the task asks). The moment the table's script changes the
#: hand, before the frame that shows it, is ``__r5drawn``. The tables are found once, before the click (a
#: move redraws a table inside its element); only a table gone from the page has them looked for again.
_WATCH_MOVE = """() => {
  let roots = window.__r5all(".r5t");
  const inside = (selector) => {
    if (!roots.length || !roots.every((root) => root.isConnected)) roots = window.__r5all(".r5t");
    return roots.flatMap((root) => Array.from(root.querySelectorAll(selector)));
  };
  const hand = () => inside(".r5t-hand [data-hand]").map((e) => e.getAttribute("data-hand")).join(" ");
  const said = () => inside(".r5t-say:not(.r5t-success)").map((e) => e.textContent.trim()).join(" ");
  const before = hand(), saidBefore = said();
  window.__r5moved = 0;
  window.__r5drawn = 0;
  window.__r5refused = "";
  const drawn = new MutationObserver(() => {
    if (hand() === before) return;
    window.__r5drawn = performance.now();
    drawn.disconnect();
  });
  roots.forEach((root) => drawn.observe(root, { childList: true, subtree: true }));
  const tick = () => {
    if (hand() !== before) window.__r5moved = performance.now();
    else if (said() && said() !== saidBefore) window.__r5refused = said();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

#: Watch a bare page's count (``counter``, looked for in the components too) frame by frame until it differs
#: from now: ``__r5counted`` is that frame's time. The count is found before the click and then read where it
#: was found (the page, or the component it is drawn in).
_WATCH_COUNT = """([counter]) => {
  const places = Array.from(new Set(window.__r5all(counter).map((e) => e.getRootNode())));
  const count = () => places.flatMap((place) => Array.from(place.querySelectorAll(counter), (e) => e.textContent)).join("|");
  const before = count();
  window.__r5counted = 0;
  const tick = () => {
    if (count() !== before) window.__r5counted = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


@dataclass(frozen=True)
class MoveToTime:
    """The move timed: the first task of the first lesson (in the track of :data:`VARIANT`) that opens on a
    move task, and that task's first step."""

    lesson_id: str
    scenario: Scenario
    move: Move

    @property
    def words(self) -> str:
        return f"{self.move} (lesson {self.lesson_id}, task {self.scenario.id})"


@dataclass
class Samples:
    """Milliseconds measured in the rounds."""

    bare_first: list[float] = field(default_factory=list)
    bare_rerun: list[float] = field(default_factory=list)
    bare_component: list[float] = field(default_factory=list)
    home_first: list[float] = field(default_factory=list)
    lesson_first: list[float] = field(default_factory=list)
    picks: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    #: Where each move's time went, from its click: ``sent`` (the page asks the server for the rerun),
    #: ``answered`` (the server's first message back), ``table`` (the message that brings the new table: the
    #: largest before it is drawn), ``drawn`` (the table's script has drawn the new hand).
    steps: dict[str, list[float]] = field(default_factory=dict)


def move_to_time() -> MoveToTime:
    """The first move task a learner of :data:`VARIANT` meets at the start of a lesson, and its answer."""
    for lesson in track_for(PRESETS[VARIANT]).lessons:
        scenario = lesson.tasks[0]
        if isinstance(scenario.task, MoveTask):
            return MoveToTime(lesson.lesson.id, scenario, Move.parse(scenario.task.steps[0].answer))
    fail(f"a move: no lesson of the {VARIANT} track opens on a move task")


def home_opens_a_move() -> bool:
    """Whether the home page opens a new learner's first task on a move (else its table has no card to click)."""
    return isinstance(track_for(PRESETS[VARIANT]).lessons[0].tasks[0].task, MoveTask)


def wipe_progress(progress: Path) -> None:
    """Forget every learner's progress, so the next session opens as a new learner's would."""
    if not progress.exists():
        return
    with contextlib.closing(sqlite3.connect(progress)) as connection, connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            connection.execute(f'DELETE FROM "{table}"')


def open_page(browser: Browser, url: str, selector: str, text: str | None, what: str) -> tuple[Page, float]:
    """A fresh browser context at ``url``; the page and the milliseconds from the navigation to the first
    frame showing ``selector`` (with ``text``, when given) drawn and enabled."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale=LOCALE)
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(_INIT % json.dumps({"selector": selector, "text": text}))
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_function("window.__r5first > 0", timeout=WAIT_MS)
    except PlaywrightError as error:
        context.close()
        fail(f"{what}: {selector} never showed at {url} ({str(error).splitlines()[0]})")
    return page, float(page.evaluate("window.__r5first"))


def bare_round(browser: Browser, url: str, component_url: str, samples: Samples) -> None:
    """The bare page's first paint and :data:`BARE_CLICKS` reruns of it; as many of the bare component."""
    page, first = open_page(browser, url, BARE_COUNT, BARE_FIRST, "a bare page's first paint")
    try:
        samples.bare_first.append(first)
        samples.bare_rerun += bare_reruns(page, BARE_BUTTON, BARE_COUNT, "a bare rerun")
    finally:
        page.context.close()
    page, _ = open_page(browser, component_url, BARE_COMPONENT_BUTTON, BARE_FIRST, "a bare component's first paint")
    try:
        samples.bare_component += bare_reruns(page, BARE_COMPONENT_BUTTON, BARE_COMPONENT_BUTTON, "a bare component rerun")
    finally:
        page.context.close()


def bare_reruns(page: Page, button: str, counter: str, what: str) -> list[float]:
    """:data:`BARE_CLICKS` clicks on ``button``, each timed from the click (a mouse's, as the move's) to the frame
    showing the count in ``counter`` changed."""
    times = []
    for _ in range(BARE_CLICKS):
        page.wait_for_timeout(300)  # the page settles, as a person reads before clicking
        page.evaluate(_WATCH_COUNT, [counter])
        try:
            page.locator(button).first.click()
            page.wait_for_function("window.__r5counted > 0", timeout=WAIT_MS)
        except PlaywrightError as error:
            fail(f"{what}: the count never changed after a click on its button ({str(error).splitlines()[0]})")
        clicked, counted = float(page.evaluate("window.__r5click")), float(page.evaluate("window.__r5counted"))
        times.append(measured(counted - clicked if clicked else 0.0, what))
    return times


def home_page(browser: Browser, server: Server) -> tuple[float, float]:
    """The home page's first usable table: milliseconds from the navigation, and the wall-clock time
    (seconds since the epoch) it showed."""
    wipe_progress(server.progress)
    selector = HAND_CARD if home_opens_a_move() else TABLE_CARD
    page, first = open_page(browser, f"{server.url}/", selector, None, "the home page's first usable table")
    try:
        return first, (float(page.evaluate("performance.timeOrigin")) + first) / 1000
    finally:
        page.context.close()


def lesson_round(browser: Browser, server: Server, timed: MoveToTime, samples: Samples) -> None:
    """The lesson link's first usable table, then the move made by clicking, and its cards' picks."""
    wipe_progress(server.progress)
    url = f"{server.url}/?lesson={timed.lesson_id}"
    page, first = open_page(browser, url, HAND_CARD, None, "a lesson link's first usable table")
    try:
        samples.lesson_first.append(first)
        page.wait_for_timeout(SETTLE_MS)
        page.evaluate(_WATCH_MOVE)
        try:
            click_move(page, timed.move, len(timed.scenario.start().pile))
            page.wait_for_function("window.__r5moved > 0 || window.__r5refused !== ''", timeout=WAIT_MS)
        except (PlaywrightError, AssertionError) as error:
            fail(f"a move: {timed.words} never reached the table ({str(error).splitlines()[0]})")
        refused = str(page.evaluate("window.__r5refused"))
        if refused:
            fail(f"a move: {timed.words} was refused: {refused}")
        clicked, moved = float(page.evaluate("window.__r5action")), float(page.evaluate("window.__r5moved"))
        samples.moves.append(measured(moved - clicked if clicked else 0.0, f"a move: {timed.words}"))
        for step, ms in move_steps(page, clicked).items():
            samples.steps.setdefault(step, []).append(ms)
        picks = [float(ms) for ms in page.evaluate("window.__r5picks")]
        if len(picks) < hand_cards(timed.move):
            fail(f"a card click: {len(picks)} of the {hand_cards(timed.move)} cards of {timed.words} showed picked")
        samples.picks += picks
    finally:
        page.context.close()


def move_steps(page: Page, clicked: float) -> dict[str, float]:
    """Where the move clicked at ``clicked`` (the page's clock) spent its time (see :attr:`Samples.steps`);
    a step the page did not see is left out."""
    drawn = float(page.evaluate("window.__r5drawn"))
    socket = [(kind, float(at), int(size)) for kind, at, size in page.evaluate("window.__r5socket") if at >= clicked]
    steps: dict[str, float] = {}
    sent = next((at for kind, at, _ in socket if kind == "out"), None)
    if sent is None:
        return steps
    steps["sent"] = sent - clicked
    back = [(at, size) for kind, at, size in socket if kind == "in" and at > sent and (not drawn or at <= drawn)]
    if back:
        steps["answered"] = back[0][0] - clicked
        steps["table"] = max(back, key=lambda message: message[1])[0] - clicked
    if drawn:
        steps["drawn"] = drawn - clicked
    return steps


def hand_cards(move: Move) -> int:
    """How many cards of the hand ``move`` picks."""
    if isinstance(move, Meld | Layoff):
        return len(move.cards)
    return 1 if isinstance(move, Discard) else 0


def healthy(server: Server, started: float) -> float:
    """Wait for ``server``'s health check; the seconds since ``started`` (``time.perf_counter``)."""
    server.wait(poll=0.02)
    return time.perf_counter() - started


def bare_script(folder: Path, name: str = "bare_app.py", text: str = BARE_APP) -> str:
    """A bare app (``text``) written to ``folder`` as ``name``; its path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def ratio(top: float, bottom: float, what: str) -> float:
    return measured(top / bottom, what)


@dataclass
class Served:
    """One app measured: its name in the report, its server, what its rounds measured and its start."""

    name: str
    server: Server
    samples: Samples = field(default_factory=Samples)
    start: dict[str, float] = field(default_factory=dict)


def main() -> None:
    parser = arguments(__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--rounds", "--loads", "--clicks", dest="rounds", type=int, default=5,
        help=f"rounds of fresh pages and a move (default 5; --short: {SHORT_ROUNDS}; --loads and --clicks: old names)",
    )  # fmt: skip
    parser.add_argument(
        "--against", type=Path, metavar="DIR",
        help="another checkout (a copy of an older commit): its app.py served beside this one, measured in the "
        "same rounds, the two apps' turns alternating: a before and after in one run",
    )  # fmt: skip
    args = parser.parse_args()
    rounds = SHORT_ROUNDS if args.short else args.rounds
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.against is not None and not (args.against / "app.py").is_file():
        parser.error(f"--against: no app.py in {args.against}")
    missing = browser_missing()
    if missing:
        fail(f"the browser benchmark needs {missing}")
    timed = move_to_time()
    bare_samples = Samples()
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as name:
        folder = Path(name)
        (folder / "bare").mkdir()
        apps = [Served("this checkout", Server.at(folder))]
        if args.against is not None:
            (folder / "against").mkdir()
            other = Server.at(folder / "against", "against", script=str(args.against.resolve() / "app.py"))
            apps.append(Served(str(args.against), other))
        bare = Server.at(folder / "bare", "bare", script=bare_script(folder / "bare"))
        component_script = bare_script(folder / "bare", "bare_component.py", BARE_COMPONENT_APP)
        bare_component = Server.at(folder / "bare", "bare_component", script=component_script)
        started = time.perf_counter()
        for server in (*(app.server for app in apps), bare, bare_component):
            server.spawn()
        try:
            with launched_chromium() as browser:
                launched = time.perf_counter() - started
                try:
                    with ThreadPoolExecutor(len(apps) + 1) as pool:  # each server's own time to 'ok'
                        waits = {app.name: pool.submit(healthy, app.server, started) for app in apps}
                        bare_healthy = pool.submit(healthy, bare, started).result()
                        healthy(bare_component, started)
                        for app in apps:
                            app.start = {"chromium_s": launched, "app_health_s": waits[app.name].result(),
                                         "bare_health_s": bare_healthy}  # fmt: skip
                            ok_wall = time.time()
                            app.start["cold_first_table_s"] = home_page(browser, app.server)[1] - ok_wall
                except ServerError as error:
                    fail(f"a server's start: {str(error).splitlines()[0]}")
                for turn in range(rounds):
                    bare_round(browser, bare.url, bare_component.url, bare_samples)
                    for app in apps if turn % 2 == 0 else reversed(apps):
                        app.samples.home_first.append(home_page(browser, app.server)[0])
                        lesson_round(browser, app.server, timed, app.samples)
                    loads.append(os.getloadavg()[0])
        finally:
            for server in (*(app.server for app in apps), bare, bare_component):
                server.stop()
    for app in apps:
        app.samples.bare_first, app.samples.bare_rerun = bare_samples.bare_first, bare_samples.bare_rerun
        app.samples.bare_component = bare_samples.bare_component
    figures = report(args, rounds, timed, apps[0].samples, apps[0].start, loads)
    if len(apps) > 1:
        print(f"Beside it, in the same rounds: {apps[1].name}")
        figures["against"] = report(args, rounds, timed, apps[1].samples, apps[1].start, loads, name=apps[1].name)
    write_json(args.json, figures)


def report(
    args: Any,
    rounds: int,
    timed: MoveToTime,
    samples: Samples,
    start: dict[str, float],
    loads: list[float],
    name: str = "",
) -> dict[str, Any]:
    """Print the medians and ratios (and targets, unless ``--short``) of one app; its figures."""
    figures: dict[str, Any] = {what: measured(value, what) for what, value in start.items()}
    figures.update(
        rounds=rounds,
        move=timed.words,
        load_average_1min={"min": min(loads), "max": max(loads), "at_each_round": loads},
        bare_first_paint_ms=median(samples.bare_first, "a bare page's first paint"),
        bare_rerun_ms=median(samples.bare_rerun, "a bare rerun"),
        bare_component_rerun_ms=median(samples.bare_component, "a bare component rerun"),
        home_first_table_ms=median(samples.home_first, "the home page's first usable table"),
        lesson_first_table_ms=median(samples.lesson_first, "a lesson link's first usable table"),
        move_ms=median(samples.moves, f"a move: {timed.words}"),
    )
    if name:
        figures["checkout"] = name
    figures["card_click_ms"] = median(samples.picks, "a card click shown picked") if samples.picks else None
    figures["move_over_bare_rerun"] = ratio(figures["move_ms"], figures["bare_rerun_ms"], "move / bare rerun")
    figures["move_over_bare_component"] = ratio(
        figures["move_ms"], figures["bare_component_rerun_ms"], "move / bare component rerun"
    )
    figures["home_over_bare_paint"] = ratio(figures["home_first_table_ms"], figures["bare_first_paint_ms"], "home / bare")
    figures["lesson_over_bare_paint"] = ratio(figures["lesson_first_table_ms"], figures["bare_first_paint_ms"], "lesson / bare")

    def line(label: str, value: float, unit: str, extra: str = "") -> None:
        print(f"{label:<58} {value:7.2f} s{extra}" if unit == "s" else f"{label:<58} {value:7.0f} ms{extra}")

    def target(value: float, times: float | None = None) -> str:
        ratio_target = "" if times is None else f" and ≤ {times:.1f} × bare"
        return "" if args.short else f"  (target ≤ {value:.0f} ms{ratio_target})"

    home = "a hand card" if home_opens_a_move() else "a card drawn"
    line("Chromium launched (beside the servers' start)", figures["chromium_s"], "s")
    line("Server start → health 'ok': the app", figures["app_health_s"], "s")
    line("Server start → health 'ok': the bare app", figures["bare_health_s"], "s")
    line("Health 'ok' → the home page's first usable table, cold", figures["cold_first_table_s"], "s")
    print(f"Load average (1 minute) during the run: {min(loads):.1f} to {max(loads):.1f}")
    print(f"Medians of {rounds} rounds, each page in a fresh browser context, times from its navigation:")
    line("  bare Streamlit page, first paint (its counter)", figures["bare_first_paint_ms"], "ms")
    line(f"  home page /, first usable table ({home})", figures["home_first_table_ms"], "ms",
         f"  = {figures['home_over_bare_paint']:.2f} × bare")  # fmt: skip
    line(f"  lesson link /?lesson={timed.lesson_id}, first usable table", figures["lesson_first_table_ms"], "ms",
         f"  = {figures['lesson_over_bare_paint']:.2f} × bare{target(FIRST_TARGET_MS)}")  # fmt: skip
    if figures["card_click_ms"] is not None:
        line(f"  card click → shown picked ({len(samples.picks)} clicks)", figures["card_click_ms"], "ms",
             target(CLICK_TARGET_MS))  # fmt: skip
    line(f"  bare Streamlit rerun, click → new count shown ({len(samples.bare_rerun)} clicks)",
         figures["bare_rerun_ms"], "ms")  # fmt: skip
    line(f"  bare component rerun, click → new count shown ({len(samples.bare_component)} clicks)",
         figures["bare_component_rerun_ms"], "ms")  # fmt: skip
    line(f"  a move, click → answer on the table ({len(samples.moves)} moves)", figures["move_ms"], "ms",
         f"  = {figures['move_over_bare_rerun']:.2f} × bare rerun{target(MOVE_TARGET_MS, MOVE_RATIO_TARGET)}")  # fmt: skip
    print(f"{'':<58} {'':7}    = {figures['move_over_bare_component']:.2f} × bare component rerun")
    print(f"    the move: {timed.words}")
    steps = {step: statistics.median(values) for step, values in samples.steps.items() if values}
    figures["move_steps_ms"] = steps
    words = {"sent": "sent", "answered": "first answer", "table": "the table's message", "drawn": "drawn"}
    if steps:
        print("    from its click (medians): " + ", ".join(f"{words[step]} {ms:.0f} ms" for step, ms in steps.items())
              + f", shown {figures['move_ms']:.0f} ms")  # fmt: skip
    return figures


if __name__ == "__main__":
    run_main(main)

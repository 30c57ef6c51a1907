"""The app in a real browser, set up once for every browser test and benchmark: ``streamlit run`` served on
a free port until the block ends (:func:`served_app`, restartable mid-test), and Debian's Chromium launched
headless (:func:`launched_chromium`), on top of :mod:`benchmarks.app_server`.

Tests import it as ``browser_support`` (pytest puts ``tests/`` on the path), the benchmarks as
``tests.browser_support``. :func:`require_browser` skips a test without Playwright or Chromium on a
developer's machine and fails it in CI (``$CI`` set); :func:`browser_missing` says what is missing.
"""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.app_server import CHROMIUM, CHROMIUM_FLAGS, ROOT, free_port, start_server, stop_server, wait_for_health
from engine.bots import get_bot
from engine.cards import Card
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take
from tutor.i18n.strings import t
from tutor.together.calls import NO_CALL
from tutor.together.model import TableStore, TableView

try:
    from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    PLAYWRIGHT = True
except ImportError:  # pragma: no cover - depends on the machine
    PLAYWRIGHT = False

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

#: A phone's screen, as the browser tests size it.
PHONE: ViewportSize = {"width": 390, "height": 844}
#: Milliseconds for an element to appear (the first page a server serves imports the app).
RENDER_TIMEOUT = 20_000


def browser_missing() -> str:
    """What a browser test lacks on this machine ("" when nothing): Playwright, Chromium."""
    missing = []
    if not PLAYWRIGHT:
        missing.append("the playwright package (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        missing.append(f"{CHROMIUM} (apt-get install -y chromium)")
    return " and ".join(missing)


def require_browser() -> None:
    """Skip the test when :func:`browser_missing` names something, except in CI, where that fails it."""
    import pytest  # only the tests need it

    missing = browser_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test needs {missing}", pytrace=False)
        pytest.skip(f"the browser test needs {missing}")


@dataclass
class Server:
    """One ``streamlit run`` of the app: its address, its progress file (the tables file sits beside it)
    and its log. :meth:`restart` stops it and starts it again on the same port and files."""

    port: int
    progress: Path
    log: Path
    environment: Mapping[str, str] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @classmethod
    def at(cls, folder: Path, name: str = "streamlit", environment: Mapping[str, str] | None = None) -> Server:
        """A server (not started) on a free port, with ``folder``'s ``progress.sqlite3`` and log ``NAME.log``."""
        return cls(free_port(), folder / "progress.sqlite3", folder / f"{name}.log", dict(environment or {}))

    def start(self, poll: float = 0.1) -> None:
        """Start the server and wait until its health check says ``ok`` (``ServerError`` if it never does)."""
        self.spawn()
        self.wait(poll)

    def spawn(self) -> None:
        """Start the server without waiting for it (a benchmark launches the browser meanwhile)."""
        saved = {name: os.environ.get(name) for name in self.environment}
        os.environ.update(self.environment)  # start_server hands the server this process's environment
        try:
            self.process = start_server(self.port, self.progress, self.log)
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    def wait(self, poll: float = 0.1) -> None:
        """Wait until the started server's health check says ``ok`` (``ServerError`` if it dies or never does)."""
        assert self.process is not None, "spawn() the server first"
        wait_for_health(self.url, self.process, self.log, poll=poll)

    def stop(self) -> None:
        """Stop the server (killed if it does not stop within 10 s)."""
        if self.process is not None:
            stop_server(self.process)
            self.process = None

    def restart(self) -> None:
        """Stop the server and start it again, as after a crash or an update."""
        self.stop()
        self.start()


@contextmanager
def served_app(
    folder: Path, name: str = "streamlit", environment: Mapping[str, str] | None = None, poll: float = 0.1
) -> Iterator[Server]:
    """The app served from ``folder`` (``progress.sqlite3`` there, shared by every server started in the
    same folder; the log ``NAME.log``, printed when the block fails) with ``environment`` added, until the
    block ends. Raises ``benchmarks.app_server.ServerError`` with the server's log when it does not start."""
    server = Server.at(folder, name, environment)
    try:
        server.start(poll)
        yield server
    except Exception:  # a test failed on this server: what it logged is printed with the failure
        print(f"--- {server.log.name}, the log of the server at {server.url} ---")
        print(server.log.read_text(errors="replace")[-20_000:] if server.log.exists() else "(no log)")
        raise
    finally:
        server.stop()


@contextmanager
def launched_chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, with the flags that work as root, closed when the block ends."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


# --- what a page shows, as a person sees it ---------------------------------------------------------


def screenshots_folder() -> Path:
    """Where the browser tests put their screenshots: ``$RUMMY500_SCREENSHOTS``, else ``screenshots/browser/``
    (git-ignored); made if missing."""
    folder = Path(os.environ.get("RUMMY500_SCREENSHOTS") or ROOT / "screenshots" / "browser")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def no_traceback(page: Page) -> None:
    """The page shows no Python exception."""
    expect(page.get_by_test_id("stException")).to_have_count(0)


def in_view(page: Page, element: Locator) -> None:
    """``element`` lies inside the screen, whole: seen without scrolling."""
    expect(element).to_be_visible()
    page.wait_for_timeout(150)  # the scroll that brings the answer into view is smooth on some machines
    box = element.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1, (box, size)
    assert box["x"] >= -1 and box["x"] + box["width"] <= size["width"] + 1, (box, size)


def choose(page: Page, label: str, option: str, within: Locator | None = None) -> None:
    """Open the select box ``label`` and click one of its options."""
    box = (within or page).get_by_role("combobox", name=label, exact=True)
    choice = page.get_by_role("option", name=option, exact=True)
    for attempt in range(3):  # a list opened while the sidebar still moves may close, or redraw, at once: again
        box.click()
        try:
            expect(choice).to_be_visible(timeout=3_000)
            choice.click(timeout=5_000)
            break
        except (AssertionError, PlaywrightTimeoutError):
            if attempt == 2:
                raise
            with contextlib.suppress(PlaywrightTimeoutError):
                box.press("Escape", timeout=2_000)
    expect(box).to_have_value(option)


# --- playing on the card table, as a person does -------------------------------------------------------


def table_log(page: Page) -> Locator:
    """The lines of what was played, in the table's message box."""
    return page.locator(".r5t-log li")


def table_action(page: Page, action: str) -> Locator:
    """One of the table's action buttons (``draw``, ``meld``, ``rommi``…)."""
    return page.locator(f'.r5t-actions [data-action="{action}"]')


def click_move(page: Page, move: Move, pile_size: int) -> None:
    """Make ``move`` on the page's table by clicking: the hand's cards it lays or discards (the first
    unpicked copy of each), the pile card a take or a Rommi call reaches down to (on a pile of
    ``pile_size`` cards), the meld a lay-off goes on, then the move's action. Joker declarations are not
    chosen: a move that needs one is not for this helper."""
    if isinstance(move, Take | Rommi):
        if move.count is None:
            table_action(page, "take_all").click()
            return
        page.locator(".r5t-pile [data-pile]").nth(pile_size - move.count).click()
        table_action(page, move.kind).click()
        return
    cards: tuple[Card, ...] = ()
    if isinstance(move, Meld | Layoff):
        cards = move.cards
    elif isinstance(move, Discard):
        cards = (move.card,)
    for card in cards:
        assert not card.is_joker, f"{move} needs a joker declared"
        page.locator(f'.r5t-hand [data-hand^="{card}"][aria-pressed="false"]').first.click()
    if isinstance(move, Layoff):
        page.locator(f'.r5t-melds [data-meld="{move.meld}"]').click()
    table_action(page, move.kind).click()


# --- a shared table played to the end on phones -------------------------------------------------------

#: What a seat does at one step: a move on its table, "no call" in a Rommi window, or nothing (None).
Choice = Move | str | None
#: Called with the seat's index, its view and its choice: before the phone's clicks, and after the move is made.
StepHook = Callable[[int, TableView, Move | str], None]


def seat_choice(view: TableView) -> Choice:
    """What the player of ``view``'s seat does now, chosen from what that seat sees alone: a Rommi call
    when the window is open to it and its hand allows one (else "no call"), its turn's move (the greedy
    computer's choice) when it is to move, or nothing."""
    position = view.position
    assert position is not None and view.seat is not None
    if view.call_open:
        calls = [move for _, move in position.rommi_calls(view.seat)]
        return calls[0] if calls else NO_CALL
    if view.waiting or position.round_over or position.to_move != view.seat:
        return None
    return get_bot("greedy").move(position, random.Random(0))


def shows(page: Page, view: TableView, language: str = "en") -> None:
    """Wait until the phone shows the table as ``view`` has it (the same moves told, the same waiting)."""
    expect(table_log(page)).to_have_text(list(view.last_moves))
    if view.waiting:  # said beside the table: the notice above it was seen to vanish (a Streamlit redraw)
        said = "call_now" if view.call_open else "answer_in" if view.answered else "waiting_calls"
        expect(page.locator(".r5t-say")).to_have_text(t(f"together.{said}", language))
    else:
        expect(page.get_by_text(t("together.waiting_calls", language))).to_have_count(0)


def wait_for_change(store: TableStore, code: str, version: int, timeout: float = 30.0) -> None:
    """Wait until the table's version moves from ``version`` (the move sent from a phone has been made)."""
    deadline = time.monotonic() + timeout
    while store.version(code) == version:
        assert time.monotonic() < deadline, "the move never reached the table"
        time.sleep(0.02)


def play_round(
    store: TableStore,
    code: str,
    tokens: Sequence[str],
    phones: Sequence[Page],
    before: StepHook | None = None,
    after: StepHook | None = None,
    limit: int = 300,
) -> int:
    """Play the round at table ``code`` to its end, each seat on its phone (``phones[i]`` holds the seat of
    ``tokens[i]``): the seat whose choice (:func:`seat_choice`) is not None waits until its phone shows the
    table as it is, then clicks its choice; ``before`` and ``after`` are called around each. The number
    of steps played; fails after ``limit``."""
    for step in range(limit):
        views = [store.view(code, token) for token in tokens]
        assert views[0].position is not None
        if views[0].position.round_over:
            return step
        for index, (view, page) in enumerate(zip(views, phones, strict=True)):
            choice = seat_choice(view)
            if choice is None:
                continue
            shows(page, view)
            if before is not None:
                before(index, view, choice)
            try:
                if isinstance(choice, Move):
                    assert view.position is not None
                    click_move(page, choice, len(view.position.pile))
                else:
                    table_action(page, "no_call").click()
            except PlaywrightError as error:  # say what the phone showed instead, for a failure seen in CI only
                shown = page.locator("[data-testid='stMain']").inner_text(timeout=5000)
                raise AssertionError(
                    f"step {step}: seat {index} could not make {choice} (version {view.version}, "
                    f"now {store.version(code)}); its phone showed:\n{shown}"
                ) from error
            wait_for_change(store, code, view.version)
            if after is not None:
                after(index, view, choice)
            break
        else:
            raise AssertionError("nobody at the table could move")
    raise AssertionError(f"the round did not end in {limit} steps")

"""The app in a real browser, set up once for every browser test and benchmark: ``streamlit run`` served on
a free port until the block ends (:func:`served_app`, restartable mid-test), and Debian's Chromium launched
headless (:func:`launched_chromium`), on top of :mod:`benchmarks.app_server`.

Tests import it as ``browser_support`` (pytest puts ``tests/`` on the path), the benchmarks as
``tests.browser_support``. :func:`require_browser` skips a test without Playwright or Chromium on a
developer's machine and fails it in CI (``$CI`` set); :func:`browser_missing` says what is missing.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.app_server import CHROMIUM, CHROMIUM_FLAGS, free_port, start_server, stop_server, wait_for_health
from engine.cards import Card
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take

try:
    from playwright.sync_api import Browser, Locator, Page, sync_playwright

    PLAYWRIGHT = True
except ImportError:  # pragma: no cover - depends on the machine
    PLAYWRIGHT = False

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

#: A phone's screen, as the browser tests size it.
PHONE: ViewportSize = {"width": 390, "height": 844}


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
    same folder; the log ``NAME.log``) with ``environment`` added, until the block ends. Raises
    ``benchmarks.app_server.ServerError`` with the server's log when it does not start."""
    server = Server.at(folder, name, environment)
    try:
        server.start(poll)
        yield server
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

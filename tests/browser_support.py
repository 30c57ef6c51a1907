"""What the browser tests share beyond :mod:`harness` (which starts the app and Chromium for the tests and
the benchmarks alike): skipping a test on a machine without a browser (failing it in CI), the folder of
their screenshots, and what a page shows, as a person sees it. Playing on the card table by clicking is
:mod:`harness.table_play`'s.

Tests import it as ``browser_support`` (pytest puts ``tests/`` on the path); nothing outside ``tests/``
imports it (``tests/test_layers.py``).
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from harness.chromium import PHONE, browser_missing
from harness.served_app import ROOT

with contextlib.suppress(ImportError):  # without it require_browser skips (or, in CI, fails) the test
    from playwright.sync_api import Browser, FloatRect, Locator, Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

#: Milliseconds for an element to appear (the first page a server serves imports the app).
RENDER_TIMEOUT = 20_000


def require_browser() -> None:
    """Skip the test when :func:`browser_missing` names something, except in CI, where that fails it."""
    import pytest  # only the tests need it

    missing = browser_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test needs {missing}", pytrace=False)
        pytest.skip(f"the browser test needs {missing}")


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
    size = page.viewport_size
    assert size is not None
    box = None
    # The scroll that brings the answer into view is smooth on some machines; a busy one lays a phone's page
    # out again after its first paint (up to 3 s), and a whole page drawn again after a solved task (the
    # lesson list's stars) left a laptop's answer below the screen for more than 3 s in a fresh-clone CI run,
    # the other tests busy on the second core. The page is given 8 s to settle.
    for _ in range(round(8 / 0.15)):
        page.wait_for_timeout(150)
        box = element.bounding_box()
        if box is not None and _inside(box, size["width"], size["height"]):
            return
    assert box is not None
    assert box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1, (box, size)
    assert box["x"] >= -1 and box["x"] + box["width"] <= size["width"] + 1, (box, size)


def press_at_the_foot(button: Locator) -> None:
    """Press ``button`` scrolled down just until it shows, at the screen's foot, as a person who scrolls no
    further than they must: what is drawn below it is out of view until the page brings it in."""
    button.evaluate("button => button.scrollIntoView({block: 'end'})")
    button.click()


def _inside(box: FloatRect, width: float, height: float) -> bool:
    """Whether ``box`` lies whole inside a screen of ``width`` × ``height`` (a pixel's rounding allowed)."""
    return box["y"] >= -1 and box["y"] + box["height"] <= height + 1 and box["x"] >= -1 and box["x"] + box["width"] <= width + 1


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


def phone(browser: Browser) -> Page:
    """A new phone (390×844, touch, English) with its own cookies: a person at the table."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    context.set_default_timeout(RENDER_TIMEOUT)
    return context.new_page()


def take_seat(page: Page, name: str) -> None:
    """Sit down at the table the phone shows, as ``name``, and wait until the seat is its."""
    page.get_by_label("Your name", exact=True).fill(name)
    page.get_by_label("Your name", exact=True).press("Enter")
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(re.compile(r"seat="))
    expect(page.get_by_text("Your own link")).to_be_visible()


def press_until(button: Locator, answer: Locator, tries: int = 3) -> None:
    """Press ``button`` until ``answer`` shows, as a person presses again when a tap did nothing (a redraw
    of the page between finding the button and the tap was seen to swallow it in CI). Only for a button
    whose second press changes nothing more than the first (a refused move, a lookup)."""
    for _ in range(tries - 1):
        button.click()
        with contextlib.suppress(AssertionError):
            expect(answer).to_be_visible(timeout=5000)
            return
    button.click()
    expect(answer).to_be_visible()


def param(page: Page, name: str) -> str:
    """The value of ``name`` in the page's address."""
    found = re.search(rf"[?&]{name}=([^&]+)", page.url)
    assert found, page.url
    return found.group(1)


def open_table(page: Page, url: str | None = None) -> str:
    """Open a table on the phone ``page`` (at ``url``'s Play together page, else where it is, with the
    variant and seats chosen there); its code."""
    if url is not None:
        page.goto(f"{url}/together", wait_until="commit")
    page.get_by_role("button", name="Open a table").click()
    page.wait_for_url(re.compile(r"table=\w+"))
    code = param(page, "table")
    expect(page.get_by_text(f"Table {code}")).to_be_visible()
    return code

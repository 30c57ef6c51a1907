"""The app's pages in a browser, as the tests of ``test_browser_learn`` (the Learn page) and
``test_browser_pages`` (Practice, Compare variants, Rules) see and work them: the lessons they open, and the
helpers that open a page, pick cards and read what the table says. Their server and pages are fixtures of
``conftest`` (``app_server``, ``server_url``, ``tab``, ``sized``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from browser_support import RENDER_TIMEOUT, no_traceback

from harness.table_play import pick
from tutor.learn.curriculum import load_curriculum

with contextlib.suppress(ImportError):  # without it require_browser skips (or, in CI, fails) every test
    from playwright.sync_api import Locator, Page, expect

CURRICULUM = load_curriculum()
#: The lesson these tests play most, the aim of the game (its first task lays three queens).
FIRST_LESSON = CURRICULUM.lesson("the-aim")
QUEEN_NAMES = ("queen of spades", "queen of hearts", "queen of diamonds")

# --- what a page shows and how a person works it ------------------------------------------------------


def open_app(page: Page, url: str, query: str = "") -> None:
    """Load the app (in femhundra, which these tests were written for: ``?variant=`` picks it) and wait until
    the Learn page, a lesson and its table have rendered; without a ``query``, at the lesson these tests play
    most, the aim of the game (its first task lays three queens)."""
    query = query or f"?lesson={FIRST_LESSON.id}"
    page.goto(f"{url}/{query}&variant=femhundra")
    expect(page.get_by_role("heading", name="Learn 500", exact=True)).to_be_visible(timeout=RENDER_TIMEOUT)
    expect(page.locator(".r5t-card").first).to_be_visible()
    no_traceback(page)


def hand(page: Page) -> Locator:
    """The cards of the learner's hand on the table (buttons while they can be picked)."""
    return page.locator(".r5t-hand .r5t-card")


def hand_card(page: Page, name: str) -> Locator:
    """The card ``name`` ("queen of hearts") of the hand; its label may add ", drawn"."""
    return page.locator(f'.r5t-hand button[aria-label^="{name}"]').first


def action(page: Page, label: str) -> Locator:
    """An action of the table ("Meld picked cards", "Draw")."""
    return page.locator(".r5t-actions").get_by_role("button", name=label, exact=True)


def message(page: Page, kind: str = "") -> Locator:
    """What the table says beside the cards after a move (of ``kind``: error, warning, success, info)."""
    return page.locator(f".r5t-say{'.r5t-' + kind if kind else ''}")


def alert(page: Page, kind: str) -> Locator:
    """Streamlit's ``st.success`` / ``st.error`` / ``st.warning`` / ``st.info`` boxes."""
    return page.get_by_test_id(f"stAlertContent{kind.capitalize()}")


def no_sideways_scroll(page: Page) -> None:
    """Nothing makes the page wider than the screen (a wide table scrolls in its own box)."""
    widths = page.evaluate(
        """() => [document.documentElement.scrollWidth, document.body.scrollWidth,
        ...[...document.querySelectorAll('[data-testid="stMain"], [data-testid="stAppViewContainer"]')]
          .map((e) => e.scrollWidth - e.clientWidth + window.innerWidth)]"""
    )
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert max(widths) <= width, (widths, width)


def pick_cards(page: Page, names: tuple[str, ...] | list[str]) -> None:
    """Click each card of the hand; each shows picked at once (no server round trip). A tap a redraw swallowed
    is tapped again, as a person does (:func:`harness.table_play.pick`): the Progress test lost its first tap
    to the page still drawing itself on a busy machine."""
    for number, name in enumerate(names, start=1):
        pick(hand_card(page, name))
        expect(page.locator(".r5t-hand .r5-picked")).to_have_count(number)


def shoot(page: Page, shots: Path, name: str) -> None:
    """A screenshot of the page, ``name``.png in ``shots``."""
    page.screenshot(path=str(shots / f"{name}.png"))


def lesson_heading(page: Page, title: str) -> Locator:
    """The heading ``title`` (a lesson's, or a task's)."""
    return page.get_by_role("heading", name=title, exact=True)


def open_page(page: Page, url: str, nav: str, heading: str) -> None:
    """Load the app and open a page from the sidebar's navigation, as a person does."""
    open_app(page, url)
    if page.viewport_size and page.viewport_size["width"] < 600:
        page.get_by_test_id("stExpandSidebarButton").click()  # a phone keeps the sidebar folded
    page.get_by_test_id("stSidebarNavLink").filter(has_text=nav).click()
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    if page.viewport_size and page.viewport_size["width"] < 600:  # it stayed open over the page picked in it
        expect(page.get_by_test_id("stExpandSidebarButton")).to_be_visible()  # folded by itself
    no_traceback(page)


def fold_sidebar(page: Page) -> None:
    """Fold the sidebar away (on a phone it covers the page)."""
    page.get_by_test_id("stSidebarCollapseButton").locator("button").click()
    expect(page.get_by_test_id("stExpandSidebarButton")).to_be_visible()


def sidebar(page: Page) -> Locator:
    """The sidebar (the lessons, the house rules and the pages' navigation)."""
    return page.get_by_test_id("stSidebar")

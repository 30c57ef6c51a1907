"""The app in a real browser: ``streamlit run`` on a free port, driven by Playwright in Debian's Chromium.

AppTest (``tests/test_app.py``) covers every scenario through the widgets; this file checks what only a
browser shows: the page renders, a learner can play the first lesson by clicking the card pills and the
buttons, an illegal move is explained and the cards stay, ``?lesson=<id>`` links work, and a Swedish
browser still gets the (English) app.

Needs the ``playwright`` package and ``/usr/bin/chromium`` (``apt-get install -y chromium``; never
``playwright install``). Without them the tests are skipped on a developer's machine, but fail in CI
(when the ``CI`` environment variable is set), so a CI machine that lost its browser is noticed.

Screenshots of every step go to ``$RUMMY500_SCREENSHOTS`` if set, else to ``screenshots/browser/``
(git-ignored).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.app_server import CHROMIUM, CHROMIUM_FLAGS, ROOT, ServerError, free_port, start_server, stop_server
from benchmarks.app_server import wait_for_health as app_server_health
from tutor.curriculum import load_curriculum
from tutor.scenario import ChoiceTask, MoveTask, localize

try:
    from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]

RENDER_TIMEOUT = 20_000  # ms for an element to appear (the first page load imports the app)
VIEWPORT: ViewportSize = {"width": 1280, "height": 1600}  # tall, so a screenshot holds the table and the buttons

CURRICULUM = load_curriculum()
FIRST_LESSON = CURRICULUM.lesson("the-aim")
MELD_SCENARIO = CURRICULUM.scenarios["aim-lay-a-meld"]
CHOICE_SCENARIO = CURRICULUM.scenarios["aim-of-the-game"]
LINKED_LESSON = CURRICULUM.lesson("anna-and-bertil")
QUEENS = ("Q♠", "Q♥", "Q♦")
QUEEN_NAMES = ("queen of spades", "queen of hearts", "queen of diamonds")
BLACK = "rgb(22, 22, 22)"  # the ink of a black card (ui/cards.py)


def require_browser() -> None:
    """Skip when Playwright or Chromium is missing, except in CI, where that is a failure."""
    missing = []
    if sync_playwright is None:
        missing.append("the playwright package (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        missing.append(f"{CHROMIUM} (apt-get install -y chromium)")
    if not missing:
        return
    reason = "the browser test needs " + " and ".join(missing)
    if os.environ.get("CI"):
        pytest.fail(reason + " — CI must install them (.ci/run)", pytrace=False)
    pytest.skip(reason)


# --- the server and the browser -------------------------------------------------------------------


def wait_for_health(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    """Poll ``/_stcore/health`` until it says ``ok``; fail with the server's log if it dies or stays silent."""
    try:
        app_server_health(url, server, log)
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app served by ``streamlit run`` on a free port: (base URL, progress file)."""
    require_browser()
    folder = tmp_path_factory.mktemp("browser-server")
    progress = folder / "progress.sqlite3"
    log = folder / "streamlit.log"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(port, progress, log)
    try:
        wait_for_health(url, server, log)
        yield url, progress
    finally:
        stop_server(server)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, with the flags that work as root."""
    require_browser()
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        expect.set_options(timeout=RENDER_TIMEOUT)  # a rerun after a click may be slow on a busy CI machine
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def server_url(app_server: tuple[str, Path]) -> str:
    """The server's URL, with the learner's progress wiped, so every test starts as a new learner."""
    url, progress = app_server
    if progress.exists():
        with contextlib.closing(sqlite3.connect(progress)) as connection, connection:
            tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            for table in tables:
                connection.execute(f'DELETE FROM "{table}"')
    return url


@pytest.fixture
def tab(chromium: Browser, server_url: str) -> Iterator[Page]:
    """A fresh page (a new browser context, so a new Streamlit session) in English."""
    context = chromium.new_context(viewport=VIEWPORT, locale="en-GB")
    context.set_default_timeout(RENDER_TIMEOUT)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("RUMMY500_SCREENSHOTS") or ROOT / "screenshots" / "browser")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# --- helpers --------------------------------------------------------------------------------------


def open_app(page: Page, url: str, query: str = "") -> None:
    """Load the app and wait until the Learn page, a lesson and its cards have rendered."""
    page.goto(f"{url}/{query}")
    expect(page.get_by_role("heading", name="Learn 500", exact=True)).to_be_visible(timeout=RENDER_TIMEOUT)
    expect(page.locator(".r5-card").first).to_be_visible()
    no_traceback(page)


def no_traceback(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def hand_pills(page: Page) -> Locator:
    """The pills of the hand (``st.pills`` renders buttons inside ``stButtonGroup``)."""
    return page.get_by_test_id("stButtonGroup").filter(has_text="Pick cards from your hand")


def pill(page: Page, face: str) -> Locator:
    return hand_pills(page).get_by_role("button", name=face, exact=True)


def click_card(page: Page, face: str, picked_after: int) -> None:
    """Click a card's pill and wait until the server has redrawn the hand with ``picked_after`` lifted."""
    pill(page, face).click()
    expect(pill(page, face)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".r5-picked")).to_have_count(picked_after)


def alert(page: Page, kind: str) -> Locator:
    """Streamlit's ``st.success`` / ``st.error`` / ``st.warning`` / ``st.info`` boxes."""
    return page.get_by_test_id(f"stAlertContent{kind.capitalize()}")


def shoot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"{name}.png"))


def lesson_heading(page: Page, title: str) -> Locator:
    return page.get_by_role("heading", name=title, exact=True)


# --- the tests ------------------------------------------------------------------------------------


def test_the_app_opens_on_the_first_lesson(tab: Page, server_url: str, shots: Path) -> None:
    open_app(tab, server_url)
    expect(lesson_heading(tab, FIRST_LESSON.title)).to_be_visible()
    heading = f"Scenario 1 of {len(FIRST_LESSON.scenarios)}: {localize(MELD_SCENARIO.title)}"
    expect(lesson_heading(tab, heading)).to_be_visible()
    expect(tab.get_by_test_id("stSidebarNavLink").first).to_be_visible()
    expect(hand_pills(tab).get_by_role("button")).to_have_count(8)  # 7 dealt + the 7♥ drawn
    expect(tab.get_by_test_id("stAppDeployButton")).to_have_count(0)  # toolbarMode = "minimal"
    shoot(tab, shots, "01-first-lesson")


def test_playing_the_first_lesson_with_clicks(tab: Page, server_url: str, shots: Path) -> None:
    assert isinstance(MELD_SCENARIO.task, MoveTask) and isinstance(CHOICE_SCENARIO.task, ChoiceTask)
    success = MELD_SCENARIO.task.steps[0].success
    assert success is not None
    open_app(tab, server_url)
    table = tab.locator(".r5-meld")
    expect(table).to_have_count(0)
    for number, face in enumerate(QUEENS, start=1):
        click_card(tab, face, number)
    expect(pill(tab, "Q♠").locator("p")).to_have_css("color", BLACK)  # a picked black card stays black
    expect(pill(tab, "Q♥").locator("p span")).not_to_have_css("color", BLACK)  # and a red one red
    shoot(tab, shots, "02-queens-picked")

    tab.get_by_role("button", name="Meld picked cards").click()
    expect(alert(tab, "success").first).to_contain_text(localize(success))
    expect(table).to_have_count(1)
    for name in QUEEN_NAMES:
        expect(table.get_by_role("img", name=name, exact=True)).to_be_visible()
    expect(hand_pills(tab)).to_have_count(0)  # solved: the hand is shown without pick widgets
    expect(tab.locator(".r5-picked")).to_have_count(0)
    no_traceback(tab)
    shoot(tab, shots, "03-meld-on-table")

    tab.get_by_role("button", name="Next scenario").click()
    heading = f"Scenario 2 of {len(FIRST_LESSON.scenarios)}: {localize(CHOICE_SCENARIO.title)}"
    expect(lesson_heading(tab, heading)).to_be_visible()
    radio = tab.get_by_test_id("stRadio")
    radio.get_by_text(localize(CHOICE_SCENARIO.task.options[CHOICE_SCENARIO.task.correct]), exact=True).click()
    expect(radio.get_by_role("radio").nth(CHOICE_SCENARIO.task.correct)).to_be_checked()
    shoot(tab, shots, "04-choice-picked")
    tab.get_by_role("button", name="Check", exact=True).click()
    expect(alert(tab, "success").first).to_be_visible()
    expect(tab.get_by_text("Solved! ★★★")).to_be_visible()
    expect(tab.get_by_role("button", name="Next lesson")).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, "05-choice-solved")


def test_clicking_the_card_drawings_picks_them(tab: Page, server_url: str, shots: Path) -> None:
    """The cards themselves are clickable (a custom component); each click picks the card, as its pill does."""
    open_app(tab, server_url)
    for number, (face, name) in enumerate(zip(QUEENS, QUEEN_NAMES, strict=True), start=1):
        tab.locator(f'[data-pick] [aria-label="{name}"]').first.click()
        expect(pill(tab, face)).to_have_attribute("aria-pressed", "true")
        expect(tab.locator(".r5-picked")).to_have_count(number)
    tab.locator(f'[data-pick] [aria-label="{QUEEN_NAMES[0]}"]').first.click()  # a second click puts it back
    expect(pill(tab, QUEENS[0])).to_have_attribute("aria-pressed", "false")
    tab.locator(f'[data-pick] [aria-label="{QUEEN_NAMES[0]}"]').first.click()
    expect(pill(tab, QUEENS[0])).to_have_attribute("aria-pressed", "true")
    shoot(tab, shots, "07-cards-clicked")
    tab.get_by_role("button", name="Meld picked cards").click()
    expect(alert(tab, "success").first).to_be_visible()
    expect(tab.locator(".r5-meld")).to_have_count(1)
    no_traceback(tab)


def test_clicking_a_pile_card_picks_the_take(tab: Page, server_url: str, shots: Path) -> None:
    """In the femhundra pile lesson, clicking the 5♦ on the pile picks it as the card to take down to."""
    open_app(tab, server_url, "?lesson=taking-the-pile-femhundra")
    tab.locator('[data-pick] [aria-label="5 of diamonds"]').first.click()
    pile = tab.get_by_role("radiogroup", name="Pick a card of the discard pile (you take it and every card above it)")
    expect(pile.get_by_role("radio", name="5♦ · take 1")).to_be_checked()  # a single-pick pills is a radio group
    tab.get_by_role("button", name="Take to the picked card").click()
    expect(alert(tab, "error").first).to_contain_text("whole pile")  # femhundra: all or nothing
    shoot(tab, shots, "08-pile-clicked")
    no_traceback(tab)


def test_an_illegal_meld_is_explained_and_the_cards_stay(tab: Page, server_url: str, shots: Path) -> None:
    open_app(tab, server_url)
    faces_before = hand_pills(tab).get_by_role("button").all_inner_texts()
    click_card(tab, "Q♠", 1)
    tab.get_by_role("button", name="Meld picked cards").click()
    error = alert(tab, "error").first
    expect(error).to_be_visible()
    expect(error).to_contain_text(localize(MELD_SCENARIO.feedback["not_a_meld"]))  # the scenario's own words
    expect(tab.get_by_text("not_a_meld")).to_be_visible()  # the rule code in the caption
    expect(tab.get_by_text("Nothing was played: the cards are as they were.")).to_be_visible()
    expect(tab.locator(".r5-meld")).to_have_count(0)
    expect(tab.get_by_text("No melds on the table yet.")).to_be_visible()
    assert hand_pills(tab).get_by_role("button").all_inner_texts() == faces_before
    expect(pill(tab, "Q♠")).to_have_attribute("aria-pressed", "true")  # the pick stays for a second try
    no_traceback(tab)
    shoot(tab, shots, "06-illegal-meld")


def test_a_lesson_link_opens_that_lesson(tab: Page, server_url: str, shots: Path) -> None:
    open_app(tab, server_url, f"?lesson={LINKED_LESSON.id}")
    expect(lesson_heading(tab, LINKED_LESSON.title)).to_be_visible()
    first = CURRICULUM.scenarios[LINKED_LESSON.scenarios[0]]
    heading = f"Scenario 1 of {len(LINKED_LESSON.scenarios)}: {localize(first.title)}"
    expect(lesson_heading(tab, heading)).to_be_visible()
    assert f"lesson={LINKED_LESSON.id}" in tab.url
    shoot(tab, shots, "07-lesson-link")


def test_a_swedish_browser_gets_the_english_app(chromium: Browser, server_url: str, shots: Path) -> None:
    swedish = chromium.new_page(locale="sv-SE", viewport=VIEWPORT)
    try:
        assert swedish.evaluate("navigator.language") == "sv-SE"
        open_app(swedish, server_url)
        expect(lesson_heading(swedish, FIRST_LESSON.title)).to_be_visible()
        expect(swedish.get_by_role("button", name="Meld picked cards")).to_be_visible()
        shoot(swedish, shots, "08-swedish-locale")
    finally:
        swedish.close()

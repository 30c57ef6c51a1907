"""The app in a real browser: ``streamlit run`` on a free port, driven by Playwright in Debian's Chromium.

AppTest (``tests/test_app.py``) covers every scenario through the table's moves; this file checks what only
a browser shows, on a laptop (1366×768) and a phone (390×844): the card table (one component) draws, a
learner plays the first lesson by clicking the cards and the actions and by keyboard alone, each answer
and each new question shows inside the screen without scrolling, an illegal move is explained and the
cards stay, nothing makes a page scroll sideways, ``?lesson=<id>`` links work, a Swedish browser still gets
the (English) app, and the dark theme. The other pages are opened from the sidebar as a person does: a
Practice game against the coach (the start form, a hint, a draw, an illegal meld, a discard, the coach's
turn a move at a time with your hand still shown), Compare variants, Rules and Progress.

Needs the ``playwright`` package and ``/usr/bin/chromium`` (``apt-get install -y chromium``; never
``playwright install``). Without them the tests are skipped on a developer's machine, but fail in CI
(when the ``CI`` environment variable is set), so a CI machine that lost its browser is noticed.

Screenshots of every step go to ``$RUMMY500_SCREENSHOTS`` if set, else to ``screenshots/browser/``
(git-ignored).
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import RENDER_TIMEOUT, choose, in_view, no_traceback, require_browser

from engine.cards import Card, parse_cards
from engine.errors import RulesError
from engine.moves import Discard, Meld, Move
from engine.variants import PRESETS, get_variant
from harness.served_app import ServerError, served_app
from harness.table_play import pick
from tutor.compare.grid import field_label
from tutor.compare.situations import load_situations
from tutor.course import track_for
from tutor.i18n.card_names import face as card_face
from tutor.i18n.card_names import spoken as card_name
from tutor.i18n.strings import t, variant_name
from tutor.learn.curriculum import load_curriculum
from tutor.learn.flow import MAX_STARS
from tutor.learn.tasks import ChoiceTask, MoveTask
from tutor.learn.text import localize
from tutor.practice.game import Game
from tutor.practice.seats import computer_seats
from tutor.seat.coach import suggest
from ui.compare.page import line_words
from ui.shared.session import DEFAULT_LEARNER

with contextlib.suppress(ImportError):  # without it require_browser skips (or, in CI, fails) every test
    from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

pytestmark = pytest.mark.browser

VIEWPORT: ViewportSize = {"width": 1366, "height": 768}  # a laptop
SIZES: dict[str, ViewportSize] = {"laptop": VIEWPORT, "phone": {"width": 390, "height": 844}}

CURRICULUM = load_curriculum()
FIRST_LESSON = CURRICULUM.lesson("the-aim")
MELD_SCENARIO = CURRICULUM.scenarios["aim-lay-a-meld"]
CHOICE_SCENARIO = CURRICULUM.scenarios["aim-of-the-game"]
LINKED_LESSON = CURRICULUM.lesson("anna-and-bertil")
QUEEN_NAMES = ("queen of spades", "queen of hearts", "queen of diamonds")
BLACK = "rgb(22, 22, 22)"  # the ink of a black card (ui/felt/widget.css)


# --- the server and the browser -------------------------------------------------------------------


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app served by ``streamlit run`` on a free port: (base URL, progress file)."""
    require_browser()
    try:
        with served_app(tmp_path_factory.mktemp("browser-server")) as app:
            yield app.url, app.progress
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


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
    """A fresh page (a new browser context, so a new Streamlit session) in English, laptop-sized."""
    context = chromium.new_context(viewport=VIEWPORT, locale="en-GB")
    context.set_default_timeout(RENDER_TIMEOUT)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, chromium: Browser, server_url: str) -> Iterator[tuple[Page, str]]:
    """A fresh page at each size (laptop, phone), and the size's name for the screenshots."""
    context = chromium.new_context(viewport=SIZES[request.param], locale="en-GB", has_touch=request.param == "phone")
    context.set_default_timeout(RENDER_TIMEOUT)
    try:
        yield context.new_page(), str(request.param)
    finally:
        context.close()


# --- helpers --------------------------------------------------------------------------------------


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
    page.screenshot(path=str(shots / f"{name}.png"))


def lesson_heading(page: Page, title: str) -> Locator:
    return page.get_by_role("heading", name=title, exact=True)


# --- the Learn page --------------------------------------------------------------------------------


def test_the_app_opens_on_the_first_lesson(sized: tuple[Page, str], server_url: str, shots: Path) -> None:
    tab, size = sized
    tab.goto(f"{server_url}/?variant=femhundra")  # a new learner starts with setting up the table
    expect(lesson_heading(tab, CURRICULUM.lesson("setting-up").title)).to_be_visible(timeout=RENDER_TIMEOUT)
    open_app(tab, server_url)
    expect(lesson_heading(tab, FIRST_LESSON.title)).to_be_visible()
    heading = f"Task 1 of {len(FIRST_LESSON.scenarios)}: {MELD_SCENARIO.say(MELD_SCENARIO.title)}"
    in_view(tab, lesson_heading(tab, heading))
    expect(hand(tab)).to_have_count(8)  # 7 dealt + the 7♥ drawn
    expect(tab.locator(".r5t-hand .r5t-fresh")).to_have_attribute("aria-label", "7 of hearts, drawn")
    expect(tab.get_by_test_id("stButtonGroup")).to_have_count(0)  # no pill twins of the cards
    expect(tab.get_by_test_id("stAppDeployButton")).to_have_count(0)  # toolbarMode = "minimal"
    expect(tab.locator('.r5t-pile[aria-label="discard pile, 1 card, 4 of diamonds on top"]')).to_have_count(1)
    expect(tab.locator('.r5t-player[aria-label="Bertil, 7 cards"]')).to_have_count(1)
    for card in hand(tab).all():  # tap targets of 44 px at least
        box = card.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    no_sideways_scroll(tab)
    shoot(tab, shots, f"01-first-lesson-{size}")


def test_playing_the_first_lesson_with_clicks(sized: tuple[Page, str], server_url: str, shots: Path) -> None:
    tab, size = sized
    assert isinstance(MELD_SCENARIO.task, MoveTask) and isinstance(CHOICE_SCENARIO.task, ChoiceTask)
    success = MELD_SCENARIO.task.steps[0].success
    assert success is not None
    open_app(tab, server_url)
    meld = action(tab, "Meld picked cards")
    expect(tab.locator(".r5-meld")).to_have_count(0)
    expect(meld).to_have_class(re.compile("r5t-primary"))  # nothing picked yet: the step asks for a meld
    hand_card(tab, "9 of clubs").click()
    expect(meld).not_to_have_class(re.compile("r5t-primary"))  # a lone 9♣ is no meld: the listing says so
    hand_card(tab, "9 of clubs").click()
    pick_cards(tab, QUEEN_NAMES)
    expect(hand_card(tab, "queen of spades")).to_have_css("color", BLACK)  # a picked black card stays black
    expect(meld).to_have_class(re.compile("r5t-primary"))  # the engine's listing: a legal meld lights Meld up
    shoot(tab, shots, f"02-queens-picked-{size}")

    meld.click()
    said = message(tab, "success")
    expect(said).to_contain_text(MELD_SCENARIO.say(success))  # its points counted for femhundra
    in_view(tab, said)
    table = tab.locator(".r5-meld")
    expect(table).to_have_count(1)
    for name in QUEEN_NAMES:
        expect(table.get_by_role("img", name=name, exact=True)).to_be_visible()
    expect(tab.locator(".r5t-hand button")).to_have_count(0)  # solved: the hand can no longer be picked from
    # The answer came first; the hand's chart and the lesson list's stars follow once the table is drawn.
    expect(tab.locator(".js-plotly-plot")).to_have_count(1, timeout=RENDER_TIMEOUT)
    stars = re.compile(rf"{re.escape(FIRST_LESSON.title)} · 3/\d+ ★")
    expect(tab.get_by_test_id("stSidebar").get_by_text(stars)).to_have_count(1)
    no_traceback(tab)
    no_sideways_scroll(tab)
    shoot(tab, shots, f"03-meld-on-table-{size}")

    tab.get_by_role("button", name="Next task").click()
    heading = f"Task 2 of {len(FIRST_LESSON.scenarios)}: {CHOICE_SCENARIO.say(CHOICE_SCENARIO.title)}"
    in_view(tab, lesson_heading(tab, heading))  # the new scenario opens at its top
    radio = tab.get_by_test_id("stRadio")
    radio.get_by_text(CHOICE_SCENARIO.say(CHOICE_SCENARIO.task.options[CHOICE_SCENARIO.task.correct]), exact=True).click()
    expect(radio.get_by_role("radio").nth(CHOICE_SCENARIO.task.correct)).to_be_checked()
    tab.get_by_role("button", name="Check", exact=True).click()
    in_view(tab, alert(tab, "success").first)
    expect(tab.get_by_text("Solved! ★★★")).to_be_visible()
    expect(tab.get_by_role("button", name="Next lesson")).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, f"05-choice-solved-{size}")


def test_playing_the_first_lesson_by_keyboard(sized: tuple[Page, str], server_url: str, shots: Path) -> None:
    """Tab reaches the cards, arrows move along the hand, Space picks, Enter plays: no mouse at all."""
    tab, size = sized
    open_app(tab, server_url)
    cards = tab.locator(".r5t-hand button")
    cards.first.focus()
    labels = [str(c.get_attribute("aria-label")) for c in cards.all()]
    for label in labels:
        focused = tab.locator(".r5t-hand button:focus")
        expect(focused).to_have_attribute("aria-label", label)
        if label in QUEEN_NAMES:
            tab.keyboard.press("Space")
            expect(tab.locator(".r5t-hand button:focus")).to_have_attribute("aria-pressed", "true")
        tab.keyboard.press("ArrowRight")
    expect(tab.locator(".r5t-hand .r5-picked")).to_have_count(3)
    for _ in range(12):  # Tab on to the Meld action
        tab.keyboard.press("Tab")
        if tab.locator(".r5t-action:focus").filter(has_text="Meld picked cards").count():
            break
    expect(tab.locator(".r5t-action:focus")).to_have_text("Meld picked cards")
    shoot(tab, shots, f"06-keyboard-meld-{size}")
    tab.keyboard.press("Enter")
    in_view(tab, message(tab, "success"))
    expect(tab.locator(".r5-meld")).to_have_count(1)
    no_traceback(tab)


def test_an_illegal_meld_is_explained_and_the_cards_stay(sized: tuple[Page, str], server_url: str, shots: Path) -> None:
    tab, size = sized
    open_app(tab, server_url)
    labels_before = [c.get_attribute("aria-label") for c in hand(tab).all()]
    pick_cards(tab, ["queen of spades"])
    action(tab, "Meld picked cards").click()
    error = message(tab, "error")
    expect(error).to_contain_text(MELD_SCENARIO.say(MELD_SCENARIO.feedback["not_a_meld"]))  # the scenario's own words
    expect(error).to_contain_text("Nothing was played: the cards are as they were.")
    expect(error).not_to_contain_text("not_a_meld")  # no rule code on a learner's screen
    in_view(tab, error)
    expect(tab.locator(".r5-meld")).to_have_count(0)
    assert [c.get_attribute("aria-label") for c in hand(tab).all()] == labels_before
    expect(hand_card(tab, "queen of spades")).to_have_attribute("aria-pressed", "true")  # the pick stays
    no_traceback(tab)
    shoot(tab, shots, f"07-illegal-meld-{size}")


def test_the_pile_in_femhundra_is_taken_whole(tab: Page, server_url: str, shots: Path) -> None:
    """In femhundra a click on the pile offers "Take the whole pile", which says how many cards it lifts."""
    open_app(tab, server_url, "?lesson=taking-the-pile-femhundra")
    take = tab.locator(".r5t-actions button").filter(has_text="Take the whole pile")
    expect(take).to_have_count(1)
    expect(tab.locator(".r5t-actions button").filter(has_text="Take to the picked card")).to_have_count(0)
    tab.locator('.r5t-pile button[aria-label^="5 of diamonds"]').click()
    expect(tab.locator(".r5t-pile .r5-picked")).to_have_count(tab.locator(".r5t-pile button").count())
    take.click()
    expect(tab.locator(".r5t-pile .r5t-card")).to_have_count(0)  # the whole pile is in the hand
    in_view(tab, message(tab))
    shoot(tab, shots, "08-pile-taken")
    no_traceback(tab)


def test_the_answer_stays_in_view_when_the_page_above_grows_late(tab: Page, server_url: str) -> None:
    """On a busy machine the rest of the page was once redrawn after the table had brought its answer into
    view, and pushed the answer off the screen: a second later, 600 px more above the table must not."""
    open_app(tab, server_url, "?lesson=taking-the-pile-femhundra")
    tab.locator('.r5t-pile button[aria-label^="5 of diamonds"]').click()
    tab.locator(".r5t-actions button").filter(has_text="Take the whole pile").click()
    in_view(tab, message(tab))
    tab.wait_for_timeout(800)  # past the moment the table last looked, before this change
    # the browser's scroll anchoring keeps what is on the screen in place when the page above grows, but not
    # always (not at the very top, nor when the element it held on to is replaced): switched off here, the
    # growth moves the answer down as it did in CI
    tab.get_by_test_id("stMain").evaluate("main => { main.style.overflowAnchor = 'none'; }")
    tab.get_by_test_id("stMainBlockContainer").evaluate(
        "block => block.prepend(Object.assign(document.createElement('div'), {style: 'height:600px'}))"
    )
    tab.wait_for_timeout(300)
    in_view(tab, message(tab))


def test_a_lesson_link_opens_that_lesson(tab: Page, server_url: str, shots: Path) -> None:
    open_app(tab, server_url, f"?lesson={LINKED_LESSON.id}")
    expect(lesson_heading(tab, LINKED_LESSON.title)).to_be_visible()
    first = CURRICULUM.scenarios[LINKED_LESSON.scenarios[0]]
    heading = f"Task 1 of {len(LINKED_LESSON.scenarios)}: {first.say(first.title)}"
    expect(lesson_heading(tab, heading)).to_be_visible()
    assert f"lesson={LINKED_LESSON.id}" in tab.url
    shoot(tab, shots, "09-lesson-link")


def test_a_lesson_picked_in_the_lesson_list_opens_and_is_marked(tab: Page, server_url: str, shots: Path) -> None:
    """The lesson list is one component (ui/learn/lesson_list.py): a click on a lesson opens it at its first
    task and marks it as the open one; Enter on a lesson opens it too, and the keyboard stays on it."""
    open_app(tab, server_url)
    lessons = tab.get_by_test_id("stSidebar").locator(".r5l-lesson")
    expect(lessons.filter(has_text=FIRST_LESSON.title)).to_have_attribute("aria-current", "true")
    lessons.filter(has_text=LINKED_LESSON.title).click()
    expect(lesson_heading(tab, LINKED_LESSON.title)).to_be_visible()
    expect(lessons.filter(has_text=LINKED_LESSON.title)).to_have_attribute("aria-current", "true")
    expect(lessons.filter(has_text=FIRST_LESSON.title)).not_to_have_attribute("aria-current", "true")
    assert f"lesson={LINKED_LESSON.id}" in tab.url
    lessons.filter(has_text=FIRST_LESSON.title).focus()
    tab.keyboard.press("Enter")
    expect(lesson_heading(tab, FIRST_LESSON.title)).to_be_visible()
    expect(lessons.filter(has_text=FIRST_LESSON.title)).to_have_attribute("aria-current", "true")
    expect(lessons.filter(has_text=FIRST_LESSON.title)).to_be_focused()
    no_traceback(tab)
    shoot(tab, shots, "09-lesson-list")


def test_house_rules_set_in_the_sidebar_survive_a_reload_and_a_lesson_link(tab: Page, server_url: str, shots: Path) -> None:
    """After a reload the sidebar fell back to "7 cards" and a blank penalty box, and the lesson said again
    "Played with the rules of femhundra": the learner's table is kept with their progress."""
    open_app(tab, server_url)
    sidebar(tab).get_by_text("House rules", exact=True).click()
    choose(tab, field_label("cards_dealt"), "6 cards", within=sidebar(tab))
    choose(tab, field_label("unusable_pile_penalty"), "allowed, costs 100 points", within=sidebar(tab))
    played = tab.get_by_text(re.compile(r"^Played with the rules of femhundra \+ .*6 cards \+ .*costs 100 points"))
    expect(played).to_be_visible()
    for address in (tab.url, f"{server_url}/?lesson={LINKED_LESSON.id}"):  # a reload, then a lesson link
        tab.goto(address)
        expect(tab.get_by_role("heading", name="Learn 500", exact=True)).to_be_visible(timeout=RENDER_TIMEOUT)
        expect(played).to_be_visible()
        sidebar(tab).get_by_text("House rules", exact=True).click()
        expect(sidebar(tab).get_by_role("combobox", name=field_label("cards_dealt"), exact=True)).to_have_value("6 cards")
        penalty = sidebar(tab).get_by_role("combobox", name=field_label("unusable_pile_penalty"), exact=True)
        expect(penalty).to_have_value("allowed, costs 100 points")
        no_traceback(tab)
    shoot(tab, shots, "09-house-rules-kept")


def test_a_browser_in_a_language_we_lack_gets_the_english_app(chromium: Browser, server_url: str, shots: Path) -> None:
    """German is not among our languages: English, the last of the browser's wishes we can meet."""
    german = chromium.new_page(locale="de-DE", viewport=VIEWPORT)
    try:
        assert german.evaluate("navigator.language") == "de-DE"
        open_app(german, server_url)
        expect(lesson_heading(german, FIRST_LESSON.title)).to_be_visible()
        expect(action(german, "Meld picked cards")).to_be_visible()
    finally:
        german.close()


def test_the_dark_theme_keeps_the_cards_legible(chromium: Browser, server_url: str, shots: Path) -> None:
    """A browser that prefers dark gets the dark theme; the cards stay light with dark ink."""
    for size in ("laptop", "phone"):
        dark = chromium.new_page(color_scheme="dark", viewport=SIZES[size])
        try:
            open_app(dark, server_url)
            background = dark.evaluate("getComputedStyle(document.querySelector('.stApp')).backgroundColor")
            assert background == "rgb(21, 24, 29)", background
            expect(dark.locator(".r5t-hand .r5t-card").first).to_have_css("background-color", "rgb(255, 254, 248)")
            pick_cards(dark, QUEEN_NAMES[:1])
            shoot(dark, shots, f"10-dark-theme-{size}")
        finally:
            dark.close()


# --- the other pages: Practice, Compare variants, Rules, Progress ----------------------------------

PRACTICE_SEED = 7  # rommi against one coach: the coach's first turn draws, melds with a joker and discards
UNRELATED = parse_cards("2H 8D QC")  # in the learner's hand after the draw: neither a set nor a run
DISCARD = Card.parse("8D")
SITUATION = "discard-taken"  # the K♦ just taken from the pile: 500 rommi and the Dutch rules refuse its discard


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
    return page.get_by_test_id("stSidebar")


def practice_log(page: Page) -> Locator:
    """The lines of what the others did, beside the table: the moves made since the learner's last move."""
    return page.locator(".r5t-log li")


def expected_practice() -> tuple[str, str, list[str]]:
    """What the engine says the browser game must show: the first hint's sentence, the refusal of the meld
    of unrelated cards, and the coach's turn after the learner draws and discards the 8♦, a line a move."""
    game = Game.new(get_variant("rommi"), computer_seats(DEFAULT_LEARNER, 1, "coach"), PRACTICE_SEED)
    hint = suggest(game.state, 0, "coach")
    assert hint is not None and str(hint.move) == "draw"
    game.play(Move.parse("draw"))
    with pytest.raises(RulesError) as refusal:
        game.play(Meld(UNRELATED))
    game.play(Discard(DISCARD))
    return hint.reason, str(refusal.value), [step.text for step in game.advance()]


def test_practice_against_the_coach_with_clicks(sized: tuple[Page, str], server_url: str, shots: Path) -> None:
    """A game of 500 rommi against the coach, started from the form and played on the table: a hint, a
    draw, an illegal meld explained with the hand left as it was, a discard, and the coach's turn shown
    a move at a time, your hand in view all along."""
    tab, size = sized
    hint, refusal, coach_turn = expected_practice()
    assert coach_turn[0] == "Bertil drew from the stock." and coach_turn[-1].startswith("Bertil discarded ")
    assert len(coach_turn) >= 3  # something happens between the draw and the discard (a meld)

    open_page(tab, server_url, "Practice", "Practice")
    if size == "phone":
        tab.get_by_test_id("stExpandSidebarButton").click()
    choose(tab, "Your table's variant", get_variant("rommi").name, within=sidebar(tab))
    if size == "phone":
        fold_sidebar(tab)
    expect(alert(tab, "info").filter(has_text="You play 500 rommi")).to_be_visible()
    choose(tab, "Computer players", "1")
    choose(tab, "Their level", t("practice.level_help.coach"))  # the catalogue's words: they change as the coach does
    seed = tab.get_by_label(t("practice.setup.seed"))
    seed.fill(str(PRACTICE_SEED))
    seed.press("Enter")
    tab.get_by_role("button", name="Start the game").click()
    expect(tab.get_by_text(f"Round 1 · deal {PRACTICE_SEED} · 500 rommi · target 500")).to_be_visible()
    scores = tab.locator(".st-key-practice_scores")
    expect(scores).to_contain_text(f"Bertil ({t('practice.level.coach')})")  # its level, never "coach": that is the advisor
    box = scores.bounding_box()
    assert box is not None and box["height"] < 60, box  # the scores in one compact line
    expect(tab.get_by_text("Your turn", exact=True)).to_be_visible()  # not "Your turn, learner"
    expect(hand(tab)).to_have_count(7)
    no_sideways_scroll(tab)

    tab.get_by_role("button", name="Hint", exact=True).click()
    shown = message(tab, "info").filter(has_text="Hint:")  # said in the table's message box
    expect(shown).to_have_text(f"Hint: {hint}")  # in words, no notation
    assert re.fullmatch(r"[A-Z][^.!?]*\.", hint), hint  # one sentence
    in_view(tab, shown)  # on the screen, at 1366×768 and on a phone, without scrolling
    shoot(tab, shots, f"11-practice-hint-{size}")

    expect(action(tab, "Draw")).to_have_class(re.compile("r5t-primary"))  # the draw phase
    expect(action(tab, "Meld picked cards")).not_to_have_class(re.compile("r5t-primary"))
    action(tab, "Draw").click()
    expect(hand(tab)).to_have_count(8)
    expect(shown).to_have_count(0)  # the hint was for the move just made
    drawn = Game.new(get_variant("rommi"), computer_seats(DEFAULT_LEARNER, 1, "coach"), PRACTICE_SEED).state.stock[0]
    said = message(tab, "info")
    expect(said).to_have_text(f"You drew the {card_face(drawn)}.")
    in_view(tab, said)
    fresh = tab.locator(".r5t-hand .r5t-fresh")
    expect(fresh).to_have_count(1)
    expect(fresh).to_have_attribute("aria-label", f"{card_name(drawn)}, drawn")
    labels_before = [c.get_attribute("aria-label") for c in hand(tab).all()]
    pick_cards(tab, [card_name(card) for card in UNRELATED])
    action(tab, "Meld picked cards").click()
    error = message(tab, "error")
    expect(error).to_have_text(f"{refusal} Nothing was played: the cards are as they were. Try again.")
    in_view(tab, error)
    assert [c.get_attribute("aria-label") for c in hand(tab).all()] == labels_before  # the hand is unchanged
    expect(tab.get_by_text("No melds on the table yet.")).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, f"12-practice-illegal-meld-{size}")

    for card in UNRELATED:  # unpick all but the card to discard
        if card != DISCARD:
            hand_card(tab, card_name(card)).click()
    expect(tab.locator(".r5t-hand .r5-picked")).to_have_count(1)
    tab.get_by_text("Computer moves one at a time").click()
    expect(tab.get_by_role("switch", name="Computer moves one at a time")).to_be_checked()
    action(tab, "Discard").click()
    expect(tab.get_by_text("Bertil is to move.")).to_be_visible()
    expect(hand(tab)).to_have_count(7)  # your hand stays in view while the computer moves
    expect(tab.locator(".r5t-hand button")).to_have_count(0)  # but it is not your turn to pick
    for shown_lines in range(1, len(coach_turn) + 1):
        tab.get_by_role("button", name="Next computer move").click()
        expect(practice_log(tab)).to_have_text(coach_turn[:shown_lines])  # one more line a click
    in_view(tab, tab.locator(".r5t-log"))
    expect(tab.get_by_text("Your turn", exact=True)).to_be_visible()
    expect(tab.get_by_role("button", name="Next computer move")).to_have_count(0)
    expect(tab.locator(".r5t-hand button")).to_have_count(7)
    expect(tab.locator(".r5-meld")).to_have_count(1)  # the coach's meld is on the table
    no_sideways_scroll(tab)
    no_traceback(tab)
    shoot(tab, shots, f"13-practice-after-the-coach-{size}")


def test_compare_variants_side_by_side(tab: Page, server_url: str, shots: Path) -> None:
    """The five presets side by side; a house rule in the sidebar changes the chosen column at once; a
    prepared situation is judged by each preset with the engine's reason."""
    open_page(tab, server_url, "Compare variants", "Compare the variants")
    table = tab.locator("table.r5-cmp")
    expect(table).to_be_visible()
    names = [variant_name(variant_id) for variant_id in PRESETS]
    expect(table.locator("thead th")).to_have_text(["Rule", *names, "≠"])
    ace = table.locator('tr[data-field="ace_high_value"] td')
    expect(ace).to_have_text(["15 points"] * len(names) + [""])  # the five agree: no ≠
    expect(table.locator("td.r5-changed")).to_have_count(0)

    sidebar(tab).get_by_text("House rules", exact=True).click()
    choose(tab, field_label("ace_high_value"), "25 points", within=sidebar(tab))  # a short label, not a sentence
    expect(sidebar(tab).get_by_text("House rules on: An ace high (Q-K-A) or in hand")).to_be_visible()
    penalty = sidebar(tab).get_by_role("combobox", name=field_label("unusable_pile_penalty"))
    expect(penalty).to_have_value("off")  # a rule off in the preset reads "off", not a blank
    expect(table.locator("thead th").nth(1)).to_have_text("femhundra ✎")
    expect(ace).to_have_text(["25 points ✎", *["15 points"] * (len(names) - 1), "≠"])
    low = table.locator('tr[data-field="ace_low_value"] td').first
    expect(low).to_have_text("15 points")  # no longer "like every ace"
    expect(table.locator('tr[data-field="house_rules"] td.r5-changed')).to_have_text("An ace high (Q-K-A) or in hand ✎")
    expect(table.locator("td.r5-changed")).to_have_count(2)
    expect(alert(tab, "info")).to_contain_text("femhundra")
    no_traceback(tab)
    shoot(tab, shots, "14-compare-house-rule")

    situation = next(s for s in load_situations() if s.id == SITUATION)
    tab.get_by_role("tab", name="One situation, five rulings").click()
    panel = tab.get_by_role("tabpanel", name="One situation, five rulings")
    choose(tab, "Pick a situation", localize(situation.title))
    expect(tab.get_by_text(localize(situation.description), exact=True)).to_be_visible()
    expect(panel.get_by_text("The position as the femhundra rules deal it, seen from your seat.")).to_be_visible()
    rows = panel.get_by_test_id("stTable").locator("tbody tr")
    expect(rows).to_have_count(len(situation.judge) * len(names))
    discard = rows.filter(has_text=line_words(situation.judge[0].move))  # the move in words, as the table says it
    for variant_id, expected in situation.judge[0].expect.items():
        row = discard.filter(has=tab.locator("td", has_text=re.compile(f"^{re.escape(variant_name(variant_id))}$")))
        if expected == "legal":
            expect(row).to_contain_text("✓")
        else:
            expect(row).to_contain_text("✗")
            expect(row).not_to_contain_text(expected)  # in words: no rule code
    no_traceback(tab)
    shoot(tab, shots, "15-compare-situation")


def test_the_rules_page(tab: Page, server_url: str, shots: Path) -> None:
    """The chosen variant's rules as a table in words: no engine field names, no rule codes."""
    open_page(tab, server_url, "Rules", "The rules of femhundra")
    expect(tab.get_by_role("columnheader")).to_have_text(["Rule", "Value", "What it means"])
    jokers = tab.get_by_role("row").filter(has=tab.get_by_role("cell", name=field_label("jokers"), exact=True))
    expect(jokers.get_by_role("cell").nth(1)).to_have_text("no")  # femhundra plays without jokers
    expect(tab.locator("code").filter(has_text="min_players")).to_have_count(0)
    expect(tab.get_by_text("min_players")).to_have_count(0)
    expect(tab.get_by_role("heading", name="Rule codes the tutor explains")).to_have_count(0)
    no_traceback(tab)
    shoot(tab, shots, "16-rules")


def test_the_progress_page_counts_a_solved_scenario(tab: Page, server_url: str, shots: Path) -> None:
    """A scenario solved on the Learn page shows on the Progress page: the counts, the stars, where to go on."""
    open_app(tab, server_url)
    pick_cards(tab, QUEEN_NAMES)
    action(tab, "Meld picked cards").click()
    expect(message(tab, "success")).to_be_visible()
    tab.get_by_test_id("stSidebarNavLink").filter(has_text="Progress").click()
    expect(tab.get_by_role("heading", name="Your progress", exact=True)).to_be_visible()
    track = track_for(PRESETS["femhundra"], CURRICULUM)  # the learner's own table's course
    scenarios = sum(len(lesson.tasks) for lesson in track.lessons)
    values = tab.get_by_test_id("stMetricValue")
    stars = f"{MAX_STARS} / {MAX_STARS * scenarios}"  # solved without a hint: every star
    optional = sum(1 for lesson in track.lessons if lesson.other_table is not None)  # counted apart
    expect(values).to_have_text([f"0 / {len(track.lessons)}", f"1 / {scenarios}", stars, f"0 / {optional}"])
    lesson = f"{FIRST_LESSON.title} · {MAX_STARS} / {MAX_STARS * len(FIRST_LESSON.scenarios)} ★"
    expect(tab.get_by_text(lesson)).to_be_visible()
    expect(
        tab.get_by_test_id("stPageLink").filter(has_text=f"Continue where you stopped: {FIRST_LESSON.title}")
    ).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, "17-progress")


@pytest.mark.parametrize("nav", ["Compare variants", "Rules", "Progress"])
def test_no_page_scrolls_sideways_on_a_phone(chromium: Browser, server_url: str, shots: Path, nav: str) -> None:
    """At 390 px nothing makes a page wider than the screen: the Compare table scrolls in its own box."""
    phone = chromium.new_page(viewport=SIZES["phone"])
    try:
        headings = {"Compare variants": "Compare the variants", "Rules": "The rules of femhundra", "Progress": "Your progress"}
        open_page(phone, server_url, nav, headings[nav])
        phone.wait_for_timeout(500)
        no_sideways_scroll(phone)
        shoot(phone, shots, f"18-{nav.split()[0].lower()}-phone")
    finally:
        phone.close()

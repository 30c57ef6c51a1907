"""The app in a real browser: ``streamlit run`` on a free port, driven by Playwright in Debian's Chromium.

AppTest (``tests/test_app.py``) covers every scenario through the widgets; this file checks what only a
browser shows: the page renders, a learner can play the first lesson by clicking the card pills and the
buttons, an illegal move is explained and the cards stay, ``?lesson=<id>`` links work, and a Swedish
browser still gets the (English) app. The other pages are opened from the sidebar as a person does: a
Practice game against the coach (the start form, a hint, a draw, an illegal meld, a discard, the coach's
turn a move at a time), Compare variants (the presets side by side, a house rule changing the table, a
situation's rulings), Rules and Progress.

Needs the ``playwright`` package and ``/usr/bin/chromium`` (``apt-get install -y chromium``; never
``playwright install``). Without them the tests are skipped on a developer's machine, but fail in CI
(when the ``CI`` environment variable is set), so a CI machine that lost its browser is noticed.

Screenshots of every step go to ``$RUMMY500_SCREENSHOTS`` if set, else to ``screenshots/browser/``
(git-ignored).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.app_server import CHROMIUM, CHROMIUM_FLAGS, ROOT, ServerError, free_port, start_server, stop_server
from benchmarks.app_server import wait_for_health as app_server_health
from engine.cards import Card, parse_cards
from engine.errors import RulesError
from engine.moves import Discard, Meld
from engine.variants import PRESETS, get_variant
from tutor.coach import suggest
from tutor.compare import field_label
from tutor.curriculum import load_curriculum
from tutor.lesson_flow import MAX_STARS
from tutor.practice import Game
from tutor.practice_seats import computer_seats
from tutor.scenario import ChoiceTask, MoveTask, localize
from tutor.situations import load_situations
from tutor.strings import t
from ui.cards import card_face, card_name
from ui.session import DEFAULT_LEARNER

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
    pile = tab.get_by_role("radiogroup", name=t("ui.learn.pick_pile_whole_pile"))  # femhundra's pile: all of it
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


# --- the other pages: Practice, Compare variants, Rules, Progress ----------------------------------

PRACTICE_SEED = 7  # rommi against one coach: the coach's first turn draws, melds with a joker and discards
UNRELATED = parse_cards("2H 8D QC")  # in the learner's hand after the draw: neither a set nor a run
DISCARD = Card.parse("8D")
SITUATION = "discard-taken"  # the K♦ just taken from the pile: 500 rommi and the Dutch rules refuse its discard


def open_page(page: Page, url: str, nav: str, heading: str) -> None:
    """Load the app and open a page from the sidebar's navigation, as a person does."""
    open_app(page, url)
    page.get_by_test_id("stSidebarNavLink").filter(has_text=nav).click()
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    no_traceback(page)


def choose(page: Page, label: str, option: str, within: Locator | None = None) -> None:
    """Open the select box ``label`` and click one of its options."""
    box = (within or page).get_by_role("combobox", name=label, exact=True)
    choice = page.get_by_role("option", name=option, exact=True)
    for _ in range(3):  # a list opened while the sidebar's expander still moves may close at once: open it again
        box.click()
        with contextlib.suppress(AssertionError):
            expect(choice).to_be_visible(timeout=3_000)
            break
        box.press("Escape")
    choice.click()
    expect(box).to_have_value(option)


def sidebar(page: Page) -> Locator:
    return page.get_by_test_id("stSidebar")


def practice_hand(page: Page) -> Locator:
    """The clickable card drawings of the Practice hand."""
    return page.locator(".st-key-practice_hand_cards [data-pick] .r5-card")


def practice_pills(page: Page) -> Locator:
    """The pills of the Practice hand."""
    return page.locator(".st-key-practice_hand").get_by_role("button")


def practice_pill(page: Page, card: Card) -> Locator:
    return page.locator(".st-key-practice_hand").get_by_role("button", name=card_face(card), exact=True)


def practice_log(page: Page) -> Locator:
    """The lines under "What happened:": the moves made since the learner's last move."""
    return page.locator(".st-key-practice_log li")


def expected_practice() -> tuple[str, str, list[str]]:
    """What the engine says the browser game must show: the first hint's sentence, the refusal of the meld
    of unrelated cards, and the coach's turn after the learner draws and discards the 8♦, a line a move."""
    game = Game.new(get_variant("rommi"), computer_seats(DEFAULT_LEARNER, 1, "coach"), PRACTICE_SEED)
    hint = suggest(game.state, 0, "coach")
    assert hint is not None and str(hint.move) == "draw"
    game.play("draw")
    with pytest.raises(RulesError) as refusal:
        game.play(Meld(UNRELATED))
    game.play(Discard(DISCARD))
    return hint.reason, str(refusal.value), [step.text for step in game.advance()]


def test_practice_against_the_coach_with_clicks(tab: Page, server_url: str, shots: Path) -> None:
    """A game of 500 rommi against the coach, started from the form and played with clicks: a hint, a
    draw, an illegal meld explained with the hand left as it was, a discard, and the coach's turn shown
    a move at a time."""
    hint, refusal, coach_turn = expected_practice()
    assert coach_turn[0] == "Bertil drew from the stock." and coach_turn[-1].startswith("Bertil discarded ")
    assert len(coach_turn) >= 3  # something happens between the draw and the discard (a meld)

    open_page(tab, server_url, "Practice", "Practice")
    choose(tab, "Your table's variant", get_variant("rommi").name, within=sidebar(tab))
    expect(alert(tab, "info").filter(has_text="You play 500 rommi")).to_be_visible()
    choose(tab, "Computer players", "1")
    choose(tab, "Their level", t("practice.level_help.coach"))  # the catalogue's words: they change as the coach does
    seed = tab.get_by_label("Seed")
    seed.fill(str(PRACTICE_SEED))
    seed.press("Enter")
    tab.get_by_role("button", name="Start the game").click()
    expect(tab.get_by_text(f"Round 1 · seed {PRACTICE_SEED} · 500 rommi · target 500")).to_be_visible()
    expect(tab.get_by_test_id("stMetricLabel").filter(has_text="Bertil (coach)")).to_be_visible()
    expect(tab.get_by_text("Your turn", exact=True)).to_be_visible()  # not "Your turn, learner"
    expect(practice_hand(tab)).to_have_count(7)

    tab.get_by_role("button", name="Hint", exact=True).click()
    shown = alert(tab, "info").filter(has_text="Hint:")
    expect(shown).to_have_text(f"Hint: {hint} (in the notation: draw)")
    assert re.fullmatch(r"[A-Z][^.!?]*\.", hint), hint  # one sentence
    shoot(tab, shots, "10-practice-hint")

    expect(tab.get_by_role("button", name="Draw", exact=True)).to_have_attribute("kind", "primary")  # draw phase
    expect(tab.get_by_role("button", name="Meld picked cards")).to_have_attribute("kind", "secondary")
    tab.get_by_role("button", name="Draw", exact=True).click()
    expect(practice_hand(tab)).to_have_count(8)
    expect(shown).to_have_count(0)  # the hint was for the move just made
    drawn = Game.new(get_variant("rommi"), computer_seats(DEFAULT_LEARNER, 1, "coach"), PRACTICE_SEED).state.stock[0]
    expect(alert(tab, "info").filter(has_text=f"You drew the {card_face(drawn)}.")).to_be_visible()
    fresh = tab.locator(".st-key-practice_hand_cards .r5-fresh")
    expect(fresh).to_have_count(1)
    expect(fresh).to_have_attribute("aria-label", card_name(drawn))
    expect(tab.get_by_role("button", name="Meld picked cards")).to_have_attribute("kind", "primary")
    faces_before = practice_pills(tab).all_inner_texts()
    for number, card in enumerate(UNRELATED, start=1):
        tab.locator(f'.st-key-practice_hand_cards [data-pick] [aria-label="{card_name(card)}"]').click()
        expect(tab.locator(".st-key-practice_hand_cards .r5-picked")).to_have_count(number)
    tab.get_by_role("button", name="Meld picked cards").click()
    expect(alert(tab, "error")).to_have_text(refusal)
    expect(tab.get_by_text("Rule: not_a_meld")).to_be_visible()
    expect(tab.get_by_text("Nothing was played: the cards are as they were. Try again.")).to_be_visible()
    assert practice_pills(tab).all_inner_texts() == faces_before  # the hand is unchanged
    expect(practice_hand(tab)).to_have_count(8)
    expect(tab.get_by_text("No melds on the table yet.")).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, "11-practice-illegal-meld")

    for card in UNRELATED:  # unpick all but the card to discard, with the pills this time
        if card != DISCARD:
            practice_pill(tab, card).click()
    expect(tab.locator(".st-key-practice_hand_cards .r5-picked")).to_have_count(1)
    tab.get_by_text("Computer moves one at a time").click()
    expect(tab.get_by_role("switch", name="Computer moves one at a time")).to_be_checked()
    tab.get_by_role("button", name="Discard", exact=True).click()
    expect(tab.get_by_text("Bertil is to move.")).to_be_visible()
    expect(practice_hand(tab)).to_have_count(0)  # not the learner's turn: no cards to click
    for shown_lines in range(1, len(coach_turn) + 1):
        tab.get_by_role("button", name="Next computer move").click()
        expect(practice_log(tab)).to_have_text(coach_turn[:shown_lines])  # one more line a click
    expect(tab.get_by_text("Your turn", exact=True)).to_be_visible()  # not "Your turn, learner"
    expect(tab.get_by_role("button", name="Next computer move")).to_have_count(0)
    expect(practice_hand(tab)).to_have_count(7)
    expect(practice_pill(tab, DISCARD)).to_have_count(0)
    expect(tab.locator(".r5-meld")).to_have_count(1)  # the coach's meld is on the table
    tab.get_by_role("button", name="Hint", exact=True).click()
    expect(alert(tab, "info").filter(has_text="Hint:")).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, "12-practice-after-the-coach")


def test_compare_variants_side_by_side(tab: Page, server_url: str, shots: Path) -> None:
    """The five presets side by side; a house rule in the sidebar changes the chosen column at once; a
    prepared situation is judged by each preset with the engine's reason."""
    open_page(tab, server_url, "Compare variants", "Compare the variants")
    table = tab.locator("table.r5-cmp")
    expect(table).to_be_visible()
    names = [variant.name for variant in PRESETS.values()]
    expect(table.locator("thead th")).to_have_text(["Rule", *names, "≠"])
    ace = table.locator('tr[data-field="ace_high_value"] td')
    expect(ace).to_have_text(["15 points"] * len(names) + [""])  # the five agree: no ≠
    expect(table.locator("td.r5-changed")).to_have_count(0)

    sidebar(tab).get_by_text("House rules", exact=True).click()
    choose(tab, field_label("ace_high_value"), "25 points", within=sidebar(tab))  # a short label, not a sentence
    expect(sidebar(tab).get_by_text("House rules on: An ace high (Q-K-A) or in hand")).to_be_visible()
    penalty = sidebar(tab).get_by_role("combobox", name=field_label("unusable_pile_penalty"))
    expect(penalty).to_have_attribute("placeholder", "off")  # a rule off in the preset reads "off", not a blank
    expect(table.locator("thead th").nth(1)).to_have_text("femhundra ✎")
    expect(ace).to_have_text(["25 points ✎", *["15 points"] * (len(names) - 1), "≠"])
    low = table.locator('tr[data-field="ace_low_value"] td').first
    expect(low).to_have_text("15 points")  # no longer "like every ace"
    expect(table.locator('tr[data-field="house_rules"] td.r5-changed')).to_have_text("An ace high (Q-K-A) or in hand ✎")
    expect(table.locator("td.r5-changed")).to_have_count(2)
    expect(alert(tab, "info")).to_contain_text("femhundra")
    no_traceback(tab)
    shoot(tab, shots, "13-compare-house-rule")

    situation = next(s for s in load_situations() if s.id == SITUATION)
    tab.get_by_role("tab", name="One situation, five rulings").click()
    panel = tab.get_by_role("tabpanel", name="One situation, five rulings")
    choose(tab, "Pick a situation", localize(situation.title))
    expect(tab.get_by_text(localize(situation.description), exact=True)).to_be_visible()
    expect(panel.get_by_text("The position as the femhundra rules deal it, seen from your seat.")).to_be_visible()
    rows = panel.get_by_test_id("stTable").locator("tbody tr")
    expect(rows).to_have_count(len(situation.judge) * len(names))
    discard = rows.filter(has_text=situation.judge[0].move)
    for variant_id, expected in situation.judge[0].expect.items():
        row = discard.filter(has=tab.locator("td", has_text=re.compile(f"^{re.escape(PRESETS[variant_id].name)}$")))
        if expected == "legal":
            expect(row).to_contain_text("✓")
        else:
            expect(row).to_contain_text("✗")
            expect(row).to_contain_text(expected)  # the rule code
    no_traceback(tab)
    shoot(tab, shots, "14-compare-situation")


def test_the_rules_page(tab: Page, server_url: str, shots: Path) -> None:
    """The chosen variant's rules as a table, each rule with the engine's name under its label."""
    open_page(tab, server_url, "Rules", "The rules of femhundra")
    expect(tab.get_by_role("columnheader")).to_have_text(["Rule", "Value", "What it means"])
    jokers = tab.get_by_role("row").filter(has=tab.locator("code", has_text=re.compile("^jokers$")))
    expect(jokers.get_by_role("cell").nth(1)).to_have_text("no")  # femhundra plays without jokers
    expect(tab.get_by_text("<br>", exact=False)).to_have_count(0)  # the engine's name sits under the label
    expect(tab.locator("small code").filter(has_text="pile_take")).to_be_visible()
    expect(tab.get_by_role("heading", name="Rule codes the tutor explains")).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, "15-rules")


def test_the_progress_page_counts_a_solved_scenario(tab: Page, server_url: str, shots: Path) -> None:
    """A scenario solved on the Learn page shows on the Progress page: the counts, the stars, where to go on."""
    open_app(tab, server_url)
    for number, face in enumerate(QUEENS, start=1):
        click_card(tab, face, number)
    tab.get_by_role("button", name="Meld picked cards").click()
    expect(alert(tab, "success").first).to_be_visible()
    tab.get_by_test_id("stSidebarNavLink").filter(has_text="Progress").click()
    expect(tab.get_by_role("heading", name="Your progress", exact=True)).to_be_visible()
    scenarios = sum(len(lesson.scenarios) for lesson in CURRICULUM.lessons)
    values = tab.get_by_test_id("stMetricValue")
    stars = f"{MAX_STARS} / {MAX_STARS * scenarios}"  # solved without a hint: every star
    expect(values).to_have_text([f"0 / {len(CURRICULUM.lessons)}", f"1 / {scenarios}", stars])
    lesson = f"{FIRST_LESSON.title} · {MAX_STARS} / {MAX_STARS * len(FIRST_LESSON.scenarios)} ★"
    expect(tab.get_by_text(lesson)).to_be_visible()
    expect(
        tab.get_by_test_id("stPageLink").filter(has_text=f"Continue where you stopped: {FIRST_LESSON.title}")
    ).to_be_visible()
    no_traceback(tab)
    shoot(tab, shots, "16-progress")

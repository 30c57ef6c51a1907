"""The browser's language, in a real browser: Chromium set to Swedish (sv-SE) or Dutch (nl-NL) opens the app
in that language, with the variant of that country, and a refused move is explained in that language, in
view, at a laptop size and a phone size; on a phone, the Rules and every page's title fit in languages of long
words. Screenshots: ``language-*.png``, where every browser test puts its own."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import in_view, press_until, require_browser

from engine.errors import RulesError
from engine.records.lines import apply_line
from engine.round import Phase
from harness.chromium import LAPTOP, PHONE
from harness.served_app import served_app
from harness.table_play import pick
from tutor.compare.grid import field_label, field_meaning
from tutor.i18n.languages import START_VARIANT
from tutor.i18n.strings import refusal, t, variant_name
from tutor.learn.curriculum import load_curriculum
from tutor.learn.tasks import MoveTask

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, ViewportSize, expect

pytestmark = pytest.mark.browser

CURRICULUM = load_curriculum()
#: A lesson whose first scenario starts with the learner to draw: a discard now is refused.
LESSON = next(
    lesson
    for lesson in CURRICULUM.lessons
    if isinstance(CURRICULUM.scenarios[lesson.scenarios[0]].task, MoveTask)
    and CURRICULUM.scenarios[lesson.scenarios[0]].start().phase is Phase.DRAW
)
SCENARIO = CURRICULUM.scenarios[LESSON.scenarios[0]]


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    with served_app(tmp_path_factory.mktemp("languages")) as server:
        yield server.url


def _refusal(language: str) -> str:
    """What the engine says to a discard before drawing in the lesson's first scenario, in ``language``."""
    state = SCENARIO.start()
    learner = state.players[state.to_move]
    try:
        apply_line(state, f"{learner}: discard {state.hands[state.to_move][0]}")
    except RulesError as error:
        return refusal(error, language)
    raise AssertionError("the discard was not refused")


@pytest.mark.parametrize("size_name", ["laptop", "phone"])
@pytest.mark.parametrize(("locale", "language"), [("sv-SE", "sv"), ("nl-NL", "nl")])
def test_the_browsers_language_speaks_with_its_variant_and_refuses_in_it(
    chromium: Browser, app_url: str, shots: Path, locale: str, language: str, size_name: str
) -> None:
    viewport: ViewportSize = LAPTOP if size_name == "laptop" else PHONE
    context = chromium.new_context(locale=locale, viewport=viewport)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/?lesson={LESSON.id}")
        expect(page.get_by_role("heading", name=LESSON.title_in(language), exact=True)).to_be_visible(timeout=30_000)
        expect(page.locator(".r5t-hand button").first).to_be_visible()
        if size_name == "laptop":  # the sidebar is open on a laptop: the lessons of that country's variant
            sidebar = page.get_by_test_id("stSidebar")
            lessons_for = t("ui.learn.lessons_for", language, variant=variant_name(START_VARIANT[language], language))
            heading = sidebar.get_by_text(lessons_for, exact=True)
            # once, in every run: a new browser's first run also writes the learner's cookie, and drawn above
            # the lessons that moved them down, so the next run showed the heading twice while it ran
            expect(heading).to_have_count(1)
            expect(heading).to_be_visible()
            expect(sidebar.get_by_role("combobox", name=t("language.picker", language))).to_be_visible()
        first = page.locator(".r5t-hand button").first
        pick(page.locator(f'.r5t-hand [data-hand="{first.get_attribute("data-hand")}"]'))
        said = page.locator(".r5t-say.r5t-error")
        press_until(page.locator(".r5t-actions").get_by_role("button", name=t("ui.actions.discard", language), exact=True), said)
        expect(said).to_contain_text(_refusal(language))
        in_view(page, said)
        assert _refusal(language) != _refusal("en")
        page.screenshot(path=str(shots / f"language-{language}-{size_name}.png"))
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "language"), [("fi-FI", "fi"), ("sv-SE", "sv")])
def test_the_rules_fit_a_phone_in_languages_of_long_words(
    chromium: Browser, app_url: str, shots: Path, locale: str, language: str
) -> None:
    """Finnish and Swedish compounds once pushed the Rules table past a phone's edge (its meanings cut off):
    on a phone each rule is a block of its own, "Rule: value" and what it means below, inside the screen."""
    context = chromium.new_context(locale=locale, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/rules")
        first = page.get_by_role("cell", name=field_label("min_players", language), exact=True)
        expect(first).to_be_visible(timeout=30_000)
        meaning = page.get_by_text(field_meaning("min_players", language), exact=True)
        in_view(page, meaning)
        first_box, meaning_box = first.bounding_box(), meaning.bounding_box()
        assert first_box is not None and meaning_box is not None
        assert meaning_box["y"] >= first_box["y"] + first_box["height"] - 1  # below the rule, not beside it
        widths = page.evaluate("() => [...document.querySelectorAll('table')].map(t => t.scrollWidth)")
        assert widths and max(widths) <= PHONE["width"], widths
        page.screenshot(path=str(shots / f"language-{language}-rules-phone.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("path", ["together", "", "compare", "practice", "rules", "progress"])
def test_a_title_takes_no_empty_line_on_a_phone(chromium: Browser, app_url: str, path: str) -> None:
    """Streamlit's link beside a heading, shown only on hover, once pushed a Finnish title that filled its line
    ("Pelatkaa yhdessä") onto a second, empty one: on a phone the title is as tall as its words."""
    context = chromium.new_context(locale="fi-FI", viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/{path}")
        title = page.locator("h1").first
        words = title.locator("[data-heading-text]")
        expect(words).to_be_visible(timeout=30_000)
        title_box, words_box = title.bounding_box(), words.bounding_box()
        assert title_box is not None and words_box is not None
        line = float(page.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)", words.element_handle()))
        # the title's own padding is under half a line; an empty line under the words is a whole one
        assert title_box["height"] - words_box["height"] < line / 2 + 16, (title_box, words_box, line)
    finally:
        context.close()


#: A Dutch Practice deal in which the learner holds the K♠ and the computer's reply melds queens.
DUTCH_SEED = 14


@pytest.mark.parametrize("size_name", ["laptop", "phone"])
def test_a_dutch_page_names_the_court_cards_as_dutch_decks_print_them(
    chromium: Browser, app_url: str, shots: Path, size_name: str
) -> None:
    """nl-NL: the task says "V♠" under cards that show V, the Practice log says "H♠" and "V♣", and the hand
    chart labels its blocks the same way; no K, Q or J of the international letters is left."""
    from engine.cards import Card
    from engine.moves import Move
    from engine.variants import get_variant
    from tutor.i18n.card_names import face, international_letters_in, spoken
    from tutor.i18n.style import Style
    from tutor.practice.game import Game
    from tutor.practice.seats import computer_seats
    from ui.shared.session import DEFAULT_LEARNER

    game = Game.new(get_variant("rummy500-nl"), computer_seats(DEFAULT_LEARNER, 1, "coach"), DUTCH_SEED)
    king = Card.parse("KS")
    assert king in game.state.hands[0]
    game.play(Move.parse("draw"))
    game.play(Move.parse("discard KS"))
    reply = [step for step in game.advance() if step.seat == 1]
    assert any(str(step.move).startswith("meld Q") for step in reply)
    dutch = Style("nl", letters="nl")
    queens = face(Card.parse("QS"), dutch)
    king_face = face(king, dutch)
    assert (queens, king_face) == ("V♠", "H♠")

    context = chromium.new_context(locale="nl-NL", viewport=LAPTOP if size_name == "laptop" else PHONE)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/?lesson=the-aim")
        queen = page.locator(f'.r5t-hand button[aria-label^="{spoken(Card.parse("QS"), "nl")}"]').first
        expect(queen).to_contain_text("V")  # the card's corner
        task = page.get_by_text("V♠, V♥ en V♦").first  # the task: "kies de V♠, V♥ en V♦"
        expect(task).to_be_visible()
        assert not international_letters_in(page.get_by_test_id("stMain").inner_text())
        page.screenshot(path=str(shots / f"language-nl-letters-lesson-{size_name}.png"))

        page.goto(f"{app_url}/practice")
        seed = page.get_by_label(t("practice.setup.seed", "nl"))
        seed.fill(str(DUTCH_SEED))
        seed.press("Enter")
        page.get_by_role("button", name=t("practice.setup.start", "nl")).click()
        actions = page.locator(".r5t-actions")
        actions.get_by_role("button", name=t("ui.actions.draw", "nl"), exact=True).click()
        expect(page.locator(".r5t-hand .r5t-fresh")).to_have_count(1)  # the card drawn is in the hand: its turn goes on
        king_button = page.locator(f'.r5t-hand button[aria-label^="{spoken(king, "nl")}"]').first
        king_button.click()
        expect(king_button).to_have_attribute("aria-pressed", "true")  # picked, as a person sees it, before Afleggen
        actions.get_by_role("button", name=t("ui.actions.discard", "nl"), exact=True).click()
        log = page.locator(".r5t-log")
        expect(log).to_contain_text(queens, timeout=60_000)  # the strong computer's turn, on a busy machine
        in_view(page, log)
        assert not international_letters_in(log.inner_text())
        chart = page.locator(".js-plotly-plot").first
        expect(chart).to_be_visible()
        labels = chart.locator("text").all_text_contents()  # SVG text has no innerText
        assert any(label.startswith(("H", "V", "B")) and label[1:2] in "♠♥♦♣" for label in labels), labels
        assert not international_letters_in(" ".join(labels)), labels
        page.screenshot(path=str(shots / f"language-nl-letters-practice-{size_name}.png"), full_page=True)
    finally:
        context.close()


def test_a_server_that_stops_answering_is_said_in_the_learners_language(
    chromium: Browser, tmp_path: Path, shots: Path
) -> None:
    """Streamlit's own "Connection error" dialog (English in its frontend) speaks Finnish on a Finnish page,
    with the words the page was handed while the server still answered."""
    require_browser()
    context = chromium.new_context(locale="fi-FI", viewport=PHONE)
    try:
        with served_app(tmp_path) as server:
            page = context.new_page()
            page.goto(server.url)
            expect(page.get_by_role("heading", name=t("ui.learn.title", "fi"))).to_be_visible(timeout=30_000)
            page.wait_for_function("() => !!window.__r5connectionWords")  # the run has ended: the page holds them
            server.stop()
            dialog = page.get_by_role("dialog")
            expect(dialog).to_contain_text(t("ui.connection.title", "fi"), timeout=30_000)
            expect(dialog).to_contain_text(t("ui.connection.text", "fi"))
            expect(dialog).not_to_contain_text("Connection error")
            expect(dialog).not_to_contain_text("Streamlit server")
            in_view(page, dialog)
            page.screenshot(path=str(shots / "connection-lost-fi-phone.png"))
    finally:
        context.close()

"""The pages beside Learn in a real browser, opened from the sidebar as a person does: a Practice game
against the coach (the start form, a hint, a draw, an illegal meld, a discard, the coach's turn a move at a
time with your hand still shown), Compare variants and Rules, on a laptop (1366×768) and a phone (390×844)
where it matters.

The server, the pages and the helpers are shared with ``test_browser_learn`` (``conftest``,
:mod:`app_page_support`). Needs the ``playwright`` package and ``/usr/bin/chromium``, as that file says;
screenshots go to ``$RUMMY500_SCREENSHOTS`` or ``screenshots/browser/``.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from app_page_support import (
    CURRICULUM,
    FIRST_LESSON,
    QUEEN_NAMES,
    action,
    alert,
    fold_sidebar,
    hand,
    hand_card,
    message,
    no_sideways_scroll,
    open_app,
    open_page,
    pick_cards,
    shoot,
    sidebar,
)
from browser_support import choose, in_view, no_traceback, press_at_the_foot

from engine.cards import Card, parse_cards
from engine.errors import RulesError
from engine.moves import Discard, Meld, Move
from engine.variants import PRESETS, get_variant
from harness.chromium import SIZES
from tutor.compare.grid import field_label
from tutor.compare.situations import load_situations
from tutor.course import track_for
from tutor.i18n.card_names import face as card_face
from tutor.i18n.card_names import spoken as card_name
from tutor.i18n.strings import t, variant_name
from tutor.learn.flow import MAX_STARS
from tutor.learn.text import localize
from tutor.practice.game import Game
from tutor.practice.seats import computer_seats
from tutor.seat.coach import suggest
from ui.compare.page import line_words
from ui.shared.session import DEFAULT_LEARNER

with contextlib.suppress(ImportError):  # without it require_browser skips (or, in CI, fails) every test
    from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser

with contextlib.suppress(ImportError):  # without it require_browser skips (or, in CI, fails) every test
    from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser


# --- the other pages: Practice, Compare variants, Rules, Progress ----------------------------------

PRACTICE_SEED = 7  # rommi against one coach: the coach's first turn draws, melds with a joker and discards
UNRELATED = parse_cards("2H 8D QC")  # in the learner's hand after the draw: neither a set nor a run
DISCARD = Card.parse("8D")
SITUATION = "discard-taken"  # the K♦ just taken from the pile: 500 rommi and the Dutch rules refuse its discard


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
    expect(scores).to_contain_text(
        f"Bertil ({t('practice.level.coach')})"
    )  # its level, never "coach": that is the advisor
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
        headings = {
            "Compare variants": "Compare the variants",
            "Rules": "The rules of femhundra",
            "Progress": "Your progress",
        }
        open_page(phone, server_url, nav, headings[nav])
        phone.wait_for_timeout(500)
        no_sideways_scroll(phone)
        shoot(phone, shots, f"18-{nav.split()[0].lower()}-phone")
    finally:
        phone.close()


@dataclass(frozen=True)
class RefusedPress:
    """A form whose refusal is drawn below the button that asks: where it is, what is filled in, the button
    and the refusal's words."""

    path: str
    picks: tuple[str, ...]  # options clicked first (a radio's label)
    fields: tuple[tuple[str, str], ...]  # (label, text typed)
    button: str
    refusal: str


REFUSED_PRESSES = {
    # Practice, passing one device with one name
    "practice-refused-start": RefusedPress(
        "/practice",
        (t("practice.setup.mode_people"),),
        ((t("practice.setup.names"), "Anna"),),
        t("practice.setup.start"),
        t("practice.setup.bad_table", problem="").rstrip(": "),
    ),
    # Play together, a code no table has
    "together-wrong-code": RefusedPress(
        "/together",
        (),
        ((t("together.code_label"), "QQQQQQ"), (t("together.name_label"), "Anna")),
        t("together.join_button"),
        t("together.errors.no_table"),
    ),
}


@pytest.mark.parametrize("case", list(REFUSED_PRESSES))
def test_a_refusal_below_its_button_comes_into_view_on_a_phone(chromium: Browser, server_url: str, shots: Path, case: str) -> None:
    """The button pressed at the bottom of a phone's screen: its refusal, drawn below it, comes into view."""
    form = REFUSED_PRESSES[case]
    phone = chromium.new_page(viewport=SIZES["phone"])
    try:
        phone.goto(server_url + form.path)
        for option in form.picks:
            phone.get_by_text(option, exact=True).click()
        for label, text in form.fields:
            field = phone.get_by_label(label, exact=True)
            field.fill(text)
            field.blur()
            expect(field).to_have_value(text)
        press_at_the_foot(phone.get_by_role("button", name=form.button, exact=True))
        in_view(phone, alert(phone, "error").filter(has_text=form.refusal))
        no_traceback(phone)
        shoot(phone, shots, f"19-{case}-phone")
    finally:
        phone.close()

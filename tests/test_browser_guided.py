"""A guided hand of 500 rommi on a phone (390×844), in a real browser: the first three decisions are played
as the guide advises, with what it says and the table in view each time, and then play goes on until a
Rommi! window, whose sentence and both buttons (Rommi! and No call) are in view together.
Screenshots: ``guided-*.png``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import in_view, no_traceback, require_browser

from engine.moves import Discard, Meld
from engine.variants import get_variant
from harness.chromium import PHONE
from harness.served_app import served_app
from harness.table_play import click_move, pick, press_action, table_action, text_changes
from tutor.i18n.strings import t
from tutor.practice.game import Game
from tutor.practice.guide import guide
from tutor.practice.seats import computer_seats
from ui.shared.session import DEFAULT_LEARNER

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

#: A rommi deal of three players in which, following the guide, the learner meets a Rommi! window after twelve
#: decisions (a meld, a lay-off, draws and discards), none of them laying a joker (declaring one takes more than
#: this test's clicks). The Rommi! call rests on the table and the pile since the ruling of issue 37: the deal
#: before this one (6) no longer opens a window.
DEAL = 17


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    with served_app(tmp_path_factory.mktemp("guided")) as server:
        yield server.url


def test_a_guided_rommi_hand_on_a_phone(chromium: Browser, app_url: str, shots: Path) -> None:
    game = Game.new(get_variant("rommi"), computer_seats(DEFAULT_LEARNER, 2, "coach"), DEAL)  # the page's game, mirrored
    game.advance()
    seen: set[str] = set()
    context = chromium.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/practice?variant=rommi")
        page.get_by_text(t("practice.setup.mode_guided"), exact=True).click()
        seed = page.get_by_label(t("practice.setup.seed"))
        seed.fill(str(DEAL))
        seed.press("Enter")
        page.get_by_role("button", name=t("practice.setup.start")).click()
        message = page.locator(".r5t-say")  # what the rules allow and the coach's advice, by the table's buttons
        decisions = 0
        for _ in range(40):
            pending = game.pending()
            assert pending.kind in ("turn", "rommi"), pending
            said = guide(game.state, 0, seen)
            seen.update(said.met)
            if pending.kind == "rommi":
                expect(message).to_contain_text(t("practice.rommi_possible_you", card=game.state.pile[-1]).split(":")[0])
                for action in ("rommi", "no_call"):
                    in_view(page, table_action(page, action))
                in_view(page, message)
                page.screenshot(path=str(shots / "guided-rommi-window-phone.png"))
                break
            expect(message).to_contain_text(said.now)
            if decisions < 3:
                in_view(page, message)
                in_view(page, page.locator(".r5t-actions"))
                page.screenshot(path=str(shots / f"guided-decision-{decisions + 1}-phone.png"))
            assert said.move is not None
            click_move(page, said.move, len(game.state.pile), text_changes(message))
            game.play(said.move, 0)
            game.advance()
            decisions += 1
            expect(page.locator(".r5t-say")).to_contain_text(t("guide.said", text="").strip())  # info, or a call window's
            no_traceback(page)
        else:  # pragma: no cover
            raise AssertionError("no Rommi! window came in the guided hand")
        assert decisions >= 3
    finally:
        context.close()


def test_the_advice_stays_beside_a_wrong_press_in_finnish_on_a_phone(chromium: Browser, app_url: str, shots: Path) -> None:
    """Finnish, 390×844: after the draw the guide's advice is in view; pressing "Laita pois" with no card picked
    says the pick warning beside the advice, which stays, instead of taking its place. By keyboard, the pile's
    first Tab stop is its top card, and after the advised move the focus is back on the hand."""
    game = Game.new(get_variant("rommi"), computer_seats(DEFAULT_LEARNER, 2, "coach"), DEAL)  # the page's game, mirrored
    game.advance()
    seen: set[str] = set()
    context = chromium.new_context(viewport=PHONE, locale="fi-FI")
    try:
        page = context.new_page()
        page.goto(f"{app_url}/practice?variant=rommi&lang=fi")
        page.get_by_text(t("practice.setup.mode_guided", "fi"), exact=True).click()
        seed = page.get_by_label(t("practice.setup.seed", "fi"))
        seed.fill(str(DEAL))
        seed.press("Enter")
        page.get_by_role("button", name=t("practice.setup.start", "fi")).click()
        message = page.locator(".r5t-say")
        first = guide(game.state, 0, seen, "fi")
        seen.update(first.met)
        expect(message).to_contain_text(first.now)
        assert first.move is not None
        click_move(page, first.move, len(game.state.pile), text_changes(message))
        game.play(first.move, 0)
        game.advance()
        assert game.pending().kind == "turn", "the deal's second decision is the rest of the turn"
        advice = guide(game.state, 0, seen, "fi")
        expect(message).to_contain_text(advice.advice)
        press_action(page, "discard", text_changes(message))  # nothing picked
        expect(message).to_contain_text(t("ui.problem.pick_one_card", "fi"))
        expect(message).to_contain_text(advice.advice)  # the advice stays beside the warning
        in_view(page, message)
        page.screenshot(path=str(shots / "guided-warning-beside-advice-fi-phone.png"))
        # By keyboard: the pile's first Tab stop is its top card; after the move the focus is back on the hand.
        pile = page.locator(".r5t-pile [data-pile]")
        expect(pile.last).to_have_attribute("tabindex", "0")
        move = advice.move
        assert isinstance(move, Discard | Meld), move  # this deal's advice: a meld of three aces
        for card in move.cards if isinstance(move, Meld) else (move.card,):
            copy = page.locator(f'.r5t-hand [data-hand^="{card.in_hand}"][aria-pressed="false"]').first
            pick(page.locator(f'.r5t-hand [data-hand="{copy.get_attribute("data-hand")}"]'))
        table_action(page, move.kind).focus()
        page.keyboard.press("Enter")
        expect(message).to_contain_text(t("guide.said", "fi", text="").strip())
        expect(page.locator(".r5t-hand button:focus")).to_have_count(1)
        no_traceback(page)
    finally:
        context.close()

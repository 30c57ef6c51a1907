"""The review in a real browser, in Swedish, at a laptop size and a phone size: a refused move in a lesson
(a discard before drawing) makes the task's card; "Börja repetera" plays it as a variation on other cards,
and the learner answers it right by clicking the cards. Screenshots: ``review-*.png``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import press_until, require_browser

from engine.moves import Move
from engine.round import Phase
from engine.variants import get_variant
from harness.chromium import LAPTOP, PHONE
from harness.served_app import Server, served_app
from harness.table_play import click_move, pick
from tutor.i18n.languages import START_VARIANT
from tutor.i18n.strings import t
from tutor.learn.curriculum import load_curriculum
from tutor.learn.flow import ScenarioRun
from tutor.learn.tasks import MoveTask
from tutor.progress import ProgressStore
from tutor.progress.layout import review_card
from tutor.review.day import build_day
from tutor.storage.engines import open_engine, reading

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, ViewportSize, expect

pytestmark = pytest.mark.browser

CURRICULUM = load_curriculum()
LANGUAGE, LOCALE = "sv", "sv-SE"
#: The Swedish track's first lesson whose first task starts with the learner to draw: a discard is refused.
LESSON = next(
    lesson
    for lesson in CURRICULUM.lessons
    if isinstance(CURRICULUM.scenarios[lesson.scenarios[0]].task, MoveTask)
    and CURRICULUM.scenarios[lesson.scenarios[0]].start().phase is Phase.DRAW
)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app with a progress file of its own: the one learner's card is the test's."""
    require_browser()
    with served_app(tmp_path) as served:
        yield served


@pytest.mark.parametrize("size_name", ["laptop", "phone"])
def test_a_refused_move_comes_back_in_the_review_as_a_variation_answered_right(
    chromium: Browser, server: Server, shots: Path, size_name: str
) -> None:
    viewport: ViewportSize = LAPTOP if size_name == "laptop" else PHONE
    context = chromium.new_context(locale=LOCALE, viewport=viewport)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?lesson={LESSON.id}")
        expect(page.get_by_role("heading", name=LESSON.title_in(LANGUAGE), exact=True)).to_be_visible(timeout=30_000)
        first = page.locator(".r5t-hand button").first
        expect(first).to_be_visible()
        pick(page.locator(f'.r5t-hand [data-hand="{first.get_attribute("data-hand")}"]'))
        refused = page.locator(".r5t-say.r5t-error")
        press_until(page.locator(".r5t-actions").get_by_role("button", name=t("ui.actions.discard", LANGUAGE), exact=True), refused)

        start = page.get_by_role("button", name=t("review.start", LANGUAGE), exact=True)
        expect(start).to_be_visible()
        expect(page.get_by_text(t("review.to_review", LANGUAGE, count=1), exact=True).first).to_be_visible()
        heading = page.get_by_role("heading", name=t("review.heading", LANGUAGE, number=1, count=1, title="")).first
        press_until(start, heading)  # the page redraws once more after the refusal (the lesson list's stars)

        with reading(open_engine(str(server.progress)), 5.0) as db:  # the learner's card, as the page built it
            learner = str(db.execute(review_card.select().with_only_columns(review_card.c.learner)).scalar_one())
        store = ProgressStore(server.progress)
        [item] = build_day(store.reviews.cards(learner), get_variant(START_VARIANT[LANGUAGE]))
        original = CURRICULUM.scenarios[item.task.id].under(item.task.played)
        assert item.task.start().hands != original.start().hands  # other cards than the lesson's
        run = ScenarioRun(item.task)
        hand = page.locator(".r5t-hand [data-hand]")
        for step in item.task.task.steps:  # type: ignore[union-attr]
            move = Move.parse(step.answer)
            click_move(page, move, len(run.state.pile))
            assert run.play(move).kind == "success"
            if not run.solved:  # the step was made: the hand as it is after it (a solved task's is still)
                expect(hand).to_have_count(len(run.state.hands[run.seat]))
        said = page.get_by_text(t("review.back_today", LANGUAGE), exact=True)
        expect(said.or_(page.get_by_text("Rätt! Det här kommer tillbaka om"))).to_be_visible()
        assert [r.rating for r in store.reviews.history(learner)] in ([3], [4])  # right: Good, or quick: Easy
        page.screenshot(path=str(shots / f"review-{LANGUAGE}-{size_name}.png"))
    finally:
        context.close()

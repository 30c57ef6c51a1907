"""Learn your own table, in a real browser: in each of the five languages, at a laptop or a phone size (both
among them, :data:`WALK_SIZE`), a new learner's track opens on setting up the table of that language's variant, which is played through by
clicking and typing as a person does; then a task of that table's own way of taking from the pile: after its
first step, the next step's instruction stands beside the table, in view. Screenshots: ``track-*.png``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import RENDER_TIMEOUT, in_view, no_traceback, press_until, require_browser

from engine.moves import Move
from engine.variants import PRESETS
from harness.chromium import LAPTOP, PHONE
from harness.served_app import served_app
from harness.table_play import click_move
from tutor.course import TrackLesson, track_for
from tutor.i18n.languages import START_VARIANT
from tutor.i18n.strings import t
from tutor.learn.checker import judge_answer, number_answer
from tutor.learn.flow import ScenarioRun
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, NumberTask

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser

#: Each table's own way of taking from the pile, one lesson each.
PILE_LESSONS = ("taking-the-pile-femhundra", "digging", "taking-from-the-top-rommi")


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    with served_app(tmp_path_factory.mktemp("tracks")) as server:
        yield server.url


def _solved_note(page: Page, language: str) -> Locator:
    """The note that the open task is solved, with every star kept."""
    return page.get_by_text(t("ui.learn.solved", language, stars="★★★"), exact=True)


def _solved(page: Page, language: str) -> None:
    expect(_solved_note(page, language)).to_be_visible()


def _play(page: Page, task: Scenario, language: str, watch_next_step: Path | None = None) -> None:
    """Solve the open task as a learner does: type the number, pick the option, judge, or make each move on
    the table. With ``watch_next_step`` (a screenshot's path), after each step but the last the next step's
    instruction is said beside the table, in view (and the first such moment is photographed)."""
    body = task.task
    if isinstance(body, NumberTask):
        box = page.get_by_label(t("ui.learn.your_number", language))
        answer = str(number_answer(task))
        check = page.get_by_role("button", name=t("ui.learn.check", language), exact=True)
        for _ in range(3):  # as a person does: types the number again if the box came back empty, then checks
            if box.input_value() != answer:  # a redraw of a page just opened was seen to empty it in CI
                box.fill(answer)
                box.press("Enter")  # the number is in before Check is pressed (a click that blurs the box while
                # Streamlit still takes the number in can be lost on a busy machine)
                page.wait_for_timeout(300)
            check.click()
            with contextlib.suppress(AssertionError):
                expect(_solved_note(page, language)).to_be_visible(timeout=5000)
                break
        else:
            _solved(page, language)
    elif isinstance(body, ChoiceTask):
        option = task.say(body.options[body.correct], language)
        page.get_by_test_id("stRadio").get_by_text(option, exact=True).click()
        expect(page.get_by_test_id("stRadio").get_by_role("radio", name=option, exact=True)).to_be_checked()
        press_until(page.get_by_role("button", name=t("ui.learn.check", language), exact=True), _solved_note(page, language))
    elif isinstance(body, JudgeTask):
        verdict = "ui.learn.legal" if judge_answer(task)[0] else "ui.learn.not_legal"
        # a second press only if the first was lost to a redraw (a busy machine): the answer is the same
        press_until(page.get_by_role("button", name=t(verdict, language), exact=True), _solved_note(page, language))
    else:
        assert isinstance(body, MoveTask)
        run = ScenarioRun(task)
        for number, step in enumerate(body.steps, start=1):
            click_move(page, Move.parse(step.answer), len(run.state.pile))
            assert run.play(Move.parse(step.answer)).kind == "success"
            if number < len(body.steps):
                next_prompt = body.steps[number].prompt
                said = page.locator(".r5t-say.r5t-success")
                expect(said).to_contain_text(t("ui.learn.step", language, number=number + 1, count=len(body.steps)))
                if next_prompt is not None:
                    expect(said).to_contain_text(task.say(next_prompt, language))
                if watch_next_step is not None:
                    in_view(page, said)
                    if number == 1:
                        page.screenshot(path=watch_next_step)
    _solved(page, language)
    no_traceback(page)


def _lesson(page: Page, entry: TrackLesson, language: str) -> None:
    expect(page.get_by_role("heading", name=entry.lesson.title_in(language), exact=True)).to_be_visible(timeout=RENDER_TIMEOUT)


#: The size each language's walk is played at: one walk a language, both sizes among them (the Finnish, Danish and
#: Swedish walks on a phone, where long words wrap; tests/test_browser_languages.py has Swedish and Dutch at both).
WALK_SIZE = {"sv": "phone", "da": "phone", "fi": "phone", "nl": "laptop", "en": "laptop"}


@pytest.mark.parametrize(("language", "size_name"), WALK_SIZE.items())
def test_a_new_learner_sets_up_their_own_table_and_takes_from_its_pile(
    chromium: Browser, app_url: str, shots: Path, language: str, size_name: str
) -> None:
    variant = PRESETS[START_VARIANT[language]]
    track = track_for(variant)
    setup = track.lessons[0]
    pile = next(entry for entry in track.lessons if entry.lesson.id in PILE_LESSONS)
    context = chromium.new_context(viewport=LAPTOP if size_name == "laptop" else PHONE, has_touch=size_name == "phone")
    context.set_default_timeout(RENDER_TIMEOUT)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/?lang={language}")
        _lesson(page, setup, language)
        assert setup.lesson.id == "setting-up"
        for index, task in enumerate(setup.all_tasks):
            _play(page, task, language)
            if index + 1 < len(setup.all_tasks):
                page.get_by_role("button", name=t("ui.learn.next", language), exact=True).click()
        page.screenshot(path=shots / f"track-{language}-{size_name}-setup.png", full_page=False)
        page.goto(f"{app_url}/?lang={language}&lesson={pile.lesson.id}")
        _lesson(page, pile, language)
        first = pile.tasks[0]
        assert isinstance(first.task, MoveTask) and len(first.task.steps) > 1, first.id
        _play(page, first, language, watch_next_step=shots / f"track-{language}-{size_name}-pile-next-step.png")
    finally:
        context.close()

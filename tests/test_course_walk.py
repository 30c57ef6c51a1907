"""Every task of the course, walked through the lesson's seat game (:class:`tutor.learn.seat.LessonSeat`)
in every language, as the Learn page plays it: each preset's whole track, and every task no track holds at
the table it is played at. A wrong answer first (a move out of the turn's order, or a wrong number, option
or verdict): refused, the position as it was, a star gone; then a hint; then the right answer, step by
step, through the same picks a learner makes on the table, until the task is solved. Everything the
learner reads on the way speaks the language, with no English it has its own words for.

The page's wiring (a lesson link, "Next", the caption naming the table, stars kept) is walked once per
language through AppTest (``tests/test_learner_app.py``), and once per language in a browser
(``tests/test_browser_tracks.py``); the tasks' rules are solved at every table in ``tests/test_scenarios.py``.
"""

from __future__ import annotations

import pytest
from language_support import english_leaks_in

from engine.moves import Move
from engine.round import Phase
from engine.variants import PRESETS
from tutor.course import track_for
from tutor.i18n.languages import LANGUAGES
from tutor.learn.checker import judge_answer, number_answer
from tutor.learn.curriculum import load_curriculum
from tutor.learn.flow import MAX_STARS, ScenarioRun
from tutor.learn.scenario import Scenario
from tutor.learn.seat import LessonSeat
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, NumberTask
from tutor.seat.game import Answer, Play
from tutor.seat.picks import card_options

CURRICULUM = load_curriculum()


def _tasks_outside_every_track() -> list[Scenario]:
    in_tracks = {task.id for v in PRESETS.values() for entry in track_for(v, CURRICULUM).lessons for task in entry.all_tasks}
    return [CURRICULUM.scenarios[i] for i in sorted(set(CURRICULUM.scenarios) - in_tracks)]


#: What is walked: each preset's track (its lessons' tasks, optional ones included, as the track plays them),
#: and the tasks no track holds, at their own tables.
COURSES: dict[str, list[Scenario]] = {
    **{preset: [task for entry in track_for(variant, CURRICULUM).lessons for task in entry.all_tasks] for preset, variant in PRESETS.items()},
    "outside every track": _tasks_outside_every_track(),
}


def play_for(move: Move, run: ScenarioRun) -> Play:
    """The play a learner makes on the table for ``move``: the action pressed, with the cards picked."""
    return Play.of(move, run.state.hands[run.seat], run.state.pile)


def _wrong(run: ScenarioRun, table: LessonSeat, language: str) -> Answer:
    """One wrong answer, as ``tests/apptest_support.answer_wrongly`` gives it through the page."""
    scenario, task = run.scenario, run.scenario.task
    if isinstance(task, MoveTask):
        state = run.state
        wrong = Play("discard", hand=tuple(card_options(state.hands[run.seat])[:1])) if state.phase is Phase.DRAW else Play("draw")
        answer = table.play(wrong, language)
        assert run.state is state, "a refused move leaves the position as it was"
        return answer
    if isinstance(task, NumberTask):
        return run.answer_number(number_answer(scenario) + 1, language)
    if isinstance(task, ChoiceTask):
        return run.answer_choice((task.correct + 1) % len(task.options), language)
    assert isinstance(task, JudgeTask)
    return run.judge(not judge_answer(scenario)[0], language)


def _right(run: ScenarioRun, table: LessonSeat, language: str) -> list[str]:
    """The right answer, step by step; the sentences said on the way."""
    scenario, task = run.scenario, run.scenario.task
    said = []
    if isinstance(task, MoveTask):
        for step in task.steps:
            answer = table.play(play_for(Move.parse(step.answer), run), language)
            assert answer.kind == "success", (scenario.id, step.answer, answer.message)
            look = table.look(language)
            said += [answer.message, look.message[1] if look.message else ""]
        said += run.move_labels(language)
    else:
        if isinstance(task, NumberTask):
            answer = run.answer_number(number_answer(scenario), language)
        elif isinstance(task, ChoiceTask):
            answer = run.answer_choice(task.correct, language)
        else:
            answer = run.judge(judge_answer(scenario)[0], language)
        assert answer.kind == "success", (scenario.id, answer.message)
        said.append(answer.message)
    return said


def walk(scenario: Scenario, language: str) -> list[str]:
    """Walk one task as the module's text says; every sentence the learner read."""
    run = ScenarioRun(scenario)
    table = LessonSeat(run)
    task = scenario.task
    said = [scenario.say(scenario.title, language), scenario.say(task.prompt, language)]
    if isinstance(task, MoveTask):
        said += [scenario.say(step.prompt, language) for step in task.steps if step.prompt]
    if isinstance(task, ChoiceTask):
        said += [scenario.say(option, language) for option in task.options]
    wrong = _wrong(run, table, language)
    assert wrong.kind in ("error", "warning") and not run.solved, (scenario.id, wrong)
    assert run.stars == MAX_STARS - 1 and wrong.cost, (scenario.id, "a wrong answer costs a star, and says so")
    look = table.look(language)
    said += [wrong.message, wrong.cost, look.message[1] if look.message else ""]
    if scenario.hints:
        assert run.reveal_hint()
        said += run.hints(language)
    said += _right(run, table, language)
    assert run.solved, scenario.id
    return [sentence for sentence in said if sentence]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("course", COURSES)
def test_every_task_is_walked_to_its_end_in_the_language(course: str, language: str) -> None:
    tasks = COURSES[course]
    assert tasks or course == "outside every track"
    leaks = {}
    for scenario in tasks:
        said = walk(scenario, language)
        assert all(isinstance(sentence, str) for sentence in said)
        if language != "en":
            found = english_leaks_in(said, language)
            if found:
                leaks[scenario.id] = found[:3]
    assert not leaks, f"English in {language} ({len(leaks)} tasks): {list(leaks.items())[:5]}"


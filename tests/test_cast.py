"""Names at the table from the learner's language: the players the app seats by default (a lesson's Anna and
Bertil, the Compare page's situations, Practice's computer players) are each language's own cast (``cast:`` in the language's
``names.yaml``), at the table and in the sentences alike; a name a learner typed is kept."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.errors import RulesError
from tutor.compare.charts import situation_scores_figure
from tutor.compare.situations import compare_situation, load_situations, situation_by_id
from tutor.i18n.names import cast, cast_name
from tutor.i18n.strings import refusal
from tutor.learn.checker import check_choice, check_number, number_answer
from tutor.learn.curriculum import load_curriculum
from tutor.learn.flow import ScenarioRun
from tutor.learn.scenario import Scenario
from tutor.learn.seat import LessonSeat
from tutor.learn.tasks import ChoiceTask, MoveTask, NumberTask
from tutor.learn.text import localize
from tutor.practice.seats import COMPUTER_NAMES, computer_seats

CURRICULUM = load_curriculum()
#: The languages that seat their own cast; Swedish and English seat the source's (Swedish) names.
CAST_LANGUAGES = ("fi", "nl", "da")
#: A default name of the source in any of its forms (Bertil's, Bertilin, Annas…).
SOURCE_NAME = re.compile(r"\b(?:Anna|Bertil|Cecilia|David|Eva|Filip|Greta)(?:[a-zäöåæø]*|['’]s)\b")


def _texts(scenario: Scenario, language: str) -> Iterator[tuple[str, str]]:
    """(where, text) of the sentences a learner reads in a task, in ``language``."""
    task, say = scenario.task, scenario.say
    yield "title", say(scenario.title, language)
    yield "prompt", say(task.prompt, language)
    if isinstance(task, MoveTask):
        for i, step in enumerate(task.steps, start=1):
            for text in (step.prompt, step.success):
                if text:
                    yield f"step {i}", say(text, language)
    elif isinstance(task, NumberTask):
        right = number_answer(scenario)
        yield "right number", check_number(scenario, right, language).message
        yield "wrong number", check_number(scenario, right + 1, language).message
    elif isinstance(task, ChoiceTask):
        for i, option in enumerate(task.options):
            yield f"option {i + 1}", say(option, language)
            yield f"picked {i + 1}", check_choice(scenario, i, language).message
    for code, text in scenario.feedback.items():
        yield f"feedback {code}", say(text, language)
    extra = {"answer": number_answer(scenario)} if isinstance(task, NumberTask) else {}
    for i, hint in enumerate(scenario.hints, start=1):
        yield f"hint {i}", say(hint, language, **extra)


@pytest.mark.parametrize(
    ("language", "seated"),
    [("fi", ("Aino", "Eemil")), ("nl", ("Anne", "Bram")), ("da", ("Anne", "Bent")), ("sv", ("Anna", "Bertil")), ("en", ("Anna", "Bertil"))],
)
def test_a_lesson_task_seats_the_languages_cast_at_the_table_and_in_its_sentences(language: str, seated: tuple[str, str]) -> None:
    scenario = CURRICULUM.scenarios["anna-bertil-femhundra-round"]
    table = LessonSeat(ScenarioRun(scenario))
    assert table.look(language).seen.players[:2] == seated
    prompt = scenario.say(scenario.task.prompt, language)
    assert seated[0] in prompt
    if language in CAST_LANGUAGES:
        assert not SOURCE_NAME.search(prompt), prompt


@pytest.mark.parametrize("language", CAST_LANGUAGES)
def test_no_lesson_task_seats_or_names_a_swedish_default_player_in_finnish_dutch_or_danish(language: str) -> None:
    problems = []
    for scenario in CURRICULUM.scenarios.values():
        seen = LessonSeat(ScenarioRun(scenario)).look(language).seen.players
        problems += [f"{scenario.id}: seat {name}" for name in seen if SOURCE_NAME.fullmatch(name)]
        problems += [f"{scenario.id} {where}: {text}" for where, text in _texts(scenario, language) if SOURCE_NAME.search(text)]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("language", CAST_LANGUAGES)
def test_a_refusal_at_a_lesson_names_the_cast(language: str) -> None:
    error = RulesError("not_your_turn", "turn.not_yours", to_move="Bertil", player="You")
    said = refusal(error, language, seated=True)
    assert cast_name("Bertil", language) in said and "Bertil" not in said


def test_each_cast_gives_every_default_player_a_distinct_name_of_its_own() -> None:
    for language in CAST_LANGUAGES:
        own = cast(language)
        assert set(own) == {"Anna", *COMPUTER_NAMES}
        assert len(set(own.values())) == len(own)
        assert not any(SOURCE_NAME.fullmatch(name) for name in own.values()), own


def test_practice_seats_the_languages_computer_players_and_keeps_the_learners_name() -> None:
    assert [s.name for s in computer_seats("Anna", 2, "coach", "fi")] == ["Anna", "Eemil", "Kaisa"]
    assert [s.name for s in computer_seats("Bram", 3, "coach", "nl")] == ["Bram", "Carla", "Daan", "Emma"]
    assert [s.name for s in computer_seats("Anna", 1, "coach", "sv")] == ["Anna", "Bertil"]


@pytest.mark.parametrize("language", CAST_LANGUAGES)
def test_the_compare_pages_situations_seat_the_cast_in_their_words_chart_and_rulings(language: str) -> None:
    problems = []
    for situation in load_situations():
        for where, text in (("title", situation.title), ("description", situation.description)):
            said = localize(text, language)
            if SOURCE_NAME.search(said):
                problems.append(f"{situation.id} {where}: {said}")
        for outcome in compare_situation(situation, language).outcomes[0]:
            reasons = [outcome.ruling.reason, *(r.reason for r in outcome.then)]
            problems += [f"{situation.id} ruling: {r}" for r in reasons if r and SOURCE_NAME.search(r)]
    assert not problems, "\n".join(problems[:20])
    outcomes = compare_situation(situation_by_id("anna-bertil"), language).outcomes[0]
    names = [trace.name for trace in situation_scores_figure(outcomes, "", language).data]
    assert names == [cast_name("Anna", language), cast_name("Bertil", language)]

"""The tactics the course teaches and the coach plays by are one list (:mod:`tutor.course.tactics`):
every task it names is a task of the tactics lesson, every coach sentence that argues a choice belongs to a
tactic, the coach never finds a clearly better move than a tactic task's answer at any table, it remembers
what the others took from the pile, and a guided hand links the lesson when its advice applies a tactic."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, parse_cards
from engine.moves import Move
from engine.round import Round
from engine.variants import get_variant
from tutor.course.tactics import LESSON, TACTICS, tactic_of
from tutor.learn.checker import learner_seat
from tutor.learn.curriculum import load_curriculum
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import MoveTask
from tutor.practice.guide import guide
from tutor.seat.coach import REVIEW_MARGIN, judged_review, suggest
from tutor.seat.coach_discards import KEYS, REVIEW_KEYS, judgements

#: The coach's sentences that argue from the rules or from the count alone, not from a tactic.
COUNTING: frozenset[str] = frozenset({"discard_out"})


def _lesson_tasks() -> dict[str, Scenario]:
    curriculum = load_curriculum()
    return {task: curriculum.scenarios[task] for task in curriculum.lesson(LESSON).scenarios}


def test_every_tactic_task_is_taught_in_the_tactics_lesson() -> None:
    tasks = _lesson_tasks()
    named = [tactic.task for tactic in TACTICS if tactic.task is not None]
    assert sorted(named) == sorted(tasks), "the lesson's tasks and the tactics' tasks differ"
    assert len({tactic.id for tactic in TACTICS}) == len(TACTICS)


def test_every_coach_sentence_that_argues_a_choice_belongs_to_one_tactic() -> None:
    for key in (*KEYS, *REVIEW_KEYS):
        owners = [tactic.id for tactic in TACTICS if key in tactic.reasons]
        assert len(owners) == (0 if key in COUNTING else 1), (key, owners)
    assert tactic_of("take_partners") is not None and tactic_of("meld") is None


def _tactic_tables() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    for scenario in _lesson_tasks().values():
        if isinstance(scenario.task, MoveTask):
            cases.extend((scenario.id, variant.id) for variant in scenario.tables())
    return cases


@pytest.mark.parametrize(("task", "variant"), _tactic_tables())
def test_the_coach_never_argues_against_a_tactic_task(task: str, variant: str) -> None:
    """Played at the learner's table, each task's answer is one the coach would not tell them to change: no
    move it judges clearly better (by :data:`REVIEW_MARGIN`), and no review sentence after it."""
    scenario = _lesson_tasks()[task]
    table = next(v for v in scenario.tables() if v.id == variant)
    played = scenario.under(table)
    state = played.start()
    seat = learner_seat(played, state)
    assert isinstance(played.task, MoveTask)
    for step in played.task.steps:
        cost, said = judged_review(state, Move.parse(step.answer), seat)
        assert said is None and cost < REVIEW_MARGIN, f"{task} at {variant}: {step.answer} costs {cost:.1f}: {said}"
        state = state.apply(Move.parse(step.answer), seat)


def _after_the_queens_were_taken(variant: str) -> Round:
    """Bertil took the 5♣, Q♠ and Q♥ from the pile, laid the fives and kept the queens; You drew the Q♦."""
    state = Round.from_position(
        get_variant(variant),
        ["You", "Bertil"],
        [parse_cards("KC 10S 8D 9D QH"), parse_cards("5D 5H 9S 3H 7S 6S AC 2C")],
        parse_cards("10H QD 4C 2S JD 6C KH 4S 9C 10C 3S 7C"),
        parse_cards("5C QS"),
    )
    for move in ("draw", "discard QH", "take 3", "meld 5C 5D 5H", "discard 9S", "draw"):
        state = state.apply(Move.parse(move))
    return state


@pytest.mark.parametrize("variant", ["femhundra", "dansk", "500-rum"])
def test_the_coach_remembers_what_the_others_took_and_says_so(variant: str) -> None:
    state = _after_the_queens_were_taken(variant)
    assert state.shown[1] == tuple(parse_cards("QS QH"))  # everyone saw them go into Bertil's hand
    view = state.view(0)
    assert all(Card.parse("QS") in world.hands[1] for world in (view.world(random.Random(s)) for s in range(5)))
    judged = judgements(state, 0, random.Random(1))
    assert judged[Card.parse("QD")].taken > 0.8  # the third queen, Bertil takes it in nearly every deal
    advice = suggest(state, 0)
    assert advice is not None and str(advice.move) == "discard KC"
    assert advice.reason == (
        "Discard the K♣ rather than the Q♦: Bertil took the Q♠ and Q♥ from the pile and still holds them, "
        "and the Q♦ goes with them."
    )
    said = guide(state, 0, set())
    assert said.tactic == "remember_what_they_take" and said.tactic_lesson is not None
    assert said.tactic_lesson[0] == LESSON
    assert guide(state, 0, said.met).tactic is None  # linked once a round

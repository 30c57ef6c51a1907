"""Whether a variation asks the same thing as its task (:mod:`tutor.review.variation`): the same kind of
answer, the same right answer to a number, the same rule deciding a "legal or not?", and at every step of a
move task the same verdict (refused, and by which rule; legal but not asked; what was asked) for each move
a learner could try, the variation's move being the task's with its suits mapped. The tests run it for
every task with a generator, 20 seeds each; it is too slow for a page (hundreds of moves a step).

>>> from engine.variants import PRESETS
>>> from tutor.learn.curriculum import load_curriculum
>>> from tutor.review.variation import vary
>>> task = load_curriculum().scenarios["duty-top-card-meld"].under(PRESETS["500-rum"])
>>> differences(task, vary(task, 5))
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.errors import NotationError, RulesError
from engine.moves import DRAW, STOP, TAKE_ALL, Layoff, Meld, Move, discard, take
from engine.round import Round
from tutor.learn.checker import judge_answer, learner_seat, number_answer, try_move
from tutor.learn.scenario import Scenario
from tutor.learn.suits import map_cards
from tutor.learn.tasks import JudgeTask, MoveTask, NumberTask, Step

#: A verdict on a tried move: (legal, what was asked, the rule code refusing it).
Outcome = tuple[bool, bool, str | None]


def differences(task: Scenario, varied: Scenario) -> list[str]:
    """How ``varied`` asks something else than ``task`` (empty: it asks the same), one line a difference."""
    found: list[str] = []
    if task.task.kind != varied.task.kind:
        return [f"kind {task.task.kind} became {varied.task.kind}"]
    if isinstance(task.task, NumberTask):
        if number_answer(task) != number_answer(varied):
            found.append(f"answer {number_answer(task)} became {number_answer(varied)}")
    elif isinstance(task.task, JudgeTask):
        legal, code, _ = judge_answer(task)
        legal2, code2, _ = judge_answer(varied)
        if (legal, code) != (legal2, code2):
            found.append(f"ruling {legal} {code} became {legal2} {code2}")
    elif isinstance(task.task, MoveTask):
        assert isinstance(varied.task, MoveTask)
        state, state2 = task.start(), varied.start()
        suits = varied._suits
        for i, (step, step2) in enumerate(zip(task.task.steps, varied.task.steps, strict=True)):
            for move in probes(state, learner_seat(task, state)):
                mapped = Move.parse(map_cards(str(move), suits))
                one, two = _outcome(task, step, state, move), _outcome(varied, step2, state2, mapped)
                if one != two:
                    found.append(f"step {i + 1}: {move} {one} but {mapped} {two}")
            state = try_move(task, step, state, Move.parse(step.answer)).state
            state2 = try_move(varied, step2, state2, Move.parse(step2.answer)).state
    return found


def _outcome(task: Scenario, step: Step, state: Round, move: Move) -> Outcome:
    verdict = try_move(task, step, state, move)
    return verdict.legal, verdict.asked, verdict.code


def probes(state: Round, seat: int) -> Iterator[Move]:
    """The moves a learner could try in ``state``: draw, stop, every take, every discard, every card laid
    off on every meld, every three cards of the hand as a meld (jokers as they are held: refused)."""
    yield from (DRAW, STOP, TAKE_ALL)
    yield from (take(n) for n in range(1, len(state.pile) + 1))
    hand = state.hands[seat]
    naturals = [card for card in hand if not card.is_joker]
    yield from (discard(card) for card in hand)
    for number in range(1, len(state.table) + 1):
        yield from (Layoff((card,), number) for card in naturals)
    for three in combinations(naturals, 3):
        try:
            yield Meld(three)
        except (NotationError, RulesError):
            continue

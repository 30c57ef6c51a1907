"""Checking the learner: is a move legal (the engine decides) and is it what was asked (the scenario decides)?

Also loads scenario files (:func:`load_scenario`) and checks them against the engine: every step's answer is
legal and accepted, every scripted move is legal, every computed number can be computed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from engine.cards import Card
from engine.errors import NotationError, RecordError, RulesError
from engine.moves import Move
from engine.records.lines import LineRefused, apply_line, apply_lines, parse_line
from engine.round import Round
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style
from tutor.learn.data_file import read_mapping, validated
from tutor.learn.fields import FieldError
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, NumberTask, Step, matches
from tutor.learn.wording import FIELD, TemplateError


@dataclass(frozen=True)
class Verdict:
    """What the learner's attempt earned.

    ``legal``: the engine accepted the move. ``asked``: it is what the situation called for.
    ``code``: the rule code when the engine refused it. ``message``: one or two sentences to show.
    ``state``: the position after the step (the same position when the attempt was not accepted).
    """

    legal: bool
    asked: bool
    code: str | None
    message: str
    state: Round


def learner_seat(scenario: Scenario, state: Round) -> int:
    """The seat of the player the learner plays."""
    return state.player_index(scenario.learner)


def try_move(scenario: Scenario, step: Step, state: Round, move: Move, language: str | Style = "en") -> Verdict:
    """Judge the learner's ``move`` at ``step`` of a move task. An illegal or unasked move changes nothing."""
    seat = learner_seat(scenario, state)
    try:
        after = state.apply(move, seat)
    except RulesError as error:
        extra = scenario.feedback.get(error.code)
        message = refusal(error, language, seated=True) + (" " + scenario.say(extra, language) if extra else "")
        return Verdict(False, False, error.code, message, state)
    if not any(matches(m, move, state) for m in step.accept):
        extra = scenario.feedback.get("not_asked")
        message = scenario.say(extra, language) if extra else t("learn.not_asked", language)
        return Verdict(True, False, None, message, state)
    after = play_lines(after, step.after)
    message = scenario.say(step.success, language) if step.success else t("learn.well_done", language)
    return Verdict(True, True, None, message, after)


def play_lines(state: Round, lines: list[str]) -> Round:
    """Apply scripted ``"PLAYER: MOVE"`` lines (already checked when the scenario loaded)."""
    return apply_lines(state, lines)


def number_answer(scenario: Scenario, state: Round | None = None) -> int:
    """The right answer of a number task, computed by the engine where the file asks for it."""
    task = scenario.task
    assert isinstance(task, NumberTask)
    answer = task.answer
    if answer.value is not None:
        return answer.value
    state = state or scenario.start()
    variant = state.variant
    if answer.card_value is not None:
        return variant.card_value(Card.parse(answer.card_value), low_ace=answer.low_ace)
    if answer.dealt is not None:
        return variant.hand_size(answer.dealt)
    if answer.decks is not None:
        return variant.decks(answer.decks)
    if answer.deck_cards is not None:
        return variant.decks(answer.deck_cards) * (52 + variant.joker_count)
    assert answer.score is not None and answer.player is not None
    score = state.scores()[state.player_index(answer.player)]
    return int(getattr(score, answer.score))


def judge_answer(
    scenario: Scenario, state: Round | None = None, language: str | Style = "en"
) -> tuple[bool, str | None, str]:
    """The engine's ruling on a judge task's move: (legal, rule code, reason in ``language``)."""
    task = scenario.task
    assert isinstance(task, JudgeTask)
    state = state or scenario.start()
    try:
        apply_line(state, task.move)
    except RulesError as error:
        return False, error.code, refusal(error, language, seated=True)
    return True, None, t("learn.judged_legal", language)


#: The figures of a score that are minus points (counted as positive numbers): a learner may type them with
#: the minus sign they carry on the score sheet.
_MINUS: Final = ("hand", "penalty")


def check_number(scenario: Scenario, typed: int, language: str | Style = "en") -> Verdict:
    """Judge a typed number."""
    state = scenario.start()
    right = number_answer(scenario, state)
    task = scenario.task
    assert isinstance(task, NumberTask)
    if typed == right or (typed == -right and task.answer.score in _MINUS):  # minus points typed with their sign
        return Verdict(True, True, None, scenario.say(task.explain, language, answer=right) if task.explain else t("learn.well_done", language), state)
    extra = scenario.feedback.get("wrong")
    return Verdict(True, False, None, scenario.say(extra, language) if extra else t("learn.wrong_number", language), state)


def check_choice(scenario: Scenario, picked: int, language: str | Style = "en") -> Verdict:
    """Judge a picked option of a choice task."""
    task = scenario.task
    assert isinstance(task, ChoiceTask)
    state = scenario.start()
    if picked == task.correct:
        return Verdict(True, True, None, scenario.say(task.explain, language) if task.explain else t("learn.well_done", language), state)
    extra = scenario.feedback.get("wrong")
    return Verdict(True, False, None, scenario.say(extra, language) if extra else t("learn.wrong_choice", language), state)


def check_judgement(scenario: Scenario, says_legal: bool, language: str | Style = "en") -> Verdict:
    """Judge the learner's "legal" / "not legal" against the engine's ruling, with the engine's reason."""
    state = scenario.start()
    legal, code, reason = judge_answer(scenario, state, language)
    task = scenario.task
    assert isinstance(task, JudgeTask)
    why = reason_and_explanation(reason, scenario.say(task.explain, language) if task.explain else "")
    if says_legal == legal:
        return Verdict(True, True, code, t("learn.judge_right", language) + " " + why, state)
    extra = scenario.feedback.get("wrong")
    nudge = (" " + scenario.say(extra, language)) if extra else ""
    return Verdict(True, False, code, t("learn.judge_wrong", language) + nudge + " " + why, state)


#: Words of at least this many letters carry a sentence's meaning (shorter ones are "is", "a", "on", "ei").
_CONTENT_WORD: Final = re.compile(r"\w{4,}")


def reason_and_explanation(reason: str, explanation: str) -> str:
    """The engine's reason for a ruling followed by the task's own explanation, or the explanation alone when
    it restates the reason (at least half of the reason's words of four letters or more are in it): the
    learner read "A set holds at most four cards, one of each suit. A set is three or four cards, each of a
    different suit." once too often.

    >>> reason_and_explanation("A set holds at most four cards, one of each suit.", "A set is three or four cards, each of a different suit.")
    'A set is three or four cards, each of a different suit.'
    >>> reason_and_explanation("In femhundra you take the whole pile, never just the top card.", "All or nothing: the 9♥ and the 2♣ would have to come along.")
    'In femhundra you take the whole pile, never just the top card. All or nothing: the 9♥ and the 2♣ would have to come along.'
    """
    if not explanation:
        return reason
    said = {word for word in _CONTENT_WORD.findall(reason.lower()) if not word.isdigit()}
    if said and 2 * len(said & set(_CONTENT_WORD.findall(explanation.lower()))) >= len(said):
        return explanation
    return f"{reason} {explanation}"


def load_scenario(path: str | Path) -> Scenario:
    """Load and check one scenario file; ``RecordError`` names the file and the field at fault."""
    source = str(path)
    data = read_mapping(path, "id, title, variant, …")
    scenario = validated(Scenario, data, source, _field_name)

    tables = scenario.tables()
    if not tables:
        raise RecordError(source, "when", "no variant has these rules: the task holds for none")
    for table in tables:
        try:
            check_scenario(scenario.under(table), source)
        except RecordError as error:
            raise RecordError(source, error.field, f"played under {table.id}: {error.problem}") from None
    return scenario


def _field_name(loc: tuple[int | str, ...]) -> str:
    """A validation error's location as a field name, like ``task.steps[0].answer`` (the task kind left out).

    >>> _field_name(("task", "move", "steps", 0, "colour")), _field_name(())
    ('task.steps[0].colour', 'scenario')
    """
    parts = list(loc)
    if len(parts) > 1 and parts[0] == "task" and parts[1] in ("move", "number", "choice", "judge"):
        del parts[1]
    field = ""
    for part in parts:
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
    return field or "scenario"


def check_scenario(scenario: Scenario, source: str) -> None:
    """Check a scenario against the engine; ``RecordError`` names the file and the field at fault."""
    check_play(scenario, source)
    for field, text in scenario.texts():
        try:
            filled = scenario.say(text, "en", answer=0)
        except (FieldError, TemplateError) as error:
            raise RecordError(source, field, str(error)) from None
        unfilled = FIELD.search(filled)
        if unfilled:
            raise RecordError(source, field, f"has the field {unfilled.group(0)}, which no variant fills")


def check_play(scenario: Scenario, source: str) -> None:
    """Check what the engine plays of a scenario (its position, its moves, every step's answer, its number and
    its judged move), not its texts: a variation of a checked task (:mod:`tutor.review.variation`) has the
    same texts, its cards mapped to cards. ``RecordError`` names the file and the field at fault."""
    try:
        state = scenario.start()
    except RecordError as error:
        raise RecordError(source, f"position.{error.field}", error.problem) from None
    if scenario.learner not in scenario.position.players:
        raise RecordError(source, "position.learner", f"“{scenario.learner}” is not a player")
    task = scenario.task
    if isinstance(task, MoveTask):
        for i, step in enumerate(task.steps):
            state = _check_step(scenario, step, state, source, f"task.steps[{i}]")
    elif isinstance(task, NumberTask):
        try:
            number_answer(scenario, state)
        except (NotationError, RulesError, KeyError, AssertionError) as error:
            raise RecordError(source, "task.answer", f"cannot be computed ({error})") from None
    elif isinstance(task, JudgeTask):
        try:
            parse_line(task.move, state)
        except NotationError as error:
            raise RecordError(source, "task.move", str(error)) from None


def _check_step(scenario: Scenario, step: Step, state: Round, source: str, field: str) -> Round:
    seat = learner_seat(scenario, state)
    for j, matcher in enumerate(step.accept):
        for k, text in enumerate(matcher.with_):
            try:
                Card.parse(text)
            except NotationError as error:
                raise RecordError(source, f"{field}.accept[{j}].with[{k}]", str(error)) from None
        if matcher.move is None:
            continue
        try:
            state.apply(Move.parse(matcher.move), seat)
        except (NotationError, RulesError) as error:
            raise RecordError(source, f"{field}.accept[{j}].move", f"the engine refuses “{matcher.move}”: {error}") from None
    try:
        answer = Move.parse(step.answer)
    except NotationError as error:
        raise RecordError(source, f"{field}.answer", f"the engine refuses “{step.answer}”: {refusal(error)}") from None
    try:
        verdict = try_move(scenario, step, state, answer)
    except (RulesError, LineRefused) as error:  # a scripted move of the others, played after the step
        raise RecordError(source, f"{field}.after", f"the engine refuses a move: {error}") from None
    if not verdict.legal:
        raise RecordError(source, f"{field}.answer", f"the engine refuses “{step.answer}”: {verdict.message}")
    if not verdict.asked:
        raise RecordError(source, f"{field}.answer", f"“{step.answer}” is not accepted by the step's `accept`")
    return verdict.state

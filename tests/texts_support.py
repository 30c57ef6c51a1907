"""Every text a learner reads in a lesson, scenario or situation, rendered under every variant it is shown
with, and the checks a teacher's words pass (``tests/test_texts.py``).

``python tests/texts_support.py OUT`` writes the rendered texts to ``OUT/<variant>.txt``, one file per
variant, for a person to read through.
"""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.errors import RULE_CODES, RulesError
from engine.moves import Discard, Draw, Layoff, Meld, Move, Take
from engine.round import Round
from engine.variants import PRESETS, Variant, get_variant
from tutor.compare.situations import Situation, compare_situation, load_situations
from tutor.course import track_for
from tutor.learn.checker import check_choice, check_judgement, check_number, learner_seat, number_answer, play_lines
from tutor.learn.curriculum import Curriculum, load_curriculum
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, NumberTask
from tutor.learn.text import localize

#: House rules a lesson is also read with: the Swedish ace (25, 5 low) and a six-card deal.
HOUSE_RULES: tuple[dict[str, object], ...] = (
    {"ace_high_value": 25, "ace_low_value": 5},
    {"cards_dealt": 6},
    {"ace_high_value": 25, "ace_low_value": 5, "cards_dealt": 6},
)


@dataclass(frozen=True)
class Text:
    """One rendered text: where it is shown, the variant it is read in, and the words."""

    where: str
    variant: str
    words: str


def variant_label(variant: Variant) -> str:
    """A preset id, with its house rules: ``femhundra+ace_high_value=25,ace_low_value=5``."""
    rules = ",".join(f"{name}={getattr(variant, name)}" for name in variant.house_rules)
    return variant.id + (f"+{rules}" if rules else "")


def lesson_variants(preset_ids: list[str]) -> Iterator[Variant]:
    """The presets a lesson is shown with, each alone and with each of :data:`HOUSE_RULES`."""
    for preset in preset_ids:
        yield PRESETS[preset]
        for rules in HOUSE_RULES:
            yield get_variant(preset, rules)


def tables() -> Iterator[Variant]:
    """Every table a learner may choose: each preset alone and with each of :data:`HOUSE_RULES`."""
    yield from lesson_variants(list(PRESETS))


def lesson_texts(curriculum: Curriculum) -> Iterator[Text]:
    """Every lesson's text under every table whose track holds it (a lesson in no track: under its first task's)."""
    shown = set()
    for variant in tables():
        for entry in track_for(variant, curriculum).lessons:
            lesson = entry.lesson
            shown.add(lesson.id)
            yield Text(f"lesson {lesson.order} {lesson.id}", variant_label(variant), lesson.title + "\n" + lesson.text(variant))
    for lesson in curriculum.lessons:
        if lesson.id not in shown:
            played = curriculum.scenarios[lesson.scenarios[0]].played
            yield Text(f"lesson {lesson.order} {lesson.id}", variant_label(played), lesson.title + "\n" + lesson.text(played))


def _candidate_moves(state: Round, seat: int) -> Iterator[Move]:
    """Moves a learner might try here (many of them refused): draws, takes, discards, melds of three, lay-offs."""
    hand = state.hands[seat]
    yield Draw()
    yield Take(None)
    for count in range(1, len(state.pile) + 1):
        yield Take(count)
    for card in hand:
        yield Discard(card)
    naturals = [c for c in hand if not c.is_joker]
    for trio in itertools.combinations(naturals, 3):
        yield Meld(tuple(trio))
    for number in range(1, len(state.table) + 1):
        for card in naturals:
            yield Layoff((card,), number)


def refusals(scenario: Scenario) -> Iterator[tuple[str, str]]:
    """For a move task: (step, message) of every refusal the scenario adds its own words to, along the
    answer's path, as the learner would read it (the engine's sentence, then the scenario's)."""
    task = scenario.task
    if not isinstance(task, MoveTask):
        return
    state = scenario.start()
    seen: set[str] = set()
    for index, step in enumerate(task.steps):
        seat = learner_seat(scenario, state)
        for move in _candidate_moves(state, seat):
            try:
                state.apply(move, seat)
            except RulesError as error:
                extra = scenario.feedback.get(error.code)
                if extra and error.code not in seen:
                    seen.add(error.code)
                    yield f"step {index + 1} refused ({error.code})", f"{error} {scenario.say(extra)}"
        state = play_lines(state.apply(Move.parse(step.answer), seat), step.after)


def scenario_texts(scenario: Scenario) -> Iterator[tuple[str, str]]:
    """(where, text) of everything the scenario's learner may read."""
    task = scenario.task
    say = scenario.say
    yield "title", say(scenario.title)
    yield "prompt", say(task.prompt)
    if isinstance(task, MoveTask):
        for i, step in enumerate(task.steps, start=1):
            if step.prompt:
                yield f"step {i} prompt", say(step.prompt)
            if step.success:
                yield f"step {i} success", say(step.success)
        yield from refusals(scenario)
        if "not_asked" in scenario.feedback:
            yield "not asked", say(scenario.feedback["not_asked"])
    elif isinstance(task, NumberTask):
        right = number_answer(scenario)
        yield "right number", check_number(scenario, right).message
        yield "wrong number", check_number(scenario, right + 1).message
    elif isinstance(task, ChoiceTask):
        for i, option in enumerate(task.options):
            yield f"option {i + 1}", say(option)
            yield f"picked option {i + 1}", check_choice(scenario, i).message
    elif isinstance(task, JudgeTask):
        yield "judged right", check_judgement(scenario, True).message if _legal(scenario) else check_judgement(scenario, False).message
        yield "judged wrong", check_judgement(scenario, not _legal(scenario)).message
    extra = {"answer": number_answer(scenario)} if isinstance(task, NumberTask) else {}
    for i, hint in enumerate(scenario.hints, start=1):
        yield f"hint {i}", say(hint, **extra)


def _legal(scenario: Scenario) -> bool:
    from tutor.learn.checker import judge_answer

    return judge_answer(scenario)[0]


def played_tasks(curriculum: Curriculum) -> Iterator[Scenario]:
    """Every task as some track plays it (each table once), and every task no track holds, under its own table."""
    seen = set()
    for variant in tables():
        for entry in track_for(variant, curriculum).lessons:
            for task in entry.all_tasks:
                key = (task.id, task.played)
                if key not in seen:
                    seen.add(key)
                    yield task
    for scenario in curriculum.scenarios.values():
        if not any(task_id == scenario.id for task_id, _ in seen):
            yield scenario


def all_scenario_texts(curriculum: Curriculum) -> Iterator[Text]:
    """Every task's texts, under every table it is played at."""
    for scenario in played_tasks(curriculum):
        variant = variant_label(scenario.played)
        for where, words in scenario_texts(scenario):
            yield Text(f"scenario {scenario.id}: {where}", variant, words)


def situation_texts(situations: list[Situation]) -> Iterator[Text]:
    """Every situation's title and description, under each preset that judges it (the same words)."""
    for situation in situations:
        for preset in situation.presets:
            yield Text(f"situation {situation.id}: title", preset, localize(situation.title))
            yield Text(f"situation {situation.id}: description", preset, localize(situation.description))


def situation_rulings(situations: list[Situation]) -> Iterator[Text]:
    """The sentence on each judged move of each situation, per preset, as the Compare page shows it."""
    for situation in situations:
        comparison = compare_situation(situation)
        for i, outcomes in enumerate(comparison.outcomes):
            for outcome in outcomes:
                yield Text(f"situation {situation.id}: ruling {i + 1}", outcome.preset, outcome.ruling.reason)


def every_text() -> list[Text]:
    """Every lesson, scenario and situation text, rendered."""
    curriculum = load_curriculum()
    situations = load_situations()
    return [
        *lesson_texts(curriculum),
        *all_scenario_texts(curriculum),
        *situation_texts(situations),
        *situation_rulings(situations),
    ]


# --- the checks -------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{[a-z_]+(?:[}:,|])")
_CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")
_CARD_CODE = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC]\b|\bJK\b")
_MOVE_NOTATION = re.compile(
    r"\b(?:meld|discard|take|draw)\s+(?:all(?=[,.;)]|$)|(?:10|[2-9AKQJ])[SHDC]\b)|\btake \d+\b(?! cards?\b)|\blayoff\b|\bon \d+\b",
    re.IGNORECASE,
)
_ENGINE = re.compile(r"\bthe engine\b", re.IGNORECASE)
_ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (?:cards|points|players|melds|times|stars|rounds|turns)\b")
_WORD = re.compile(r"[\w♠♥♦♣'-]+")
#: A rule said twice: the same run of this many words twice in one message.
REPEAT_WORDS = 5
#: The texts that answer an attempt (a rule said once there, not twice): refusals, verdicts, results.
FEEDBACK = ("refused", "judged", "picked", "number", "not asked", "test")


def problems(text: Text) -> list[str]:
    """What is wrong with one rendered text (empty when it reads as a teacher's words should)."""
    words = text.words
    found = []
    if _PLACEHOLDER.search(words):
        found.append(f"an unfilled placeholder: {_PLACEHOLDER.search(words)}")
    codes = [code for code in _CODE.findall(words) if code in RULE_CODES or "_" in code]
    if codes:
        found.append(f"rule codes or field names: {codes}")
    for pattern, what in ((_CARD_CODE, "card notation"), (_MOVE_NOTATION, "move notation"), (_ENGINE, "“the engine”")):
        match = pattern.search(words)
        if match:
            found.append(f"{what}: {match.group(0)!r}")
    match = _ONE_PLURAL.search(words)
    if match:
        found.append(f"a plural after 1: {match.group(0)!r}")
    repeated = said_twice(words) if any(kind in text.where for kind in FEEDBACK) else None
    if repeated:
        found.append(f"says it twice: {repeated!r}")
    return found


def said_twice(words: str) -> str | None:
    """A run of :data:`REPEAT_WORDS` words that a message says twice (a rule repeated), or None."""
    tokens = [w.lower() for w in _WORD.findall(words)]
    seen: set[tuple[str, ...]] = set()
    for i in range(len(tokens) - REPEAT_WORDS + 1):
        run = tuple(tokens[i : i + REPEAT_WORDS])
        if run in seen:
            return " ".join(run)
        seen.add(run)
    return None


def write(folder: Path) -> list[Path]:
    """Write every text, rulings included, to ``folder/<variant>.txt``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    by_variant: dict[str, list[Text]] = {}
    for text in every_text():
        by_variant.setdefault(text.variant, []).append(text)
    paths = []
    for variant, texts in sorted(by_variant.items()):
        path = folder / f"{variant}.txt"
        path.write_text("".join(f"## {t.where}\n{t.words}\n\n" for t in texts), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write(Path(sys.argv[1] if len(sys.argv) > 1 else "rendered-texts")):
        print(written)

"""The curriculum content: every lesson and scenario file, checked against the schema and the engine (and
the Compare page's situation files against their schema).

Every move step's answer is replayed through the checker (legal and accepted), and a clearly wrong move
at each step is refused or not accepted; numbers, judgements and choices are checked against what the
engine computes for the position; broken copies of the files must fail with an error naming the file
and the field.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from engine.cards import Card
from engine.errors import RecordError, RulesError
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take
from engine.pile_take import take_count
from engine.records.game import load_record
from engine.round import Round
from engine.variants import PRESETS, get_variant
from tools.schema import schema_files
from tutor.compare.situations import SITUATION_SCHEMA_PATH, SITUATIONS_DIR, Situation
from tutor.course import track_for
from tutor.learn.checker import (
    check_choice,
    check_judgement,
    check_number,
    judge_answer,
    learner_seat,
    number_answer,
    play_lines,
    reason_and_explanation,
    try_move,
)
from tutor.learn.curriculum import LESSONS_DIR, SCENARIOS_DIR, load_curriculum, parse_lesson
from tutor.learn.scenario import SCHEMA_PATH, Scenario
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, NumberTask, matches

SCENARIO_FILES = sorted(SCENARIOS_DIR.glob("*.yaml"))
LESSON_FILES = sorted((LESSONS_DIR / "en").glob("*.md"))
RECORDS = Path(__file__).parent / "records"
SCHEMA_LINE = "# yaml-language-server: $schema=scenario.schema.json"
SITUATION_FILES = sorted(SITUATIONS_DIR.glob("*.yaml"))
SITUATION_SCHEMA_LINE = "# yaml-language-server: $schema=situation.schema.json"


def curriculum_scenarios() -> dict[str, Scenario]:
    return load_curriculum().scenarios


def scenarios_of(kind: type) -> list[Scenario]:
    return [s for s in curriculum_scenarios().values() if isinstance(s.task, kind)]


def ids(kind: type) -> list[str]:
    """The ids of the scenarios with this kind of task: empty when the curriculum does not load (then
    `test_curriculum_loads` says why, instead of every test failing at collection)."""
    try:
        return sorted(s.id for s in scenarios_of(kind))
    except RecordError:
        return []


def by_id(scenario_id: str) -> Scenario:
    """A task by its id (``id@table`` for the task as that table plays it)."""
    task_id, _, table = scenario_id.partition("@")
    scenario = curriculum_scenarios()[task_id]
    return scenario.under(next(v for v in scenario.tables() if v.id == table)) if table else scenario


def played(kind: type) -> list[str]:
    """``id@table`` for each task of this kind at every preset it holds for."""
    return [f"{i}@{v.id}" for i in ids(kind) for v in by_id(i).tables()]


# --- the files ------------------------------------------------------------------------------------


def follows_schema(data: Any, schema_path: Path, model: type[BaseModel]) -> None:
    """Validate ``data`` against the committed schema (without jsonschema, the pydantic model the schema
    is made from decides)."""
    try:
        import jsonschema
    except ImportError:
        model.model_validate(data)
    else:
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        jsonschema.validators.validator_for(schema)(schema).validate(data)


@pytest.mark.parametrize("path", list(schema_files()), ids=lambda p: p.name)
def test_schema_is_current(path: Path) -> None:
    """`python -m tools.schema` regenerates them: run that after changing tutor/learn/scenario.py or tutor/compare/situations.py."""
    assert path.read_text(encoding="utf-8") == schema_files()[path]


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_scenario_file_follows_the_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == SCHEMA_LINE
    data = yaml.safe_load(text)
    assert f"{data['id']}.yaml" == path.name, "a scenario file is named after its id"
    follows_schema(data, SCHEMA_PATH, Scenario)


@pytest.mark.parametrize("path", SITUATION_FILES, ids=[p.stem for p in SITUATION_FILES])
def test_situation_file_follows_the_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == SITUATION_SCHEMA_LINE
    follows_schema(yaml.safe_load(text), SITUATION_SCHEMA_PATH, Situation)


def test_curriculum_loads() -> None:
    load_curriculum()  # a RecordError names the file and the field at fault


def test_curriculum_size_and_links() -> None:
    curriculum = load_curriculum()
    assert len(curriculum.lessons) >= 15
    assert len(curriculum.scenarios) >= 30
    assert len(curriculum.lessons) == len(LESSON_FILES)
    assert len(curriculum.scenarios) == len(SCENARIO_FILES)
    required = [s for lesson in curriculum.lessons for s in lesson.scenarios]
    contrasts = {lesson.other_table for lesson in curriculum.lessons if lesson.other_table is not None}
    assert len(required) == len(set(required)), "a task belongs to one lesson"
    assert set(required) | contrasts == set(curriculum.scenarios), "every task is in a lesson, or another table's contrast"
    orders = [lesson.order for lesson in curriculum.lessons]
    assert orders == sorted(orders), "lessons are in order"


@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_lesson_file_name_and_variants(path: Path) -> None:
    """A lesson file is NN-slug.md with NN its order; its text leaves no field unfilled at any table whose track
    holds it, and a lesson only some tables have says which in its title ("Rommi! (500 rommi)") unless every
    table may have it through a house rule."""
    match = re.fullmatch(r"(\d\d)-[a-z0-9-]+\.md", path.name)
    assert match, f"{path.name} is not NN-slug.md"
    curriculum = load_curriculum()
    (lesson,) = [ln for ln in curriculum.lessons if ln.id == parse_lesson(path.read_text(encoding="utf-8"), str(path)).id]
    assert lesson.order == int(match.group(1)) and lesson.body
    holding = [v for v in PRESETS.values() if track_for(v, curriculum).in_track(lesson.id)]
    assert holding, f"{lesson.id} is in no preset's track"
    for variant in holding:
        text = lesson.text(variant)
        assert not re.search(r"\{\w+\}", text), f"an unknown field is left in the text for {variant.id}"


def test_every_task_kind_and_a_sequence_with_replies() -> None:
    kinds = {s.task.kind for s in curriculum_scenarios().values()}
    assert kinds == {"move", "number", "choice", "judge"}
    steps = [s.task.steps for s in curriculum_scenarios().values() if isinstance(s.task, MoveTask)]
    assert any(len(sequence) > 1 and any(step.after for step in sequence) for sequence in steps)
    assert {v.id for s in curriculum_scenarios().values() for v in s.tables()} == set(PRESETS)


@pytest.mark.parametrize("scenario_id", played(object))
def test_hints_and_feedback(scenario_id: str) -> None:
    """The hints go from a nudge to the answer, at every table the task holds for."""
    scenario = by_id(scenario_id)
    assert len(scenario.hints) >= 2
    assert scenario.feedback, "feedback for the likely wrong answers"
    task = scenario.task
    extra = {"answer": number_answer(scenario)} if isinstance(task, NumberTask) else {}
    last = scenario.say(scenario.hints[-1], **extra)
    if isinstance(task, MoveTask):
        assert set(scenario.feedback) - {"not_asked"}, "feedback keyed by a rule code"
        for step in task.steps:  # the last hint gives the answer: every card of every step
            for card in answer_cards(step.answer):
                assert card in last, f"the last hint does not show {card} of “{step.answer}”"
    else:
        assert set(scenario.feedback) == {"wrong"}, "a number, choice or judgement is right or wrong"
    if isinstance(task, NumberTask):
        assert str(number_answer(scenario)) in last


def answer_cards(answer: str) -> list[str]:
    move = Move.parse(answer)
    cards: tuple[Card, ...] = ()
    if isinstance(move, (Meld, Layoff)):
        cards = move.cards
    elif isinstance(move, Discard):
        cards = (move.card,)
    # A joker is named in words, as the card it is declared as ("the joker as the 7♥"), never as JK=7♥.
    return [("joker as the " if c.declared else "") + c.rank_text + c.suit_symbol for c in cards]


# --- move tasks: replay every step ---------------------------------------------------------------


@pytest.mark.parametrize("scenario_id", played(MoveTask))
def test_move_steps_replay(scenario_id: str) -> None:
    """Each step's answer is legal and accepted; a legal move it does not ask for is turned down (with the
    `not_asked` feedback), and moves the engine refuses are refused with the scenario's feedback added."""
    scenario = by_id(scenario_id)
    task = scenario.task
    assert isinstance(task, MoveTask)
    state = scenario.start()
    for step in task.steps:
        seat = learner_seat(scenario, state)
        unasked = [
            m for p, m in state.legal_actions() if p == seat and not any(matches(a, m, state) for a in step.accept)
        ]
        refused = refusals(state, seat)
        assert unasked or refused, "no wrong move to try"
        for move in unasked[:1]:
            verdict = try_move(scenario, step, state, move)
            assert verdict.legal and not verdict.asked and verdict.state is state, move
            if "not_asked" in scenario.feedback:
                assert verdict.message == scenario.say(scenario.feedback["not_asked"])
        for code, move in refused.items():
            verdict = try_move(scenario, step, state, move)
            assert (verdict.legal, verdict.asked, verdict.code, verdict.state) == (False, False, code, state), move
            if code in scenario.feedback:
                assert verdict.message.endswith(" " + scenario.say(scenario.feedback[code]))
        verdict = try_move(scenario, step, state, Move.parse(step.answer))
        assert verdict.legal and verdict.asked, verdict.message
        assert verdict.state is not state
        state = verdict.state


def refusals(state: Round, seat: int) -> dict[str, Move]:
    """For each rule code the engine gives to a spread of moves the learner could try here, the first such move."""
    hand = [str(c) for c in state.hands[seat]]
    texts = ["draw", "stop", "take all"]
    texts += [f"{verb} {n}" for verb in ("take", "rommi") for n in range(1, len(state.pile) + 1)]
    texts += [f"discard {c}" for c in dict.fromkeys(hand)]
    texts += ["meld " + " ".join(combo) for combo in itertools.combinations(hand, 3)]
    texts += [f"layoff {c} on {m}" for c in dict.fromkeys(hand) for m in range(1, len(state.table) + 2)]
    found: dict[str, Move] = {}
    for text in texts:
        move = Move.parse(text)
        try:
            state.apply(move, seat)
        except RulesError as error:
            found.setdefault(error.code, move)
    return found


@pytest.mark.parametrize("scenario_id", ids(MoveTask))
def test_feedback_codes_can_happen(scenario_id: str) -> None:
    """Feedback keyed by a rule code the engine never gives in the scenario, at any table it holds for, would
    never be shown."""
    task = by_id(scenario_id).task
    assert isinstance(task, MoveTask)
    reachable: set[str] = set()
    for table in by_id(scenario_id).tables():
        scenario = by_id(f"{scenario_id}@{table.id}")
        state = scenario.start()
        for step in task.steps:
            reachable |= set(refusals(state, learner_seat(scenario, state)))
            state = try_move(scenario, step, state, Move.parse(step.answer)).state
    assert set(by_id(scenario_id).feedback) - {"not_asked", "wrong"} <= reachable


# --- the Anna and Bertil example -----------------------------------------------------------------

# Anna: queens 30, Bertil's queen 10, run 15 (Nordic) / 18 (face values), hand 25, round 20 / 23: the answer
# of each number task, the same at every table, or by the table's scale of card values.
NUMBERS: dict[str, int | dict[str, int]] = {
    "anna-bertil-nordic-queens": 30,
    "anna-bertil-nordic-bertil": 10,
    "anna-bertil-nordic-run": {"nordic": 30 + 15, "face": 30 + 18},
    "anna-bertil-nordic-hand": 25,
    "anna-bertil-nordic-round": {"nordic": 20, "face": 23},
    "anna-bertil-femhundra-round": 20,
    "nordic-count-hand": {"nordic": 15 + 10 + 5 + 5, "face": 15 + 10 + 9 + 2},
    "face-count-hand": 15 + 10 + 9 + 2,
    "nordic-low-ace": {"nordic": 15, "face": 1},
    "low-ace-points": 1 + 2 + 3,
    "layoff-points": {"nordic": 5, "face": 9},
    "joker-in-hand-value": {"nordic": 15 + 5 + 10, "face": 15 + 2 + 10},
    "end-new-total": {"nordic": 500, "face": 502},
    "values-round-score": {"nordic": 0, "face": 7},
    "setup-deal-two": {"femhundra": 7, "dansk": 13, "rommi": 7, "rummy500-nl": 13, "500-rum": 13},
    "setup-two-decks": 2,
    "setup-one-deck": 1,
    "setup-jokers-in-deck": 54,
    "setup-deck-no-jokers": 52,
}


def expected_number(scenario: Scenario) -> int:
    """The answer :data:`NUMBERS` gives for the task at its table (by its scale of values, or by the preset)."""
    value = NUMBERS[scenario.id]
    if isinstance(value, int):
        return value
    return value.get(scenario.played.scale, value.get(scenario.played.id, -1))


@pytest.mark.parametrize("scenario_id", played(NumberTask))
def test_number_answers(scenario_id: str) -> None:
    scenario = by_id(scenario_id)
    right = expected_number(scenario)
    assert number_answer(scenario) == right
    assert check_number(scenario, right).asked
    assert not check_number(scenario, right + 1).asked


@pytest.mark.parametrize("scenario_id", [s for s in NUMBERS if s.startswith("anna-bertil")] + ["anna-bertil-play"])
def test_anna_bertil_positions_replay_the_record(scenario_id: str) -> None:
    """Every Anna and Bertil task is a moment of the seed's example, as its record plays it (the deal and the
    moves are the same at every table; only the values differ)."""
    scenario = by_id(scenario_id)
    record = load_record(RECORDS / "anna_bertil_femhundra.yaml")
    assert record.deal is not None
    assert scenario.position.deal.hands == record.deal.hands
    assert scenario.position.deal.discard == record.deal.discard
    assert scenario.position.moves == record.moves[: len(scenario.position.moves)]


def test_playing_anna_gives_her_round() -> None:
    scenario = by_id("anna-bertil-play")
    task = scenario.task
    assert isinstance(task, MoveTask)
    state = scenario.start()
    for step in task.steps:
        state = try_move(scenario, step, state, Move.parse(step.answer)).state
    record = load_record(RECORDS / "anna_bertil_femhundra.yaml")
    played = [*scenario.position.moves]
    for step in task.steps:
        played += [f"Anna: {step.answer}", *step.after]
    assert played == record.moves
    assert state.round_over
    anna = state.scores()[state.player_index("Anna")]
    assert (anna.laid, anna.hand, anna.round) == (30 + 15, 25, 20)


# --- judgements and choices ------------------------------------------------------------------------

JUDGED = {
    "judge-mixed-suit-run": (False, "not_a_meld"),
    "judge-round-the-corner": (False, "ace_around_corner"),
    "judge-layoff-around-corner": (False, "ace_around_corner"),
    "judge-meld-before-draw": (False, "wrong_phase"),
    "judge-layoff-not-fit": (False, "layoff_does_not_fit"),
    "judge-go-out-layoff": (True, None),
    "go-out-keep-a-card": (False, "must_keep_card_to_discard"),
    "nl-all-taken-exception": (True, None),
    "first-turn-no-meld": (False, "first_turn_no_meld"),
    "rummy-call-layoff": (True, None),
    "rommi-call-with-hand": (True, None),
    "stock-empty-no-draw": (False, "stock_empty"),
    "femhundra-judge-take-top": (False, "take_not_allowed"),
    "femhundra-judge-unusable": (False, "taken_card_unusable"),
    "dansk-top-card-free": (True, None),
    "500rum-top-card-duty": (False, "taken_card_unusable"),
    "rommi-judge-unusable": (False, "taken_card_unusable"),
    "rommi-no-discard-drawn": (False, "cannot_discard_drawn_card"),
    "nl-no-discard-taken": (False, "cannot_discard_drawn_card"),
    "nl-only-card-exception": (True, None),
    "dansk-stock-out": (False, "wrong_phase"),
    "judge-bare-joker": (False, "joker_needs_declaration"),
    "rommi-full-set-joker": (False, "set_too_large"),
    "rommi-call-judge-next": (False, "rommi_not_allowed"),
    "rommi-call-too-late": (False, "rommi_not_allowed"),
    "out-round-is-over": (False, "wrong_phase"),
}


@pytest.mark.parametrize("scenario_id", played(JudgeTask))
def test_judgements(scenario_id: str) -> None:
    """The engine's verdict is the one the task was written for at every table it holds for."""
    scenario = by_id(scenario_id)
    legal, code, reason = judge_answer(scenario)
    assert (legal, code) == JUDGED[scenario.id]
    right, wrong = check_judgement(scenario, legal), check_judgement(scenario, not legal)
    assert right.asked and not wrong.asked
    explanation = scenario.say(scenario.task.explain) if scenario.task.explain else ""  # type: ignore[union-attr]
    for message in (right.message, wrong.message):  # the reason, unless the explanation says it again
        assert explanation in message and (reason in message) != (reason_and_explanation(reason, explanation) == explanation)
    assert scenario.say(scenario.feedback["wrong"]) in wrong.message


def test_feedback_says_a_rule_once_in_every_language() -> None:
    """"Ryhmässä on enintään neljä korttia, yksi kutakin maata. Ryhmässä on kolme tai neljä korttia, kukin eri
    maata.": the engine's reason and an explanation that restates it; the explanation is shown alone."""
    scenario = by_id("rommi-full-set-joker")
    for language in ("fi", "en", "sv", "da", "nl"):
        _, _, reason = judge_answer(scenario, None, language)
        message = check_judgement(scenario, False, language).message
        assert reason not in message and scenario.say(scenario.task.explain, language) in message  # type: ignore[union-attr]
    meld_first = by_id("femhundra-judge-take-top")  # "All or nothing: …" says why, not what the rule is
    assert judge_answer(meld_first)[2] in check_judgement(meld_first, False).message


def engine_agrees(scenario_id: str) -> bool:
    """What the engine says about the situation a choice is about (the aim of the game is no position)."""
    state = by_id(scenario_id).start()
    seats = state.player_index
    if scenario_id == "aim-of-the-game":
        return True
    if scenario_id == "dig-choice":
        taken = play_lines(state, ["You: take 4"]).hands[seats("You")]
        return sorted(map(str, taken)) == sorted(
            [*by_id(scenario_id).position.deal.hands["You"], "10H", "2S", "KD", "7C"]
        )
    if scenario_id == "setup-who-starts":  # the player on the dealer's left: the learner, to move first
        return state.to_move == seats("You")
    if scenario_id == "layoff-in-front-of-you":  # the Q♣ laid off on Bertil's queens counts for the learner
        after = play_lines(state, ["You: layoff QC on 1"])
        return after.scores()[seats("You")].laid - state.scores()[seats("You")].laid == state.variant.card_value(Card.parse("QC"))
    if scenario_id == "top-what-comes":  # three from the top reach the 9♠; the whole pile is not asked for
        taken = play_lines(state, ["You: take 3"]).hands[seats("You")]
        return sorted(map(str, taken)) == sorted([*by_id(scenario_id).position.deal.hands["You"], "4D", "QS", "9S"])
    if scenario_id == "nl-reshuffle-choice":
        after = play_lines(state, ["Anna: draw", "Anna: discard QC"])
        return (state.reshuffles, after.round_over, after.ended_by) == (2, True, "reshuffle_limit")
    if scenario_id == "rommi-who-may-call":
        return sorted({player for player, _ in state.rommi_calls()}) == [seats("Cecilia"), seats("David")]
    totals = [score.total for score in state.scores()]
    if scenario_id == "femhundra-500-not-over":
        return state.round_over and totals[seats("You")] == 500 and not state.game_over
    if scenario_id == "highest-wins":
        return totals == [510, 515] and state.winners == [seats("Bertil")]
    if scenario_id == "tie-another-round":
        return state.round_over and totals == [510, 510] and state.winners == [] and not state.game_over
    if scenario_id == "end-reach-target":  # exactly 500 reaches the target at these tables
        return state.round_over and totals[seats("You")] == 500 and state.winners == [seats("You")]
    if scenario_id == "end-must-go-out":  # 510, but the player who went out is below: no winner yet
        return state.round_over and totals[seats("You")] == 510 and state.winners == [] and not state.game_over
    raise AssertionError(f"no engine check for the choice {scenario_id}")


@pytest.mark.parametrize("scenario_id", ids(ChoiceTask))
def test_choices(scenario_id: str) -> None:
    scenario = by_id(scenario_id)
    task = scenario.task
    assert isinstance(task, ChoiceTask)
    assert check_choice(scenario, task.correct).asked
    for other in range(len(task.options)):
        if other != task.correct:
            assert not check_choice(scenario, other).asked
    assert engine_agrees(scenario_id), "the engine disagrees with the correct option"


def test_the_end_of_the_game_rules_behind_the_choices() -> None:
    assert not get_variant("femhundra").reaches_target(500)
    assert all(get_variant(v).reaches_target(500) for v in PRESETS if v != "femhundra")


def test_a_text_lists_the_pile_as_the_table_draws_it() -> None:
    """The table draws the pile from the bottom (left) to the top (right, marked "top"); a text that lists
    the pile lists it in that order, all of it, never "top first"."""
    listed = re.compile(r"from the bottom up: ((?:(?:10|[2-9JQKA])[♠♥♦♣] ?)+)")
    checked = 0
    for scenario in curriculum_scenarios().values():
        pile = [_glyphs(card) for card in scenario.start().pile]
        for field, text in scenario.texts():
            words = scenario.say(text, answer=0)
            assert "top first" not in words, (scenario.id, field)
            for match in listed.finditer(words):
                assert match.group(1).split() == pile, (scenario.id, field, pile)
                checked += 1
    assert checked >= 5


def test_cards_taken_from_the_pile_are_listed_as_the_table_draws_them() -> None:
    """"You took …" lists the cards in the pile's order on the table, the deepest first, the top last."""
    listed = re.compile(r"((?:(?:10|[2-9JQKA])[♠♥♦♣] ?){2,})")
    checked = 0
    for scenario in curriculum_scenarios().values():
        task = scenario.task
        if not isinstance(task, MoveTask):
            continue
        state = scenario.start()
        for step in task.steps:
            move = Move.parse(step.answer)
            if isinstance(move, Take | Rommi) and step.success is not None:
                taken = [_glyphs(card) for card in state.pile[len(state.pile) - take_count(state.pile, move) :]]
                for run in listed.findall(scenario.say(step.success)):
                    cards = run.split()
                    if sorted(cards) == sorted(taken):
                        assert cards == taken, (scenario.id, cards, taken)
                        checked += 1
            state = try_move(scenario, step, state, Move.parse(step.answer)).state
    assert checked >= 4


def _glyphs(card: Card) -> str:
    """A card as the texts write it: ``9♠``."""
    text = str(card.in_hand)
    return text[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[text[-1]]

"""The pure logic under the app, without Streamlit running: move text from picks, the scenario run
(stars, hints, feedback), the way through the lessons, the rules reference, the card drawings, and the
sidebar's house-rule options."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from string import Formatter
from types import ModuleType

import pytest

import ui.app.table
import ui.felt.cards
from engine.cards import Card, parse_cards
from engine.errors import NotationError
from engine.moves import Move
from engine.round import Round
from engine.variants import PRESETS, HouseRuleError, HouseRules, Variant, get_variant, house_rule_options
from tutor.i18n.card_names import option_label
from tutor.i18n.strings import PLAYER_FIELDS, YOU, catalogue, t
from tutor.i18n.style import Style
from tutor.learn.checker import judge_answer, number_answer
from tutor.learn.curriculum import Curriculum, load_curriculum
from tutor.learn.flow import MAX_STARS, MIN_STARS, ScenarioRun, star_text
from tutor.learn.tasks import ChoiceTask, JudgeTask, NumberTask
from tutor.rules.reference import rulings, variant_reference
from tutor.seat.felt import primary_actions
from tutor.seat.picks import (
    SelectionProblem,
    card_options,
    hand_options,
    laid_cards,
    option_card,
    option_for_depth,
    picked_move,
    pile_depth,
)
from ui.app.table import chosen_overrides
from ui.felt.cards import CSS, board_html, card_html, colour, hand_html, pile_html, table_html

TAKE_SCENARIO = "femhundra-take-whole-pile"


@pytest.mark.parametrize("module", [ui.felt.cards, ui.app.table], ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    """The ``ui`` modules' doctests, outside pytest's doctest collection (``testpaths``); the tutor's
    modules have theirs run there, once."""
    result = doctest.testmod(module, extraglobs={"Card": Card, "parse_cards": parse_cards, "Move": Move})
    assert result.failed == 0 and result.attempted > 0


# --- the move the picks make -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "kwargs", "expected"),
    [
        ("draw", {}, "draw"),
        ("stop", {}, "stop"),
        ("take_all", {}, "take all"),
        ("take", {"pile_pick": "2C", "pile": parse_cards("9H 2C 5D")}, "take 2"),
        ("take", {"pile_pick": "5D", "pile": parse_cards("9H 2C 5D")}, "take 1"),
        ("rommi", {"pile_pick": "9H", "pile": parse_cards("9H 2C 5D")}, "rommi 3"),
        ("meld", {"picked": ["5S", "5H", "5D"]}, "meld 5S 5H 5D"),
        ("meld", {"picked": ["6H", "JK", "8H"], "declarations": ["7H"]}, "meld 6H JK=7H 8H"),
        ("meld", {"picked": ["JK", "JK·2", "8H"], "declarations": ["6H", "7H"]}, "meld JK=6H JK=7H 8H"),
        ("meld", {"picked": ["JK", "8H", "9H"]}, "meld JK 8H 9H"),  # no declaration: the engine explains
        ("layoff", {"picked": ["QC"], "meld": 1}, "layoff QC on 1"),
        ("layoff", {"picked": ["JK"], "declarations": ["QC"], "meld": 2}, "layoff JK=QC on 2"),
        ("discard", {"picked": ["KH"]}, "discard KH"),
        ("discard", {"picked": ["9H·2"]}, "discard 9H"),
    ],
)
def test_picked_move(action: str, kwargs: dict[str, object], expected: str) -> None:
    move = picked_move(action, **kwargs)  # type: ignore[arg-type]
    assert isinstance(move, Move) and move == Move.parse(expected)
    assert str(move) == expected  # the cards in the order picked, each joker as declared


@pytest.mark.parametrize(("declared", "reason"), [("JK", "card.joker_as_joker"), ("ZZ", "card.unreadable")])
def test_a_joker_declared_as_no_card_is_a_notation_error(declared: str, reason: str) -> None:
    with pytest.raises(NotationError) as raised:  # only a forged table event sends one: the lists hold cards
        picked_move("meld", picked=["JK", "8H", "9H"], declarations=[declared])
    assert raised.value.reason == reason and raised.value.code == "unreadable_move"


@pytest.mark.parametrize(
    ("action", "kwargs", "key"),
    [
        ("take", {}, "ui.problem.pick_pile_card"),
        ("rommi", {}, "ui.problem.pick_pile_card"),
        ("take", {"pile_pick": "KD", "pile": parse_cards("9H")}, "ui.problem.pick_pile_card"),
        ("meld", {}, "ui.problem.pick_cards"),
        ("layoff", {}, "ui.problem.pick_cards_layoff"),  # the sentence names the action pressed
        ("layoff", {"picked": ["QC"]}, "ui.problem.pick_meld"),
        ("discard", {}, "ui.problem.pick_one_card"),
        ("discard", {"picked": ["5H", "5S"]}, "ui.problem.pick_one_card"),
    ],
)
def test_picks_that_make_no_move(action: str, kwargs: dict[str, object], key: str) -> None:
    with pytest.raises(SelectionProblem) as raised:
        picked_move(action, **kwargs)  # type: ignore[arg-type]
    assert raised.value.key == key
    from tutor.i18n.strings import t

    assert t(key)  # the sentence exists


def test_option_values_are_unique_and_round_trip() -> None:
    cards = parse_cards("9H 2C 9H JK JK 9H")
    options = card_options(cards)
    assert options == ["9H", "2C", "9H·2", "JK", "JK·2", "9H·3"]
    assert [option_card(v) for v in options] == list(cards)
    assert hand_options(cards) == options
    for depth in range(1, len(cards) + 1):
        assert pile_depth(cards, option_for_depth(cards, depth)) == depth
    assert laid_cards(parse_cards("JK 5H"), []) == parse_cards("JK 5H")


# --- a scenario run -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def curriculum() -> Curriculum:
    return load_curriculum()


def test_a_run_keeps_the_position_on_a_refused_move(curriculum: Curriculum) -> None:
    run = ScenarioRun(curriculum.scenarios[TAKE_SCENARIO])
    start = run.state
    refused = run.play(Move.parse("take 1"))
    assert refused.kind == "error" and refused.code == "take_not_allowed"
    assert refused.message.endswith("Press “Take the whole pile”: no card needs to be picked.")
    unasked = run.play(Move.parse("draw"))
    assert unasked.kind == "warning" and unasked.message == "That is legal, but the 5♦ is waiting for you in the pile."
    assert (refused.cost, unasked.cost) == ("That cost a star: ★★☆", "That cost a star: ★☆☆")
    assert run.state is start and run.step_index == 0 and run.wrong_attempts == 2 and run.moves == []
    assert run.play(Move.parse("take all")).kind == "success" and run.step_index == 1 and not run.solved
    assert run.play(Move.parse("meld 5S 5H 5D")).kind == "success" and run.solved
    assert run.moves == [Move.parse("take all"), Move.parse("meld 5S 5H 5D")] and len(run.states) == 3
    assert run.stars == MAX_STARS - 2  # a refused move and a move not asked for cost a star each, as wrong answers do


@pytest.mark.parametrize("scenario_id", ["judge-round-the-corner", "nordic-count-hand", "dig-choice"])
def test_a_wrong_answer_to_a_question_costs_a_star_and_says_so(curriculum: Curriculum, scenario_id: str) -> None:
    """Trying every answer once passed a question with every star."""
    run = ScenarioRun(curriculum.scenarios[scenario_id])
    task = run.scenario.task
    if isinstance(task, JudgeTask):
        legal, _, _ = judge_answer(run.scenario)
        wrong, right = (lambda: run.judge(not legal)), (lambda: run.judge(legal))
    elif isinstance(task, NumberTask):
        answer = number_answer(run.scenario)
        wrong, right = (lambda: run.answer_number(answer + 1)), (lambda: run.answer_number(answer))
    else:
        assert isinstance(task, ChoiceTask)
        wrong, right = (lambda: run.answer_choice((task.correct + 1) % len(task.options))), (lambda: run.answer_choice(task.correct))
    first = wrong()
    assert first.kind == "warning" and first.cost == "That cost a star: ★★☆" and run.stars == MAX_STARS - 1
    assert wrong().cost == "" and run.stars == MAX_STARS - 1  # the same wrong answer again costs nothing more
    assert right().kind == "success" and run.solved and run.stars == MAX_STARS - 1


def test_mistakes_and_hints_together_never_go_below_one_star(curriculum: Curriculum) -> None:
    run = ScenarioRun(curriculum.scenarios["nordic-count-hand"])
    right = number_answer(run.scenario)
    costs = [run.answer_number(right + n).cost for n in (1, 2, 3)]
    assert costs == ["That cost a star: ★★☆", "That cost a star: ★☆☆", "You keep your last star: ★☆☆"]
    run.reveal_hint()
    assert run.stars == MIN_STARS


def test_hints_cost_a_star_each_down_to_one(curriculum: Curriculum) -> None:
    run = ScenarioRun(curriculum.scenarios[TAKE_SCENARIO])
    stars = [run.stars]
    while run.reveal_hint():
        stars.append(run.stars)
    assert stars == [3, 2, 1, 1][: len(stars)] and run.stars >= MIN_STARS
    assert run.hints_left == 0 and not run.reveal_hint()
    assert len(run.hints()) == len(run.scenario.hints)


def test_other_tasks_through_a_run(curriculum: Curriculum) -> None:
    from tutor.learn.checker import judge_answer, number_answer
    from tutor.learn.tasks import ChoiceTask, JudgeTask, NumberTask

    kinds = set()
    for scenario in curriculum.scenarios.values():
        task = scenario.task
        run = ScenarioRun(scenario)
        if isinstance(task, NumberTask):
            assert run.answer_number(number_answer(scenario) + 1).kind == "warning" and not run.solved
            assert run.answer_number(number_answer(scenario)).kind == "success" and run.solved
        elif isinstance(task, ChoiceTask):
            assert run.answer_choice((task.correct + 1) % len(task.options)).kind == "warning"
            assert run.answer_choice(task.correct).kind == "success" and run.solved
        elif isinstance(task, JudgeTask):
            legal = judge_answer(scenario)[0]
            assert run.judge(not legal).kind == "warning"
            assert run.judge(legal).kind == "success" and run.solved
        else:
            continue
        kinds.add(type(task).__name__)
    assert kinds  # at least one scenario of these kinds exists


def test_star_text() -> None:
    assert star_text(0) == "☆☆☆" and star_text(3) == "★★★"


# --- the rules reference --------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_the_reference_lists_every_rule_with_its_value(variant_id: str) -> None:
    variant = PRESETS[variant_id]
    rows = variant_reference(variant)
    names = [row.name for row in rows]
    assert names == [n for n in Variant.model_fields if n not in {"id", "name", "source", "house_rules"}]
    assert all(row.description for row in rows)
    assert not any(row.house_rule for row in rows)
    assert {row.name: row.value for row in rows}["pile_take"] == variant.pile_take


def test_the_reference_marks_house_rules_and_reads_the_rulings() -> None:
    rows = {row.name: row for row in variant_reference(get_variant("dansk", {"target": 1000, "going_out_bonus": 25}))}
    assert rows["target"].value == "1000" and rows["target"].house_rule
    assert rows["going_out_bonus"].house_rule and not rows["pile_take"].house_rule
    items = rulings()
    assert len(items) >= 5 and all(not item.startswith("- ") for item in items)
    assert any("Rommi! caller owes two cards" in item for item in items)


def test_the_readme_lists_every_house_rule_and_the_rules_page_the_new_rulings() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for field in HouseRules.model_fields:
        assert re.search(rf"^\| `{field}` \| ", readme, re.MULTILINE), f"README: no row for the house rule {field}"
    items = rulings()
    assert any(item.startswith("**An ace in your hand or in a set counts high**") for item in items)
    assert any("lay off only after your own first meld" in item and "three cards" in item for item in items)
    assert not any("`" in item for item in items)  # a learner reads them on the Rules page: no notation


def test_lessons_speak_of_the_tables_own_ace_and_deal() -> None:
    lessons = {lesson.id: lesson for lesson in load_curriculum().lessons}
    swedish = get_variant("femhundra", {"ace_high_value": 25, "ace_low_value": 5, "cards_dealt": 6})
    def said(lesson: str, variant: Variant) -> str:
        return " ".join(lessons[lesson].text(variant).split())

    assert "the low ace of A-2-3 is worth 5; a high ace, an ace in a set or an ace in hand is worth 25." in said("the-ace", swedish)
    assert "counts **Nordic values (5, 10 and 25)**" in said("card-values", swedish)
    assert "three or more players get 6 each" in said("setting-up", swedish)
    assert "an ace in a set or an ace in hand is worth 15." in said("the-ace", PRESETS["dansk"])


# --- card drawings --------------------------------------------------------------------------------


def test_cards_colours_and_labels() -> None:
    assert [colour(Card.parse(c)) for c in ("AS", "AH", "AD", "AC")] == ["black", "red", "red", "black"]
    assert [colour(Card.parse(c), True) for c in ("AS", "AH", "AD", "AC")] == ["black", "red", "blue", "green"]
    assert option_label(Card.parse("10D"), Style(four_colour=True)) == ":blue[10♦]"
    assert option_label(Card.parse("JK")) == ":violet[Joker]"
    joker = card_html(Card.parse("JK"))
    assert "r5-joker" in joker and "★" in joker
    declared = card_html(Card.parse("JK=7H"))
    assert "r5-declared" in declared and "joker as 7 of hearts" in declared and "r5-red" in declared
    assert card_html(Card.parse("QH"), caption="<Bertil>").count("&lt;Bertil&gt;") == 1  # names are escaped


def test_hand_pile_and_table_drawings() -> None:
    hand = parse_cards("5H 5S 9C")
    drawn = hand_html(hand, picked=[1])
    assert drawn.count('class="r5-card') == 3 and drawn.count(' r5-picked"') == 1
    pile = pile_html(parse_cards("9H 2C 5D"))
    assert re.findall(r"take \d", pile) == ["take 3", "take 2", "take 1"]  # bottom to top
    variant = get_variant("femhundra")
    state = Round.from_position(
        variant,
        ["Anna", "Bertil"],
        hands=[parse_cards("QC 2S 3S"), parse_cards("4D 7C")],
        stock=parse_cards("8C 9D"),
        pile=parse_cards("3D"),
        table=[(0, parse_cards("QS QH QD")), (1, parse_cards("5H 6H 7H"))],
    )
    state = state.apply(Move.parse("draw")).apply(Move.parse("layoff QC on 1"))
    table = table_html(state, learner=0)
    assert "meld 1 · set · by Anna" in table and "meld 2 · run · by Bertil" in table
    first = table.split("meld 2")[0]
    assert first.count(">Anna<") == 4  # the queens, each captioned with who laid it
    board = board_html(state, learner=0)
    assert "Bertil · 2 cards" in board and "Stock" in board and "take 1" in board


# --- the sidebar's house rules --------------------------------------------------------------------


#: (preset, house rule, value) that docs/record.md calls bad input: the sidebar offers them and says why not.
NOT_WITH_THE_PRESET = {
    ("rommi", "rummy_call", True),  # rommi's own call is Rommi!
    *((p, "rommi_call_with_hand", True) for p in PRESETS if p != "rommi"),  # a rule of the Rommi! call
    *((p, "jokers_per_deck", 3) for p, v in PRESETS.items() if not v.jokers),  # needs the house rule jokers
}


@pytest.mark.parametrize("field", list(HouseRules.model_fields))
def test_every_house_rule_option_is_accepted_by_the_engine(field: str) -> None:
    options = house_rule_options(field)
    assert options
    for variant_id in PRESETS:
        for value in options:
            if (variant_id, field, value) in NOT_WITH_THE_PRESET:
                with pytest.raises(HouseRuleError) as error:
                    get_variant(variant_id, chosen_overrides(variant_id, {field: value}))
                assert error.value.field == field
                continue
            variant = get_variant(variant_id, chosen_overrides(variant_id, {field: value}))
            assert getattr(variant, field) == value


# --- sentences about the learner called You ----------------------------------------------------------

#: Sentences whose name is never the learner without a name: people who typed their names to pass the
#: device round, a computer player, a variant.
NEVER_YOU = {
    "compare.sheet.intro",
    "practice.handover.title",
    "practice.handover.text",
    "practice.handover.ready",
    "practice.computer_to_move",
    "practice.problem.computer_seat",
}
WRONG_FOR_YOU = re.compile(r"\bYou(?:'s| is| has| wins| plays| to move)\b|, You\b|\bof You\b|\(You\)|\*\*You\*\* plays")


def test_every_sentence_about_a_player_reads_well_when_the_player_is_you() -> None:
    """The learner without a name was "learner" ("Your turn, learner", "Progress of learner"); now "You",
    and every sentence naming a player must read well with it ("Your turn", "Your progress")."""
    checked = 0
    for key, text in catalogue("en").items():
        fields = {field for _, field, _, _ in Formatter().parse(text) if field}
        players = fields & set(PLAYER_FIELDS)
        if key.endswith("_you") or key in NEVER_YOU or not players:
            continue
        sentence = t(key, **(dict.fromkeys(fields, "7") | dict.fromkeys(players, YOU)))
        assert not WRONG_FOR_YOU.search(sentence), f"{key}: “{sentence}”: add {key}_you"
        checked += 1
    assert checked > 20
    assert t("ui.progress.title", name=YOU) == "Your progress"
    assert t("practice.your_turn", name="Anna") == "Your turn, Anna"


def test_the_card_just_drawn_is_marked_in_the_hand() -> None:
    hand = parse_cards("5H 7H 9S")
    drawn = hand_html(hand, fresh=["", "drawn", ""]).removeprefix(CSS)
    assert drawn.count("r5-fresh") == 1 and '<div class="r5-cap r5-new">drawn</div>' in drawn
    assert "r5-fresh" not in hand_html(hand).removeprefix(CSS)


# --- the highlighted buttons -----------------------------------------------------------------------------


def test_the_highlighted_buttons_follow_the_phase() -> None:
    """Draw and Take start a turn, Stop once the stock is empty; Meld (and the page's others) after."""
    variant = get_variant("femhundra")
    hands = [parse_cards("QS QH QD 2C 9H 9D"), parse_cards("3H 4D")]
    state = Round.from_position(variant, ["Anna", "Bertil"], hands, stock=parse_cards("5C"), pile=parse_cards("9S"))
    assert primary_actions(state, 0) == ["draw", "take_all"]  # femhundra takes the whole pile: here it makes 9s
    useless = Round.from_position(variant, ["Anna", "Bertil"], hands, stock=parse_cards("5C"), pile=parse_cards("4S"))
    assert primary_actions(useless, 0) == ["draw"]  # a take the engine would refuse is never lit
    assert primary_actions(state.apply(Move.parse("draw")), 0, "meld") == ["meld"]  # what the step asks for
    assert primary_actions(state.apply(Move.parse("draw")), 0) == []
    empty = Round.from_position(variant, ["Anna", "Bertil"], hands, stock=(), pile=parse_cards("9S"))
    assert primary_actions(empty, 0) == ["stop", "take_all"]
    no_pile = Round.from_position(variant, ["Anna", "Bertil"], hands, stock=parse_cards("5C"), pile=())
    assert primary_actions(no_pile, 1) == ["rommi"]  # a call is made in another player's draw phase

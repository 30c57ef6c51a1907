"""The minus-points picture (tutor/charts/hand.py): a block per card in hand, of its value in the scale,
stacked into the hand's total, move by move; the two scales side by side; axis labels in words."""

from __future__ import annotations

import pytest
from test_charts import ANNA, ANNA_BERTIL, anna_bertil
from texts_support import Text, problems

from engine.cards import parse_cards
from engine.moves import Move
from engine.round import Round
from engine.variants import PRESETS, get_variant
from tutor.charts.hand import SCALE_VARIANTS, hand_blocks, hand_stack_figure, move_label, scales_figure
from tutor.course import track_for
from tutor.i18n.card_names import face as card_text
from tutor.i18n.strings import t
from tutor.learn.curriculum import load_curriculum
from tutor.learn.flow import ScenarioRun
from tutor.learn.tasks import NumberTask


@pytest.mark.parametrize("preset", sorted(ANNA_BERTIL))
def test_each_card_is_a_block_of_its_value_and_the_stack_is_the_hand(preset: str) -> None:
    states, _ = anna_bertil(preset)
    hands = hand_blocks(states, ANNA)
    labels = [str(i) for i in range(len(states))]
    figure = hand_stack_figure(hands, labels, "Anna's hand")
    bars = [trace for trace in figure.data if trace.type == "bar"]
    assert figure.layout.barmode == "relative"
    # one trace per card ever held, each block below zero and labelled with the card and its value
    held = {card_text(c.in_hand) for hand in states[0].hands[ANNA:ANNA + 1] for c in hand}
    assert held <= {bar.name for bar in bars}
    for bar in bars:
        assert all(y < 0 for y in bar.y)
        assert all(text == f"{bar.name} {-y}" for text, y in zip(bar.text, bar.y, strict=True))
    # the blocks at each position add up to the hand's minus points, which the total under each stack says
    for position, state in enumerate(states):
        stacked = -sum(y for bar in bars for x, y in zip(bar.x, bar.y, strict=True) if x == position)
        assert stacked == state.hand_points()[ANNA]
    assert -sum(y for bar in bars for x, y in zip(bar.x, bar.y, strict=True) if x == 0) == ANNA_BERTIL[preset]["dealt"]
    totals = next(trace for trace in figure.data if trace.type == "scatter")
    assert list(totals.text) == [f"−{s.hand_points()[ANNA]}" if s.hand_points()[ANNA] else "0" for s in states]
    assert list(figure.layout.xaxis.range) == [-0.5, len(states) - 0.5]  # the first stack at the left edge
    assert [text.replace("<br>", " ") for text in figure.layout.xaxis.ticktext] == labels


def test_the_stack_changes_as_cards_leave_the_hand() -> None:
    state = Round.from_position(
        get_variant("femhundra"), ["Anna", "Bertil"],
        hands=[parse_cards("QS QH QD 9C"), parse_cards("2C 3C")], stock=parse_cards("4C 5C"), pile=parse_cards("3D"),
    )
    drawn = state.apply(Move.parse("draw"))
    melded = drawn.apply(Move.parse("meld QS QH QD"))
    figure = hand_stack_figure(hand_blocks([state, drawn, melded], 0), ["dealt", "drew", "melded"], "x")
    by_card = {bar.name: dict(zip(bar.x, bar.y, strict=True)) for bar in figure.data if bar.type == "bar"}
    assert by_card["Q♠"] == {0: -10, 1: -10}  # gone once melded
    assert by_card["4♣"] == {1: -5, 2: -5}  # there from the draw on
    assert by_card["9♣"] == {0: -5, 1: -5, 2: -5}


def test_a_value_follows_the_scale_and_the_house_rules() -> None:
    states, _ = anna_bertil("femhundra")
    nordic = dict((card_text(c), v) for c, v in hand_blocks(states[:1], ANNA)[0])
    face = dict((card_text(c), v) for c, v in hand_blocks(states[:1], ANNA, get_variant("500-rum"))[0])
    swedish = dict((card_text(c), v) for c, v in hand_blocks(states[:1], ANNA, get_variant("femhundra", {"ace_high_value": 25, "ace_low_value": 5}))[0])
    assert (nordic["9♦"], face["9♦"]) == (5, 9)
    assert (nordic["A♠"], face["A♠"], swedish["A♠"]) == (15, 15, 25)  # an ace in hand is high


def test_both_scales_side_by_side() -> None:
    states, _ = anna_bertil("femhundra")
    labels = [str(i) for i in range(len(states))]
    figure = scales_figure(states, ANNA, labels, "Both scales")
    titles = [a.text for a in figure.layout.annotations]
    assert titles == [t("charts.scale.nordic"), t("charts.scale.face")]
    left = [tr for tr in figure.data if tr.type == "bar" and tr.xaxis == "x"]
    right = [tr for tr in figure.data if tr.type == "bar" and tr.xaxis == "x2"]
    assert {tr.name for tr in left} == {tr.name for tr in right}  # the same hand
    dealt = {v["dealt"] for v in ANNA_BERTIL.values()}
    assert {-sum(y for tr in side for x, y in zip(tr.x, tr.y, strict=True) if x == 0) for side in (left, right)} == dealt
    assert figure.layout.yaxis.range == figure.layout.yaxis2.range or figure.layout.yaxis2.matches == "y"
    assert SCALE_VARIANTS == ("femhundra", "500-rum")
    dutch = scales_figure(states, ANNA, labels, "Both scales", own_scale="face")  # the learner's own table first
    assert [a.text for a in dutch.layout.annotations] == [t("charts.scale.face"), t("charts.scale.nordic")]
    with pytest.raises(ValueError, match="labels"):
        scales_figure(states, ANNA, labels[:-1], "x")


def test_points_laid_as_a_line_above_the_stacks() -> None:
    states, _ = anna_bertil("femhundra")
    laid = [s.laid_points()[ANNA] for s in states]
    figure = hand_stack_figure(hand_blocks(states, ANNA), [str(i) for i in range(len(states))], "x", laid=laid)
    line = [tr for tr in figure.data if tr.type == "scatter" and tr.mode == "lines+markers+text"]
    assert len(line) == 1 and list(line[0].y) == laid and max(laid) == 45
    assert figure.layout.yaxis.range[1] > max(laid)


def test_the_moves_are_named_in_words_from_the_catalogue() -> None:
    curriculum = load_curriculum()
    for scenario in curriculum.scenarios.values():
        task = scenario.task
        if not hasattr(task, "steps"):
            continue
        run = ScenarioRun(scenario)
        for step in task.steps:
            assert run.play(Move.parse(step.answer)).kind == "success", (scenario.id, step.answer)
        labels = run.move_labels()
        assert len(labels) == len(task.steps)
        for label in labels:
            assert label.startswith("you ") and not problems(Text("chart", scenario.variant, label)), (scenario.id, label)
    run = ScenarioRun(curriculum.scenarios["anna-bertil-play"])
    run.play(Move.parse("meld QS QH QD"))
    assert run.move_labels() == [t("charts.move.meld", cards="Q♠ Q♥ Q♦")] == ["you melded Q♠ Q♥ Q♦"]


def test_every_move_has_words() -> None:
    state = Round.from_position(
        get_variant("femhundra"), ["Anna", "Bertil"],
        hands=[parse_cards("QS QH QD 9C"), parse_cards("2C 3C")], stock=parse_cards("4C 5C"), pile=parse_cards("3D"),
    )
    pile = Round.from_position(
        get_variant("dansk"), ["Anna", "Bertil"],
        hands=[parse_cards("QS QH 9C"), parse_cards("2C 3C")], stock=parse_cards("4C 5C"), pile=parse_cards("QD 2D"),
    )
    assert move_label(pile, 0, Move.parse("take 1"), pile.apply(Move.parse("take 1"))) == "you took 2♦"
    assert move_label(pile, 0, Move.parse("take all"), pile.apply(Move.parse("take all"))) == "you took Q♦ 2♦"
    after = state.apply(Move.parse("draw"))
    assert move_label(after, 0, Move.parse("discard 9C"), after.apply(Move.parse("discard 9C"))) == "you discarded 9♣"
    with pytest.raises(ValueError, match="labels"):
        hand_stack_figure([[]], [], "x")


def test_before_a_number_question_the_picture_keeps_its_sums_to_itself() -> None:
    """Lesson 12 plays Anna's round, then asks what her hand costs: the round's picture shows each card's
    value but not the sums under the stacks, which would give the next answer away."""
    lesson = track_for(PRESETS["femhundra"]).find("anna-and-bertil")
    assert lesson is not None and isinstance(lesson.all_tasks[1].task, NumberTask)
    run = ScenarioRun(lesson.all_tasks[0])
    hands = hand_blocks(run.states, run.seat)
    shown = hand_stack_figure(hands, ["dealt"], "", totals=True)
    hidden = hand_stack_figure(hands, ["dealt"], "", totals=False)
    assert any(getattr(trace, "mode", None) == "text" for trace in shown.data)
    assert not any(getattr(trace, "mode", None) == "text" for trace in hidden.data)
    assert len(hidden.data) == len(shown.data) - 1  # every card's block stays

"""Charts: the data behind them (checked on the Anna and Bertil round under both scales and on bot
rounds of every variant), and the figures built on that data (traces, names, values, labels)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.bots import get_bot, play_round
from engine.cards import parse_cards
from engine.moves import Move
from engine.records.game import build_state, parse_record
from engine.records.lines import apply_lines
from engine.round import Round
from engine.variants import PRESETS, get_variant
from tutor.charts.scores import (
    RoundBreakdown,
    card_value_labels,
    card_values,
    card_values_figure,
    hand_minus_points,
    hand_points_figure,
    laid_points_series,
    round_breakdown,
    round_waterfall_figure,
    running_totals,
    totals_race_figure,
)
from tutor.i18n.strings import t

RECORDS = Path(__file__).parent / "records"
ANNA, BERTIL = 0, 1

# preset: Anna's dealt hand (QS QH 5H 6H AS KC 9D 9C) after each of her draws, melds, Bertil's lay-offs
# (QC, then 8H 9H), Anna's round. Nordic: 2–9 are 5; face: 2–9 at face value. Both: 10–K 10, ace 15.
ANNA_BERTIL = {
    "femhundra": {"dealt": 10 + 10 + 5 + 5 + 15 + 10 + 5 + 5, "melds": 30 + 15, "bertil": 10 + 5 + 5, "round": 20},
    "500-rum": {"dealt": 10 + 10 + 5 + 6 + 15 + 10 + 9 + 9, "melds": 30 + 18, "bertil": 10 + 8 + 9, "round": 23},
}


def anna_bertil(preset: str) -> tuple[list[Round], list[str]]:
    """The states of the example round (the deal, then after each move) and the move lines."""
    path = RECORDS / f"anna_bertil_{preset}.yaml"
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    state = build_state(record, str(path))
    states = [state]
    apply_lines(state, record.moves, lambda _before, _seat, _move, after: states.append(after))
    return states, list(record.moves)


# --- data ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(ANNA_BERTIL))
def test_anna_bertil_breakdown(preset: str) -> None:
    states, _ = anna_bertil(preset)
    expected = ANNA_BERTIL[preset]
    final = states[-1]
    assert final.round_over
    anna = round_breakdown(final, ANNA)
    assert anna == RoundBreakdown(
        melds=expected["melds"], layoffs=0, hand=25, bonus=0, penalty=0, round=expected["round"]
    )
    assert anna.round == final.scores()[ANNA].round
    bertil = round_breakdown(final, BERTIL)
    assert bertil == RoundBreakdown(
        melds=0, layoffs=expected["bertil"], hand=0, bonus=0, penalty=0, round=expected["bertil"]
    )
    assert bertil.laid == final.scores()[BERTIL].laid


@pytest.mark.parametrize("preset", sorted(ANNA_BERTIL))
def test_anna_bertil_series(preset: str) -> None:
    states, moves = anna_bertil(preset)
    assert len(states) == len(moves) + 1 == 12
    dealt = ANNA_BERTIL[preset]["dealt"]
    hand = hand_minus_points(states, ANNA)
    assert hand[0] == dealt and hand[-1] == 25
    # Anna draws the QD (+10), melds the queens (−30), discards the 9D; draws the 7H, melds the hearts, discards the 9C.
    assert hand[1] == dealt + 10 and hand[2] == dealt - 20
    assert hand_minus_points(states, BERTIL)[-1] == 0
    laid = laid_points_series(states, ANNA)
    assert laid[0] == 0 and laid[-1] == ANNA_BERTIL[preset]["melds"]
    assert laid == sorted(laid)
    assert laid_points_series(states, BERTIL)[-1] == ANNA_BERTIL[preset]["bertil"]


def test_a_layoff_on_your_own_meld_is_a_layoff() -> None:
    state = Round.from_position(
        get_variant("femhundra"),
        ["Anna", "Bertil"],
        hands=[parse_cards("2C 3C 4C 9D KD"), parse_cards("6C 9S 9H")],
        stock=parse_cards("5C 8D 10H JH"),
        pile=parse_cards("3D"),
    )
    for line in ("draw", "meld 2C 3C 4C", "layoff 5C on 1", "discard 9D"):
        state = state.apply(Move.parse(line), ANNA)
    for line in ("draw", "layoff 6C on 1", "discard 8D"):
        state = state.apply(Move.parse(line), BERTIL)
    assert not state.round_over  # running figures
    assert round_breakdown(state, ANNA) == RoundBreakdown(melds=15, layoffs=5, hand=10, bonus=0, penalty=0, round=10)
    assert round_breakdown(state, BERTIL) == RoundBreakdown(melds=0, layoffs=5, hand=10, bonus=0, penalty=0, round=-5)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_parts_add_up_in_bot_rounds(preset: str, seed: int) -> None:
    house = {"jokers": True, "going_out_bonus": 25} if preset in ("femhundra", "dansk") else {}
    if preset == "femhundra":
        house["unusable_pile_penalty"] = 50
    variant = get_variant(preset, house)
    state = Round.deal(variant, ["A", "B", "C"], seed=seed)
    final, _ = play_round(state, [get_bot("greedy"), get_bot("random"), get_bot("greedy")], random.Random(seed))
    for seat, score in enumerate(final.scores()):
        parts = round_breakdown(final, seat)  # the dataclass itself checks that the parts add up
        assert (parts.laid, parts.hand, parts.bonus, parts.penalty, parts.round) == (
            score.laid,
            score.hand,
            score.bonus,
            score.penalty,
            score.round,
        )


def test_running_totals() -> None:
    assert running_totals([20, -15, 40]) == [20, 5, 45]
    assert running_totals([], start=10) == []
    assert running_totals([5], start=100) == [105]


def test_card_values_under_both_scales() -> None:
    nordic, face = card_values(get_variant("femhundra")), card_values(get_variant("500-rum"))
    labels = card_value_labels()
    assert len(nordic) == len(face) == len(labels) == 15
    by_label = dict(zip(labels, zip(nordic, face, strict=True), strict=True))
    assert by_label["A (low)"] == (15, 1)
    assert by_label["7"] == (5, 7)
    assert by_label["K"] == (10, 10)
    assert by_label["A"] == (15, 15)
    assert by_label["Joker"] == (None, None)
    assert card_values(get_variant("rommi"))[-1] == 15


# --- figures -------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(ANNA_BERTIL))
def test_round_waterfall_figure(preset: str) -> None:
    states, _ = anna_bertil(preset)
    breakdown = round_breakdown(states[-1], ANNA)
    figure = round_waterfall_figure(breakdown, f"Anna's round ({preset})", skip_zero=False)
    assert len(figure.data) == 1
    bars = figure.data[0]
    assert bars.type == "waterfall"
    assert list(bars.measure) == ["relative"] * 5 + ["total"]
    melds, rounds = ANNA_BERTIL[preset]["melds"], ANNA_BERTIL[preset]["round"]
    assert list(bars.y) == [melds, 0, 0, 0, -25, rounds]
    assert sum(bars.y[:-1]) == bars.y[-1]
    assert list(bars.x) == [t(f"charts.{key}") for key in ("melds", "layoffs", "bonus", "penalty", "hand", "round")]
    assert list(bars.text) == [f"+{melds}", "0", "0", "0", "−25", str(rounds)]
    shown = round_waterfall_figure(breakdown, "by default").data[0]  # the empty bars are left out by default
    assert list(shown.y) == [melds, -25, rounds] and 0 not in list(shown.y)[:-1]
    assert figure.layout.title.text == f"Anna's round ({preset})"


def test_round_waterfall_figure_without_the_zero_parts() -> None:
    breakdown = RoundBreakdown(melds=30, layoffs=10, hand=25, bonus=0, penalty=50, round=-35)
    bars = round_waterfall_figure(breakdown, "With a penalty").data[0]
    assert list(bars.measure) == ["relative"] * 4 + ["total"]
    assert list(bars.y) == [30, 10, -50, -25, -35]
    assert list(bars.x) == ["Melds", "Lay-offs", "Penalty", "Cards left in hand", "Round score"]
    assert list(bars.text) == ["+30", "+10", "−50", "−25", "−35"]


def test_hand_points_figure() -> None:
    states, moves = anna_bertil("femhundra")
    series = {"Anna": hand_minus_points(states, ANNA), "Bertil": hand_minus_points(states, BERTIL)}
    figure = hand_points_figure(series, "Minus points in hand", labels=["Dealt", *moves])
    assert [trace.name for trace in figure.data] == ["Anna", "Bertil"]
    assert all(trace.type == "scatter" for trace in figure.data)
    anna = figure.data[0]
    assert list(anna.y) == [-v for v in series["Anna"]]  # drawn below zero: the axis reads as minus points
    assert anna.y[0] == -65 and anna.y[-1] == -25
    # Anna draws twice: the labels repeat, so the points sit at 0, 1, … with the labels as tick text.
    assert list(anna.x) == list(range(12))
    assert list(figure.layout.xaxis.tickvals) == list(range(12))
    assert list(figure.layout.xaxis.ticktext) == ["Dealt", *moves]
    assert list(anna.customdata[-1]) == ["Bertil: layoff 8H 9H on 2", "−25"]
    assert figure.layout.yaxis.title.text == t("charts.hand_minus_axis")
    assert figure.layout.title.text == "Minus points in hand"


def test_hand_points_figure_default_labels_and_checks() -> None:
    figure = hand_points_figure({"Anna": [65, 75, 45]}, "Anna")
    assert list(figure.layout.xaxis.ticktext) == ["Dealt", "1", "2"]
    with pytest.raises(ValueError, match="same number"):
        hand_points_figure({"Anna": [1, 2], "Bertil": [1]}, "x")
    with pytest.raises(ValueError, match="3 labels for 2 points"):
        hand_points_figure({"Anna": [1, 2]}, "x", labels=["a", "b", "c"])
    assert len(hand_points_figure({}, "empty").data) == 0


def test_card_values_figure() -> None:
    variants = [get_variant("femhundra"), get_variant("500-rum"), get_variant("rommi")]
    figure = card_values_figure(variants)
    assert figure.layout.barmode == "group"
    assert [trace.name for trace in figure.data] == ["femhundra", "500 Rum", "500 rommi"]
    assert all(trace.type == "bar" for trace in figure.data)
    femhundra, rum, rommi = figure.data
    assert list(femhundra.x) == card_value_labels()
    assert list(femhundra.y) == [15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 15, None]
    assert list(rum.y) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15, None]
    assert rommi.y[-1] == 15
    assert femhundra.customdata[-1] == t("charts.not_in_play")
    assert figure.layout.title.text == t("charts.values_title")


def test_totals_race_figure() -> None:
    totals = {"Anna": running_totals([20, 130, 200, 180]), "Bertil": running_totals([20, 95, 160, 240])}
    figure = totals_race_figure(totals, 500)
    assert [trace.name for trace in figure.data] == ["Anna", "Bertil"]
    assert list(figure.data[0].y) == [20, 150, 350, 530]
    assert list(figure.data[1].y) == [20, 115, 275, 515]
    assert list(figure.data[0].x) == [1, 2, 3, 4]
    lines = [shape for shape in figure.layout.shapes if shape.y0 == shape.y1 == 500]
    assert len(lines) == 1 and lines[0].line.dash == "dash"
    assert [a.text for a in figure.layout.annotations] == ["Target: 500"]
    assert figure.layout.title.text == "The race to 500"
    with pytest.raises(ValueError, match="a total for each round"):
        totals_race_figure({"Anna": [1, 2], "Bertil": [1]}, 500)


def test_labels_come_from_the_catalogue() -> None:
    """Another language falls back to English string by string: the figures ask the catalogue each time."""
    figure = round_waterfall_figure(RoundBreakdown(10, 0, 0, 0, 0, 10), "x", language="xx")
    assert figure.data[0].x[0] == t("charts.melds", "en")
    race = totals_race_figure({"A": [1]}, 250, language="sv-SE")
    assert race.layout.xaxis.title.text == t("charts.round_axis", "sv")

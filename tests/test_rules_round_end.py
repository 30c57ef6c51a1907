"""The variant table of docs/rules.md, row by row: how a round and the game end. Going out, an empty stock
(and the Dutch reshuffle), the going-out bonus, and the winner.

Positions are built with :func:`tests.rules_support.position` and moves played in the notation of
docs/record.md (see that module for the conventions).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Phase, Round
from engine.moves import Move
from tests.rules_support import (
    ANNA,
    PRESETS,
    cards,
    play,
    position,
    refusal,
)

# --- going out --------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_going_out_by_melding_every_card(preset: str) -> None:
    state = play(position(preset, "QS QH", "2D", stock="QD 2C"), "draw", "meld QS QH QD")
    assert (state.phase, state.ended_by, state.went_out) == (Phase.OVER, "went_out", ANNA)
    assert refusal(state, "Bertil: draw") == "wrong_phase"


@pytest.mark.parametrize("preset", PRESETS)
def test_going_out_by_discarding_the_last_card(preset: str) -> None:
    state = play(position(preset, "QS QH 9S", "2D", stock="QD 2C"), "draw", "meld QS QH QD", "discard 9S")
    assert (state.phase, state.ended_by, state.went_out) == (Phase.OVER, "went_out", ANNA)


@pytest.mark.parametrize("preset", PRESETS)
def test_house_rule_going_out_requires_discard(preset: str) -> None:
    house = {"going_out_requires_discard": True}
    state = play(position(preset, "QS QH", "2D", stock="QD 2C", house=house), "draw")
    assert refusal(state, "meld QS QH QD") == "must_keep_card_to_discard"


# --- the stock runs out -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["femhundra", "rommi", "500-rum"])
def test_empty_stock_take_or_stop(preset: str) -> None:
    state = position(preset, "QS QH 9S 8S", "2D", pile="QD", stock="")
    assert state.phase is Phase.DRAW
    assert Move.parse("stop") in state.legal_moves()
    assert refusal(state, "draw") == "stock_empty"
    stopped = play(state, "stop")
    assert (stopped.phase, stopped.ended_by) == (Phase.OVER, "stock_out")
    taken = play(state, "take all", "meld QS QH QD", "discard 9S")  # taking from the pile goes on as usual
    assert taken.to_move_name == "Bertil"


@pytest.mark.parametrize("preset", PRESETS)
def test_stop_with_cards_in_the_stock_is_wrong_phase(preset: str) -> None:
    assert refusal(position(preset, "QS QH 9S", "2D"), "stop") == "wrong_phase"


@pytest.mark.parametrize("preset", ["femhundra", "rommi", "500-rum"])
def test_stop_after_taking_owes_the_duty(preset: str) -> None:
    state = position(preset, "QS QH 9S", "2D", pile="QD 3S", stock="")
    assert refusal(state, "take all", "stop") == "taken_card_not_used"


def test_dansk_round_ends_when_the_stock_is_empty_after_the_turn() -> None:
    state = play(position("dansk", "QS QH QD 9S", "2D", stock="2C"), "draw")  # Anna draws the last card
    assert state.phase is Phase.PLAY  # and finishes her turn
    state = play(state, "meld QS QH QD")
    assert state.phase is Phase.PLAY
    state = play(state, "discard 9S")
    assert (state.phase, state.ended_by, state.went_out) == (Phase.OVER, "stock_out", None)
    assert refusal(state, "Bertil: draw") == "wrong_phase"
    assert refusal(position("dansk", "QS QH 9S", "2D", stock="2C"), "stop") == "wrong_phase"


def draw_and_discard(state: Round) -> Round:
    """The player to move draws and throws the drawn card back (allowed in rummy500-nl: it came from the stock)."""
    state = play(state, "draw")
    return play(state, f"discard {state.drawn[0]}")


def test_nl_reshuffles_the_pile_but_its_top_at_most_twice() -> None:
    state = position("rummy500-nl", "KH 9H", "KD 9D", pile="2S 3S", stock="4S")
    state = draw_and_discard(state)  # Anna draws the last card and discards it: the 4S tops the pile
    assert (state.phase, state.reshuffles, state.to_move_name) == (Phase.DRAW, 1, "Bertil")
    assert Counter(map(str, state.stock)) == cards("2S 3S")
    assert [str(c) for c in state.pile] == ["4S"]
    state = draw_and_discard(draw_and_discard(state))  # the second stock runs out
    assert (state.phase, state.reshuffles, len(state.stock), len(state.pile)) == (Phase.DRAW, 2, 2, 1)
    assert refusal(state, "stop") == "wrong_phase"
    state = draw_and_discard(draw_and_discard(state))  # the third time the round ends
    assert (state.phase, state.ended_by) == (Phase.OVER, "reshuffle_limit")


# --- going-out bonus --------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "house", "bonus"), [
    ("femhundra", {"going_out_bonus": 50}, 50),
    *((p, None, 0) for p in PRESETS),
])
def test_going_out_bonus(preset: str, house: dict[str, object] | None, bonus: int) -> None:
    state = play(position(preset, "QS QH", "KC", stock="QD 2C", house=house), "draw", "meld QS QH QD")
    anna, bertil = state.scores()
    assert (anna.bonus, anna.round) == (bonus, 30 + bonus)  # three queens laid
    assert (bertil.bonus, bertil.round) == (0, -10)  # the KC left in hand


# --- game end -----------------------------------------------------------------------------------------


def finish_round(preset: str, totals: tuple[int, int], house: dict[str, object] | None = None) -> Round:
    """Anna goes out with three queens (+30 this round); Bertil is left with the KC (−10)."""
    return play(position(preset, "QS QH", "KC", stock="QD 2C", totals=totals, house=house), "draw", "meld QS QH QD")


def winners(state: Round) -> list[str]:
    return [state.players[i] for i in state.winners]


@pytest.mark.parametrize(
    ("preset", "totals", "expected"),
    [
        ("femhundra", (470, 0), []),  # Anna ends on 500 exactly: femhundra needs more than 500
        ("femhundra", (471, 0), ["Anna"]),  # 501
        *((p, (470, 0), ["Anna"]) for p in ("dansk", "rommi", "rummy500-nl", "500-rum")),  # 500 is enough
        *((p, (0, 0), []) for p in PRESETS),
        *((p, (480, 530), ["Bertil"]) for p in PRESETS),  # 510 and 520: both pass, the highest wins
        *((p, (480, 520), []) for p in PRESETS),  # 510 and 510: an exact tie plays another round
    ],
)
def test_game_end(preset: str, totals: tuple[int, int], expected: list[str]) -> None:
    state = finish_round(preset, totals)
    assert winners(state) == expected
    assert state.game_over is bool(expected)


@pytest.mark.parametrize(
    ("totals", "plain", "must_go_out"),
    [
        ((0, 560), ["Bertil"], []),  # Bertil ends on 550 but did not go out
        ((480, 530), ["Bertil"], ["Anna"]),  # Anna (510) went out, Bertil (520) did not
    ],
)
def test_rommi_must_go_out_to_win(totals: tuple[int, int], plain: list[str], must_go_out: list[str]) -> None:
    assert winners(finish_round("rommi", totals)) == plain
    assert winners(finish_round("rommi", totals, {"must_go_out_to_win": True})) == must_go_out

"""The house rules that published tables play (docs/rules.md, "House rules"), each on every preset that takes
it: a free top card, what an empty stock does, three jokers a deck, a joker's value, nothing laid in the
first turn, and the "Rummy!" call.

Positions are built with :func:`tests.rules_support.position` and moves played in the notation of
docs/record.md (see that module for the conventions).
"""

from __future__ import annotations

import pytest

from engine import Phase, Round, get_variant, parse_cards
from engine.cards import JOKER, make_deck
from engine.moves import Move
from engine.variants import HouseRuleError
from tests.rules_support import (
    ANNA,
    BERTIL,
    CECILIA,
    DEEPEST_CARD_PRESETS,
    PRESETS,
    hand,
    play,
    position,
    refusal,
    refused,
)

CALL_PRESETS = ("femhundra", "dansk", "rummy500-nl", "500-rum")  # rummy_call: every preset but rommi

# --- top_card_free ------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_a_free_top_card_may_be_kept(preset: str) -> None:
    # The 7C fits nothing Anna holds; alone on the pile, it is the top card and the whole pile.
    free = position(preset, "QS QH 9S", "2D", pile="7C", house={"top_card_free": True})
    state = play(free, "take 1" if preset != "femhundra" else "take all")
    assert state.duty is None
    assert "7C" in hand(state)
    assert (0, Move.parse("take all" if preset == "femhundra" else "take 1")) in free.legal()


@pytest.mark.parametrize("preset", ["femhundra", "500-rum"])
def test_without_the_house_rule_the_top_card_must_be_used(preset: str) -> None:
    assert refusal(position(preset, "QS QH 9S", "2D", pile="7C"), "take all") == "taken_card_unusable"


@pytest.mark.parametrize("preset", PRESETS)
def test_a_deeper_take_still_owes_its_card(preset: str) -> None:
    # Two cards lifted: the deepest (or, in femhundra, a card taken) must still be laid at once.
    state = position(preset, "QS QH 9S", "2D", pile="3C 7C", house={"top_card_free": True})
    assert refusal(state, "take 2") == "taken_card_unusable"


@pytest.mark.parametrize("preset", ["rommi", "rummy500-nl"])
def test_a_free_top_card_keeps_the_discard_restriction(preset: str) -> None:
    state = play(position(preset, "QS QH 9S", "2D", pile="7C", house={"top_card_free": True}), "take 1")
    assert refusal(state, "discard 7C") == "cannot_discard_drawn_card"


# --- stock_out ----------------------------------------------------------------------------------------

STOCK_OUT = ("pile_or_stop", "end", "reshuffle")


def _last_card_drawn(preset: str, rule: str) -> Round:
    """Anna draws the stock's last card and discards; Bertil's turn starts with an empty stock."""
    state = position(preset, "QS QH 9S", "2D 5S", pile="3C 8D", stock="KC", house={"stock_out": rule})
    return play(state, "draw", "discard 9S")


@pytest.mark.parametrize("preset", PRESETS)
def test_stock_out_pile_or_stop(preset: str) -> None:
    state = _last_card_drawn(preset, "pile_or_stop")
    assert (state.phase, state.to_move) == (Phase.DRAW, BERTIL)
    assert Move.parse("stop") in state.legal()
    assert refusal(state, "draw") == "stock_empty"
    over = play(state, "stop")
    assert (over.phase, over.ended_by) == (Phase.OVER, "stock_out")


@pytest.mark.parametrize("preset", PRESETS)
def test_stock_out_end(preset: str) -> None:
    state = _last_card_drawn(preset, "end")
    assert (state.phase, state.ended_by) == (Phase.OVER, "stock_out")


@pytest.mark.parametrize("preset", PRESETS)
def test_stock_out_reshuffle(preset: str) -> None:
    state = _last_card_drawn(preset, "reshuffle")
    assert (state.phase, state.to_move, state.reshuffles) == (Phase.DRAW, BERTIL, 1)
    assert [str(c) for c in state.pile] == ["9S"]  # the top card stays; the rest is the new stock
    assert sorted(map(str, state.stock)) == ["3C", "8D"]
    assert state.variant.reshuffle_limit == 2
    assert refusal(state, "stop") == "wrong_phase"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("rule", STOCK_OUT)
def test_stock_out_names_the_rule_it_plays(preset: str, rule: str) -> None:
    variant = get_variant(preset, {"stock_out": rule})
    assert variant.stock_out == rule
    assert variant.house_rules == (() if rule == get_variant(preset).stock_out else ("stock_out",))


# --- jokers_per_deck and joker_value ------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("players", "cards"), [(3, 55), (5, 110)])
def test_three_jokers_a_deck(preset: str, players: int, cards: int) -> None:
    variant = get_variant(preset, {"jokers": True, "jokers_per_deck": 3})
    decks = variant.decks(players)
    state = Round.deal(variant, ["A", "B", "C", "D", "E"][:players], seed=3)
    assert state.card_count() == 55 * decks
    everything = [*state.stock, *state.pile, *(c for h in state.hands for c in h)]
    assert everything.count(JOKER) == 3 * decks
    if decks == 2:
        assert state.card_count() == cards


def test_three_jokers_need_jokers() -> None:
    with pytest.raises(HouseRuleError) as error:
        get_variant("dansk", {"jokers_per_deck": 3})
    assert error.value.field == "jokers_per_deck"
    assert len(make_deck(1, 3)) == 55


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("value", [15, 20, 25])
def test_a_joker_is_worth_its_house_value_laid_and_in_hand(preset: str, value: int) -> None:
    state = position(preset, "JK 5H 6H JK 9S", "2D", stock="KC", house={"jokers": True, "joker_value": value})
    state = play(state, "draw", "meld 5H 6H JK=7H")
    worth = state.variant.card_value
    five, six, nine = (worth(c) for c in parse_cards("5H 6H 9S"))
    assert state.laid_points()[ANNA] == five + six + value
    assert state.hand_points()[ANNA] == value + nine + 10  # JK, 9S and the KC drawn


# --- no_meld_first_turn -------------------------------------------------------------------------------


def _first_turn(preset: str, **house: object) -> Round:
    return position(preset, "QS QH QD 9S 5H", "2D 3D 4D 8C", "KS KH", pile="7H QC 3C", stock="2C 7D 7S 7C",
                    house={"no_meld_first_turn": True, **house})


@pytest.mark.parametrize("preset", PRESETS)
def test_nothing_is_laid_in_the_first_turn(preset: str) -> None:
    drawn = play(_first_turn(preset), "draw")
    assert refusal(drawn, "meld QS QH QD") == "first_turn_no_meld"
    assert not [m for m in drawn.legal_moves() if m.kind in ("meld", "layoff")]
    # after a whole turn of her own Anna melds
    later = play(drawn, "discard 9S", "Bertil: draw", "Bertil: discard 8C", "Cecilia: draw", "Cecilia: discard KS",
                 "Anna: draw", "Anna: meld QS QH QD")
    assert len(later.table) == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_a_take_that_owes_a_card_is_unusable_in_the_first_turn(preset: str) -> None:
    state = _first_turn(preset)
    error = refused(state, "take all" if preset == "femhundra" else "take 2")
    assert error.code == "taken_card_unusable"
    assert "first turn" in str(error)
    # without the house rule the QC melds at once
    plain = position(preset, "QS QH QD 9S 5H", "2D 3D 4D 8C", "KS KH", pile="7H QC 3C", stock="2C 7D 7S 7C")
    assert play(plain, "take all" if preset == "femhundra" else "take 2").duty is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_with_the_penalty_a_first_turn_take_stands_and_costs(preset: str) -> None:
    state = play(_first_turn(preset, unusable_pile_penalty=50), "take all" if preset == "femhundra" else "take 2")
    assert (state.duty, state.penalties[ANNA]) == (None, 50)


@pytest.mark.parametrize("preset", DEEPEST_CARD_PRESETS)
def test_a_free_top_card_may_be_taken_in_the_first_turn(preset: str) -> None:
    state = _first_turn(preset, top_card_free=True)
    assert play(state, "take 1").duty is None


def test_a_rommi_call_waits_for_the_callers_first_turn() -> None:
    # Anna discards the 8H onto Bertil's run; Cecilia has not played a turn yet.
    state = position("rommi", "KS 8H", "2D 3D", "JC JD 4S", pile="9S", table=((BERTIL, "5H 6H 7H"),),
                     house={"no_meld_first_turn": True})
    state = play(state, "draw", "discard 8H")
    assert state.rommi_calls() == []
    assert refusal(state, "Cecilia: rommi 1") == "first_turn_no_meld"


def test_a_player_with_a_meld_on_the_table_has_had_a_turn() -> None:
    state = position("dansk", "9C", "8H 2S 3S", table=((BERTIL, "5H 6H 7H"),), house={"no_meld_first_turn": True})
    assert state.first_turn_over == (False, True)


# --- rummy_call ---------------------------------------------------------------------------------------


def _rummy_window(preset: str, discarded: str = "8H", players: int = 3, **house: object) -> Round:
    """Anna discards ``discarded``; Bertil moves next; Cecilia may call (she holds JC JD 4S)."""
    hands = (f"KS {discarded}", "2D 3D", "JC JD 4S", "QC")[:players]
    state = position(preset, *hands, pile="9S", table=((BERTIL, "5H 6H 7H"),), house={"rummy_call": True, **house})
    return play(state, "draw", f"discard {discarded}")


@pytest.mark.parametrize("preset", CALL_PRESETS)
def test_rummy_lays_the_discard_off_for_the_caller(preset: str) -> None:
    state = _rummy_window(preset)
    assert state.rommi_calls() == [(CECILIA, Move.parse("rummy 1"))]
    after = play(state, "Cecilia: rummy 1")
    assert [str(c) for c in after.table[0].cards] == ["5H", "6H", "7H", "8H"]
    assert after.laid_points()[CECILIA] == state.variant.card_value(after.table[0].cards[-1])
    assert hand(after, CECILIA) == hand(state, CECILIA)  # the card never went through her hand
    assert (after.to_move, after.phase, [str(c) for c in after.pile]) == (BERTIL, Phase.DRAW, ["9S"])
    assert after.rommi_calls() == []  # the first call closes the window
    assert play(after, "Bertil: draw").to_move == BERTIL  # Bertil plays on: nobody lost a turn


@pytest.mark.parametrize("preset", CALL_PRESETS)
@pytest.mark.parametrize(
    ("setup", "call", "code"),
    [
        pytest.param(lambda p: _rummy_window(p), "Bertil: rummy 1", "rummy_not_allowed", id="the next player"),
        pytest.param(lambda p: _rummy_window(p), "Anna: rummy 1", "rummy_not_allowed", id="the discarder"),
        pytest.param(lambda p: _rummy_window(p, players=2), "Bertil: rummy 1", "rummy_not_allowed", id="two players"),
        pytest.param(lambda p: play(_rummy_window(p), "Bertil: draw"), "Cecilia: rummy 1", "rummy_not_allowed",
                     id="after the next player's first move"),
        pytest.param(lambda p: play(_rummy_window(p, players=4), "Cecilia: rummy 1"), "David: rummy 1",
                     "rummy_not_allowed", id="a second call"),
        pytest.param(lambda p: _rummy_window(p, discarded="KH"), "Cecilia: rummy 1", "rummy_not_allowed",
                     id="a card that fits no meld"),
        pytest.param(lambda p: _rummy_window(p), "Cecilia: rummy 2", "no_such_meld", id="no such meld"),
        pytest.param(lambda p: _rummy_window(p, layoff_needs_own_meld=True), "Cecilia: rummy 1",
                     "layoff_before_own_meld", id="before the caller's own meld"),
        pytest.param(lambda p: _rummy_window(p, no_meld_first_turn=True), "Cecilia: rummy 1", "first_turn_no_meld",
                     id="before the caller's first turn"),
        pytest.param(lambda p: _rummy_window(p, discarded="JK", jokers=True), "Cecilia: rummy 1",
                     "rummy_not_allowed", id="a joker"),
    ],
)
def test_rummy_not_allowed(preset: str, setup: object, call: str, code: str) -> None:
    assert callable(setup)
    assert refusal(setup(preset), call) == code


def test_rummy_names_the_meld_the_card_fits() -> None:
    state = position("500-rum", "KS 8H", "2D 3D", "JC", pile="9S", table=((BERTIL, "QC QD QS"), (BERTIL, "5H 6H 7H")),
                     house={"rummy_call": True})
    state = play(state, "draw", "discard 8H")
    assert refusal(state, "Cecilia: rummy 1") == "layoff_does_not_fit"
    assert play(state, "Cecilia: rummy 2").laid_points()[CECILIA] == 8


@pytest.mark.parametrize("preset", PRESETS)
def test_rummy_without_the_house_rule(preset: str) -> None:
    state = position(preset, "KS 8H", "2D 3D", "JC JD 4S", pile="9S", table=((BERTIL, "5H 6H 7H"),))
    assert refusal(play(state, "draw", "discard 8H"), "Cecilia: rummy 1") == "rummy_not_allowed"


def test_rummy_is_not_played_with_rommi() -> None:
    with pytest.raises(HouseRuleError) as error:
        get_variant("rommi", {"rummy_call": True})
    assert error.value.field == "rummy_call"


@pytest.mark.parametrize("preset", CALL_PRESETS)
def test_rommi_call_with_hand_is_a_rommi_rule(preset: str) -> None:
    with pytest.raises(HouseRuleError) as error:
        get_variant(preset, {"rommi_call_with_hand": True})
    assert error.value.field == "rommi_call_with_hand"

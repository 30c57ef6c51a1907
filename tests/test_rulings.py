"""The rulings of the project's rules (``docs/rules.md``, "Rulings"), each checked against the engine: the
two-deck discard restriction, an ace turned high by a later lay-off, the Dutch discard exception,
``must_go_out_to_win``, a Rommi caller's two owed cards, ``take N`` of a whole femhundra pile, and house
rules together."""

from __future__ import annotations

import pytest

from engine import Round
from engine.cards import Card
from engine.moves import Layoff, Move
from engine.scoring import laid_points, lay_points
from tests.rules_support import ANNA, BERTIL, CECILIA, cards, hand, play, position, refusal, refused

# --- with two decks a restriction covers every copy of a card taken this turn ---------------------


def test_rommi_a_second_copy_drawn_may_not_be_thrown_back() -> None:
    state = play(position("rommi", "KD 5C 9S", "2D", stock="KD 2C"), "draw")
    error = refused(state, "discard KD")
    assert (error.code, error.reason) == ("cannot_discard_drawn_card", "discard.copy_taken")
    assert str(error) == "In 500 rommi you may not discard a K♦ this turn: you took one, and the copies are alike."
    assert play(state, "discard 9S").to_move_name == "Bertil"


def test_nl_a_second_copy_taken_from_the_pile_may_not_be_thrown_back() -> None:
    state = play(position("rummy500-nl", "KD KS KH 5C 9S", "2D", pile="3C KD"), "take 1", "meld KS KH KD")
    assert refusal(state, "discard KD") == "cannot_discard_drawn_card"
    assert play(state, "discard 9S").to_move_name == "Bertil"


def test_a_joker_taken_while_holding_another_may_not_be_thrown_back() -> None:
    state = play(position("rommi", "JK 5C 9S", "2D", stock="JK 2C"), "draw")
    assert refusal(state, "discard JK") == "cannot_discard_drawn_card"


def test_the_restriction_lifts_when_it_covers_every_card_in_hand() -> None:
    state = play(position("rommi", "KD", "2D", stock="KD 2C"), "draw")
    after = play(state, "discard KD")  # both cards in hand are K♦: it lifts
    assert after.to_move_name == "Bertil" and after.hands[ANNA] == (Card.parse("KD"),)
    state = play(position("rummy500-nl", "QS QH QD", "2D", pile="3C 7H"), "take 1", "meld QS QH QD")
    assert play(state, "discard 7H").ended_by == "went_out"  # the Dutch one-card case


def test_the_listing_agrees_on_the_two_deck_restriction() -> None:
    state = play(position("rommi", "KD 5C 9S", "2D", stock="KD 2C"), "draw")
    assert Move.parse("discard KD") not in state.legal_moves()
    assert Move.parse("discard 9S") in state.legal_moves()


# --- a card's value is judged on the table as it stands when the round is scored -----------------


def test_a_later_lay_off_that_turns_the_low_ace_high_changes_its_layers_points() -> None:
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    state = play(position("dansk", run + " 5C", "KH 2D", stock="3C 4C"), "draw", f"meld {run}", "discard 5C")
    assert laid_points(state)[ANNA] == 1 + sum(range(2, 11)) + 20  # the ace counts 1, low
    state = play(state, "Bertil: draw")
    move = Move.parse("layoff KH on 1")
    assert isinstance(move, Layoff) and lay_points(state, move, BERTIL) == 10
    after = play(state, "layoff KH on 1")
    assert laid_points(after)[ANNA] - laid_points(state)[ANNA] == 14  # now A-…-K: the ace counts 15, high
    assert laid_points(after)[BERTIL] == 10


# --- the Rommi caller's two owed cards ------------------------------------------------------------


def _rommi_window(caller: str, discard: str = "8H", house: dict[str, object] | None = None) -> Round:
    """Anna draws and discards ``discard``; Bertil is next; Cecilia (holding ``caller``) may call."""
    state = position(
        "rommi", f"{discard} 2C", "5S 6S", caller, pile="2S 4D 5D", stock="7D 8D", table=((ANNA, "5H 6H 7H"),),
        house=house,
    )
    state = play(state, "draw", f"discard {discard}")
    assert state.rommi_from == ANNA and state.to_move == BERTIL
    return state


def test_a_rommi_caller_lays_both_owed_cards_before_anything_else() -> None:
    called = play(_rommi_window("3D 6D KC KS"), "Cecilia: rommi 3")  # 8H 5D 4D: the 8H and the 4D are owed
    assert called.to_move == CECILIA and called.duty is not None
    assert sorted(map(str, called.duty.owed)) == ["4D", "8H"]
    assert refusal(called, "discard KC") == "taken_card_not_used"
    paid_one = play(called, "layoff 8H on 1")
    assert paid_one.duty is not None and [str(c) for c in paid_one.duty.owed] == ["4D"]
    assert refusal(paid_one, "discard KC") == "taken_card_not_used"
    paid = play(paid_one, "meld 3D 4D 5D")
    assert paid.duty is None and play(paid, "discard KC").to_move == ANNA  # Anna follows Cecilia: Bertil lost his turn


def _ace_window(caller: str) -> Round:
    """Anna draws and discards K♥ onto 3♥ 9♠; Bertil is next; Cecilia (holding ``caller``) may call. The K♥
    fits nothing on the table or in the pile, so the call rests on Cecilia's hand: the house rule
    ``rommi_call_with_hand``."""
    state = position(
        "rommi", "KH 2C", "5S 6S", caller, pile="3H 9S", stock="7D 8D", house={"rommi_call_with_hand": True}
    )
    return play(state, "draw", "discard KH")


def test_one_ace_cannot_end_two_runs_of_a_callers_owed_cards() -> None:
    # rommi 3 owes K♥ and 3♥: Q-K-A and A-2-3 would both need the one A♥
    state = _ace_window("AH 2H QH 9C 9D")
    assert [str(m) for _, m in state.rommi_calls()] == ["rommi 1", "rommi 2"]  # K♥ alone; K♥ and 9♠ (with 9♣ 9♦)
    error = refused(state, "Cecilia: rommi 3")
    assert error.code == "taken_card_unusable"
    assert str(error) == "You would have to lay the K♥ and the 3♥ at once: each fits on its own, but not both together."
    # with the J♥ the king has a run of its own (J-Q-K), and the ace goes to A-2-3
    assert [str(m) for _, m in _ace_window("AH 2H JH QH 9C").rommi_calls()] == ["rommi 1", "rommi 3"]


# --- femhundra: take N of the whole pile ----------------------------------------------------------


def test_femhundra_take_n_of_the_whole_pile_is_take_all() -> None:
    base = position("femhundra", "QS QH 5C", "2D", pile="3C QD 9H")
    assert hand(play(base, "take 3")) == hand(play(base, "take all")) == cards("QS QH 5C 3C QD 9H")
    assert refusal(base, "take 2") == "take_not_allowed"


# --- house rules together --------------------------------------------------------------------------


def test_a_take_payable_only_by_a_forbidden_lay_off_is_unusable() -> None:
    state = position(
        "dansk", "2D 3C", "5S", pile="QC 9H", table=((BERTIL, "QS QH QD"),), house={"layoff_needs_own_meld": True}
    )
    assert refusal(state, "take 2") == "taken_card_unusable"
    assert Move.parse("take 2") not in state.legal_moves()


def test_a_take_payable_only_by_emptying_the_hand_is_unusable_when_going_out_needs_a_discard() -> None:
    state = position("dansk", "QS QH", "5S", pile="QD 9H", house={"going_out_requires_discard": True})
    # take 2 lifts Q♦ 9♥: the meld Q♠ Q♥ Q♦ leaves the 9♥ to discard, so it stands
    assert play(state, "take 2").duty is not None
    state = position("500-rum", "QS QH", "5S", pile="QD", house={"going_out_requires_discard": True})
    assert refusal(state, "take 1") == "taken_card_unusable"  # 500 Rum: the top card is owed, and melding it empties the hand


def test_with_the_penalty_such_a_take_stands_costs_it_and_owes_nothing() -> None:
    house: dict[str, object] = {"layoff_needs_own_meld": True, "unusable_pile_penalty": 50}
    state = position("dansk", "2D 3C", "5S", pile="QC 9H", table=((BERTIL, "QS QH QD"),), house=house)
    after = play(state, "take 2")
    assert after.duty is None and after.penalties[ANNA] == 50


def test_the_penalty_never_makes_an_unusable_rommi_call_legal() -> None:
    house: dict[str, object] = {"unusable_pile_penalty": 50}
    state = _rommi_window("KC KS QD", house=house)
    assert [str(m) for _, m in state.rommi_calls()] == ["rommi 1"]  # the 8H laid off on meld 1
    assert refusal(state, "Cecilia: rommi 2") == "taken_card_unusable"  # the 5D, owed too, fits nothing
    state = _rommi_window("KC KS QD", discard="9C", house=house)
    assert refusal(state, "Cecilia: rommi 1") == "rommi_not_allowed" and not state.rommi_calls()


@pytest.mark.parametrize("preset", ["rommi"])
def test_must_go_out_to_win_needs_the_winner_to_go_out(preset: str) -> None:
    house = {"must_go_out_to_win": True}
    state = position(preset, "QS QH 9S", "2D 3D", stock="QD 2C", totals=(400, 600), house=house)
    state = play(state, "draw", "meld QS QH QD", "discard 9S")
    assert state.went_out == ANNA and state.winners == []  # Bertil passed the target without going out

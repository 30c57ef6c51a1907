"""The variant table of docs/rules.md, row by row: a turn's rules. Taking from the discard pile and the duty
it brings, the discard restriction, laying off before one's own meld, and the Rommi call.

Positions are built with :func:`tests.rules_support.position` and moves played in the notation of
docs/record.md (see that module for the conventions).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import Phase, Round, parse_cards
from engine.moves import Move
from tests.rules_support import (
    ANNA,
    BERTIL,
    CARD_NOTATION,
    CECILIA,
    DEEPEST_CARD_PRESETS,
    NORDIC,
    PRESETS,
    cards,
    hand,
    play,
    position,
    refusal,
    refused,
)

# --- drawing from the discard pile ----------------------------------------------------------------

DIG_PILE = "7D QS JS"  # bottom first: the JS is the top card
DIG_HAND = ("7S 7H JH JC QH QC 9S", "KC KD")  # every card of the pile can be melded at once


@pytest.mark.parametrize("take", ["take 1", "take 2"])
def test_femhundra_takes_the_whole_pile_only(take: str) -> None:
    assert refusal(position("femhundra", *DIG_HAND, pile=DIG_PILE), take) == "take_not_allowed"


@pytest.mark.parametrize("take", ["take all", "take 3"])  # 3 cards: the whole pile
def test_femhundra_whole_pile(take: str) -> None:
    state = play(position("femhundra", *DIG_HAND, pile=DIG_PILE), take)
    assert hand(state) == cards(DIG_HAND[0]) + cards(DIG_PILE)
    assert state.pile == ()


@pytest.mark.parametrize("preset", DEEPEST_CARD_PRESETS)
@pytest.mark.parametrize(("take", "taken"), [("take 1", "JS"), ("take 2", "QS JS"), ("take 3", "7D QS JS"),
                                             ("take all", "7D QS JS")])
def test_take_n_from_the_top(preset: str, take: str, taken: str) -> None:
    state = play(position(preset, *DIG_HAND, pile=DIG_PILE), take)
    assert hand(state) == cards(DIG_HAND[0]) + cards(taken)
    assert len(state.pile) == 3 - len(taken.split())


@pytest.mark.parametrize("preset", PRESETS)
def test_take_past_the_pile_is_refused(preset: str) -> None:
    assert refusal(position(preset, *DIG_HAND, pile=DIG_PILE), "take 4") == "take_not_allowed"


# --- the duty after taking ------------------------------------------------------------------------


def test_femhundra_duty_is_a_new_meld_holding_a_pile_card() -> None:
    # The pile holds the 8D, which fits Bertil's run, and the QD, which melds with Anna's queens.
    state = position("femhundra", "QS QH KS KH KC 9S 2S", "2D", pile="8D QD", table=((BERTIL, "5D 6D 7D"),))
    state = play(state, "take all")
    assert refusal(state, "discard 9S") == "taken_card_not_used"
    assert refusal(state, "layoff 8D on 1") == "taken_card_not_used"  # a lay-off does not pay in femhundra
    assert refusal(state, "meld KS KH KC") == "taken_card_not_used"  # a meld without a pile card
    state = play(state, "meld QS QH QD")
    assert state.duty is None
    state = play(state, "layoff 8D on 1", "meld KS KH KC", "discard 9S")
    assert state.to_move_name == "Bertil"


def test_femhundra_meld_of_pile_cards_only_pays() -> None:
    state = play(position("femhundra", "9S 2D", "KC", pile="QS QH QD"), "take all", "meld QS QH QD")
    assert state.duty is None
    assert play(state, "discard 9S").to_move_name == "Bertil"


def test_femhundra_lay_off_alone_cannot_pay() -> None:
    # The 8D could be laid off on Bertil's run, but femhundra wants a new meld: nothing can be melded.
    state = position("femhundra", "KS KH 9S", "2D", pile="8D", table=((BERTIL, "5D 6D 7D"),))
    assert refusal(state, "take all") == "taken_card_unusable"


@pytest.mark.parametrize("preset", DEEPEST_CARD_PRESETS)
def test_the_deepest_card_taken_is_owed_first(preset: str) -> None:
    state = play(position(preset, "5H 6H QS QH QC 9S", "2D", pile="7H KD 2S"), "take 3")
    assert refusal(state, "discard 9S") == "taken_card_not_used"
    assert refusal(state, "meld QS QH QC") == "taken_card_not_used"  # any other meld must wait
    state = play(state, "meld 5H 6H 7H")
    assert state.duty is None
    assert play(state, "meld QS QH QC", "discard 9S").to_move_name == "Bertil"


@pytest.mark.parametrize("preset", DEEPEST_CARD_PRESETS)
def test_a_lay_off_of_the_deepest_card_pays(preset: str) -> None:
    state = position(preset, "9S 9C KC", "2D", pile="7H 2S", table=((BERTIL, "4H 5H 6H"),))
    state = play(state, "take 2")
    assert refusal(state, "discard 9S") == "taken_card_not_used"
    state = play(state, "layoff 7H on 1")
    assert state.duty is None
    assert state.scores()[ANNA].laid == (5 if preset in NORDIC else 7)  # the 7H scores for Anna


@pytest.mark.parametrize("preset", ["dansk", "rommi", "rummy500-nl"])
def test_the_top_card_alone_carries_no_duty(preset: str) -> None:
    # The 7H fits nothing, yet taking it alone is fine and the turn may end at once.
    state = play(position(preset, "9S 9C KC", "2D", pile="3C 7H"), "take 1")
    assert state.duty is None
    assert play(state, "discard 9S").to_move_name == "Bertil"


def test_500_rum_the_top_card_alone_carries_the_duty() -> None:
    assert refusal(position("500-rum", "9S 9C KC", "2D", pile="3C 7H"), "take 1") == "taken_card_unusable"
    state = play(position("500-rum", "5H 6H 9S KS", "2D", pile="3C 7H"), "take 1")
    assert refusal(state, "discard 9S") == "taken_card_not_used"
    assert play(state, "meld 5H 6H 7H", "discard 9S").to_move_name == "Bertil"


@pytest.mark.parametrize("preset", PRESETS)
def test_a_duty_that_cannot_be_met_is_refused(preset: str) -> None:
    # The deepest card (3C) fits no meld with Anna's cards, and there is no meld on the table.
    state = position(preset, "9S 9C KC KD", "2D", pile="3C 7H")
    assert refusal(state, "take all") == "taken_card_unusable"
    assert Move.parse("take all") not in state.legal_moves()


def test_femhundra_unusable_pile_house_rule_costs_100() -> None:
    penalty = 100
    state = position("femhundra", "9S", "KC KD", pile="3C 7H", stock="KH 2C", house={"unusable_pile_penalty": penalty})
    state = play(state, "take all")
    assert state.duty is None
    assert state.scores()[ANNA].penalty == penalty
    state = play(state, "discard 9S", "Bertil: draw", "Bertil: meld KC KD KH")  # Bertil goes out
    anna = state.scores()[ANNA]
    assert (anna.laid, anna.hand, anna.penalty) == (0, 5 + 5, penalty)  # she holds the 3C and the 7H
    assert anna.round == anna.total == -10 - penalty


# --- the discard restriction ----------------------------------------------------------------------


def test_rommi_may_not_discard_a_card_drawn_from_the_stock() -> None:
    state = play(position("rommi", "KS 9H", "2D"), "draw")  # draws the 2C
    assert refusal(state, "discard 2C") == "cannot_discard_drawn_card"
    assert play(state, "discard KS").to_move_name == "Bertil"


def test_rommi_may_not_discard_a_card_taken_from_the_pile() -> None:
    state = play(position("rommi", "KS 9H", "2D", pile="3C 7H"), "take 1")
    assert refusal(state, "discard 7H") == "cannot_discard_drawn_card"
    assert play(state, "discard KS").to_move_name == "Bertil"


@pytest.mark.parametrize(
    ("preset", "pile", "moves", "sentence"),
    [
        ("rommi", "", ("draw", "discard 2C"), "In 500 rommi you may not discard the 2♣ you drew from the stock this turn."),
        ("rommi", "3C 7H", ("take 1", "discard 7H"),
         "In 500 rommi you may not discard the 7♥ you took from the pile this turn."),
        ("rummy500-nl", "3C 7H", ("take 1", "discard 7H"),
         "In Dutch Rummy 500 you may not discard the 7♥ you took from the pile this turn."),
    ],
    ids=["rommi-stock", "rommi-pile", "nl-pile"],
)
def test_discard_restriction_says_where_the_card_came_from(
    preset: str, pile: str, moves: tuple[str, ...], sentence: str
) -> None:
    """A card taken from the pile was once called the card "you drew this turn" in rommi."""
    error = refused(position(preset, "KS 9H", "2D", pile=pile), *moves)
    assert (error.code, str(error)) == ("cannot_discard_drawn_card", sentence)


def test_rommi_restriction_lifts_when_only_drawn_cards_are_left() -> None:
    state = play(position("rommi", "QS QH QD", "2D"), "draw", "meld QS QH QD")
    assert play(state, "discard 2C").ended_by == "went_out"


def test_nl_may_discard_a_card_drawn_from_the_stock() -> None:
    assert play(position("rummy500-nl", "KS 9H", "2D"), "draw", "discard 2C").to_move_name == "Bertil"


def test_nl_may_not_discard_a_card_taken_from_the_pile_unless_it_is_the_only_card() -> None:
    state = play(position("rummy500-nl", "QS QH QD 9S", "2D", pile="3C 7H"), "take 1", "meld QS QH QD")
    assert refusal(state, "discard 7H") == "cannot_discard_drawn_card"
    assert play(state, "discard 9S").to_move_name == "Bertil"
    state = play(position("rummy500-nl", "QS QH QD", "2D", pile="3C 7H"), "take 1", "meld QS QH QD")
    assert play(state, "discard 7H").ended_by == "went_out"  # the 7H is the only card in hand


@pytest.mark.parametrize(
    ("preset", "pile", "moves"),
    [
        ("femhundra", "", ("draw", "discard 2C")),
        ("femhundra", "QD 3S", ("take all", "meld QS QH QD", "discard 3S")),
        ("dansk", "", ("draw", "discard 2C")),
        ("dansk", "3S 7H", ("take 1", "discard 7H")),
        ("500-rum", "", ("draw", "discard 2C")),
        ("500-rum", "QD 3S", ("take 2", "meld QS QH QD", "discard 3S")),
    ],
)
def test_no_discard_restriction(preset: str, pile: str, moves: tuple[str, ...]) -> None:
    state = play(position(preset, "QS QH 9S", "2D", pile=pile), *moves)
    assert state.to_move_name == "Bertil"


# --- lay off before one's own first meld ----------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_lay_off_before_own_meld_is_allowed(preset: str) -> None:
    state = play(position(preset, "8D 9S KS", "2H", table=((BERTIL, "5D 6D 7D"),)), "draw", "layoff 8D on 1")
    assert [str(c) for c in state.table[0].cards] == ["5D", "6D", "7D", "8D"]
    assert state.scores()[ANNA].laid == (5 if preset in NORDIC else 8)


@pytest.mark.parametrize("preset", PRESETS)
def test_house_rule_lay_off_needs_own_meld(preset: str) -> None:
    house = {"layoff_needs_own_meld": True}
    state = play(position(preset, "8D QS QH QC", "2H", table=((BERTIL, "5D 6D 7D"),), house=house), "draw")
    assert refusal(state, "layoff 8D on 1") == "layoff_before_own_meld"
    assert len(play(state, "meld QS QH QC", "layoff 8D on 1").table[0].cards) == 4


# --- the Rommi call -----------------------------------------------------------------------------------

# Anna discards the 8H, which fits Bertil's run 5H 6H 7H; Bertil moves next; Cecilia may call.
ROMMI_TABLE = ((BERTIL, "5H 6H 7H"),)


def after_discard(
    preset: str,
    discarded: str,
    cecilia: str,
    pile: str = "9S",
    players: int = 3,
    house: dict[str, object] | None = None,
) -> Round:
    hands = (f"KS {discarded}", "2D 3D", cecilia, "QC", "QD")[:players]
    return play(position(preset, *hands, pile=pile, table=ROMMI_TABLE, house=house), "draw", f"discard {discarded}")


def test_rommi_call_on_a_card_that_fits_a_meld_on_the_table() -> None:
    state = after_discard("rommi", "8H", "JC JD 4S")
    assert (CECILIA, Move.parse("rommi 1")) in state.rommi_calls()
    state = play(state, "Cecilia: rommi 1")
    assert (state.to_move_name, state.phase) == ("Cecilia", Phase.PLAY)
    assert refusal(state, "Cecilia: discard 4S") == "taken_card_not_used"  # the called card is laid first
    state = play(state, "Cecilia: layoff 8H on 1", "Cecilia: discard 4S")
    assert state.to_move_name == "Anna"  # play goes on from the caller: Bertil lost his turn


def test_rommi_call_with_cards_from_the_pile_owes_the_deepest_card_too() -> None:
    state = play(after_discard("rommi", "9H", "JC 4S", pile="9S 9D"), "Cecilia: rommi 3")
    assert state.duty is not None
    assert set(state.duty.owed) == set(parse_cards("9H 9S"))  # the called card and the deepest card
    state = play(state, "Cecilia: meld 9S 9D 9H")
    assert state.duty is None


def test_rommi_call_that_stops_short_of_the_cards_it_needs() -> None:
    # The 9H fits a meld with the 9S and 9D below it, so the call is allowed, but only `rommi 3` reaches them:
    # a shorter take is a take whose duty cannot be met, not a call on a card that fits no meld.
    state = after_discard("rommi", "9H", "JC 4S", pile="9S 9D")
    assert [(seat, str(move)) for seat, move in state.rommi_calls()] == [(CECILIA, "rommi 3")]
    assert refusal(state, "Cecilia: rommi 1") == "taken_card_unusable"
    assert refusal(state, "Cecilia: rommi 2") == "taken_card_unusable"


def test_rommi_call_resting_on_the_callers_hand_is_refused() -> None:
    # The JH fits no meld on the table and makes none with the pile: Cecilia's JC JD do not count.
    state = after_discard("rommi", "JH", "JC JD 4S")
    assert state.rommi_calls() == []
    assert refusal(state, "Cecilia: rommi 1") == "rommi_not_allowed"
    assert "your hand" in str(refused(state, "Cecilia: rommi 1"))


def test_rommi_call_with_cards_from_the_callers_hand_under_the_house_rule() -> None:
    state = play(
        after_discard("rommi", "JH", "JC JD 4S", house={"rommi_call_with_hand": True}),
        "Cecilia: rommi 1",
        "Cecilia: meld JC JD JH",
    )
    assert state.duty is None


def test_rommi_call_on_grounds_lays_the_card_with_the_callers_hand() -> None:
    # The 9H makes a set with the 9S and 9D of the pile (the grounds); once the call is allowed, Cecilia may
    # take the 9H alone and lay it with her own 8H on the run 5H 6H 7H.
    state = play(after_discard("rommi", "9H", "8H 4S KD", pile="9S 9D 2C"), "Cecilia: rommi 1")
    state = play(state, "Cecilia: layoff 8H 9H on 1")
    assert state.duty is None


def test_rommi_call_may_not_strand_the_other_owed_card() -> None:
    # Cecilia calls the 6S and takes down to the 4S: the 6S must go in 4S 5S 6S, not in the set of sixes.
    state = play(after_discard("rommi", "6S", "5S KC", pile="4S 6D 6C"), "Cecilia: rommi 4")
    assert refusal(state, "Cecilia: meld 6S 6D 6C") == "taken_card_not_used"
    assert play(state, "Cecilia: meld 4S 5S 6S").duty is None


def _after_next_player_drew() -> Round:
    return play(after_discard("rommi", "8H", "JC JD 4S"), "Bertil: draw")


@pytest.mark.parametrize(
    ("setup", "call"),
    [
        pytest.param(lambda: after_discard("rommi", "8H", "JC JD 4S", players=2), "Bertil: rommi 1", id="two players"),
        pytest.param(lambda: after_discard("rommi", "8H", "JC JD 4S"), "Bertil: rommi 1", id="the next player"),
        pytest.param(lambda: after_discard("rommi", "8H", "JC JD 4S"), "Anna: rommi 1", id="the discarder"),
        pytest.param(_after_next_player_drew, "Cecilia: rommi 1", id="after the next player drew"),
        pytest.param(lambda: after_discard("rommi", "KH", "JC JD 4S"), "Cecilia: rommi 1", id="fits no meld"),
        pytest.param(lambda: position("rommi", "KS", "2D", "JC JD", pile="8H", table=ROMMI_TABLE),
                     "Cecilia: rommi 1", id="before any discard"),
        *(pytest.param(lambda p=p: after_discard(p, "8H", "JC JD 4S"), "Cecilia: rommi 1", id=f"in {p}")
          for p in ("femhundra", "dansk", "rummy500-nl", "500-rum")),
    ],
)
def test_rommi_not_allowed(setup: Callable[[], Round], call: str) -> None:
    state = setup()
    assert refusal(state, call) == "rommi_not_allowed"
    caller, _, move = call.partition(": ")
    assert (state.player_index(caller), Move.parse(move)) not in state.legal_actions()


def test_rommi_call_past_the_pile_is_refused() -> None:
    assert refusal(after_discard("rommi", "8H", "JC JD 4S"), "Cecilia: rommi 3") == "take_not_allowed"


# --- the sentences a learner reads ----------------------------------------------------------------------

DIAMONDS_RUN = ((BERTIL, "5D 6D 7D"),)


@pytest.mark.parametrize(
    ("setup", "moves", "sentence"),
    [
        (lambda: position("rommi", "KS 9H", "2D"), ("draw", "discard 9S"), "You do not hold the 9♠."),
        (lambda: position("rommi", "KS 9H", "2D"), ("draw", "meld 9H JK=9S 9D"), "You hold no joker to lay as the 9♠."),
        (lambda: position("rommi", "KS 9H JK", "2D"), ("draw", "discard JK=7H"),
         "A joker is discarded as a plain Joker: it stands for the 7♥ only in a meld."),
        (lambda: position("rommi", "8D 9S KS", "2H", table=DIAMONDS_RUN), ("draw", "layoff 9S on 1"),
         "The 9♠ does not extend the run 5♦ 6♦ 7♦ (meld 1)."),
        (lambda: position("rommi", "9D 10D KS", "2H", table=DIAMONDS_RUN), ("draw", "layoff 9D 10D on 1"),
         "The 9♦ and 10♦ do not extend the run 5♦ 6♦ 7♦ (meld 1)."),
        (lambda: position("rommi", "5H 6H JK KS", "2H"), ("draw", "meld 5H 6H JK"),
         "Say which card the joker stands for, like the 7♥ in 6♥ Joker 8♥."),
        (lambda: position("rommi", "5H 6H JK KS", "2H"), ("draw", "meld 5H 6H JK=9H"),
         "The joker cannot stand for the 9♥ here: declare it as a card that completes the meld."),
        (lambda: position("dansk", "5H 6H KS", "2H", pile="3C 9C 2S"), ("take 2",),
         "You would have to use the 9♣ at once, in a meld or a lay-off, and it fits none."),
        (lambda: position("dansk", "5H 6H KS 9C 9D", "2H", pile="3C 9S 2S"), ("take 2", "discard KS"),
         "You must first lay the 9♠ you took from the pile, in a meld or a lay-off."),
        (lambda: after_discard("rommi", "9H", "JC 4S", pile="9S 9D"), ("Cecilia: rommi 1",),
         "With 1 card from the pile you could not lay the 9♥ at once: take down to the cards it melds with."),
        (lambda: after_discard("rommi", "KH", "JC JD 4S"), ("Cecilia: rommi 1",),
         "The K♥ fits no meld, so there is nothing to call Rommi on."),
        (lambda: after_discard("rommi", "6S", "5S KC", pile="4S 6D 6C"), ("Cecilia: rommi 4", "Cecilia: meld 6S 6D 6C"),
         "Lay these cards so that you can still lay the 4♠ from the pile."),
    ],
)
def test_refusals_write_cards_as_a_learner_reads_them(
    setup: Callable[[], Round], moves: tuple[str, ...], sentence: str
) -> None:
    """A refusal is shown to the learner: cards in it read K♦, 10♥, Joker, never the notation KD, 10H, JK."""
    message = str(refused(setup(), *moves))
    assert message == sentence
    assert not CARD_NOTATION.search(message), message

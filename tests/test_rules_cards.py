"""The variant table of docs/rules.md, row by row: players, decks and jokers, the deal, card values, and what
a meld may be (sets, jokers declared, the ace low or high).

Positions are built with :func:`tests.rules_support.position` and moves played in the notation of
docs/record.md (see that module for the conventions).
"""

from __future__ import annotations

import pytest

from engine import Phase, Round, get_variant
from engine.cards import NATURALS
from engine.variants import HouseRuleError, HouseRules, Variant
from tests.rules_support import (
    ANNA,
    BERTIL,
    FACE,
    NAMES,
    NORDIC,
    PRESETS,
    TWO_DECK_PRESETS,
    all_cards,
    hand,
    play,
    position,
    refusal,
)

# --- players --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "fewest", "most"),
    [("femhundra", 2, 8), ("dansk", 2, 7), ("rommi", 2, 8), ("rummy500-nl", 2, 7), ("500-rum", 2, 8)],
)
def test_player_count(preset: str, fewest: int, most: int) -> None:
    variant = get_variant(preset)
    for n in (fewest, most):
        assert len(Round.deal(variant, NAMES[:n], seed=1).players) == n
    for n in (fewest - 1, most + 1):
        with pytest.raises(ValueError, match="played by"):
            Round.deal(variant, NAMES[:n], seed=1)


# --- decks and jokers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "decks"),
    [
        ("femhundra", 4, 1), ("femhundra", 5, 2),
        ("dansk", 2, 1), ("dansk", 7, 1),
        ("rommi", 4, 1), ("rommi", 5, 2), ("rommi", 8, 2),
        ("rummy500-nl", 4, 1), ("rummy500-nl", 5, 2),
        ("500-rum", 4, 1), ("500-rum", 5, 2),
    ],
)
def test_decks_by_player_count(preset: str, players: int, decks: int) -> None:
    variant = get_variant(preset)
    dealt = all_cards(Round.deal(variant, NAMES[:players], seed=3))
    assert all(dealt[str(card)] == decks for card in NATURALS)
    assert dealt["JK"] == (2 * decks if variant.jokers else 0)  # 2 jokers per deck when jokers are on


@pytest.mark.parametrize(
    ("preset", "house", "jokers"),
    [
        ("femhundra", None, 0), ("femhundra", {"jokers": True}, 2),
        ("dansk", None, 0), ("dansk", {"jokers": True}, 2),
        ("rommi", None, 2),
        ("rummy500-nl", None, 0), ("rummy500-nl", {"jokers": True}, 2),
        ("500-rum", None, 0), ("500-rum", {"jokers": True}, 2),
    ],
)
def test_jokers_in_the_deck(preset: str, house: dict[str, object] | None, jokers: int) -> None:
    state = Round.deal(get_variant(preset, house), NAMES[:3], seed=5)
    assert all_cards(state)["JK"] == jokers


# --- cards dealt ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "house", "dealt"),
    [
        ("femhundra", 2, None, 7), ("femhundra", 3, None, 7),
        ("dansk", 2, None, 13), ("dansk", 3, None, 7),
        ("rommi", 2, None, 7), ("rommi", 4, None, 7),
        ("rummy500-nl", 2, None, 13), ("rummy500-nl", 3, None, 7),
        ("rummy500-nl", 2, {"cards_dealt_two_players": 7}, 7),  # "table may pick 7 or 10"
        ("rummy500-nl", 2, {"cards_dealt_two_players": 10}, 10),
        ("500-rum", 2, None, 13), ("500-rum", 3, None, 7),
    ],
)
def test_cards_dealt(preset: str, players: int, house: dict[str, object] | None, dealt: int) -> None:
    state = Round.deal(get_variant(preset, house), NAMES[:players], seed=11)
    assert [len(h) for h in state.hands] == [dealt] * players
    assert len(state.pile) == 1  # the first card of the stock starts the pile
    assert state.phase is Phase.DRAW


MOST_PLAYERS = {"femhundra": 8, "dansk": 7, "rommi": 8, "rummy500-nl": 7, "500-rum": 8}


@pytest.mark.parametrize(
    ("preset", "players", "house"),
    [(p, n, {"cards_dealt": 6}) for p in PRESETS for n in (3, 4, 5, MOST_PLAYERS[p])]
    + [(p, 2, {"cards_dealt_two_players": 6}) for p in PRESETS],
)
def test_six_cards_dealt_house_rule(preset: str, players: int, house: dict[str, object]) -> None:
    """The Swedish "6 cards dealt", in every preset and at every table size it touches (two decks from 5)."""
    variant = get_variant(preset, house)
    state = Round.deal(variant, NAMES[:players], seed=11)
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.pile) == 1
    deck = 52 * variant.decks(players) + (2 * variant.decks(players) if variant.jokers else 0)
    assert len(state.stock) == deck - 6 * players - 1
    assert sum(all_cards(state).values()) == deck
    # the other table size keeps the preset's deal
    other = 3 if players == 2 else 2
    assert len(Round.deal(variant, NAMES[:other], seed=11).hands[0]) == get_variant(preset).hand_size(other)


def test_a_deal_that_does_not_fit_the_deck_is_refused_naming_the_field() -> None:
    # The house rules offer at most 7 cards with 3+ players (7 × 7 = 49 of the Danish 52); a variant built
    # by hand with more is refused for the largest table it allows.
    with pytest.raises(ValueError, match=r"cards_dealt: 7 players × 8 cards.*make 58 cards, but the deck holds 52"):
        Variant.model_validate({**get_variant("dansk").model_dump(), "cards_dealt": 8})
    with pytest.raises(ValueError, match=r"cards_dealt_two_players: 2 players × 26 cards"):
        Variant.model_validate({**get_variant("femhundra").model_dump(), "cards_dealt_two_players": 26})
    # Every table size is checked: 12 cards fit 4 players with one deck (50 of 52) and 8 with two (98 of
    # 104); 13 cards do not fit 4 players with one deck, and 14 cards not 8 players with two.
    assert Variant.model_validate({**get_variant("femhundra").model_dump(), "cards_dealt": 12}).cards_dealt == 12
    with pytest.raises(ValueError, match=r"cards_dealt: 4 players × 13 cards.*make 54 cards, but the deck holds 52"):
        Variant.model_validate({**get_variant("femhundra").model_dump(), "cards_dealt": 13})
    two_decks_from_3 = {**get_variant("femhundra").model_dump(), "two_decks_from": 3, "cards_dealt": 14}
    with pytest.raises(ValueError, match=r"cards_dealt: 8 players × 14 cards.*make 114 cards, but two decks hold 104"):
        Variant.model_validate(two_decks_from_3)
    # Reached through house rules (past their own checks), the error names the house rule.
    with pytest.raises(HouseRuleError, match=r"^house_rules\.cards_dealt: 7 players × 8 cards") as error:
        get_variant("dansk", HouseRules.model_construct(cards_dealt=8))
    assert error.value.field == "cards_dealt"
    with pytest.raises(HouseRuleError, match=r"^house_rules\.cards_dealt: is 6 or 7, not 8$"):
        get_variant("dansk", {"cards_dealt": 8})
    with pytest.raises(HouseRuleError, match=r"^house_rules\.ace_high_value: "):
        get_variant("femhundra", {"ace_high_value": 20})


# --- card values ----------------------------------------------------------------------------------

NORDIC_VALUES = {"2S": 5, "9H": 5, "10D": 10, "JC": 10, "QS": 10, "KH": 10, "AS": 15}
FACE_VALUES = {"2S": 2, "9H": 9, "10D": 10, "JC": 10, "QS": 10, "KH": 10, "AS": 15}


@pytest.mark.parametrize(
    ("preset", "card", "value"),
    [(p, c, v) for p in NORDIC for c, v in NORDIC_VALUES.items()]
    + [(p, c, v) for p in FACE for c, v in FACE_VALUES.items()],
)
def test_card_value_in_hand(preset: str, card: str, value: int) -> None:
    state = position(preset, card, "KC")
    assert state.scores()[ANNA].hand == value


@pytest.mark.parametrize(
    ("preset", "run", "laid"),
    [(p, "AH 2H 3H", 15 + 5 + 5) for p in NORDIC]
    + [(p, "AH 2H 3H", 1 + 2 + 3) for p in FACE]  # the low ace of a run is 1 under face value
    + [(p, "QH KH AH", 10 + 10 + 15) for p in PRESETS]  # a high ace is 15 everywhere
    + [(p, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 15 + 8 * 5 + 4 * 10) for p in NORDIC]
    # Our ruling: a full A-K run holds a king, so its ace counts high (15), not as the low ace.
    + [(p, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 15 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 3 * 10) for p in FACE],
)
def test_laid_run_value(preset: str, run: str, laid: int) -> None:
    state = position(preset, "KC", "KD", table=((ANNA, run),))
    assert state.scores()[ANNA].laid == laid


SWEDISH_ACE = {"ace_high_value": 25, "ace_low_value": 5}  # "ace high = 25, low = 5"


@pytest.mark.parametrize("preset", PRESETS)
def test_ace_25_high_and_in_hand(preset: str) -> None:
    """Our ruling: an ace left in hand counts high, 25 under the house rule (the other cards keep their scale)."""
    state = position(preset, "AS KC 7D", "KD", house=SWEDISH_ACE)
    assert state.scores()[ANNA].hand == 25 + 10 + (5 if preset in NORDIC else 7)
    assert position(preset, "AS", "KD").scores()[ANNA].hand == 15  # the preset as written


@pytest.mark.parametrize(
    ("preset", "run", "laid"),
    [(p, "AH 2H 3H", 5 + 5 + 5) for p in NORDIC]
    + [(p, "AH 2H 3H", 5 + 2 + 3) for p in FACE]  # the low ace of a run is 5 in every preset
    + [(p, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", 5 + 8 * 5 + 3 * 10) for p in NORDIC]
    + [(p, "QH KH AH", 10 + 10 + 25) for p in PRESETS]  # a high ace is 25
    + [(p, "AH AS AD", 3 * 25) for p in PRESETS]  # an ace in a set is neither low nor in a run: high
    # Our ruling: a full A-K run holds a king, so its ace counts high (25), not as the low ace.
    + [(p, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 25 + 8 * 5 + 4 * 10) for p in NORDIC]
    + [(p, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 25 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 3 * 10) for p in FACE],
)
def test_ace_25_high_5_low_on_the_table(preset: str, run: str, laid: int) -> None:
    state = position(preset, "KC", "KD", table=((ANNA, run),), house=SWEDISH_ACE)
    assert state.scores()[ANNA].laid == laid


@pytest.mark.parametrize("preset", PRESETS)
def test_ace_values_are_two_house_rules(preset: str) -> None:
    """Each ace value may be chosen alone; the other keeps the preset's value."""
    low = 15 if preset in NORDIC else 1
    high_only = position(preset, "AS", "KD", table=((ANNA, "AH 2H 3H"), (ANNA, "QC KC AC")), house={"ace_high_value": 25})
    assert (high_only.scores()[ANNA].hand, high_only.variant.ace_low_value) == (25, low)
    assert high_only.variant.house_rules == ("ace_high_value",)
    assert high_only.scores()[ANNA].laid == (low + (10 if preset in NORDIC else 5)) + (10 + 10 + 25)
    low_only = position(preset, "AS", "KD", table=((ANNA, "AH 2H 3H"),), house={"ace_low_value": 5})
    assert low_only.scores()[ANNA].hand == 15
    assert low_only.scores()[ANNA].laid == 5 + (10 if preset in NORDIC else 5)
    assert low_only.variant.house_rules == ("ace_low_value",)


@pytest.mark.parametrize(("preset", "house"), [("rommi", SWEDISH_ACE), ("femhundra", {**SWEDISH_ACE, "jokers": True})])
def test_a_joker_keeps_its_value_under_ace_25(preset: str, house: dict[str, object]) -> None:
    # A joker standing for an ace is worth the joker's 15, high or low; the ace beside it its own value.
    state = position(preset, "JK", "KC", table=((BERTIL, "JK=AH 2H 3H"), (BERTIL, "QS KS JK=AS"), (BERTIL, "AC AD JK=AH")), house=house)
    assert state.scores()[ANNA].hand == 15
    assert state.scores()[BERTIL].laid == (15 + 5 + 5) + (10 + 10 + 15) + (25 + 25 + 15)


JOKER_PRESETS = [("rommi", None)] + [(p, {"jokers": True}) for p in ("femhundra", "dansk", "rummy500-nl", "500-rum")]


@pytest.mark.parametrize(("preset", "house"), JOKER_PRESETS)
def test_joker_is_worth_15_in_hand_and_on_the_table(preset: str, house: dict[str, object] | None) -> None:
    state = position(preset, "JK", "KC", table=((BERTIL, "JK=AH 2H 3H"), (BERTIL, "5S JK=5H 5D")), house=house)
    assert state.scores()[ANNA].hand == 15
    two, three, five = (5, 5, 5) if preset in NORDIC else (2, 3, 5)
    # a joker standing for the low ace is still 15, "joker 15 everywhere"
    assert state.scores()[BERTIL].laid == (15 + two + three) + (five + 15 + five)


# --- sets: distinct suits, at most four cards -----------------------------------------------------

FIVE_HANDS = ("5H 5H 5S 5D 5C 9C", "KC", "KD", "KH", "KS")  # five players: two decks


@pytest.mark.parametrize("preset", TWO_DECK_PRESETS)
def test_two_decks_set_suits_repeat(preset: str) -> None:
    state = play(position(preset, *FIVE_HANDS), "draw")
    assert refusal(state, "meld 5H 5H 5S") == "set_suits_repeat"
    assert refusal(state, "meld 5H 5S 5D 5C 5H") == "set_too_large"
    state = play(state, "meld 5H 5S 5D")
    assert refusal(state, "layoff 5H on 1") == "layoff_does_not_fit"  # the heart is already in the set
    assert len(play(state, "layoff 5C on 1").table[0].cards) == 4


@pytest.mark.parametrize(("preset", "house"), JOKER_PRESETS)
def test_a_joker_may_not_repeat_a_suit_in_a_set(preset: str, house: dict[str, object] | None) -> None:
    state = play(position(preset, "5H 5S JK 9C", "KC", house=house), "draw")
    assert refusal(state, "meld 5H 5S JK=5H") == "joker_needs_declaration"  # declared as a card that does not fit
    assert len(play(state, "meld 5H 5S JK=5D").table[0].cards) == 3


def test_rommi_four_card_set_cannot_take_a_joker() -> None:
    state = play(position("rommi", "JK 9C", "KC", table=((BERTIL, "5S 5H 5D 5C"),)), "draw")
    for suit in "SHDC":
        assert refusal(state, f"layoff JK=5{suit} on 1") == "layoff_does_not_fit"
    state = play(position("rommi", "5S 5H 5D 5C JK 9C", "KC"), "draw")
    assert refusal(state, "meld 5S 5H 5D 5C JK=5S") == "set_too_large"


# --- jokers are declared ---------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "house"), JOKER_PRESETS)
def test_jokers_are_declared(preset: str, house: dict[str, object] | None) -> None:
    state = play(position(preset, "5H 6H JK 9C KC", "2D", table=((BERTIL, "9S 10S JS"),), house=house), "draw")
    assert refusal(state, "meld 5H 6H JK") == "joker_needs_declaration"
    assert refusal(state, "meld 5H 6H JK=9H") == "joker_needs_declaration"  # does not complete the run
    assert refusal(state, "layoff JK on 1") == "joker_needs_declaration"
    melded = play(state, "meld 5H 6H JK=7H")
    assert [str(c) for c in melded.table[1].cards] == ["5H", "6H", "JK=7H"]
    assert "JK" not in hand(melded)
    laid_off = play(state, "layoff JK=QS on 1")
    assert [str(c) for c in laid_off.table[0].cards] == ["9S", "10S", "JS", "JK=QS"]


def test_rommi_joker_may_stand_for_a_card_already_on_the_table() -> None:
    state = play(position("rommi", "5H 6H JK 9C", "2D", table=((BERTIL, "7H 8H 9H"),)), "draw")
    assert [str(c) for c in play(state, "meld 5H 6H JK=7H").table[1].cards] == ["5H", "6H", "JK=7H"]


def test_rommi_meld_needs_a_natural_card() -> None:
    state = play(position("rommi", "7H JK JK 9C", "2D"), "draw")
    assert len(play(state, "meld JK=5H JK=6H 7H").table[0].cards) == 3  # two jokers and one natural card
    state = play(position("rommi", "JK JK JK 9C", "2D", "2S", "3S", "4S"), "draw")  # five players: four jokers
    assert refusal(state, "meld JK=5H JK=6H JK=7H") == "not_a_meld"


# --- aces -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    ("meld", "refused"),
    [
        ("AH 2H 3H", None),
        ("QH KH AH", None),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", None),  # A..K: thirteen cards, the ace low
        ("KH AH 2H", "ace_around_corner"),
        ("JH QH KH AH 2H", "ace_around_corner"),
    ],
)
def test_ace_low_or_high_never_both(preset: str, meld: str, refused: str | None) -> None:
    state = play(position(preset, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 9C", "2D"), "draw")
    if refused is None:
        assert len(play(state, f"meld {meld}").table[0].cards) == len(meld.split())
    else:
        assert refusal(state, f"meld {meld}") == refused


@pytest.mark.parametrize("preset", TWO_DECK_PRESETS)
def test_a_run_may_not_hold_two_aces(preset: str) -> None:
    state = play(position(preset, "AH AH 2H 3H QH KH 9C", "2D", "KC", "KD", "KS"), "draw")  # two decks
    assert refusal(state, "meld AH 2H 3H AH") == "ace_around_corner"
    assert refusal(state, "meld QH KH AH AH") == "ace_around_corner"

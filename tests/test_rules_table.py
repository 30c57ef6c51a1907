"""The variant table of RULES.md, row by row, for every preset each row touches.

Every test builds a small position with ``GameState.from_position`` (which does not count the deck, so a
position holds only the cards the rule needs), plays moves in the notation of RECORD.md and checks a rule
code or a figure. Hands, piles and stocks are written as in a record: the pile bottom first (top last),
the stock top first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from engine import GameState, Phase, RulesError, get_variant, parse_cards
from engine.cards import NATURALS
from engine.moves import Move
from engine.variants import HouseRuleError, HouseRules, Variant

PRESETS = ("femhundra", "dansk", "rommi", "rummy500-nl", "500-rum")
TWO_DECK_PRESETS = ("femhundra", "rommi", "rummy500-nl", "500-rum")  # dansk always plays one deck
DEEPEST_CARD_PRESETS = ("dansk", "rommi", "rummy500-nl", "500-rum")
NORDIC = ("femhundra", "rommi")  # 2–9 = 5, 10–K = 10, A = 15
FACE = ("dansk", "rummy500-nl", "500-rum")  # 2–10 face value, J–K = 10, A = 15 (1 as the low ace of a run)
NAMES = ("Anna", "Bertil", "Cecilia", "David", "Erik", "Frida", "Gustav", "Hanna", "Ivar")
STOCK = "2C 3C 4C"  # a few cards so that `draw` works; the first one drawn is the 2C
ANNA, BERTIL, CECILIA = 0, 1, 2  # seats


def position(
    preset: str,
    *hands: str,
    pile: str = "",
    stock: str = STOCK,
    table: tuple[tuple[int, str], ...] = (),
    totals: tuple[int, ...] | None = None,
    house: dict[str, object] | None = None,
) -> GameState:
    """Anna (and then Bertil, Cecilia, …) to move, holding ``hands``; ``table`` holds (layer seat, cards)."""
    return GameState.from_position(
        get_variant(preset, house),
        NAMES[: len(hands)],
        [parse_cards(h) for h in hands],
        stock=parse_cards(stock),
        pile=parse_cards(pile),
        table=[(seat, parse_cards(cards)) for seat, cards in table],
        totals=totals,
    )


def play(state: GameState, *moves: str) -> GameState:
    """Apply moves: ``"Cecilia: rommi 1"`` names the mover, a bare ``"draw"`` is by the player to move."""
    for line in moves:
        who, colon, text = line.rpartition(":")
        state = state.apply(text.strip(), player=who.strip() if colon else None)
    return state


def refusal(state: GameState, *moves: str) -> str:
    """Play every move but the last (they must be legal); the last must be refused: its rule code."""
    state = play(state, *moves[:-1])
    with pytest.raises(RulesError) as refused:
        play(state, moves[-1])
    return refused.value.code


def hand(state: GameState, seat: int = ANNA) -> Counter[str]:
    return Counter(str(c) for c in state.hands[seat])


def cards(text: str) -> Counter[str]:
    return Counter(str(c) for c in parse_cards(text))


def all_cards(state: GameState) -> Counter[str]:
    found = [*state.stock, *state.pile, *(c for h in state.hands for c in h), *(c for m in state.table for c in m.cards)]
    return Counter(str(c.in_hand) for c in found)


# --- players --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "fewest", "most"),
    [("femhundra", 2, 8), ("dansk", 2, 7), ("rommi", 2, 8), ("rummy500-nl", 2, 7), ("500-rum", 2, 8)],
)
def test_player_count(preset: str, fewest: int, most: int) -> None:
    variant = get_variant(preset)
    for n in (fewest, most):
        assert len(GameState.deal(variant, NAMES[:n], seed=1).players) == n
    for n in (fewest - 1, most + 1):
        with pytest.raises(ValueError, match="played by"):
            GameState.deal(variant, NAMES[:n], seed=1)


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
    dealt = all_cards(GameState.deal(variant, NAMES[:players], seed=3))
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
    state = GameState.deal(get_variant(preset, house), NAMES[:3], seed=5)
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
    state = GameState.deal(get_variant(preset, house), NAMES[:players], seed=11)
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
    state = GameState.deal(variant, NAMES[:players], seed=11)
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.pile) == 1
    deck = 52 * variant.decks(players) + (2 * variant.decks(players) if variant.jokers else 0)
    assert len(state.stock) == deck - 6 * players - 1
    assert sum(all_cards(state).values()) == deck
    # the other table size keeps the preset's deal
    other = 3 if players == 2 else 2
    assert len(GameState.deal(variant, NAMES[:other], seed=11).hands[0]) == get_variant(preset).hand_size(other)


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
    with pytest.raises(HouseRuleError, match=r"^house_rules\.cards_dealt: Input should be 6 or 7$"):
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


def draw_and_discard(state: GameState) -> GameState:
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


def finish_round(preset: str, totals: tuple[int, int], house: dict[str, object] | None = None) -> GameState:
    """Anna goes out with three queens (+30 this round); Bertil is left with the KC (−10)."""
    return play(position(preset, "QS QH", "KC", stock="QD 2C", totals=totals, house=house), "draw", "meld QS QH QD")


def winners(state: GameState) -> list[str]:
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


# --- the Rommi call -----------------------------------------------------------------------------------

# Anna discards the 8H, which fits Bertil's run 5H 6H 7H; Bertil moves next; Cecilia may call.
ROMMI_TABLE = ((BERTIL, "5H 6H 7H"),)


def after_discard(preset: str, discarded: str, cecilia: str, pile: str = "9S", players: int = 3) -> GameState:
    hands = (f"KS {discarded}", "2D 3D", cecilia, "QC", "QD")[:players]
    return play(position(preset, *hands, pile=pile, table=ROMMI_TABLE), "draw", f"discard {discarded}")


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


def test_rommi_call_with_cards_from_the_callers_hand() -> None:
    state = play(after_discard("rommi", "JH", "JC JD 4S"), "Cecilia: rommi 1", "Cecilia: meld JC JD JH")
    assert state.duty is None


def test_rommi_call_may_not_strand_the_other_owed_card() -> None:
    # Cecilia calls the 6S and takes down to the 4S: the 6S must go in 4S 5S 6S, not in the set of sixes.
    state = play(after_discard("rommi", "6S", "5S KC", pile="4S 6D 6C"), "Cecilia: rommi 4")
    assert refusal(state, "Cecilia: meld 6S 6D 6C") == "taken_card_not_used"
    assert play(state, "Cecilia: meld 4S 5S 6S").duty is None


def _after_next_player_drew() -> GameState:
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
def test_rommi_not_allowed(setup: Callable[[], GameState], call: str) -> None:
    state = setup()
    assert refusal(state, call) == "rommi_not_allowed"
    caller, _, move = call.partition(": ")
    assert (state.player_index(caller), Move.parse(move)) not in state.legal_actions()


def test_rommi_call_past_the_pile_is_refused() -> None:
    assert refusal(after_discard("rommi", "8H", "JC JD 4S"), "Cecilia: rommi 3") == "take_not_allowed"


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


"""The coach's advice on prepared positions: the suggested move and its reason, the review of a move
just played, and the ``coach`` computer player (it sees only what its seat may see; it is registered)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.bots import BOTS, get_bot
from engine.bots.coach import SHARP_WEIGHTS, CoachBot, sample_world, unseen_cards
from engine.cards import Card, parse_cards
from engine.moves import Discard, Move
from engine.round import Phase, Round
from engine.variants import PRESETS, get_variant
from tutor.i18n.card_names import face as card_text
from tutor.seat.coach import Advice, review, suggest

ROOT = Path(__file__).resolve().parent.parent


def position(
    variant: str,
    hands: tuple[str, str],
    stock: str,
    pile: str,
    table: tuple[tuple[int, str], ...] = (),
    house_rules: dict[str, object] | None = None,
    draw: bool = True,
) -> Round:
    """Anna (to move) and Bertil; Anna has drawn the stock's top card when ``draw``."""
    state = Round.from_position(
        get_variant(variant, house_rules),
        ["Anna", "Bertil"],
        [parse_cards(h) for h in hands],
        parse_cards(stock),
        parse_cards(pile),
        [(layer, parse_cards(cards)) for layer, cards in table],
    )
    return state.apply(Move.parse("draw")) if draw else state


def advice(state: Round) -> Advice:
    found = suggest(state, 0)
    assert found is not None
    assert found.move in state.legal_moves()  # from the engine's own listing
    return found


# --- suggestions ---------------------------------------------------------------------------------------


def test_meld_the_queens() -> None:
    state = position("femhundra", ("QS QH QD 2C 9S", "3H 4D 7C 8S JD"), "5C 6C 7D", "4S")
    found = advice(state)
    assert str(found.move) == "meld QS QH QD"
    assert found.reason == "Meld Q♠ Q♥ Q♦: 30 points on the table and 30 fewer in your hand."


def test_lay_off_and_the_review_of_a_missed_lay_off() -> None:
    state = position("femhundra", ("9H KC 2S 4D", "3C 5C 7D 9S JD"), "8D 10C QS", "5S", ((1, "6H 7H 8H"),))
    found = advice(state)
    assert str(found.move) == "layoff 9H on 1"
    assert found.reason == "Lay off 9♥ on meld 1: 5 points on the table and 5 fewer in your hand."
    assert review(state, Move.parse("discard KC"), 0) == (
        "Laying off 9♥ on meld 1 would have scored 5 and saved you 5 in hand."
    )
    assert review(state, Move.parse("layoff 9H on 1"), 0) is None  # the move was fine


def test_going_out() -> None:
    state = position("500-rum", ("QS QH", "3C 5C 7D 9S JD"), "QD 10C 4H", "5S")
    found = advice(state)
    assert str(found.move) == "meld QS QH QD" and "you go out" in found.reason


def test_dig_for_a_card_that_melds() -> None:
    state = position("dansk", ("7H 8H KC 2S 4D QC", "3C 5C 7D 9S JD 4S"), "8D 10C QS 2C", "3S 9H 2D", draw=False)
    found = advice(state)
    assert str(found.move) == "take 2"
    assert found.reason == (
        "Take 2 from the pile: with the 9♥ you can meld 7♥ 8♥ 9♥ at once."
        " It also puts the 2♦ in your hand: 2 points against you if the round ends soon."  # what else it lifts
    )
    assert review(state, Move.parse("draw"), 0) == "Taking 2 from the pile would have let you lay 7♥ 8♥ 9♥ at once."


def test_take_the_whole_pile_in_femhundra() -> None:
    state = position("femhundra", ("7H 8H KC 2S", "3C 5C 7D 9S JD"), "8D 10C QS", "4C 9H 3D", draw=False)
    found = advice(state)
    assert str(found.move) == "take all" and "meld 7♥ 8♥ 9♥" in found.reason


def test_do_not_dig_for_a_load_of_high_cards() -> None:
    state = position(
        "dansk", ("7H 8H 3S 2S 4D 6C", "3C 5C 7D 9S JD 4S"), "8D 10S 5H 2C", "9H KD AC QS JD 10C", draw=False
    )
    found = advice(state)
    assert str(found.move) == "draw" and "no take" in found.reason
    assert review(state, Move.parse("take 6"), 0) == (
        "Drawing from the stock was better: the 6 cards you took add 64 points to your hand, more than they let you lay."
    )


def test_keep_the_card_that_would_feed_the_next_player() -> None:
    """500 Rum: Bertil may take the top card and lay it off on his run; Anna, without a meld of her own, may
    not. The coach keeps the K♠ and says why with its own count."""
    state = position(
        "500-rum",
        ("KS 2C 3H 5D", "3C 5C 7D 9S JD"),
        "8D 10C QH",
        "4S",
        ((1, "10S JS QS"),),
        house_rules={"layoff_needs_own_meld": True},  # Anna has no meld yet: she cannot lay the K♠ off
    )
    found = advice(state)
    assert str(found.move) != "discard KS"
    assert found.reason.startswith(f"Discard the {card_text(found.move.card)} rather than the K♠: Bertil could use the K♠ at once")  # type: ignore[attr-defined]
    assert review(state, Move.parse("discard KS"), 0) == (
        "Bertil could use the K♠ at once (Bertil took it in 16 of the 16 deals the coach tried): "
        f"discarding the {card_text(found.move.card)} would have been safer."  # type: ignore[attr-defined]
    )


def test_in_femhundra_a_card_that_fits_the_others_run_feeds_nobody() -> None:
    """femhundra: a take is the whole pile and must become a new meld, so Bertil cannot take the K♠ to lay it
    off on his run. The coach throws the K♠ Anna cannot lay, the dearest card, though it fits his run."""
    state = position(
        "femhundra", ("KS 2C 3H 5D", "3C 5C 7D 9S JD"), "8D 10C QH", "4S", ((1, "10S JS QS"),),
        house_rules={"layoff_needs_own_meld": True},
    )
    found = advice(state)
    assert str(found.move) == "discard KS" and found.key == "discard_dear_table"  # dearest, and it fits a meld
    assert "the others" not in found.reason and "Bertil" not in found.reason


def test_a_lonely_high_card_goes() -> None:
    state = position("500-rum", ("5H 6H 9C 9D KS 2D", "3C 5C 7D 9S JD 4S"), "8S 10C QH", "4C")
    found = advice(state)
    assert str(found.move) == "discard KS"
    assert "goes with no card in your hand" in found.reason


def test_nothing_to_advise_out_of_turn() -> None:
    state = position("femhundra", ("QS QH QD 2C 9S", "3H 4D 7C 8S JD"), "5C 6C 7D", "4S")
    assert suggest(state, 1) is None
    assert review(state, Move.parse("draw"), 1) is None


def test_greedy_hints_and_the_same_advice_twice() -> None:
    state = position("500-rum", ("5H 6H 9C 9D KS 2D", "3C 5C 7D 9S JD 4S"), "8S 10C QH", "4C")
    assert suggest(state, 0, level="greedy") is not None
    assert suggest(state, 0) == suggest(state, 0)  # the coach's chances are fixed by the position


# --- the coach computer player -------------------------------------------------------------------------


@pytest.mark.slow
def test_the_coach_sees_only_what_its_seat_may_see() -> None:
    """At every decision of a round, a position that differs only in the cards the coach's seat cannot
    see (the other hand and the stock, dealt anew) gets the same move from it."""
    coach = CoachBot()
    for variant_id, seed in (("500-rum", 1), ("femhundra", 2), ("rommi", 3)):
        state = Round.deal(get_variant(variant_id), ["Anna", "Bertil"], seed=seed)
        rng = random.Random(seed)
        compared = 0
        while state.phase is not Phase.OVER:
            seat = state.to_move
            swapped = sample_world(state, seat, rng)
            assert unseen_cards(state, seat) == unseen_cards(swapped, seat)
            move = coach.move(state, random.Random(compared))
            assert coach.move(swapped, random.Random(compared)) == move
            compared += 1
            state = state.apply(move)
        assert compared > 10


def test_the_sharp_level_is_the_coach_with_its_own_weights() -> None:
    sharp = get_bot("sharp")
    assert isinstance(sharp, CoachBot) and sharp.name == "sharp" and sharp.weights == SHARP_WEIGHTS
    state = Round.deal(get_variant("rommi"), ["Anna", "Bertil", "Cecilia"], seed=5)
    seat, move = sharp.choose(state, random.Random(0))
    assert (seat, move) in state.legal_actions()


@pytest.mark.slow
def test_the_coach_is_registered() -> None:
    assert "coach" in BOTS and get_bot("coach").name == "coach"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "simulate",
            "--variant",
            "rommi",
            "--players",
            "3",
            "--rounds",
            "2",
            "--seed",
            "1",
            "--bot",
            "coach,greedy,random",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    stats = json.loads(result.stdout)
    assert stats["bots"] == ["coach", "greedy", "random"] and stats["rounds"] == 2


@pytest.mark.parametrize("variant", ["femhundra", "dansk", "rommi", "rummy500-nl", "500-rum"])
@pytest.mark.slow
def test_the_coach_plays_legal_moves_to_the_end(variant: str) -> None:
    from engine.bots import play_round

    state = Round.deal(get_variant(variant), ["A", "B", "C"], seed=3)
    final, decisions = play_round(state, [CoachBot(), CoachBot(), get_bot("greedy")], random.Random(3))
    assert final.round_over and decisions > 0


# --- looking ahead -------------------------------------------------------------------------------------


def test_do_not_hand_the_next_player_the_card_that_takes_them_out() -> None:
    """Bertil holds one card: whatever it is, the K♠ on the pile lets him lay it off and discard his last
    card. The coach plays his reply out and sees its whole hand caught."""
    state = position(
        "500-rum",
        ("KS 2C 5D 9H", "4C"),
        "8D 10C QH",
        "4S",
        ((1, "10S JS QS"),),
        house_rules={"layoff_needs_own_meld": True},  # Anna has no meld yet: she cannot lay the K♠ off
    )
    scores = {str(m): s for m, s in CoachBot().ranked(state, random.Random(0))}
    caught = -(2 + 5 + 9 + 8)  # the hand kept, the 8♦ drawn included
    assert scores["discard KS"] <= caught - 10  # and Bertil lays the K♠ for 10 (and his last card, if it fits)
    assert max(scores, key=scores.__getitem__) != "discard KS"
    assert "Bertil could use the K♠ at once" in advice(state).reason  # the one opponent, by name


def test_a_top_card_that_lays_nothing_is_left_for_a_draw() -> None:
    """In rommi the Q♦ would pair the Q♠, but it lays nothing now: the coach draws instead, and says why
    when the learner takes it."""
    state = position(
        "rommi",
        ("3S 4S QS 3H 6H 7H 10H", "2C 5D 8S 9C JC KD AH"),
        "4C 5C 6D 7S 8C 9H 10D JS KS AD 2D",
        "QD",
        draw=False,
    )
    found = advice(state)
    assert str(found.move) == "draw"
    assert review(state, Move.parse("take 1"), 0) == (
        "Drawing from the stock was better: the Q♦ you took lays nothing now, adds 10 points to your hand "
        "and makes going out slower."
    )


@pytest.mark.parametrize("variant", ["femhundra", "rommi", "rummy500-nl"])
def test_a_sampled_world_changes_only_what_the_seat_cannot_see(variant: str) -> None:
    state = Round.deal(get_variant(variant), ["Anna", "Bertil", "Cecilia"], seed=4)
    state = state.apply(Move.parse("draw"))
    for seed in range(5):
        world = sample_world(state, 0, random.Random(seed))
        assert world.hands[0] == state.hands[0] and world.pile == state.pile and world.table == state.table
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        hidden = Counter([*state.hands[1], *state.hands[2], *state.stock])
        assert Counter([*world.hands[1], *world.hands[2], *world.stock]) == hidden
        assert world.legal_moves() == state.legal_moves()


def _positions(variant: str, count: int) -> list[Round]:
    """Positions of seeded three-player rounds in which the player to move must discard, reached by
    ``greedy`` play: a few from each round."""
    found: list[Round] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = Round.deal(get_variant(variant), ["Anna", "Bertil", "Cecilia"], seed=seed)
        rng = random.Random(seed)
        turns = 0
        while state.phase is not Phase.OVER and turns < 40:
            seat, move = get_bot("greedy").choose(state, rng)
            if seat == state.to_move and state.phase is Phase.PLAY and turns % 5 == 2:
                found.append(state)
            state = state.apply(move, seat)
            turns += 1
    return found[:count]


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.slow
def test_the_coach_says_what_its_own_numbers_show(variant: str) -> None:
    """Over seeded positions of every variant: the advised discard is the one the coach's count puts first,
    and the reason given is borne out by that count (a card kept for its chances is judged the better
    keep; a card kept from the others is taken more often by them, or lets them lay more). Where the pile is
    taken whole, a card that would join its partners in the pile gives way to the best discard that would
    not, said so (tests/test_coach_words.py checks each reason's claims in the position)."""
    from tutor.seat.coach_discards import advice_rng, discard_reason, judgements, pile_partners, taken_partners

    checked = 0
    for state in _positions(variant, 12):
        seat = state.to_move
        found = suggest(state, seat)
        assert found is not None and found.move in state.legal_moves()
        if not isinstance(found.move, Discard):
            continue
        judged = judgements(state, seat, advice_rng(state, seat))
        card = found.move.card
        first = max(judged.values(), key=lambda j: j.score).move.card
        if first != card:  # kept from the whole pile it would join
            assert found.key == "discard_not_feed_pile" and pile_partners(state, first) and not pile_partners(state, card)
            checked += 1
            continue
        reason = discard_reason(state, seat, card)
        value = state.variant.card_value
        other = reason.values.get("other")
        if reason.key in ("discard_not_feed", "discard_not_feed_one"):
            assert isinstance(other, Card)
            assert judged[other].kept > judged[card].kept
            assert judged[other].taken > judged[card].taken or judged[other].fed > judged[card].fed
            assert value(other) > value(card)
        elif reason.key == "discard_not_feed_shown":  # as dear, taken more, and going with cards seen taken
            assert isinstance(other, Card)
            assert judged[other].taken > judged[card].taken or judged[other].fed > judged[card].fed
            assert value(other) >= value(card)
            assert taken_partners(state, seat, other) == (reason.values["player"], reason.values["shown"])
        elif reason.key.startswith("discard_keep"):
            assert isinstance(other, Card)
            assert judged[card].kept >= judged[other].kept and value(other) > value(card)
        elif reason.key in ("discard_lonely", "discard_dear_partners", "discard_dear_table"):
            assert all(value(c) <= value(card) for c in judged)
        assert found.reason == reason.say("practice.coach", "en")
        checked += 1
    assert checked >= 5, f"only {checked} discards advised"

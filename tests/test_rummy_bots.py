"""The computer players and the Rummy! call (the house rule ``rummy_call``): they call it when it pays (a
lay-off out of turn costs nothing), only where they may, and the coach counts a discard that another player
could call as a card fed to them."""

from __future__ import annotations

import random

import pytest

from engine.bots import get_bot
from engine.bots.coach import CoachBot
from engine.cards import Card, parse_cards
from engine.moves import Move
from engine.round import Round
from engine.variants import get_variant


def anna_to_discard(rules: dict[str, object]) -> Round:
    """500 Rum, three players, lay-offs only after your own meld: Anna (no meld yet) has drawn and holds the
    9♥, which fits Cecilia's 6-7-8♥; Bertil, next, has no meld either."""
    state = Round.from_position(
        get_variant("500-rum", {"layoff_needs_own_meld": True, **rules}), ["Anna", "Bertil", "Cecilia"],
        [parse_cards("9H 2C 4D KS"), parse_cards("KD QC 5S 3H"), parse_cards("10C JC 5D 4S")],
        parse_cards("2S 3S 4C 8C 9C 7D"), parse_cards("7C"), [(2, parse_cards("6H 7H 8H"))],
    )  # fmt: skip
    return state.apply(Move.parse("draw"))


@pytest.mark.parametrize("level", ["greedy", "coach"])
def test_a_computer_calls_rummy_where_it_may_and_never_where_it_may_not(level: str) -> None:
    after = anna_to_discard({"rummy_call": True}).apply(Move.parse("discard 9H"))
    bot = get_bot(level)
    assert bot.call(after, 2, random.Random(0)) == Move.parse("rummy 1")  # Cecilia: 9 points for nothing
    assert bot.call(after, 1, random.Random(0)) is None  # Bertil is next: he plays on instead
    shy = anna_to_discard({"rummy_call": True}).apply(Move.parse("discard 2C"))
    assert bot.call(shy, 2, random.Random(0)) is None  # the 2♣ fits no meld


def test_the_coach_counts_a_discard_another_player_could_call_as_fed() -> None:
    def judged(rules: dict[str, object], card: str) -> tuple[float, float]:
        state = anna_to_discard(rules)
        found = {str(j.move.card): j for j in CoachBot().discard_judgements(state, random.Random(1))}
        return found[card].fed, found[card].taken

    fed, taken = judged({"rummy_call": True}, "9H")
    assert fed >= get_variant("500-rum").card_value(Card.parse("9H")) and taken == 1.0  # Cecilia calls it every time
    fed_without, taken_without = judged({}, "9H")  # without the call only Bertil's unseen hand might use it
    assert fed > fed_without and taken > taken_without

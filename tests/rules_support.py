"""Positions and moves for the rules-table tests (``test_rules_cards``, ``test_rules_turn``,
``test_rules_round_end``): the variant table of docs/rules.md, row by row, for every preset each row touches.

Every test builds a small position with ``Round.from_position`` (which does not count the deck, so a
position holds only the cards the rule needs), plays moves in the notation of docs/record.md and checks a rule
code or a figure. Hands, piles and stocks are written as in a record: the pile bottom first (top last),
the stock top first.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine import Move, NotationError, Round, RulesError, get_variant, parse_cards
from engine.records.lines import split_line

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
) -> Round:
    """Anna (and then Bertil, Cecilia, …) to move, holding ``hands``; ``table`` holds (layer seat, cards)."""
    return Round.from_position(
        get_variant(preset, house),
        NAMES[: len(hands)],
        [parse_cards(h) for h in hands],
        stock=parse_cards(stock),
        pile=parse_cards(pile),
        table=[(seat, parse_cards(cards)) for seat, cards in table],
        totals=totals,
    )


def play(state: Round, *moves: str) -> Round:
    """Apply moves: ``"Cecilia: rommi 1"`` names the mover, a bare ``"draw"`` is by the player to move (the
    notation and the name read here, at the test's edge)."""
    for line in moves:
        who, text = split_line(line)
        state = state.apply(Move.parse(text), None if who is None else state.player_index(who))
    return state


def refused(state: Round, *moves: str) -> RulesError | NotationError:
    """Play every move but the last (they must be legal); the last must be refused (by the rules, or as
    notation that does not read): the error."""
    state = play(state, *moves[:-1])
    with pytest.raises((RulesError, NotationError)) as error:
        play(state, moves[-1])
    return error.value


def refusal(state: Round, *moves: str) -> str:
    """Play every move but the last (they must be legal); the last must be refused: its rule code."""
    return refused(state, *moves).code


#: Card notation (``KD``, ``10H``, ``JK=7H``) in a sentence: a learner reads ``K♦``, ``10♥``, ``Joker``.
CARD_NOTATION = re.compile(r"\b(?:10|[2-9AJQKT])[SHDC]\b|\bJK\b(?!\))")


def hand(state: Round, seat: int = ANNA) -> Counter[str]:
    """The cards ``seat`` holds, as a multiset of their texts."""
    return Counter(str(c) for c in state.hands[seat])


def cards(text: str) -> Counter[str]:
    """Cards written as in a record (``"QS QH"``), as a multiset of their texts."""
    return Counter(str(c) for c in parse_cards(text))


def all_cards(state: Round) -> Counter[str]:
    """Every card of the position (stock, pile, hands, table; a joker as a joker), as a multiset."""
    found = [*state.stock, *state.pile, *(c for h in state.hands for c in h), *(c for m in state.table for c in m.cards)]
    return Counter(str(c.in_hand) for c in found)

"""Scoring a round: every card on the table scores for the player who laid it, every card in hand
counts minus; bonus and penalty house rules; who has won the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card
from engine.errors import RulesError
from engine.flags import flags_of
from engine.melds import Shape, extended_shape, meld_shape
from engine.moves import Layoff, Meld
from engine.round_parts import TableMeld
from engine.round_state import RoundState
from engine.variants import Variant


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's round figures: laid − hand + bonus − penalty = round; total is the game total after it."""

    laid: int
    hand: int
    bonus: int
    penalty: int
    round: int
    total: int


def card_points(variant: Variant, card: Card, shape: Shape) -> int:
    """What ``card`` scores on the table in the meld ``shape`` (as it stands now: the low ace of a run
    counts low until a lay-off turns it high)."""
    return variant.card_value(card, shape.low_ace and card.rank == 1)


def meld_points(variant: Variant, shape: Shape, cards: Iterable[Card] | None = None) -> int:
    """What the cards of the meld ``shape`` (or only ``cards`` among them) score on the table."""
    return sum(card_points(variant, c, shape) for c in (shape.cards if cards is None else cards))


def points_by_layer(variant: Variant, table: Iterable[TableMeld], players: int) -> list[int]:
    """Points each of ``players`` has laid on ``table`` (every card scores for its layer): the one count the
    round score, the charts and the computer players share."""
    points = [0] * players
    flags = flags_of(variant)  # card_points read from its tables: every round is scored, by card
    for meld in table:
        shape = meld.shape
        values = flags.low_values if shape.low_ace else flags.hand_values  # only an ace is worth less low
        for card, layer in zip(meld.cards, meld.layers, strict=False):
            points[layer] += values[card.index]
    return points


def laid_points(state: RoundState) -> list[int]:
    """Points each player has laid on the table this round (every card scores for its layer)."""
    return points_by_layer(state.variant, state.table, len(state.players))


@lru_cache(maxsize=1 << 16)
def new_meld_points(variant: Variant, cards: tuple[Card, ...]) -> int:
    """What a new meld of ``cards`` scores on the table (cards that form no meld count as in hand)."""
    try:
        return meld_points(variant, meld_shape(cards))
    except RulesError:
        return sum(variant.card_value(c) for c in cards)


def lay_points(state: RoundState, move: Meld | Layoff, seat: int | None = None) -> int:
    """How much laying ``move`` adds to ``seat``'s round score (default: the player to move), counted as the
    round score counts it: a lay-off that turns a run's low ace high changes that ace's points too.

    The move is assumed legal; cards that do not form or extend a meld score as if laid apart.
    """
    variant = state.variant
    player = state.to_move if seat is None else seat
    if isinstance(move, Meld):
        return new_meld_points(variant, move.cards)
    if not 1 <= move.meld <= len(state.table):
        return sum(variant.card_value(c) for c in move.cards)
    target = state.table[move.meld - 1]
    shape = extended_shape(target.shape, move.cards)
    if shape is None:
        return sum(variant.card_value(c) for c in move.cards)
    mine = [c for c, layer in zip(target.cards, target.layers, strict=False) if layer == player]
    return meld_points(variant, shape, (*mine, *move.cards)) - meld_points(variant, target.shape, mine)


def hand_points(state: RoundState) -> list[int]:
    """The minus points of the cards each player still holds."""
    values = state.flags.hand_values  # card_value by card index
    return [sum([values[c.index] for c in hand]) for hand in state.hands]


def scores(state: RoundState) -> list[PlayerScore]:
    """Every player's figures. Before the round is over, ``round`` and ``total`` hold running values."""
    laid, hand = laid_points(state), hand_points(state)
    result = []
    for i in range(len(state.players)):
        bonus = state.variant.going_out_bonus if state.went_out == i else 0
        round_score = laid[i] - hand[i] + bonus - state.penalties[i]
        result.append(
            PlayerScore(laid[i], hand[i], bonus, state.penalties[i], round_score, state.totals[i] + round_score)
        )
    return result


def winners(state: RoundState) -> list[int]:
    """The players who won the game with this round (empty while it goes on, or on a tie to replay)."""
    if not state.round_over:
        return []
    totals = [s.total for s in scores(state)]
    reached = [i for i, t in enumerate(totals) if state.variant.reaches_target(t)]
    if state.variant.must_go_out_to_win:
        reached = [i for i in reached if i == state.went_out]
    if not reached:
        return []
    best = max(totals[i] for i in reached)
    leaders = [i for i in reached if totals[i] == best]
    if len(leaders) > 1 and state.variant.tie_rule == "another_round":
        return []
    return leaders

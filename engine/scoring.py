"""Scoring a round: every card on the table scores for the player who laid it, every card in hand
counts minus; bonus and penalty house rules; who has won the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.state import GameState


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's round figures: laid − hand + bonus − penalty = round; total is the game total after it."""

    laid: int
    hand: int
    bonus: int
    penalty: int
    round: int
    total: int


def laid_points(state: GameState) -> list[int]:
    """Points each player has laid on the table this round (every card scores for its layer)."""
    points = [0] * len(state.players)
    value = state.variant.card_value
    for meld in state.table:
        low_ace = meld.shape.low_ace
        for card, layer in zip(meld.cards, meld.layers, strict=False):
            points[layer] += value(card, low_ace and card.rank == 1)
    return points


def hand_points(state: GameState) -> list[int]:
    """The minus points of the cards each player still holds."""
    value = state.variant.card_value
    return [sum(value(c) for c in hand) for hand in state.hands]


def scores(state: GameState) -> list[PlayerScore]:
    """Every player's figures. Before the round is over, ``round`` and ``total`` hold running values."""
    laid, hand = state.laid_points(), state.hand_points()
    result = []
    for i in range(len(state.players)):
        bonus = state.variant.going_out_bonus if state.went_out == i else 0
        round_score = laid[i] - hand[i] + bonus - state.penalties[i]
        result.append(
            PlayerScore(laid[i], hand[i], bonus, state.penalties[i], round_score, state.totals[i] + round_score)
        )
    return result


def winners(state: GameState) -> list[int]:
    """The players who won the game with this round (empty while it goes on, or on a tie to replay)."""
    if not state.round_over:
        return []
    totals = [s.total for s in state.scores()]
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

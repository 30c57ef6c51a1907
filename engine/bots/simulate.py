"""Whole rounds between computer players, for statistics and timing (``python -m engine simulate``).

>>> stats = simulate("femhundra", players=3, rounds=2, seed=1, bots=["random"])
>>> stats["rounds"], sum(stats["ended_by"].values()), "takes" in stats
(2, 2, False)
>>> takes = simulate("dansk", players=2, rounds=3, seed=1, bots=["greedy"], count_takes=True)["takes"]
>>> sorted(takes), takes["paid"] <= takes["takes"] + takes["rommi_calls"]
(['cards_taken', 'net_points', 'paid', 'rommi_calls', 'takes'], True)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from engine.bots.registry import get_bot, play_round
from engine.cards import Card
from engine.moves import Move, Rommi, Take
from engine.pile_take import lifted
from engine.round import Round
from engine.scoring import card_points
from engine.seeds import round_seed
from engine.variants import Variant, get_variant


class TakeCounter:
    """Counts the takes from the pile (and Rommi calls) of a round and whether each one paid.

    A take *pays* when the cards it brought score more than they cost by the end of the round: the
    points of those the taker laid on the table, less the points of those still in the taker's hand,
    less any penalty the take cost (a card discarded again counts nothing). Watch a round with
    :meth:`observe` (a ``play_round`` observer), then call :meth:`close` with its last state.
    """

    def __init__(self) -> None:
        self.takes = 0
        self.rommi_calls = 0
        self.cards_taken = 0
        self.paid = 0
        self.net_points = 0
        self._open: list[tuple[int, tuple[Card, ...], int]] = []

    def observe(self, before: Round, seat: int, move: Move, after: Round) -> None:
        """Note a take or a Rommi call (other moves are ignored)."""
        if isinstance(move, Take):
            self.takes += 1
        elif isinstance(move, Rommi):
            self.rommi_calls += 1
        else:
            return
        taken = lifted(before.pile, move)
        self.cards_taken += len(taken)
        self._open.append((seat, taken, after.penalties[seat] - before.penalties[seat]))

    def close(self, final: Round) -> None:
        """Score every take of the round that ended in ``final``."""
        value = final.variant.card_value
        for seat, taken, penalty in self._open:
            rest = [card.in_hand for card in taken]
            net = -penalty
            for meld in final.table:
                for card, layer in zip(meld.cards, meld.layers, strict=False):
                    if layer == seat and card.in_hand in rest:
                        rest.remove(card.in_hand)
                        net += card_points(final.variant, card, meld.shape)
            for card in final.hands[seat]:
                if card in rest:
                    rest.remove(card)
                    net -= value(card)
            self.net_points += net
            self.paid += net > 0
        self._open = []

    def as_dict(self) -> dict[str, int]:
        """The counts, for the JSON output."""
        return {
            "takes": self.takes,
            "rommi_calls": self.rommi_calls,
            "cards_taken": self.cards_taken,
            "paid": self.paid,
            "net_points": self.net_points,
        }


def simulate(
    variant: str | Variant,
    players: int,
    rounds: int,
    seed: int,
    bots: list[str],
    house_rules: dict[str, Any] | None = None,
    count_takes: bool = False,
) -> dict[str, Any]:
    """Play ``rounds`` independent seeded rounds; one bot name for all seats, or one per seat.

    Returns the JSON object of ``docs/record.md``: variant, players, rounds, decisions, seconds, ended_by,
    mean_round_score, plus per-seat bots, round wins (highest round score, ties split) and mean scores.
    With ``count_takes`` it adds ``takes``: the takes from the pile, Rommi calls, cards taken, how many
    of them paid and their net points (see :class:`TakeCounter`).
    """
    rules = variant if isinstance(variant, Variant) else get_variant(variant, house_rules)
    if len(bots) not in (1, players):
        raise ValueError(f"give one bot for all seats or one per seat ({players}), not {len(bots)}")
    seat_bots = [get_bot(b) for b in (bots * players if len(bots) == 1 else bots)]
    names = [f"P{i + 1}" for i in range(players)]
    ended_by: Counter[str] = Counter()
    decisions = 0
    score_sum = [0] * players
    wins = [0.0] * players
    counter = TakeCounter() if count_takes else None
    start = time.perf_counter()
    for index in range(rounds):
        state = Round.deal(rules, names, seed=round_seed(seed, index + 1), round_number=index + 1)
        rng = random.Random(round_seed(seed, index + 1))
        final, count = play_round(state, seat_bots, rng, on_move=counter.observe if counter else None)
        if counter is not None:
            counter.close(final)
        decisions += count
        ended_by[final.ended_by or "unknown"] += 1
        round_scores = [s.round for s in final.scores()]
        best = max(round_scores)
        leaders = [i for i, s in enumerate(round_scores) if s == best]
        for i, s in enumerate(round_scores):
            score_sum[i] += s
            if i in leaders:
                wins[i] += 1 / len(leaders)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        "variant": rules.id,
        "players": players,
        "rounds": rounds,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "ended_by": dict(sorted(ended_by.items())),
        "mean_round_score": round(sum(score_sum) / (rounds * players), 3) if rounds else 0.0,
        "bots": [b.name for b in seat_bots],
        "round_wins": [round(w, 2) for w in wins],
        "mean_score_by_seat": [round(s / rounds, 3) if rounds else 0.0 for s in score_sum],
    }
    if counter is not None:
        result["takes"] = counter.as_dict()
    return result

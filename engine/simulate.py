"""Whole rounds between computer players, for statistics and timing (``python -m engine simulate``).

>>> stats = simulate("femhundra", players=3, rounds=2, seed=1, bots=["random"])
>>> stats["rounds"], sum(stats["ended_by"].values())
(2, 2)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from engine.bots import get_bot, play_round
from engine.state import GameState
from engine.variants import Variant, get_variant


def round_seed(seed: int, index: int) -> int:
    """The deal seed of round ``index`` of a simulation started with ``seed``."""
    return seed * 1_000_003 + index


def simulate(
    variant: str | Variant,
    players: int,
    rounds: int,
    seed: int,
    bots: list[str],
    house_rules: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``rounds`` independent seeded rounds; one bot name for all seats, or one per seat.

    Returns the JSON object of ``RECORD.md``: variant, players, rounds, decisions, seconds, ended_by,
    mean_round_score, plus per-seat bots, round wins (highest round score, ties split) and mean scores.
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
    start = time.perf_counter()
    for index in range(rounds):
        state = GameState.deal(rules, names, seed=round_seed(seed, index), round_number=index + 1)
        rng = random.Random(round_seed(seed, index))
        final, count = play_round(state, seat_bots, rng)
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
    return {
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

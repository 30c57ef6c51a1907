"""The searching coach's strength, the Rommi! calls its discards invite, and its decision time (issue 36).

Strength: seeded rounds of one level (``search`` by default) against others (``greedy`` by default), at three
players (the level against two of the other) and heads-up, in every preset. Every deal is played from each
seat in turn (the level in seat 0, then 1, …), so no side keeps the better cards. A round is won by the
highest round score (a shared win counts by its share). Printed: the share of rounds won with its 95 % margin
(±1.96·√(p(1−p)/n)), and a fair share for comparison.

Called: in rommi, the share of the level's discards that another player called with Rommi!.

Time: every decision of the level (its own moves, not the others') timed on the wall clock (p50 and p95 in
ms) and in CPU time (p95), with the machine's one-minute load average beside them (the machines are shared:
the wall clock is a loaded machine's figure, the CPU time what the decision itself costs).

Run: ``python benchmarks/bench_coach.py`` (``--rounds 60`` rounds a cell, ``--variants rommi,femhundra``,
``--level search --against greedy``, ``--players 3,2``, ``--json PATH``; ``--short``: 2 rounds of rommi at
three players with a small search, no target). Targets: ≥ 55 % at three players and ≥ 75 % heads-up against
``greedy`` in every preset, ≤ 5 % of rommi discards called, p95 ≤ 300 ms.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, measured, run_main, write_json  # noqa: E402
from engine.bots import Bot, SearchBot, SearchBudget, get_bot  # noqa: E402
from engine.moves import Discard, Rommi  # noqa: E402
from engine.round import Phase, Round  # noqa: E402
from engine.seeds import round_seed  # noqa: E402
from engine.variants import PRESETS, get_variant  # noqa: E402


def make_bot(level: str, playouts: int | None, confidence: float | None = None) -> Bot:
    """The level by name; ``search`` with ``playouts`` a decision and its ``confidence`` when given."""
    if level == "search" and (playouts is not None or confidence is not None):
        default = SearchBudget()
        return SearchBot(
            SearchBudget(
                playouts=default.playouts if playouts is None else playouts,
                confidence=default.confidence if confidence is None else confidence,
            )
        )
    return get_bot(level)


def cell(
    variant_id: str,
    level: str,
    against: str,
    players: int,
    rounds: int,
    seed: int,
    playouts: int | None,
    confidence: float | None = None,
) -> dict[str, Any]:
    """``rounds`` rounds of ``level`` against ``players - 1`` of ``against``: wins, discards called, decision times."""
    variant = get_variant(variant_id)
    mine = make_bot(level, playouts, confidence)
    other = make_bot(against, None)
    wins = 0.0
    shares: list[float] = []  # each round's win share, in order: two levels on the same seed compare round by round
    discards = called = 0
    times: list[float] = []
    cpu_times: list[float] = []
    names = [f"P{i}" for i in range(players)]
    for index in range(rounds):
        deal, where = divmod(index, players)
        bots = [mine if s == where else other for s in range(players)]
        state = Round.deal(variant, names, seed=round_seed(seed, deal + 1), round_number=deal + 1)
        rng = random.Random(round_seed(seed, index + 1))
        last_discard = False  # whether the last move was the level's discard
        for _ in range(5000):
            if state.phase is Phase.OVER:
                break
            decider = (
                next((s for s, _ in state.rommi_calls()), state.to_move)
                if state.rommi_from is not None
                else state.to_move
            )
            start, cpu = time.perf_counter(), time.process_time()
            seat, move = bots[decider].choose(state, rng)
            if decider == where:
                times.append(time.perf_counter() - start)
                cpu_times.append(time.process_time() - cpu)
            if isinstance(move, Rommi) and last_discard:
                called += 1
            last_discard = seat == where and isinstance(move, Discard)
            discards += last_discard
            state = state.apply(move, seat)
        scores = [s.round for s in state.scores()]
        best = max(scores)
        shares.append(1 / scores.count(best) if scores[where] == best else 0.0)
        wins += shares[-1]
    rate = wins / rounds
    return {
        "variant": variant_id,
        "players": players,
        "level": level,
        "against": against,
        "rounds": rounds,
        "win_rate": round(rate, 4),
        "margin": round(1.96 * math.sqrt(rate * (1 - rate) / rounds), 4),
        "called_rate": round(called / discards, 4) if discards else 0.0,
        "discards": discards,
        "decision_p50_ms": round(statistics.median(times) * 1000, 1) if times else 0.0,
        "decision_p95_ms": round(statistics.quantiles(times, n=20)[-1] * 1000, 1) if len(times) > 1 else 0.0,
        "decision_cpu_p95_ms": round(statistics.quantiles(cpu_times, n=20)[-1] * 1000, 1) if len(times) > 1 else 0.0,
        "decisions": len(times),
        "round_wins": shares,
    }


def main() -> None:
    """Play every cell and print the table."""
    parser = arguments(__doc__, raw=True)
    parser.add_argument("--rounds", type=int, default=60, help="rounds a cell (a multiple of the players is fairest)")
    parser.add_argument("--variants", help="comma-separated preset ids (default all)")
    parser.add_argument("--level", default="search")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--players", default="3,2")
    parser.add_argument("--playouts", type=int, help="the search's playouts a decision (default its own)")
    parser.add_argument("--confidence", type=float, help="standard errors the search needs to leave the coach's choice")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.short:
        args.rounds, args.variants, args.players, args.playouts = 2, "rommi", "3", 4
    variants = [v for v in (args.variants or ",".join(PRESETS)).split(",") if v]
    figures: list[dict[str, Any]] = []
    print(
        f"{'variant':12} {'players':>7} {'pairing':18} {'rounds':>6} {'won':>14} {'fair':>5} {'called':>7} {'p50':>8} {'p95':>8} {'cpu p95':>8} {'load':>5}"
    )
    for players in [int(p) for p in args.players.split(",")]:
        for variant_id in variants:
            row = cell(
                variant_id, args.level, args.against, players, args.rounds, args.seed, args.playouts, args.confidence
            )
            row["load"] = round(os.getloadavg()[0], 1)
            measured(row["decisions"], f"{variant_id} at {players}: decisions timed")
            figures.append(row)
            print(
                f"{variant_id:12} {players:>7} {args.level + ' v ' + args.against:18} {row['rounds']:>6} "
                f"{row['win_rate'] * 100:6.1f} % ±{row['margin'] * 100:4.1f} {100 / players:4.0f}% "
                f"{row['called_rate'] * 100:6.1f}% {row['decision_p50_ms']:5.0f} ms {row['decision_p95_ms']:5.0f} ms "
                f"{row['decision_cpu_p95_ms']:5.0f} ms "
                f"{row['load']:5.1f}",
                flush=True,
            )
    write_json(args.json, {"cells": figures})


if __name__ == "__main__":
    run_main(main)

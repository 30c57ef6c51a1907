"""CPU time of one decision of a computer player (``greedy``, ``coach``), median, 99th percentile and worst.

Every decision of seeded self-play rounds in every preset, at 2 and 4 players, is timed on its own (the
bot's ``choose`` from the state it is given, which reads that seat's view, then the move applied).
Targets (issue 9): ``greedy`` ≤ 1 ms and ``coach`` ≤ 500 ms a decision at the 99th percentile.

Run: ``python benchmarks/bench_decisions.py`` (``--rounds 1`` for a shorter run, ``--levels greedy``,
``--json PATH``; ``--short``: one round per preset at 2 players only, no target shown).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, measured, median, run_main, write_json  # noqa: E402
from engine.bots import get_bot  # noqa: E402
from engine.round import Phase, Round  # noqa: E402
from engine.variants import PRESETS, get_variant  # noqa: E402

TARGETS_MS = {"random": 1.0, "greedy": 1.0, "coach": 500.0}


def decision_times(level: str, rounds: int, players: tuple[int, ...]) -> list[float]:
    """Seconds of CPU time of every decision of ``level`` playing itself over every preset."""
    bot = get_bot(level)
    clock = time.process_time
    samples: list[float] = []
    for variant_id in PRESETS:
        rules = get_variant(variant_id)
        for n in players:
            for index in range(rounds):
                state = Round.deal(rules, [f"P{i}" for i in range(n)], seed=1000 + index)
                rng = random.Random(index)
                while state.phase is not Phase.OVER:
                    start = clock()
                    seat, move = bot.choose(state, rng)
                    samples.append(clock() - start)
                    state = state.apply(move, seat)
    return samples


def percentile(samples: list[float], share: float) -> float:
    """The ``share`` quantile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    """Time the levels and print the figures."""
    parser = arguments(__doc__, raw=True)
    parser.add_argument("--rounds", type=int, default=2, help="rounds per preset and table size")
    parser.add_argument("--levels", default="greedy,coach")
    args = parser.parse_args()
    rounds, players = (1, (2,)) if args.short else (args.rounds, (2, 4))
    figures: dict[str, dict[str, float]] = {}
    print(f"{'level':8} {'decisions':>9} {'median':>10} {'p99':>10} {'worst':>10}   target (p99)")
    for level in args.levels.split(","):
        samples = decision_times(level, rounds, players)
        what = f"a {level} decision"
        row = {
            "decisions": len(samples),
            "median_ms": median([s * 1e3 for s in samples], what),
            "p99_ms": measured(percentile(samples, 0.99) * 1e3, f"{what} (p99)"),
            "worst_ms": max(samples) * 1e3,
        }
        figures[level] = row
        target = "" if args.short else f"   ≤ {TARGETS_MS[level]:g} ms"
        print(
            f"{level:8} {len(samples):9d} {row['median_ms']:8.2f}ms {row['p99_ms']:8.2f}ms {row['worst_ms']:8.2f}ms"
            f"{target}"
        )
    write_json(args.json, figures)


if __name__ == "__main__":
    run_main(main)

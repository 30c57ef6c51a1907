"""How often a computer player's discard feeds the others, and how often it wins (issue 24).

For each variant, seeded three-player rounds with the measured level in one seat and ``greedy`` in the
other two (the measured seat moves round the table from deal to deal, so no seat's luck counts): every
discard the measured seat makes is *fed* when the next move takes it from the pile (the next player's
take, or a Rommi! call by anyone before the next draw). Prints, per variant and level, the share of its
discards fed (and the share called with Rommi!), and the share of rounds it won (highest round score, ties
split; a third is even).

Win rate against ``greedy`` in two-player rounds is ``benchmarks/bench_bots.py`` (each deal from both seats).

Run: ``python benchmarks/bench_feeding.py`` (``--rounds 1000`` by default, ``--variants rommi,dansk``,
``--levels greedy,coach``, ``--json PATH``, ``--processes 2`` to use two cores; ``--short``: 3 rounds in
femhundra and rommi unless ``--variants`` says otherwise).
"""

from __future__ import annotations

import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, measured, run_main, write_json  # noqa: E402
from engine.bots import get_bot, play_round  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.moves import Discard, Move, Rommi, Take  # noqa: E402
from engine.pile_take import lifted  # noqa: E402
from engine.round import Round  # noqa: E402
from engine.seeds import round_seed  # noqa: E402
from engine.variants import PRESETS, get_variant  # noqa: E402

PLAYERS = 3
#: ``--short``: the variants (one without Rommi calls, one with) and the rounds played.
SHORT_VARIANTS = "femhundra,rommi"
SHORT_ROUNDS = 3


class FeedCounter:
    """Watches a round (a ``play_round`` observer) and counts the discards of one seat the next move takes."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.discards = 0
        self.fed = 0
        self.called = 0
        self._waiting: Card | None = None

    def observe(self, before: Round, seat: int, move: Move, after: Round) -> None:
        """Note the measured seat's discard, and whether the move after it takes that card."""
        if self._waiting is not None:
            card, self._waiting = self._waiting, None
            if isinstance(move, Take | Rommi) and card in lifted(before.pile, move):
                self.fed += 1
                self.called += isinstance(move, Rommi)
        if seat == self.seat and isinstance(move, Discard):
            self.discards += 1
            self._waiting = move.card


def measure(variant_id: str, level: str, rounds: int, seed: int) -> dict[str, Any]:
    """``rounds`` three-player rounds of ``level`` against two ``greedy`` players in ``variant_id``."""
    variant = get_variant(variant_id)
    discards = fed = called = 0
    wins = 0.0
    start = time.perf_counter()
    for index in range(rounds):
        seat = index % PLAYERS
        bots = [get_bot(level) if i == seat else get_bot("greedy") for i in range(PLAYERS)]
        state = Round.deal(variant, ["P1", "P2", "P3"], seed=round_seed(seed, index + 1), round_number=index + 1)
        counter = FeedCounter(seat)
        final, _ = play_round(state, bots, random.Random(round_seed(seed, index + 1)), on_move=counter.observe)
        discards += counter.discards
        fed += counter.fed
        called += counter.called
        scores = [s.round for s in final.scores()]
        leaders = [i for i, s in enumerate(scores) if s == max(scores)]
        wins += 1 / len(leaders) if seat in leaders else 0.0
    return {
        "variant": variant_id,
        "level": level,
        "rounds": rounds,
        "discards": discards,
        "fed": fed,
        "called": called,
        "fed_rate": round(fed / discards, 4) if discards else 0.0,
        "called_rate": round(called / discards, 4) if discards else 0.0,
        "round_wins": round(wins / rounds, 4),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Measure and print; with ``--json``, keep the figures."""
    parser = arguments(__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--variants", help=f"comma-separated preset ids (default all; --short: {SHORT_VARIANTS})")
    parser.add_argument("--levels", default="greedy,coach")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args(argv)
    rounds = SHORT_ROUNDS if args.short else args.rounds
    variants = args.variants or (SHORT_VARIANTS if args.short else ",".join(PRESETS))
    jobs = [(v, level) for v in variants.split(",") for level in args.levels.split(",")]
    print(f"{'variant':12} {'level':7} {'discards':>8} {'fed':>7} {'called':>7} {'round wins':>10} {'s':>7}", flush=True)
    results = []
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        for r in pool.map(measure, *zip(*jobs, strict=True), [rounds] * len(jobs), [args.seed] * len(jobs)):
            results.append(r)  # each line as soon as its variant is measured
            measured(r["discards"], f"{r['variant']}, {r['level']}: discards counted")
            print(
                f"{r['variant']:12} {r['level']:7} {r['discards']:8d} {r['fed_rate']:7.1%} {r['called_rate']:7.1%}"
                f" {r['round_wins']:10.1%} {r['seconds']:7.0f}",
                flush=True,
            )
    write_json(args.json, results)
    return 0


if __name__ == "__main__":
    run_main(main)

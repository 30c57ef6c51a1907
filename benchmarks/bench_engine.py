"""Speed of the rules engine, as medians (these machines are shared and noisy: read ratios, not single runs).

Run: ``python benchmarks/bench_engine.py`` (``--quick`` for a short run). Prints one table and, with
``--json FILE``, writes the figures. Targets (issue 2, on a 2-core machine):

- listing all melds of a random 13-card hand: ≤ 5 µs without jokers, ≤ 30 µs with two jokers;
- ``random`` self-play: ≤ 30 µs per decision (listing, choosing, applying);
- ``greedy`` self-play: ≤ 1 ms per decision.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from engine.bots import get_bot
from engine.cards import JOKER, NATURALS, Card
from engine.melds import _natural_run_positions, _rank_sets, _run_shapes, _suit_runs, hand_melds
from engine.state import GameState, Phase
from engine.variants import PRESETS, get_variant


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def _time_each(calls: list[Callable[[], object]], repeat: int) -> list[float]:
    """Per-call seconds: each call timed over ``repeat`` runs (the mean of those), one sample per call."""
    samples = []
    clock = time.perf_counter
    for call in calls:
        start = clock()
        for _ in range(repeat):
            call()
        samples.append((clock() - start) / repeat)
    return samples


def _clear_meld_caches() -> None:
    for cached in (_run_shapes, _suit_runs, _rank_sets, _natural_run_positions):
        cached.cache_clear()


def bench_meld_listing(hands: int, jokers: int, warm: bool) -> float:
    """Median µs to list every meld of a random 13-card hand holding ``jokers`` jokers."""
    rng = random.Random(jokers)
    sample = [tuple(rng.sample(NATURALS, 13 - jokers)) + (JOKER,) * jokers for _ in range(hands)]
    _clear_meld_caches()
    if warm:
        for hand in sample:
            hand_melds(hand)
        return _median_us(_time_each([lambda h=h: hand_melds(h) for h in sample], repeat=20))  # type: ignore[misc]
    # Cold: every hand seen for the first time (its suit masks may still be cached from earlier hands).
    return _median_us(_time_each([lambda h=h: hand_melds(h) for h in sample], repeat=1))  # type: ignore[misc]


def bench_self_play(variant: str, players: int, bot: str, rounds: int) -> tuple[float, int]:
    """Median µs per decision (choose + apply, the choice including the listing) and the decision count."""
    rules = get_variant(variant)
    chooser = get_bot(bot)
    samples: list[float] = []
    clock = time.perf_counter
    for index in range(rounds):
        state = GameState.deal(rules, [f"P{i}" for i in range(players)], seed=index, round_number=index + 1)
        rng = random.Random(index)
        while state.phase is not Phase.OVER:
            start = clock()
            seat, move = chooser.choose(state, rng)
            state = state.apply(move, seat)
            samples.append(clock() - start)
    return _median_us(samples), len(samples)


def main() -> None:
    """Run every benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands and rounds")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    hands, rounds, greedy_rounds = (300, 10, 4) if args.quick else (3000, 60, 20)
    figures: dict[str, float] = {}
    print(f"{'benchmark':58} {'median':>12}")
    for jokers, target in ((0, 5), (2, 30)):
        for warm in (True, False):
            value = bench_meld_listing(hands, jokers, warm)
            key = f"melds of a 13-card hand, {jokers} jokers, {'warm' if warm else 'cold'} caches"
            figures[key] = value
            print(f"{key:58} {value:9.2f} µs  (target ≤ {target} µs warm)")
    for bot, target_us, n_rounds in (("random", 30, rounds), ("greedy", 1000, greedy_rounds)):
        for variant in PRESETS:
            for players in (2, 4):
                value, decisions = bench_self_play(variant, players, bot, n_rounds)
                key = f"{bot} self-play, {variant}, {players} players"
                figures[key] = value
                print(f"{key:58} {value:9.1f} µs  ({decisions} decisions; target ≤ {target_us} µs)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2, ensure_ascii=False)


if __name__ == "__main__":
    Card.parse("AS")  # the card tables are built on import; keep that out of the timings
    main()

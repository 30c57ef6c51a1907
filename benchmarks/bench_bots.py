"""Strength and speed of the computer players (issue 5).

Strength: for each variant and pairing, two-player rounds between two levels. Each seeded deal is played
twice with the players' seats swapped (so neither side keeps the better cards), 1,000 rounds per pairing
by default. Prints the win rate of the first level (a tie counts half) and the mean difference of the
round scores, with its 95 % margin.

Speed: a computer turn (every decision from the draw to the discard) and a hint (the coach's advice with
its sentence, :func:`tutor.seat.coach.suggest`) at each level, timed at every turn of seeded rounds with 2 and 4
players in every variant; medians. Targets: ≤ 50 ms for ``greedy``, ≤ 500 ms for ``coach``.

Games: with ``--games N``, also N whole two-player games per pairing (rounds until the variant's end, each
seeded game played from both seats), and the share of games won: a small edge a round adds up over a game.

Run: ``python benchmarks/bench_bots.py`` (``--rounds 200`` for a shorter run, ``--variants femhundra,500-rum``,
``--games 200``, ``--skip-strength`` / ``--skip-speed``, ``--json PATH`` to keep the figures; ``--short``: 2
rounds a pairing and 1 timed round, in rommi unless ``--variants`` says otherwise, no target).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, measured, run_main, write_json  # noqa: E402
from engine.bots import Bot, get_bot, play_round  # noqa: E402
from engine.round import Phase, Round  # noqa: E402
from engine.seeds import round_seed  # noqa: E402
from engine.variants import PRESETS, get_variant  # noqa: E402
from tutor.seat.coach import suggest  # noqa: E402

PAIRINGS = (("coach", "greedy"), ("greedy", "random"), ("coach", "random"))
#: ``--short``: the variant (the one with Rommi calls: the most rules at work) and the rounds played and timed.
SHORT_VARIANTS = "rommi"
SHORT_ROUNDS = 2
TARGETS_MS = {"random": 50.0, "greedy": 50.0, "coach": 500.0}


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` (from 0): the engine's round seed of deal ``index + 1``."""
    return round_seed(seed, index + 1)


def _seating(index: int, first: str, second: str) -> tuple[int, bool, list[Bot]]:
    """Play ``index`` of a pairing: the deal (or game) it plays, whether the seats are swapped (every deal is
    played twice, once from each seat), and the bots in seat order."""
    swapped = index % 2 == 1
    bots = [get_bot(second), get_bot(first)] if swapped else [get_bot(first), get_bot(second)]
    return index // 2, swapped, bots


def duel(variant_id: str, first: str, second: str, rounds: int, seed: int) -> dict[str, Any]:
    """``rounds`` two-player rounds of ``first`` against ``second`` (each deal played from both seats)."""
    variant = get_variant(variant_id)
    wins = 0.0
    diffs: list[int] = []
    decisions = 0
    start = time.perf_counter()
    for index in range(rounds):
        deal, swapped, bots = _seating(index, first, second)
        state = Round.deal(variant, ["P1", "P2"], seed=deal_seed(seed, deal), round_number=deal + 1)
        final, count = play_round(state, bots, random.Random(deal_seed(seed, index)))
        decisions += count
        scores = [s.round for s in final.scores()]
        mine, theirs = (scores[1], scores[0]) if swapped else (scores[0], scores[1])
        diffs.append(mine - theirs)
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    seconds = time.perf_counter() - start
    mean = statistics.fmean(diffs)
    margin = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    rate = wins / rounds
    return {
        "variant": variant_id,
        "first": first,
        "second": second,
        "rounds": rounds,
        "win_rate": round(rate, 4),
        "win_rate_margin": round(1.96 * math.sqrt(rate * (1 - rate) / rounds), 4),
        "mean_score_diff": round(mean, 2),
        "mean_score_diff_margin": round(margin, 2),
        "decisions": decisions,
        "seconds": round(seconds, 1),
    }


def games(variant_id: str, first: str, second: str, count: int, seed: int) -> dict[str, Any]:
    """``count`` whole two-player games (rounds until the variant's end) of ``first`` against ``second``;
    each seeded game is played twice, the seats swapped. A shared win counts half."""
    variant = get_variant(variant_id)
    wins = 0.0
    rounds = 0
    start = time.perf_counter()
    for index in range(count):
        game, swapped, bots = _seating(index, first, second)
        rng = random.Random(deal_seed(seed, index))
        state = Round.deal(variant, ["P1", "P2"], seed=deal_seed(seed, game * 1000 + 1))
        while True:
            state, _ = play_round(state, bots, rng)
            rounds += 1
            if state.game_over:
                break
            state = state.next_round(deal_seed(seed, game * 1000 + state.round_number + 1))
        mine = 1 if swapped else 0
        winners = state.winners
        wins += (1.0 if winners == [mine] else 0.0) if len(winners) == 1 else (0.5 if mine in winners else 0.0)
    rate = wins / count
    return {
        "variant": variant_id,
        "first": first,
        "second": second,
        "games": count,
        "game_win_rate": round(rate, 4),
        "game_win_rate_margin": round(1.96 * math.sqrt(rate * (1 - rate) / count), 4),
        "rounds_per_game": round(rounds / count, 1),
        "seconds": round(time.perf_counter() - start, 1),
    }


def _turn(bot: Bot, state: Round, rng: random.Random) -> Round:
    """The player to move's whole turn by ``bot`` (a Rommi call by another player ends it too)."""
    seat = state.to_move
    while state.phase is not Phase.OVER and state.to_move == seat:
        before = state
        state = state.apply(bot.move(state, rng))
        if state.phase is Phase.DRAW and before.phase is Phase.PLAY:
            break
    return state


def speed(variant_ids: list[str], levels: list[str], rounds: int, seed: int) -> dict[str, dict[str, float]]:
    """Median and 90th-percentile milliseconds of a computer turn and of a hint, per level."""
    turns: dict[str, list[float]] = {level: [] for level in levels}
    hints: dict[str, list[float]] = {level: [] for level in levels}
    clock = time.perf_counter
    for variant_id in variant_ids:
        variant = get_variant(variant_id)
        for players in (2, 4):
            for index in range(rounds):
                for level in levels:
                    bot = get_bot(level)
                    rng = random.Random(index)
                    state = Round.deal(variant, [f"P{i}" for i in range(players)], seed=deal_seed(seed, index))
                    for _ in range(400):
                        if state.phase is Phase.OVER:
                            break
                        start = clock()
                        suggest(state, state.to_move, level=level)
                        hints[level].append(clock() - start)
                        start = clock()
                        state = _turn(bot, state, rng)
                        turns[level].append(clock() - start)
    figures: dict[str, dict[str, float]] = {}
    for level in levels:
        figures[level] = {
            "turn_median_ms": round(statistics.median(turns[level]) * 1000, 2),
            "turn_p90_ms": round(statistics.quantiles(turns[level], n=10)[-1] * 1000, 2),
            "hint_median_ms": round(statistics.median(hints[level]) * 1000, 2),
            "hint_p90_ms": round(statistics.quantiles(hints[level], n=10)[-1] * 1000, 2),
            "samples": len(turns[level]),
        }
    return figures


def _each_pairing(
    pairings: list[tuple[str, ...]], variants: list[str], run: Callable[[str, str, str], dict[str, Any]]
) -> Iterator[dict[str, Any]]:
    """``run(variant, first, second)`` for every pairing and variant, pairing by pairing."""
    for first, second in pairings:
        for variant_id in variants:
            yield run(variant_id, first, second)


def _pairing_cells(row: dict[str, Any]) -> str:
    return f"{row['variant']:12} {row['first'] + ' v ' + row['second']:16}"


def main() -> None:
    """Run the benchmarks and print the tables."""
    parser = arguments(__doc__, raw=True)
    parser.add_argument("--rounds", type=int, default=1000, help="two-player rounds per pairing and variant")
    parser.add_argument("--variants", help=f"comma-separated preset ids (default all; --short: {SHORT_VARIANTS})")
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS), help="e.g. coach-greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-rounds", type=int, default=8, help="rounds per variant and table size timed")
    parser.add_argument("--games", type=int, default=0, help="also play this many whole games per pairing")
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    if args.short:
        args.rounds, args.speed_rounds = SHORT_ROUNDS, 1
    chosen = args.variants or (SHORT_VARIANTS if args.short else ",".join(PRESETS))
    variants = [v for v in chosen.split(",") if v]
    figures: dict[str, Any] = {"strength": [], "speed": {}}
    pairings = [tuple(p.split("-")) for p in args.pairings.split(",")]
    if not args.skip_strength:
        print(f"{'variant':12} {'pairing':16} {'rounds':>6} {'win rate':>16} {'mean score diff':>18} {'time':>8}")
        for row in _each_pairing(pairings, variants, lambda v, a, b: duel(v, a, b, args.rounds, args.seed)):
            figures["strength"].append(row)
            measured(row["decisions"], f"{_pairing_cells(row).strip()}: decisions played")
            print(
                f"{_pairing_cells(row)} {row['rounds']:>6} "
                f"{row['win_rate'] * 100:8.1f} % ±{row['win_rate_margin'] * 100:4.1f} "
                f"{row['mean_score_diff']:+10.1f} ±{row['mean_score_diff_margin']:5.1f} {row['seconds']:7.0f}s",
                flush=True,
            )
    if args.games:
        figures["games"] = []
        print(f"\n{'variant':12} {'pairing':16} {'games':>6} {'games won':>16} {'rounds a game':>14} {'time':>8}")
        for row in _each_pairing(pairings, variants, lambda v, a, b: games(v, a, b, args.games, args.seed)):
            figures["games"].append(row)
            measured(row["rounds_per_game"], f"{_pairing_cells(row).strip()}: rounds a game")
            print(
                f"{_pairing_cells(row)} {row['games']:>6} "
                f"{row['game_win_rate'] * 100:8.1f} % ±{row['game_win_rate_margin'] * 100:4.1f} "
                f"{row['rounds_per_game']:14.1f} {row['seconds']:7.0f}s",
                flush=True,
            )
    if not args.skip_speed:
        levels = ["greedy", "coach"]
        figures["speed"] = speed(variants, levels, args.speed_rounds, args.seed)
        print(f"\n{'level':8} {'turn median':>12} {'turn p90':>10} {'hint median':>12} {'hint p90':>10} {'target':>8}")
        for level, row in figures["speed"].items():
            for key in ("turn_median_ms", "turn_p90_ms", "hint_median_ms", "hint_p90_ms"):
                measured(row[key], f"{level}: {key}")
            target = "" if args.short else f"{TARGETS_MS[level]:5.0f} ms"
            print(
                f"{level:8} {row['turn_median_ms']:9.1f} ms {row['turn_p90_ms']:7.1f} ms "
                f"{row['hint_median_ms']:9.1f} ms {row['hint_p90_ms']:7.1f} ms {target}"
            )
    write_json(args.json, figures)


if __name__ == "__main__":
    run_main(main)

"""Why a level wins or loses its rounds against others (issue 36): who goes out, when, and with what.

The same seeded deals as ``bench_coach.py`` (every deal from every seat), played to the end; for the level's
seat and, averaged, for the others' seats: the share of rounds won, the share in which that seat went out,
the points laid, the points caught in hand at the end, the points the others laid off on that seat's melds
(lay-offs given away), the takes from the pile (and Rommi calls), the penalties and the round score. Also the
mean number of turns a round lasts and how rounds end.

Run: ``python benchmarks/bench_round_story.py --level sharp --against greedy --rounds 48 --players 3 --variants rommi``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, run_main, write_json  # noqa: E402
from engine.bots import get_bot  # noqa: E402
from engine.bots.registry import play_round  # noqa: E402
from engine.moves import Discard, Move, Rommi, Take  # noqa: E402
from engine.round import Round  # noqa: E402
from engine.scoring import card_points  # noqa: E402
from engine.seeds import round_seed  # noqa: E402
from engine.variants import PRESETS, get_variant  # noqa: E402


class Watch:
    """Counts a round's takes and Rommi calls per seat, and its discards (a ``play_round`` observer)."""

    def __init__(self, players: int) -> None:
        self.takes = [0] * players
        self.calls = [0] * players
        self.discards = 0

    def observe(self, before: Round, seat: int, move: Move, after: Round) -> None:
        """Note a take, a call or a discard."""
        if isinstance(move, Take):
            self.takes[seat] += 1
        elif isinstance(move, Rommi):
            self.calls[seat] += 1
        elif isinstance(move, Discard):
            self.discards += 1


FIGURES = ("won", "out", "laid", "caught", "given", "takes", "calls", "penalty", "score")


def story(variant_id: str, level: str, against: str, players: int, rounds: int, seed: int) -> dict[str, Any]:
    """The figures of ``rounds`` rounds: for the level (``mine``) and the mean other seat (``theirs``)."""
    variant = get_variant(variant_id)
    mine, other = get_bot(level), get_bot(against)
    sums: dict[str, dict[str, float]] = {"mine": dict.fromkeys(FIGURES, 0.0), "theirs": dict.fromkeys(FIGURES, 0.0)}
    ended: Counter[str] = Counter()
    turns = 0
    names = [f"P{i}" for i in range(players)]
    for index in range(rounds):
        deal, where = divmod(index, players)
        bots = [mine if s == where else other for s in range(players)]
        state = Round.deal(variant, names, seed=round_seed(seed, deal + 1), round_number=deal + 1)
        rng = random.Random(round_seed(seed, index + 1))
        watch = Watch(players)
        final, _ = play_round(state, bots, rng, on_move=watch.observe)
        takes, calls = watch.takes, watch.calls
        turns += watch.discards
        ended[final.ended_by or "unknown"] += 1
        scores = [s.round for s in final.scores()]
        best = max(scores)
        given = [0] * players
        for meld in final.table:
            for card, layer in zip(meld.cards, meld.layers, strict=False):
                if layer != meld.owner:
                    given[meld.owner] += card_points(variant, card, meld.shape)
        for seat, score in enumerate(scores):
            figures: dict[str, float] = {
                "won": 1 / scores.count(best) if score == best else 0.0,
                "out": float(final.went_out == seat),
                "laid": final.scores()[seat].laid,
                "caught": final.scores()[seat].hand,
                "given": given[seat],
                "takes": takes[seat],
                "calls": calls[seat],
                "penalty": final.penalties[seat],
                "score": score,
            }
            side = "mine" if seat == where else "theirs"
            share = 1.0 if side == "mine" else 1 / (players - 1)
            for key, value in figures.items():
                sums[side][key] += value * share
    result: dict[str, Any] = {
        "variant": variant_id,
        "players": players,
        "rounds": rounds,
        "turns": round(turns / rounds, 1),
        "ended_by": dict(ended),
    }
    for side, counter in sums.items():
        result[side] = {key: round(counter[key] / rounds, 2) for key in FIGURES}
    return result


def main() -> None:
    """Play every cell and print the figures."""
    parser = arguments(__doc__, raw=True)
    parser.add_argument("--rounds", type=int, default=48)
    parser.add_argument("--variants", help="comma-separated preset ids (default all)")
    parser.add_argument("--level", default="sharp")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--players", default="3")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if args.short:
        args.rounds, args.variants, args.players = 3, "rommi", "3"
    variants = [v for v in (args.variants or ",".join(PRESETS)).split(",") if v]
    rows = []
    print(f"{'variant':12} {'pl':>2} {'side':6} " + " ".join(f"{k:>7}" for k in FIGURES) + "  turns ended_by")
    for players in [int(p) for p in args.players.split(",")]:
        for variant_id in variants:
            row = story(variant_id, args.level, args.against, players, args.rounds, args.seed)
            rows.append(row)
            for side in ("mine", "theirs"):
                print(
                    f"{variant_id:12} {players:>2} {side:6} "
                    + " ".join(f"{row[side][k]:7.2f}" for k in FIGURES)
                    + (f"  {row['turns']:5} {row['ended_by']}" if side == "mine" else ""),
                    flush=True,
                )
            mine = row["mine"]
            print(
                f"  {args.level} in {variant_id} at {players}: won {100 * mine['won']:.0f} % of {args.rounds} rounds,"
                f" went out in {100 * mine['out']:.0f} %, caught with {mine['caught']:.1f} points a round",
                flush=True,
            )
    write_json(args.json, {"cells": rows})


if __name__ == "__main__":
    run_main(main)

"""Prepared deals for a guided hand: per variant and table size, deal numbers whose round shows that
variant's key rules (the learner following the coach, the computer players ``greedy``).

``tutor/data/guided_deals.yaml`` lists them; ``python -m tutor.practice.deals`` finds them again (after the
coach or the engine changed), and a test replays each one and checks the rules it lists still come up.

>>> sorted(prepared_deals("rommi", 3)[0].shows) == sorted(set(prepared_deals("rommi", 3)[0].shows))
True
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from functools import cache
from typing import Final

import yaml

from engine.variants import PRESETS, Variant, get_variant
from tutor import resources
from tutor.practice.game import Game
from tutor.practice.guide import TOPICS, topics_now
from tutor.practice.seats import computer_seats
from tutor.seat.coach import suggest

#: The prepared deals' file.
DEALS_FILE: Final = resources.package_folder("tutor") / "data" / "guided_deals.yaml"
#: How many prepared deals a variant keeps per table size.
KEPT: Final = 3
LEARNER: Final = "You"


@dataclass(frozen=True, slots=True)
class PreparedDeal:
    """A deal number and the rules its guided round shows."""

    deal: int
    shows: tuple[str, ...]


def possible_topics(variant: Variant, players: int) -> set[str]:
    """The topics a round of ``variant`` with ``players`` can show at all."""
    found = set(TOPICS)
    if variant.discard_restriction == "none":
        found.discard("discard_restriction")
    if not variant.rommi_call or players < 3:
        found.discard("rommi")
    if not variant.rummy_call or players < 3:
        found.discard("rummy")
    if variant.empty_stock != "stop":
        found.discard("empty_stock")
    return found


def shown_topics(variant: Variant, players: int, deal: int) -> set[str]:
    """The topics the learner (seat 0, following the coach) meets in the first round of ``deal``."""
    game = Game.new(variant, computer_seats(LEARNER, players - 1, "greedy"), deal)
    seen: set[str] = set()
    for _ in range(400):
        pending = game.pending()
        if pending.kind in ("round_over", "game_over"):
            break
        if pending.kind in ("turn", "rommi") and pending.seat == 0:
            seen.update(topics_now(game.state, 0))
            advice = suggest(game.state, 0)
            if advice is None:
                game.pass_rommi()
            else:
                game.play(advice.move, 0)
        else:
            game.advance(limit=1)
    return seen


def find_deals(variant_id: str, players: int, tries: int = 30) -> list[PreparedDeal]:
    """The :data:`KEPT` deals among the first ``tries`` that show most of the variant's topics."""
    variant = get_variant(variant_id)
    wanted = possible_topics(variant, players)
    scored = []
    for deal in range(1, tries + 1):
        shown = shown_topics(variant, players, deal) & wanted
        scored.append((len(shown), -deal, PreparedDeal(deal, tuple(t for t in TOPICS if t in shown))))
    scored.sort(reverse=True)
    return [found for _, _, found in scored[:KEPT]]


@cache
def _loaded() -> dict[str, dict[int, list[PreparedDeal]]]:
    data = yaml.safe_load(DEALS_FILE.read_text(encoding="utf-8")) or {}
    return {
        variant: {int(n): [PreparedDeal(int(d["deal"]), tuple(d["shows"])) for d in deals] for n, deals in sizes.items()}
        for variant, sizes in data.items()
    }


def prepared_deals(variant_id: str, players: int) -> list[PreparedDeal]:
    """The prepared deals of ``variant_id`` at a table of ``players`` (none for a size not prepared)."""
    return _loaded().get(variant_id, {}).get(players, [])


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.practice.deals [--tries N]``: find the prepared deals again and write the file."""
    parser = argparse.ArgumentParser(description="Find the prepared deals of a guided hand.")
    parser.add_argument("--tries", type=int, default=30)
    args = parser.parse_args(argv)
    out: dict[str, dict[int, list[dict[str, object]]]] = {}
    for variant_id in PRESETS:
        out[variant_id] = {}
        for players in (2, 3):
            deals = find_deals(variant_id, players, args.tries)
            out[variant_id][players] = [{"deal": d.deal, "shows": list(d.shows)} for d in deals]
            print(variant_id, players, [(d.deal, d.shows) for d in deals], flush=True)
    header = (
        "# Prepared deals of a guided hand (tutor/practice/deals.py): per variant and table size, deal numbers\n"
        "# whose first round shows these rules to a learner who follows the coach. Made by\n"
        "# `python -m tutor.practice.deals`; tests/test_guide.py replays them.\n"
    )
    DEALS_FILE.write_text(header + yaml.safe_dump(out, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())




"""A fingerprint of the engine's behaviour, for proving that a speed change changed nothing a player sees.

Seeded random rounds of every preset, at every player count from 2 to 4 the preset allows, under five
house-rule mixes; at each state it writes down every field, the whole listing, each seat's own listing and
Rommi calls (asked of a fresh copy, so the seat path is taken rather than the memo), the answer to every
Rommi call a seat might try (the state after it, or the refusal's code and sentence key), the state after
the chosen action both through the listing's trusted path and through the checked one, and the scores at
the end. Each setup prints one line, its name and a hash of all that; ``--dump DIR`` also writes the text.

Run it on two trees and compare the output (``--engine-root`` puts another tree's ``engine`` first):

    python tools/engine_fingerprint.py --rounds 30 > new.txt
    python tools/engine_fingerprint.py --rounds 30 --engine-root /tmp/old > old.txt && diff old.txt new.txt

``--probe`` (the default) asks every seat's Rommi calls of every state; ``--no-probe`` leaves that out and
runs several times faster.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: The house-rule mixes, each tried on every preset (the rules a preset does not take are left out).
MIXES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("plain", {}),
    ("jokers", {"jokers": True, "jokers_per_deck": 3}),
    ("strict", {"jokers": True, "layoff_needs_own_meld": True, "going_out_requires_discard": True}),
    ("lenient", {"no_meld_first_turn": True, "unusable_pile_penalty": 50, "top_card_free": True}),
    ("calls", {"rommi_call_with_hand": True, "rummy_call": True, "jokers": True, "stock_out": "reshuffle"}),
)


def setups() -> Iterator[tuple[str, Any, int]]:
    """(name, variant, players) of every setup: each preset, player count and mix."""
    from engine.variants import PRESETS, HouseRuleError, get_variant, house_rules_that_apply

    for preset in PRESETS:
        applies = house_rules_that_apply(preset)
        for mix, rules in MIXES:
            kept = {k: v for k, v in rules.items() if k in applies}
            while True:
                try:
                    variant = get_variant(preset, kept)
                    break
                except HouseRuleError as refused:  # a pair the preset does not take together: drop one
                    kept.pop(refused.field if refused.field in kept else next(reversed(kept)))
            for players in range(max(2, variant.min_players), min(4, variant.max_players) + 1):
                yield f"{preset}/{players}/{mix}", variant, players


#: A frozenset's text, whose order changes from run to run (cards hash by identity): written sorted.
_FROZEN = re.compile(r"frozenset\(\{([^{}]*)\}\)")


def described(state: Any) -> str:
    """Every field of ``state`` but the variant and the memo, as text (sets sorted)."""
    from engine.round_state import FIELDS

    text = "|".join(f"{name}={getattr(state, name)!r}" for name in FIELDS if name != "variant")
    return _FROZEN.sub(lambda m: "frozenset({" + ", ".join(sorted(m.group(1).split(", "))) + "})", text)


def outcome(state: Any, move: Any, seat: int) -> str:
    """The state after ``move`` by ``seat`` (applied to a fresh copy, so every check runs), or the refusal."""
    from engine.errors import RulesError

    try:
        return described(state.replace().apply(move, seat))
    except RulesError as refused:
        return f"refused {refused.code} {refused.reason} {sorted(refused.values.items())!r}"


def fingerprint_round(variant: Any, players: int, seed: int, probe: bool, out: list[str]) -> None:
    """Play one seeded random round, writing what it shows into ``out``."""
    from engine.moves import Rommi
    from engine.round import Phase, Round

    names = [f"P{i}" for i in range(players)]
    rng = random.Random(seed)
    state = Round.deal(variant, names, seed=seed)
    while state.phase is not Phase.OVER:
        out.append(described(state))
        if probe:
            fresh = state.replace()
            for seat in range(players):
                out.append(f"seat {seat}: {[str(m) for _, m in fresh.legal(seat)]}")
                out.append(f"calls {seat}: {[str(m) for _, m in state.replace().rommi_calls(seat)]}")
                if state.rommi_from is not None and variant.rommi_call:
                    for n in range(1, len(state.pile) + 1):
                        out.append(f"try {seat} rommi {n}: {outcome(state, Rommi(n), seat)}")
        actions = state.legal_actions()
        out.append(f"actions: {[(s, str(m)) for s, m in actions]}")
        seat, move = actions[rng.randrange(len(actions))]
        after = state.apply(move, seat)
        checked = outcome(state, move, seat)
        if checked != described(after):
            out.append(f"MISMATCH trusted and checked apply of {move} by {seat}: {checked}")
        state = after
    out.append(f"scores: {state.scores()!r}")


def main() -> None:
    """Print one line per setup: its name and the hash of its rounds."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30, help="rounds per setup (default: %(default)s)")
    parser.add_argument("--engine-root", type=Path, default=ROOT, help="the tree whose engine is run")
    parser.add_argument("--no-probe", dest="probe", action="store_false", help="leave out every seat's calls")
    parser.add_argument("--only", default="", help="only the setups whose name starts with this")
    parser.add_argument("--dump", type=Path, help="also write each setup's text into this folder")
    args = parser.parse_args()
    sys.path.insert(0, str(args.engine_root.resolve()))
    import engine
    from engine.cards import Card

    print(f"engine of {Path(engine.__file__).parent.parent}", file=sys.stderr)
    Card.parse("AS")
    digests = hashlib.sha256()
    for name, variant, players in setups():
        if not name.startswith(args.only):
            continue
        out: list[str] = []
        for index in range(args.rounds):
            out.append(f"round {index}")
            fingerprint_round(variant, players, 1000 * players + index, args.probe, out)
        text = "\n".join(out)
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        digests.update(digest.encode())
        print(f"{name:32} {digest}  ({len(out)} lines)", flush=True)
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            (args.dump / (name.replace("/", "_") + ".txt")).write_text(text)
    print(f"all {digests.hexdigest()[:16]}")


if __name__ == "__main__":
    main()

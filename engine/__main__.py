"""``python -m engine replay FILE`` and ``python -m engine simulate …``, as ``RECORD.md`` says."""

from __future__ import annotations

import argparse
import sys

from engine.errors import RecordError
from engine.record import load_record, replay, to_json
from engine.simulate import simulate
from engine.variants import PRESETS, HouseRuleError


def main(argv: list[str] | None = None) -> int:
    """Run a command; return its exit code (0 fine, 1 an illegal move, 2 bad input)."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="The 500 rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    rep = commands.add_parser("replay", help="apply a record's moves and print the result as JSON")
    rep.add_argument("file", help="a record, YAML or JSON")
    sim = commands.add_parser("simulate", help="play rounds between computer players and print statistics")
    sim.add_argument("--variant", required=True, choices=sorted(PRESETS))
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--rounds", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bot", default="random", help="random, greedy or coach; or one per seat, comma-separated")
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            result = replay(load_record(args.file), args.file)
        except RecordError as error:
            print(str(error), file=sys.stderr)
            return 2
        print(to_json(result))
        return 0 if result["ok"] else 1
    try:
        stats = simulate(args.variant, args.players, args.rounds, args.seed, args.bot.split(","))
    except (KeyError, ValueError, HouseRuleError) as error:
        print(f"simulate: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    print(to_json(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())

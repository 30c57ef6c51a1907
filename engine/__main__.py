"""``python -m engine replay FILE`` and ``python -m engine simulate …``, as ``docs/record.md`` says.

Exit codes: 0 fine, 1 an illegal move (``replay``), 2 bad input (a bad file, a bad option). Output to a
closed pipe (``… | head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from engine.bots.simulate import simulate
from engine.errors import RecordError
from engine.records.game import load_record, replay, to_json
from engine.variants import PRESETS, HouseRuleError, get_variant

#: The computer players ``--bot`` may name.
BOT_NAMES = ("random", "greedy", "coach")


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number (ASCII digits, an optional minus) of at least ``least``.

    >>> whole_number(1)("3")
    3
    >>> whole_number(1)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 up, not -1
    """

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}")
        value = int(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"must be a whole number from {least} up, not {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The 500 rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    rep = commands.add_parser(
        "replay",
        help="apply a record's moves and print the result as JSON",
        description="Apply a record's moves and print the result as one JSON object. "
        "Exit 0: all moves legal; 1: a move was illegal; 2: the file is bad (one line on stderr).",
    )
    rep.add_argument("file", help="a record, YAML or JSON, of at most 1 MB")
    sim = commands.add_parser(
        "simulate",
        help="play rounds between computer players and print statistics",
        description="Play seeded rounds between computer players and print statistics as one JSON object.",
    )
    sim.add_argument("--variant", required=True, choices=sorted(PRESETS), help="the preset to play (required)")
    sim.add_argument(
        "--players",
        type=whole_number(-(10**18)),
        default=2,
        help="players at the table, within the variant's range (default: %(default)s)",
    )
    sim.add_argument(
        "--rounds", type=whole_number(1), default=100, help="rounds to play, from 1 up (default: %(default)s)"
    )
    sim.add_argument(
        "--seed", type=whole_number(-(10**18)), default=0, help="seed of the first deal (default: %(default)s)"
    )
    sim.add_argument(
        "--bot",
        default="random",
        help=f"computer player: {', '.join(BOT_NAMES)}; or one per seat, comma-separated (default: %(default)s)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a command; return its exit code (0 fine, 1 an illegal move, 2 bad input)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            result = replay(load_record(args.file), args.file)
        except RecordError as error:
            print(_printable(str(error)), file=sys.stderr)
            return 2
        return _emit(to_json(result), 0 if result["ok"] else 1)
    variant = get_variant(args.variant)
    if not variant.min_players <= args.players <= variant.max_players:
        parser.exit(
            2,
            f"python -m engine simulate: --players: {variant.id} is played by "
            f"{variant.min_players}–{variant.max_players} players, not {args.players}\n",
        )
    bots = [b.strip() for b in args.bot.split(",")]
    try:
        stats = simulate(args.variant, args.players, args.rounds, args.seed, bots)
    except (KeyError, ValueError, HouseRuleError) as error:
        print(f"python -m engine simulate: --bot: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    return _emit(to_json(stats), 0)


def _printable(text: str) -> str:
    """``text`` with control characters written as escapes, so a file name cannot steer the terminal."""
    return "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)


def _emit(line: str, code: int) -> int:
    """Print ``line`` on stdout; a closed pipe (``| head``) is not an error."""
    try:
        print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at /dev/null so that raises nothing either.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return code


if __name__ == "__main__":
    sys.exit(main())

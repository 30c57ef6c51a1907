"""``python -m tools.curriculum map --variant V [--house-rule K=V …] [--json]``: print a table's course map."""

from __future__ import annotations

import argparse
import json
import sys

import yaml

from engine.errors import RecordError
from engine.variants import PRESETS, HouseRuleError, get_variant
from tools.course_map import course_map, map_text
from tutor.course.track import track_for


def main(argv: list[str] | None = None) -> int:
    """Run the command; 0 on success, 2 for a bad variant or house rule, 1 for a broken lesson or task file."""
    parser = argparse.ArgumentParser(prog="python -m tools.curriculum", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    shown = commands.add_parser("map", help="the lessons and tasks of one table, in order")
    shown.add_argument("--variant", required=True, choices=list(PRESETS))
    shown.add_argument("--house-rule", action="append", default=[], metavar="K=V", help="a house rule, as in a record (jokers=true)")
    shown.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(argv)
    try:
        rules = dict(_pair(text) for text in args.house_rule)
        variant = get_variant(args.variant, rules)
    except (ValueError, HouseRuleError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        data = course_map(track_for(variant))
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else map_text(data))
    return 0


def _pair(text: str) -> tuple[str, object]:
    """``jokers=true`` → ("jokers", True): the value read as YAML reads it, as a record's house rules are."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise ValueError(f"“{text}” is not a house rule: write NAME=VALUE, like jokers=true")
    return name.strip(), yaml.safe_load(value)


if __name__ == "__main__":
    sys.exit(main())

"""Interpreter instructions per decision of random self-play, counted by valgrind: a figure that a shared,
noisy machine does not move, for telling whether a change to the engine makes it faster.

The same play as ``bench_engine.py`` (3 players, every preset, fixed seeds, the same warm-up) is run twice
under ``valgrind --tool=cachegrind``: once with no rounds after the warm-up and once with ``--rounds``; the
difference, over the decisions played, leaves out start-up and warm-up. RLCard's gin rummy the same way
when it is installed. Needs valgrind (``apt-get install valgrind``); a run takes a minute or two.

Run: ``python benchmarks/bench_instructions.py`` (``--rounds 8``, ``--players 3``, ``--variants rommi,dansk``).
CPU time is what the targets are set in (``bench_engine.py``); this counts work, not time, so caches and
memory weigh less here than in a timed run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The play counted, run in a child process: ``ours ROUNDS PLAYERS VARIANTS`` or ``rlcard ROUNDS``.
CHILD = """
import sys
sys.path.insert(0, {root!r})
from benchmarks.bench_engine import ours_block, rlcard_block
from engine.cards import Card
Card.parse("AS")
side, rounds = sys.argv[1], int(sys.argv[2])
if side == "ours":
    players, variants = int(sys.argv[3]), sys.argv[4].split(",")
    for v in variants:
        ours_block(v, players, 3, 999)
    print("decisions", sum(ours_block(v, players, rounds, 5)[1] for v in variants) if rounds else 0)
else:
    rlcard_block(3, 999)
    block = rlcard_block(rounds, 5) if rounds else (0.0, 0)
    print("decisions", block[1] if block else 0)
"""


def counted(args: list[str]) -> tuple[int, int]:
    """(decisions, instructions) of one child run under cachegrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, "-c", CHILD.format(root=str(ROOT)), *args]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same set orders, so the same games, every run
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if decisions is None or refs is None:
        raise RuntimeError(f"no count of decisions or instructions:\n{done.stdout[-500:]}\n{done.stderr[-2000:]}")
    return int(decisions.group(1)), int(refs.group(1).replace(",", ""))


def per_decision(args_without_rounds: list[str], rounds: int) -> tuple[int, float]:
    """(decisions, instructions per decision) of ``rounds`` rounds, start-up and warm-up left out."""
    _, base = counted([args_without_rounds[0], "0", *args_without_rounds[1:]])
    decisions, total = counted([args_without_rounds[0], str(rounds), *args_without_rounds[1:]])
    return decisions, (total - base) / max(1, decisions)


def main() -> None:
    """Count and print."""
    from engine.variants import PRESETS

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=8, help="rounds per preset after the warm-up")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variants", default=",".join(PRESETS), help="presets, comma-separated")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    decisions, ours = per_decision(["ours", str(args.players), args.variants], args.rounds)
    print(f"ours ({args.variants}, {args.players} players): {decisions} decisions, {ours:,.0f} instructions a decision")
    if importlib.util.find_spec("rlcard") is None:
        print("RLCard is not installed: pip install -e '.[bench]'")
        return
    decisions, theirs = per_decision(["rlcard"], args.rounds * 2)
    print(f"RLCard gin rummy: {decisions} decisions, {theirs:,.0f} instructions a decision (ratio {ours / theirs:.2f})")


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    main()

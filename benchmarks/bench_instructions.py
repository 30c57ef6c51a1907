"""Interpreter instructions per decision of random self-play, counted by valgrind: a figure that a shared,
noisy machine does not move, for telling whether a change to the engine makes it faster.

The same play as ``bench_engine.py`` (3 players, every preset, fixed seeds, the same warm-up) is run twice
under ``valgrind --tool=cachegrind``: once with no rounds after the warm-up and once with ``--rounds``; the
difference, over the decisions played, leaves out start-up and warm-up. RLCard's gin rummy the same way
when it is installed. Needs valgrind (``apt-get install valgrind``); a run takes a minute or two.

Run: ``python benchmarks/bench_instructions.py`` (``--rounds 8``, ``--players 3``, ``--variants rommi,dansk``,
``--json PATH``; ``--short``: one round of rommi after a one-round warm-up, RLCard left out; without valgrind
it plays the same child process uncounted and says the count was skipped).
CPU time is what the targets are set in (``bench_engine.py``); this counts work, not time, so caches and
memory weigh less here than in a timed run.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, fail, measured, run_main, write_json  # noqa: E402

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
        ours_block(v, players, {warmup}, 999)
    print("decisions", sum(ours_block(v, players, rounds, 5)[1] for v in variants) if rounds else 0)
else:
    rlcard_block({warmup}, 999)
    block = rlcard_block(rounds, 5) if rounds else (0.0, 0)
    print("decisions", block[1] if block else 0)
"""


#: Warm-up rounds per preset before the counted ones (``--short``: one).
WARMUP = 3
#: ``--short``: the preset and the rounds counted.
SHORT_VARIANTS = "rommi"
SHORT_ROUNDS = 1


def counted(args: list[str], warmup: int = WARMUP, valgrind: bool = True) -> tuple[int, int]:
    """(decisions, instructions) of one child run under cachegrind (``valgrind`` False: run without it,
    and no instructions are counted: 0)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"] if valgrind else []
    command += [sys.executable, "-c", CHILD.format(root=str(ROOT), warmup=warmup), *args]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same set orders, so the same games, every run
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        fail(f"the child play {args} exited with {done.returncode}: {done.stderr.strip().splitlines()[-1:]}")
    decisions = re.search(r"decisions (\d+)", done.stdout)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if decisions is None or (valgrind and refs is None):
        fail(f"no count of decisions or instructions from the child play {args}")
    return int(decisions.group(1)), int(refs.group(1).replace(",", "")) if refs is not None else 0


def per_decision(args_without_rounds: list[str], rounds: int, warmup: int = WARMUP) -> tuple[int, float]:
    """(decisions, instructions per decision) of ``rounds`` rounds, start-up and warm-up left out. The two
    counted runs (without and with the rounds) run side by side: instructions do not depend on the load."""
    side, rest = args_without_rounds[0], args_without_rounds[1:]
    with ThreadPoolExecutor(2) as pool:
        without = pool.submit(counted, [side, "0", *rest], warmup)
        decisions, total = counted([side, str(rounds), *rest], warmup)
        _, base = without.result()
    what = f"{args_without_rounds[0]}: instructions a decision"
    return int(measured(decisions, f"{args_without_rounds[0]}: decisions")), measured((total - base) / decisions, what)


def main() -> None:
    """Count and print."""
    from engine.variants import PRESETS

    parser = arguments(__doc__, raw=True)
    parser.add_argument("--rounds", type=int, default=8, help="rounds per preset after the warm-up")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variants", help=f"presets, comma-separated (default all; --short: {SHORT_VARIANTS})")
    args = parser.parse_args()
    rounds, warmup = (SHORT_ROUNDS, 1) if args.short else (args.rounds, WARMUP)
    variants = args.variants or (SHORT_VARIANTS if args.short else ",".join(PRESETS))
    ours_args = ["ours", str(args.players), variants]
    figures: dict[str, float] = {}
    if shutil.which("valgrind") is None:
        if not args.short:
            fail("instructions a decision: valgrind is not installed (apt-get install valgrind)")
        decisions, _ = counted([ours_args[0], str(rounds), *ours_args[1:]], warmup, valgrind=False)
        figures["decisions"] = measured(decisions, "ours: decisions")
        print(f"ours ({variants}, {args.players} players): {decisions} decisions played")
        print("instruction count skipped: valgrind is not installed (apt-get install valgrind)")
        write_json(args.json, figures)
        return
    decisions, ours = per_decision(ours_args, rounds, warmup)
    figures.update(decisions=decisions, instructions=ours)
    print(f"ours ({variants}, {args.players} players): {decisions} decisions, {ours:,.0f} instructions a decision")
    if args.short:
        print("RLCard comparison skipped: --short counts the engine only")
    elif importlib.util.find_spec("rlcard") is None:
        print("RLCard comparison skipped: RLCard is not installed (pip install -e '.[bench]')")
    else:
        decisions, theirs = per_decision(["rlcard"], args.rounds * 2)
        figures.update(rlcard_decisions=decisions, rlcard_instructions=theirs, ratio=ours / theirs)
        print(f"RLCard gin rummy: {decisions} decisions, {theirs:,.0f} instructions a decision (ratio {ours / theirs:.2f})")
    write_json(args.json, figures)


if __name__ == "__main__":
    run_main(main)

"""Play together: the time from a move on one device to its sight on another (issue 13).

Two processes share one tables file, as two ``streamlit run`` servers (or two sessions of one) would: the
mover makes a move every 0.4–1.0 s (a random pause, so the moves fall anywhere in the watcher's polling
cycle); the watcher does what a device's page does: it looks at the table's version every
``--poll`` seconds (the page's ``st.fragment(run_every=0.5)``) and, when it moved, reads the table as its
seat sees it (the data of the page's rerun). Prints the median and the 95th percentile of commit → seen.
The browser's drawing of the rerun comes on top (tens of milliseconds: ``bench_app.py`` times a rerun).

Run: ``python benchmarks/bench_together.py`` (``--moves 40 --poll 0.5``, ``--json PATH``; ``--short``: 5 moves).
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.measure import arguments, fail, median, run_main, write_json
from engine.bots import get_bot
from tutor.together.model import StaleError
from tutor.together.store import SqlTableStore

SHORT_MOVES = 5


def mover(path: str, code: str, tokens: list[str], moves: int, sent: multiprocessing.Queue[tuple[int, float]]) -> None:
    """Make ``moves`` moves for whichever seat is to move, reporting (version, commit time) of each."""
    store = SqlTableStore(path)
    rng = random.Random(1)
    bot = get_bot("greedy")
    for _ in range(moves):
        time.sleep(rng.uniform(0.4, 1.0))
        view = store.view(code, tokens[0])
        assert view.seen is not None
        if view.seen.position.round_over:
            break
        token = tokens[view.seen.to_move]
        seen = store.view(code, token)
        assert seen.seen is not None
        move = bot.move(seen.seen.position, rng)
        try:
            version = store.move(code, token, move, seen.version)
        except StaleError:
            continue
        sent.put((version, time.time()))
    sent.put((-1, 0.0))


def watcher(path: str, code: str, token: str, poll: float, seen: multiprocessing.Queue[tuple[int, float]]) -> None:
    """Poll the version every ``poll`` seconds; on a change read the table, reporting (version, time)."""
    store = SqlTableStore(path)
    last = store.version(code)
    deadline = time.time() + 600
    while time.time() < deadline:
        time.sleep(poll)
        version = store.version(code)
        if version != last:
            store.view(code, token)
            seen.put((version, time.time()))
            last = version


def main() -> None:
    """Run the two processes and print the figures."""
    parser = arguments(__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=40, help=f"moves to make (default 40; --short: {SHORT_MOVES})")
    parser.add_argument("--poll", type=float, default=0.5)
    args = parser.parse_args()
    moves = SHORT_MOVES if args.short else args.moves
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "tables.sqlite3")
        store = SqlTableStore(path)
        host = store.create_table("femhundra", {}, 2)
        tokens = [store.join(host.code, "Anna").token, store.join(host.code, "Bertil").token]
        store.start(host.code, host.token, seed=3)
        context = multiprocessing.get_context("spawn")
        sent: multiprocessing.Queue[tuple[int, float]] = context.Queue()
        seen: multiprocessing.Queue[tuple[int, float]] = context.Queue()
        watch = context.Process(target=watcher, args=(path, host.code, tokens[1], args.poll, seen), daemon=True)
        move = context.Process(target=mover, args=(path, host.code, tokens, moves, sent))
        watch.start()
        time.sleep(1.0)
        move.start()
        commits: dict[int, float] = {}
        while True:
            try:
                version, when = sent.get(timeout=60)
            except queue.Empty:
                fail("a move on one device: the mover sent nothing for 60 s")
            if version < 0:
                break
            commits[version] = when
        move.join()
        time.sleep(args.poll * 2)
        watch.terminate()
        watch.join()
        latencies = []
        while not seen.empty():
            version, when = seen.get()
            if version in commits:
                latencies.append(when - commits[version])
    latencies.sort()
    middle = median((x * 1000 for x in latencies), "a move seen on another device (ms)")
    p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)] * 1000
    print(f"{len(latencies)} moves seen; poll every {args.poll:g} s")
    print(f"move → seen on another device: median {middle:.0f} ms, p95 {p95:.0f} ms")
    write_json(args.json, {"moves_seen": len(latencies), "poll_s": args.poll, "median_ms": middle, "p95_ms": p95})


if __name__ == "__main__":
    run_main(main)

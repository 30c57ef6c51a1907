"""Play together: the time from a move on one device to its sight on another (issue 13).

Two processes share one tables file, as two ``streamlit run`` servers (or two sessions of one) would: the
mover makes a move every 0.4–1.0 s (a random pause, so the moves fall anywhere in the watcher's polling
cycle); the watcher does what a device's page does: it looks at the table's version every
``--poll`` seconds (the page's ``st.fragment(run_every=0.5)``) and, when it moved, reads the table as its
seat sees it (the data of the page's rerun). Prints the median and the 95th percentile of commit → seen.
The browser's drawing of the rerun comes on top (tens of milliseconds: ``bench_app.py`` times a rerun).

Run: ``python benchmarks/bench_together.py`` (``--moves 40 --poll 0.5``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import get_bot
from tutor.together.model import StaleError
from tutor.together.sql_store import SqlTableStore


def mover(path: str, code: str, tokens: list[str], moves: int, sent: multiprocessing.Queue[tuple[int, float]]) -> None:
    """Make ``moves`` moves for whichever seat is to move, reporting (version, commit time) of each."""
    store = SqlTableStore(path)
    rng = random.Random(1)
    bot = get_bot("greedy")
    for _ in range(moves):
        time.sleep(rng.uniform(0.4, 1.0))
        view = store.view(code, tokens[0])
        assert view.position is not None
        if view.position.round_over:
            break
        token = tokens[view.position.to_move]
        seen = store.view(code, token)
        assert seen.position is not None
        move = bot.move(seen.position, rng)
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--poll", type=float, default=0.5)
    args = parser.parse_args()
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
        move = context.Process(target=mover, args=(path, host.code, tokens, args.moves, sent))
        watch.start()
        time.sleep(1.0)
        move.start()
        commits: dict[int, float] = {}
        while True:
            version, when = sent.get()
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
    p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)]
    print(f"{len(latencies)} moves seen; poll every {args.poll:g} s")
    print(
        f"move → seen on another device: median {statistics.median(latencies) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()

"""The storage layer under load, SQLite and PostgreSQL side by side in one run (issue 26).

**Tables**: ``--tables`` tables of three seats (50), dealt and started, played by 1, 2 and 4 processes
(as that many app servers) for ``--seconds`` each: every process picks a table at random, looks at it as
the seat to move does, and sends a random legal move (the ``random`` bot) through the store. Several
processes may pick the same table at once: the one that comes second is refused as a phone would be (the
table moved on; counted as "stale", never applied). Meanwhile one more process does what ten phones at ten
tables do: it looks at each table's version every 0.5 s and, when it moved, reads the table as another
seat sees it. Printed: moves per second, p50 and p95 of a move's commit (the ``move`` call), p95 from a
commit to its sight on another seat, and the check that every move made is in the log exactly once.

**Progress**: 200 learners, the same processes writing what a learner's clicks write (a scenario's stars,
the place to resume, a finished lesson) for ``--seconds``; writes per second, p50/p95, and the check that
every scenario attempt is counted exactly once.

SQLite: files in a temporary folder (the tables file ``synchronous = NORMAL``, progress ``FULL``, as the
app). PostgreSQL: a throw-away cluster of Debian's server with its default, durable settings (fsync on),
on a unix socket (:mod:`harness.postgres`). Errors a player would see ("database is locked", a deadlock)
are counted and printed; there should be none.

Run: ``python benchmarks/bench_store.py`` (``--seconds 8 --tables 50 --processes 1 2 4``, ``--json PATH``;
``--short``: SQLite only, 5 tables, one process for 1.5 s, unless ``--backends`` names PostgreSQL too).
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import func, select

from benchmarks.measure import arguments, fail, measured, run_main, write_json
from engine.bots import get_bot
from harness.postgres import postgres_missing, throwaway_cluster
from tutor.progress import ProgressStore
from tutor.progress.layout import scenario_result
from tutor.storage.engines import forget_engines, open_engine, reading
from tutor.together.model import StaleError, TableError, Ticket
from tutor.together.schema import move as move_log
from tutor.together.store import SqlTableStore

#: Seconds between two looks of a watching phone (the page's poll).
POLL = 0.5
#: Tables the watcher looks at, as that many phones would.
WATCHED = 10
#: Learners whose progress is written.
LEARNERS = 200
#: ``--short``: seconds a run, tables and processes.
SHORT_SECONDS, SHORT_TABLES, SHORT_PROCESSES = 1.5, 5, [1]


@dataclass
class Table:
    """A table of the benchmark: its code, the host's ticket and the three seats' tokens."""

    code: str
    host: Ticket
    tokens: list[str]


@dataclass
class Outcome:
    """What one process did: commit times (seconds) of its moves or writes, the moves' commits as
    (code, version, wall clock), refusals, and errors a player would have seen."""

    latencies: list[float] = field(default_factory=list)
    commits: list[tuple[str, int, float]] = field(default_factory=list)
    stale: int = 0
    errors: list[str] = field(default_factory=list)
    attempts: int = 0


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def set_up_tables(target: str, count: int) -> list[Table]:
    """``count`` tables of three people, each dealt its first round."""
    store = SqlTableStore(target, call_window=0.0)
    tables = []
    for number in range(count):
        host = store.create_table("femhundra", {}, 3)
        tokens = [store.join(host.code, name).token for name in ("Anna", "Bertil", "Cecilia")]
        store.start(host.code, host.token, seed=number)
        tables.append(Table(host.code, host, tokens))
    return tables


def play(target: str, tables: list[Table], seconds: float, seed: int) -> Outcome:
    """One process's share: random legal moves at random tables until ``seconds`` have passed."""
    store = SqlTableStore(target, call_window=0.0)
    rng = random.Random(seed)
    bot = get_bot("random")
    outcome = Outcome()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = rng.choice(tables)
        try:
            look = store.view(table.code, table.tokens[0])
            assert look.seen is not None
            position = look.seen.position
            if position.round_over:
                if not position.game_over:
                    store.next_round(table.code, table.host.token, seed=rng.randrange(2**31))
                continue
            token = table.tokens[position.to_move]
            seen = store.view(table.code, token)
            assert seen.seen is not None
            if seen.seen.position.round_over or seen.seen.to_move != seen.seat:
                outcome.stale += 1  # another process moved between the two looks: this phone's turn has passed
                continue
            move = bot.move(seen.seen.position, rng)
            started = time.perf_counter()
            version = store.move(table.code, token, move, seen.version)
            outcome.latencies.append(time.perf_counter() - started)
            outcome.commits.append((table.code, version, time.time()))
        except StaleError:
            outcome.stale += 1
        except TableError as error:
            if error.key in ("round_not_over", "game_over"):
                outcome.stale += 1  # another process dealt the next round first
            else:
                outcome.errors.append(f"{error.key}: {error}")
        except Exception as error:  # what a player would see: counted, printed, never hidden
            outcome.errors.append(f"{error.__class__.__name__}: {error}")
    return outcome


def watch(target: str, codes: list[str], tokens: list[str], seconds: float, ready: Any) -> list[tuple[str, int, float]]:
    """Ten phones at ten tables: each table's version looked at every :data:`POLL` seconds and, when it
    moved, the table read as another seat sees it; (code, version, wall clock when seen). ``ready`` (an
    event) is set once the phones look, so that no move is made before they do (a busy machine started the
    watching process after a short run's moves were all made, and it saw none)."""
    store = SqlTableStore(target, call_window=0.0)
    known = {code: store.version(code) for code in codes}
    ready.set()
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        cycle = time.monotonic()
        for code, token in zip(codes, tokens, strict=True):
            version = store.version(code)
            if version != known[code]:
                store.view(code, token)
                seen.append((code, version, time.time()))
                known[code] = version
        time.sleep(max(0.0, POLL - (time.monotonic() - cycle)))
    return seen


def write_progress(target: str, learners: list[str], seconds: float, seed: int) -> Outcome:
    """One process's share of the learners' clicks, until ``seconds`` have passed."""
    store = ProgressStore(target)
    rng = random.Random(seed)
    outcome = Outcome()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        learner = rng.choice(learners)
        kind = rng.random()
        started = time.perf_counter()
        try:
            if kind < 0.6:
                store.course.record_scenario(learner, f"scenario-{rng.randrange(80)}", rng.randint(1, 3))
                outcome.attempts += 1
            elif kind < 0.9:
                store.course.save_place(learner, f"lesson-{rng.randrange(19)}", rng.randrange(6))
            else:
                store.course.complete_lesson(learner, f"lesson-{rng.randrange(19)}")
        except Exception as error:
            outcome.errors.append(f"{error.__class__.__name__}: {error}")
            continue
        outcome.latencies.append(time.perf_counter() - started)
    return outcome


def moves_logged(target: str) -> int:
    """Every move kept in the database."""
    with reading(open_engine(target, foreign_keys=True), timeout=15.0) as db:
        return int(db.execute(select(func.count()).select_from(move_log)).scalar_one())


def attempts_counted(target: str) -> int:
    """Every scenario attempt the progress tables count."""
    with reading(open_engine(target, synchronous="FULL"), timeout=15.0) as db:
        total = db.execute(select(func.coalesce(func.sum(scenario_result.c.attempts), 0))).scalar_one()
        return int(total)


def run_tables(target: str, tables: int, processes: int, seconds: float) -> dict[str, Any]:
    """One row of the tables benchmark."""
    laid = set_up_tables(target, tables)
    before = moves_logged(target)
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(processes + 1) as pool:
        watched = laid[:WATCHED]
        ready = manager.Event()
        watcher = pool.apply_async(
            watch, (target, [t.code for t in watched], [t.tokens[1] for t in watched], seconds + 1, ready)
        )
        if not ready.wait(timeout=120):
            fail("the watching phones never started")
        outcomes = pool.starmap(play, [(target, laid, seconds, seed) for seed in range(processes)])
        seen = watcher.get()
    commits = {(code, version): when for o in outcomes for code, version, when in o.commits}
    sights = [when - commits[(code, version)] for code, version, when in seen if (code, version) in commits]
    latencies = [x for o in outcomes for x in o.latencies]
    made = len(latencies)
    logged = moves_logged(target) - before
    return {
        "moves": made,
        "per_second": made / seconds,
        "p50": percentile(latencies, 0.5),
        "p95": percentile(latencies, 0.95),
        "sight_p95": percentile(sights, 0.95),
        "stale": sum(o.stale for o in outcomes),
        "errors": [e for o in outcomes for e in o.errors],
        "counted": logged == made,
        "logged": logged,
    }


def run_progress(target: str, processes: int, seconds: float) -> dict[str, Any]:
    """One row of the progress benchmark."""
    ProgressStore(target)
    before = attempts_counted(target)
    learners = [f"learner-{n:03d}" for n in range(LEARNERS)]
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes) as pool:
        outcomes = pool.starmap(write_progress, [(target, learners, seconds, 100 + seed) for seed in range(processes)])
    latencies = [x for o in outcomes for x in o.latencies]
    attempts = sum(o.attempts for o in outcomes)
    return {
        "writes": len(latencies),
        "per_second": len(latencies) / seconds,
        "p50": percentile(latencies, 0.5),
        "p95": percentile(latencies, 0.95),
        "errors": [e for o in outcomes for e in o.errors],
        "counted": attempts_counted(target) - before == attempts,
    }


def report(backend: str, processes: int, tables: dict[str, Any], progress: dict[str, Any]) -> None:
    """Print one backend's row for one number of processes."""
    ms = 1000.0
    print(
        f"{backend:10} {processes:>2} proc | tables: {tables['per_second']:6.1f} moves/s  commit p50 {tables['p50'] * ms:6.1f} ms"
        f"  p95 {tables['p95'] * ms:6.1f} ms  sight p95 {tables['sight_p95'] * ms:5.0f} ms  stale {tables['stale']:4d}"
        f"  counted once: {'yes' if tables['counted'] else 'NO'} ({tables['logged']})"
        f" | progress: {progress['per_second']:6.1f} writes/s  p50 {progress['p50'] * ms:5.1f} ms"
        f"  p95 {progress['p95'] * ms:6.1f} ms  counted once: {'yes' if progress['counted'] else 'NO'}",
        flush=True,
    )
    for error in (tables["errors"] + progress["errors"])[:5]:
        print(f"    error a player would see: {error}", flush=True)


def check(backend: str, processes: int, tables: dict[str, Any], progress: dict[str, Any]) -> None:
    """The row's figures were measured: moves and writes made, their times, and each counted once."""
    row = f"{backend}, {processes} process(es)"
    for key in ("per_second", "p50", "p95", "sight_p95"):
        measured(tables[key], f"{row}: tables {key}")
    for key in ("per_second", "p50", "p95"):
        measured(progress[key], f"{row}: progress {key}")
    if not tables["counted"] or not progress["counted"]:
        fail(f"{row}: a move or a write was not counted exactly once")


def main() -> None:
    """Run every backend with every number of processes, and print the figures."""
    parser = arguments(__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds each run plays (and writes)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--backends", nargs="+", choices=["sqlite", "postgresql"], help="default both; --short: sqlite")
    args = parser.parse_args()
    if args.short:
        args.seconds, args.tables, args.processes = SHORT_SECONDS, SHORT_TABLES, SHORT_PROCESSES
    backends = args.backends or (["sqlite"] if args.short else ["sqlite", "postgresql"])
    figures: dict[str, Any] = {}
    print(
        f"{args.tables} tables of 3, {LEARNERS} learners, {args.seconds:g} s a run, {multiprocessing.cpu_count()} cores"
    )
    with tempfile.TemporaryDirectory() as folder:
        for backend in backends:
            if backend == "postgresql" and postgres_missing():
                print(f"postgresql: skipped, needs {postgres_missing()}")
                continue
            for processes in args.processes:
                if backend == "sqlite":
                    base = Path(folder) / f"{processes}"
                    base.mkdir()
                    tables = run_tables(str(base / "tables.sqlite3"), args.tables, processes, args.seconds)
                    progress = run_progress(str(base / "progress.sqlite3"), processes, args.seconds)
                else:
                    with throwaway_cluster(durable=True) as cluster:
                        url = cluster.new_database()
                        tables = run_tables(url, args.tables, processes, args.seconds)
                        progress = run_progress(url, processes, args.seconds)
                        forget_engines()
                report(backend, processes, tables, progress)
                check(backend, processes, tables, progress)
                figures[f"{backend}/{processes}"] = {"tables": tables, "progress": progress}
    write_json(args.json, figures)


if __name__ == "__main__":
    run_main(main)

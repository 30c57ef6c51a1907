"""Building a day's review (issue 35): a learner with ``--cards`` review cards due (50), each a task of the
500 rommi track, kept in an SQLite progress file; one build reads the due cards from the store and makes each
task's variation at the learner's table, checked by the engine (:func:`tutor.review.day.build_day`). The
course is loaded once before timing (a server has it loaded). Printed: the median and the worst of
``--runs`` builds (15), against the target of 200 ms.

Run: ``python benchmarks/bench_review.py`` (``--cards 50 --runs 15``, ``--json PATH``; ``--short``: 3 runs).
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.measure import arguments, fail, median, run_main, write_json
from engine.variants import get_variant
from tutor.course.track import track_for
from tutor.progress import ProgressStore
from tutor.review.cards import task_key
from tutor.review.day import build_day
from tutor.review.schedule import Deck

#: The target: a day's review of 50 cards built within this many milliseconds.
TARGET_MS = 200.0
NOW = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def main() -> None:
    """Make the cards, time the builds and print the figures."""
    parser = arguments(__doc__, raw=True)
    parser.add_argument("--cards", type=int, default=50)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    runs = 3 if args.short else args.runs
    variant = get_variant("rommi")
    tasks = [task for lesson in track_for(variant).lessons for task in lesson.tasks]
    with tempfile.TemporaryDirectory() as folder:
        deck = Deck(ProgressStore(Path(folder) / "progress.sqlite3"), "learner")
        for i in range(args.cards):
            task = tasks[i % len(tasks)]
            deck.note_mistake(task_key(f"{task.id}" if i < len(tasks) else task.id), variant, "wrong", at=NOW - timedelta(seconds=i))
        samples, built = [], 0
        for _ in range(runs):
            start = time.perf_counter()
            day = build_day(deck.due_today(at=NOW), variant)
            samples.append((time.perf_counter() - start) * 1e3)
            built = len(day)
    if built < min(args.cards, len(tasks)):
        fail(f"a day's review: {built} tasks built of {min(args.cards, len(tasks))} cards")
    figures = {"cards": built, "median_ms": median(samples, "a day's review"), "worst_ms": max(samples)}
    target = "" if args.short else f"   target ≤ {TARGET_MS:g} ms"
    print(f"a day's review of {built} cards: median {figures['median_ms']:.1f} ms, worst {figures['worst_ms']:.1f} ms{target}")
    write_json(args.json, figures)


if __name__ == "__main__":
    run_main(main)

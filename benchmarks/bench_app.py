"""Speed of the Learn page: the median time of one move answered (a discard tried before drawing, which
the engine refuses, and the whole script rerun that follows), measured with Streamlit's AppTest in this
process. A card click costs the server nothing: it is picked in the browser (the table component).

Run: ``python benchmarks/bench_app.py`` (``--runs N``, default 30; ``--short``: 3; ``--json PATH``). Target
(issue 3): ≤ 100 ms on the server side. AppTest adds its own overhead (building the widget tree, a polling wait of a few ms), so
the figure is an upper bound of what the server spends.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measure import arguments, fail, measured, median, run_main, write_json  # noqa: E402

LESSON = "taking-the-pile-femhundra"
SHORT_RUNS = 3


def bench_move(runs: int) -> tuple[float, float]:
    """(median ms, first-run ms) of a rerun after a move is made on the Learn page's table."""
    from streamlit.testing.v1 import AppTest

    from tutor.seat.picks import hand_options
    from ui.learn.state import KEYS, STATE, LearnState

    folder = tempfile.mkdtemp(prefix="bench-app-")
    os.environ["RUMMY500_PROGRESS_DB"] = str(Path(folder) / "progress.sqlite3")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lesson"] = LESSON
    clock = time.perf_counter
    start = clock()
    at.run()
    first = (clock() - start) * 1000
    if at.exception:
        fail(f"the Learn page's first run: the app failed: {at.exception}")
    if STATE not in at.session_state or not isinstance(at.session_state[STATE], LearnState) or at.session_state[STATE].run is None:
        fail(f"the Learn page's first run: lesson {LESSON} opened no scenario")
    run = at.session_state[STATE].run
    values = [[v] for v in hand_options(run.state.hands[run.seat])]
    samples = []
    for i in range(runs):
        at.session_state[KEYS.request] = {"action": "discard", "hand": values[i % len(values)], "pile": None}
        start = clock()
        at.run()
        samples.append((clock() - start) * 1000)
        if at.exception:
            fail(f"a move answered on the Learn page: the app failed: {at.exception}")
        if KEYS.request in at.session_state or at.session_state[STATE].run.feedback is None:
            fail("a move answered on the Learn page: the rerun did not answer the move")
    return median(samples, "a move answered on the Learn page"), measured(first, "the Learn page's first run")


def main() -> None:
    parser = arguments(__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=30, help=f"interactions to time (default 30; --short: {SHORT_RUNS})")
    args = parser.parse_args()
    runs = SHORT_RUNS if args.short else args.runs
    answered, first = bench_move(runs)
    print(f"Learn page, first run (imports, curriculum):        {first:8.1f} ms")
    target = "" if args.short else "  (target ≤ 100 ms)"
    print(f"Learn page, one move answered (median of {runs:>3} reruns): {answered:8.1f} ms{target}")
    write_json(args.json, {"first_run_ms": first, "move_median_ms": answered, "runs": runs})


if __name__ == "__main__":
    run_main(main)

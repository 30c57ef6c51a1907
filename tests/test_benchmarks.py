"""Every benchmark still measures: each ``benchmarks/bench_*.py --short`` run as a command, as CI runs it,
exits 0 and prints its figures. A short mode checks no speed target (the machines are shared and noisy);
it fails, with one line ``could not measure: …``, when an element never shows, a move is refused or a
figure is missing (``benchmarks/measure.py``).

The benchmarks without a browser run two at a time (most of their time is start-up and waiting), never
beside a browser test (they share its worker of ``pytest -n``: eight at once made a browser test's clicks
race on a 2-core machine); the browser ones after each other, marked ``browser``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser_support import require_browser

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ("bench_browser.py", "bench_together_browser.py")
#: Every benchmark that needs no browser.
PLAIN = tuple(sorted(path.name for path in (ROOT / "benchmarks").glob("bench_*.py") if path.name not in BROWSER))
#: Seconds a short mode may take before it counts as hung (on a busy machine).
TIMEOUT = 240
#: A figure: a number followed by a unit, or a percentage.
FIGURE = re.compile(r"\d[\d,]*(\.\d+)?\s*(?:(?:ms|µs|s|instructions|decisions|moves)\b|%)")


def start(name: str) -> subprocess.Popen[str]:
    """``benchmarks/NAME --short`` started from the checkout (the environment the root ``conftest.py`` set:
    no bytecode written into the checkout), its output captured."""
    return subprocess.Popen(
        [sys.executable, f"benchmarks/{name}", "--short"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(name: str, process: subprocess.Popen[str], started: float) -> str:
    """Wait for ``process``; its output, after checking that it exited 0 and printed figures."""
    try:
        out, err = process.communicate(timeout=max(1.0, TIMEOUT - (time.monotonic() - started)))
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"{name} --short did not finish in {TIMEOUT} s")
    assert process.returncode == 0, f"{name} --short exited with {process.returncode}:\n{out}\n{err[-3000:]}"
    assert "Traceback" not in err, f"{name} --short:\n{err[-3000:]}"
    assert FIGURE.search(out), f"{name} --short printed no figures:\n{out}"
    return out


#: How many benchmarks without a browser run at once.
AT_ONCE = 2


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
def test_every_benchmark_without_a_browser_measures_in_short_mode() -> None:
    assert "bench_engine.py" in PLAIN and "bench_app.py" in PLAIN, PLAIN
    outputs = {}
    for first in range(0, len(PLAIN), AT_ONCE):
        started = time.monotonic()
        running = {name: start(name) for name in PLAIN[first : first + AT_ONCE]}
        outputs |= {name: finished(name, process, started) for name, process in running.items()}
    # RLCard is no test dependency: without it the engine's figures are measured and the comparison skipped.
    assert "RLCard" in outputs["bench_engine.py"]


@pytest.mark.browser
@pytest.mark.parametrize("name", BROWSER)
def test_every_browser_benchmark_measures_in_short_mode(name: str) -> None:
    require_browser()
    started = time.monotonic()
    out = finished(name, start(name), started)
    assert "median" in out.lower()

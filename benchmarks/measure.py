"""What every benchmark shares: the ``--short`` and ``--json PATH`` options, the checks that a figure was
measured, and the one-line failure when it was not.

``--short`` runs a tiny but real measurement in seconds (what CI runs: ``tests/test_benchmarks.py``). It
never checks a speed target (the machines are shared and noisy): it proves that the benchmark can still
measure. A benchmark that cannot (the element never appears, the move is refused, a figure is missing or is
not a positive finite number) raises :class:`CannotMeasure`; :func:`run_main` turns that into one line on
standard error, ``could not measure: …``, and exit status 1.

Each benchmark imports it as ``benchmarks.measure`` after putting the checkout's root on ``sys.path``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NoReturn


class CannotMeasure(Exception):
    """A figure the benchmark exists for could not be measured; the message says which and why."""


def arguments(description: str | None, raw: bool = False) -> argparse.ArgumentParser:
    """A parser with the options every benchmark has: ``--short`` and ``--json PATH``. ``raw`` keeps the
    description's lines as written (a module docstring)."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter if raw else argparse.HelpFormatter
    )
    parser.add_argument(
        "--short",
        action="store_true",
        help="a tiny but real measurement in seconds (what CI runs): fails when it cannot measure, checks no target",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures to this file")
    return parser


def fail(what: str) -> NoReturn:
    """Stop the benchmark: ``what`` could not be measured."""
    raise CannotMeasure(what)


def measured(value: object, what: str) -> float:
    """``value`` as a float, if it is a positive finite number; else :class:`CannotMeasure` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        fail(f"{what}: no figure (got {value!r})")
    number = float(value)
    if not math.isfinite(number) or number <= 0:
        fail(f"{what}: {number!r} is not a positive finite number")
    return number


def median(samples: Iterable[float], what: str) -> float:
    """The median of ``samples`` (each a finite number), checked by :func:`measured`; none is a failure."""
    values = [float(sample) for sample in samples]
    if not values:
        fail(f"{what}: no samples")
    if not all(math.isfinite(value) for value in values):
        fail(f"{what}: a sample is not a finite number ({values})")
    return measured(statistics.median(values), what)


def write_json(path: Path | None, figures: Any) -> None:
    """Write ``figures`` to ``path`` as JSON (nothing when ``path`` is None)."""
    if path is not None:
        path.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def run_main(main: Callable[[], object]) -> None:
    """Run a benchmark's ``main``; a :class:`CannotMeasure` ends it with one line and exit status 1."""
    try:
        main()
    except CannotMeasure as error:
        print(f"could not measure: {error}", file=sys.stderr, flush=True)
        sys.exit(1)

"""Fixtures the browser tests (``tests/test_*browser*.py``) share: one Chromium for each test module, and
the folder their screenshots go to; and the store tests' databases: an SQLite file, or a new database in one
throw-away PostgreSQL cluster for the whole run (:mod:`harness.postgres`)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import RENDER_TIMEOUT, require_browser, screenshots_folder
from database_support import require_postgres

from harness.chromium import launched_chromium
from harness.postgres import Cluster, throwaway_cluster
from tutor.storage.engines import forget_engines

with contextlib.suppress(ImportError):  # without it the browser tests skip (require_browser)
    from playwright.sync_api import Browser, expect


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, with the flags that work as root; a page waits up to
    :data:`browser_support.RENDER_TIMEOUT` for what it expects (a rerun may be slow on a busy machine)."""
    require_browser()
    with launched_chromium() as browser:
        expect.set_options(timeout=RENDER_TIMEOUT)
        yield browser


@pytest.fixture(scope="module")
def shots() -> Path:
    """The folder of the browser tests' screenshots (:func:`browser_support.screenshots_folder`)."""
    return screenshots_folder()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One throw-away PostgreSQL cluster for the run (skipped without PostgreSQL; failed so in CI)."""
    require_postgres()
    with throwaway_cluster() as cluster:
        yield cluster
        forget_engines()  # this process's pooled connections, before their server stops


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store test keeps its data, once per backend: a fresh SQLite file, or a fresh PostgreSQL
    database (its URL)."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for the PostgreSQL cluster itself is a ``postgres`` test (``store_target``'s
    ``postgresql`` half carries the mark in its parameter); and the browser tests keep to one worker of
    ``pytest -n`` (``--dist loadgroup``), one after another, as each times what a person waits for: two
    servers and two browsers at once on a two-core machine would make them race each other (the benchmarks' short
    modes, which time nothing they check, run beside them)."""
    for item in items:
        if "postgres" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
        if item.get_closest_marker("browser") is not None:
            # A benchmark's short mode checks no time, only that it measures: it may share the machine with a
            # browser test, on the other worker, which takes it off the browser tests' one long line.
            bench = item.path.name == "test_benchmarks.py"
            item.add_marker(pytest.mark.xdist_group("browser-benchmarks" if bench else "browser"))

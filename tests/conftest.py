"""Fixtures the browser tests (``tests/test_*browser*.py``) share: one Chromium for each test module, the
folder their screenshots go to, and the app served for a module with a fresh page at each screen size; and
the store tests' databases: an SQLite file, or a new database in one throw-away PostgreSQL cluster for the
whole run (:mod:`harness.postgres`)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import RENDER_TIMEOUT, require_browser, screenshots_folder
from database_support import require_postgres

from harness.chromium import LAPTOP, SIZES, launched_chromium
from harness.postgres import Cluster, throwaway_cluster
from harness.served_app import ServerError, served_app
from tutor.storage.engines import forget_engines

with contextlib.suppress(ImportError):  # without it the browser tests skip (require_browser)
    from playwright.sync_api import Browser, Page, expect


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


# --- the app's server and its pages (test_browser_learn, test_browser_pages) -----------------------


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app served by ``streamlit run`` on a free port: (base URL, progress file)."""
    require_browser()
    try:
        with served_app(tmp_path_factory.mktemp("browser-server")) as app:
            yield app.url, app.progress
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture
def server_url(app_server: tuple[str, Path]) -> str:
    """The server's URL, with the learner's progress wiped, so every test starts as a new learner."""
    url, progress = app_server
    if progress.exists():
        with contextlib.closing(sqlite3.connect(progress)) as connection, connection:
            tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            for table in tables:
                connection.execute(f'DELETE FROM "{table}"')
    return url


@pytest.fixture
def tab(chromium: Browser, server_url: str) -> Iterator[Page]:
    """A fresh page (a new browser context, so a new Streamlit session) in English, laptop-sized."""
    context = chromium.new_context(viewport=LAPTOP, locale="en-GB")
    context.set_default_timeout(RENDER_TIMEOUT)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, chromium: Browser, server_url: str) -> Iterator[tuple[Page, str]]:
    """A fresh page at each size (laptop, phone), and the size's name for the screenshots."""
    context = chromium.new_context(viewport=SIZES[request.param], locale="en-GB", has_touch=request.param == "phone")
    context.set_default_timeout(RENDER_TIMEOUT)
    try:
        yield context.new_page(), str(request.param)
    finally:
        context.close()


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

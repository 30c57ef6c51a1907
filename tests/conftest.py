"""Fixtures the browser tests (``tests/test_*browser*.py``) share: one Chromium for each test module, and
the folder their screenshots go to."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import RENDER_TIMEOUT, require_browser, screenshots_folder

from harness.chromium import launched_chromium

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

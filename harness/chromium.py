"""Debian's Chromium (``/usr/bin/chromium``; never ``playwright install``), launched headless through
Playwright with the flags that work as root, and what a machine lacks for it.

Importing this module needs no Playwright (a benchmark's ``--help`` works without it); launching does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

try:
    from playwright.sync_api import sync_playwright

    #: Whether the Playwright package is installed (without it :func:`browser_missing` says so).
    PLAYWRIGHT = True
except ImportError:  # pragma: no cover - depends on the machine
    PLAYWRIGHT = False

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

#: Debian's Chromium (``apt-get install -y chromium``).
CHROMIUM: Final = Path("/usr/bin/chromium")
#: Headless, and no sandbox (it cannot start as root with one), no GPU, ``/tmp`` instead of a small
#: ``/dev/shm``, and none of the background work a browser does for a person (updates, sync, first run).
CHROMIUM_FLAGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
#: A phone's screen (CSS pixels), as the browser tests and benchmarks size one.
PHONE: Final[ViewportSize] = {"width": 390, "height": 844}
#: A laptop's screen (CSS pixels).
LAPTOP: Final[ViewportSize] = {"width": 1366, "height": 768}
#: The two screens every page is tried at, by name (the screenshots' names say which).
SIZES: Final[dict[str, ViewportSize]] = {"laptop": LAPTOP, "phone": PHONE}


def browser_missing() -> str:
    """What launching the browser lacks on this machine, in words ("" when nothing): the Playwright
    package, Debian's Chromium, or both."""
    missing = []
    if not PLAYWRIGHT:
        missing.append("the playwright package (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        missing.append(f"{CHROMIUM} (apt-get install -y chromium)")
    return " and ".join(missing)


def launch_options() -> dict[str, Any]:
    """The keyword arguments of Playwright's ``chromium.launch`` that start Debian's Chromium headless with
    :data:`CHROMIUM_FLAGS` (also what pytest-playwright's ``browser_type_launch_args`` would return)."""
    return {"executable_path": str(CHROMIUM), "args": list(CHROMIUM_FLAGS)}


@contextlib.contextmanager
def launched_chromium() -> Iterator[Browser]:
    """Debian's Chromium, launched headless as :func:`launch_options` says and closed when the block
    ends, with Playwright (the sync API) running around it. Fails with the missing piece's name when
    :func:`browser_missing` names one."""
    missing = browser_missing()
    if missing:
        raise RuntimeError(f"launching Chromium needs {missing}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        try:
            yield browser
        finally:
            browser.close()

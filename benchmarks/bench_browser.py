"""Speed of the app in a real browser: how long ``streamlit run`` takes to answer its health check, and
how long a learner then waits for the first Learn page (the title and the first card drawn) in Chromium.

Run: ``python benchmarks/bench_browser.py`` (``--loads N``, default 5). Target: the first page ≤ 3 s.

The browser starts while the server does, so the first load begins the moment the health check says
``ok`` (a cold server: the first session imports the app and reads the curriculum). Every load uses a new
browser context, so each is a new Streamlit session with nothing cached in the browser. Needs the
``playwright`` package and Debian's ``/usr/bin/chromium`` (``apt-get install -y chromium``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

try:
    from playwright.sync_api import Browser, expect, sync_playwright

    MISSING_PLAYWRIGHT = ""
except ImportError:  # without the test extra: --help still works, a run says what to install
    MISSING_PLAYWRIGHT = "Playwright is missing: pip install -e '.[test]' (and apt-get install -y chromium)"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.app_server import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_FLAGS,
    ServerError,
    free_port,
    start_server,
    stop_server,
    wait_for_health,
)

TITLE = "Learn 500"
TARGET_S = 3.0


def first_page(browser: Browser, url: str, since: float | None = None) -> tuple[float, float]:
    """Seconds from ``since`` (default: just before ``goto``) until Streamlit's frontend has mounted, and
    until the Learn title and the first card show, in a new browser context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        start = time.perf_counter() if since is None else since
        page.goto(url)
        expect(page.get_by_test_id("stApp")).to_be_attached(timeout=30_000)
        mounted = time.perf_counter() - start
        expect(page.get_by_role("heading", name=TITLE, exact=True)).to_be_visible(timeout=30_000)
        expect(page.locator(".r5-card").first).to_be_visible(timeout=30_000)
        return mounted, time.perf_counter() - start
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="fresh page loads to time (default 5)")
    args = parser.parse_args()
    if args.loads < 1:
        parser.error("--loads must be at least 1")
    if MISSING_PLAYWRIGHT:
        raise SystemExit(MISSING_PLAYWRIGHT)
    if not CHROMIUM.exists():
        raise SystemExit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as folder, sync_playwright() as playwright:
        started = time.perf_counter()
        server = start_server(port, Path(folder) / "progress.sqlite3", Path(folder) / "streamlit.log")
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
            launched = time.perf_counter() - started
            try:
                wait_for_health(url, server, poll=0.02)
            except ServerError as error:
                raise SystemExit(str(error)) from None
            ok_at = time.perf_counter()
            healthy = ok_at - started
            loads = [first_page(browser, url, since=ok_at)]
            loads += [first_page(browser, url) for _ in range(args.loads - 1)]
            browser.close()
        finally:
            stop_server(server)
    samples = [shown for _, shown in loads]
    median = statistics.median(samples)
    mounted = statistics.median(m for m, _ in loads)
    print(f"Chromium launched (in parallel with the server):         {launched:6.2f} s")
    print(f"Server start → health 'ok':                               {healthy:6.2f} s")
    print(f"Health 'ok' → first page, cold server (load 1):           {samples[0]:6.2f} s  (target ≤ {TARGET_S:.0f} s)")
    print(
        f"Health 'ok' → first page, median of {len(samples)} fresh loads:       {median:6.2f} s  (target ≤ {TARGET_S:.0f} s)"
    )
    print("  each load (new browser context):", " ".join(f"{s:.2f}" for s in samples))
    print(f"  of which the frontend mounting (Streamlit's JavaScript, uncached), median: {mounted:.2f} s")
    if median > TARGET_S:
        print(f"  median above the {TARGET_S:.0f} s target", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Speed of the app in a real browser: how long ``streamlit run`` takes to answer its health check, how
long a learner then waits for the first Learn page (the title and the first card drawn) in Chromium, how
long a click on a card of the hand takes to show it picked, and how long a move (the meld of lesson 1)
takes to reach the table.

Run: ``python benchmarks/bench_browser.py`` (``--loads N``, default 5; ``--clicks N``, default 5 rounds of
three card clicks and one meld). Targets (medians): the first page ≤ 2 s after the health check, a card
click highlighted ≤ 50 ms, a move on the table ≤ 250 ms.

The browser starts while the server does, so the first load begins the moment the health check says
``ok`` (a cold server: the first session imports the app and reads the curriculum). Every load uses a new
browser context, so each is a new Streamlit session with nothing cached in the browser. Needs the
``playwright`` package and Debian's ``/usr/bin/chromium`` (``apt-get install -y chromium``).
"""

from __future__ import annotations

import argparse
import contextlib
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

with contextlib.suppress(ImportError):  # without the test extra: --help still works, a run says what to install
    from playwright.sync_api import Browser, expect

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from harness.chromium import browser_missing, launched_chromium  # noqa: E402
from harness.served_app import Server, ServerError  # noqa: E402

TITLE = "Learn 500"
TARGET_S = 2.0
CLICK_TARGET_MS = 50.0
MOVE_TARGET_MS = 250.0
QUEENS = ("queen of spades", "queen of hearts", "queen of diamonds")  # lesson 1's meld, by the cards' labels
MELD = "Meld picked cards"


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
        expect(page.locator(".r5t-card, .r5-card").first).to_be_visible(timeout=30_000)
        return mounted, time.perf_counter() - start
    finally:
        context.close()


def wipe_progress(progress: Path) -> None:
    """Forget every learner's progress, so the next session opens lesson 1 as a new learner would."""
    if not progress.exists():
        return
    with contextlib.closing(sqlite3.connect(progress)) as connection, connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            connection.execute(f'DELETE FROM "{table}"')


#: Runs in the page: click the element ``pick`` finds, then wait frame by frame until ``done`` finds more
#: than ``before`` elements; the milliseconds between the click and the frame that shows it. Selectors
#: reach into the components' shadow roots. Measured in the browser, so Playwright's own round trips
#: (tens of milliseconds on a busy machine) are not counted.
_TIME_CLICK = """async ([pick, text, done, before]) => {
  const all = (selector) => {
    const found = [];
    const walk = (root) => {
      root.querySelectorAll(selector).forEach((e) => found.push(e));
      root.querySelectorAll("*").forEach((e) => { if (e.shadowRoot) walk(e.shadowRoot); });
    };
    walk(document);
    return found;
  };
  const target = all(pick).find((e) => !text || e.textContent.trim() === text);
  const start = performance.now();
  target.click();
  return await new Promise((resolve) => {
    const tick = () => (all(done).length > before ? resolve(performance.now() - start) : requestAnimationFrame(tick));
    tick();
  });
}"""


def clicks_and_move(browser: Browser, url: str, progress: Path) -> tuple[list[float], float]:
    """Milliseconds from a click on each queen of lesson 1 until a frame shows it picked (``.r5-picked``),
    and from the click on Meld until the meld is on the table (``.r5-meld``), in a new browser context."""
    wipe_progress(progress)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(url)
        expect(page.locator(".r5t-card, .r5-card").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)
        clicks = []
        for number, name in enumerate(QUEENS):
            # The table's card (or, in versions before the table component, the clickable drawing).
            pick = f'.r5t-hand button[aria-label^="{name}"], [data-pick] [aria-label="{name}"]'
            clicks.append(float(page.evaluate(_TIME_CLICK, [pick, "", ".r5-picked", number])))
            page.wait_for_timeout(300)  # the old page's rerun settles
        move = float(page.evaluate(_TIME_CLICK, ["button", MELD, ".r5-meld", 0]))
        return clicks, move
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="fresh page loads to time (default 5)")
    parser.add_argument("--clicks", type=int, default=5, help="rounds of three card clicks and a meld (default 5)")
    args = parser.parse_args()
    if args.loads < 1:
        parser.error("--loads must be at least 1")
    missing = browser_missing()
    if missing:
        raise SystemExit(f"The benchmark needs {missing}.")
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as folder:
        server = Server.at(Path(folder))
        url = server.url
        started = time.perf_counter()
        server.spawn()
        try:
            with launched_chromium() as browser:
                launched = time.perf_counter() - started
                try:
                    server.wait(poll=0.02)
                except ServerError as error:
                    raise SystemExit(str(error)) from None
                ok_at = time.perf_counter()
                healthy = ok_at - started
                loads = [first_page(browser, url, since=ok_at)]
                loads += [first_page(browser, url) for _ in range(args.loads - 1)]
                rounds = [clicks_and_move(browser, url, server.progress) for _ in range(args.clicks)]
        finally:
            server.stop()
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
    if rounds:
        clicks = [c for round_clicks, _ in rounds for c in round_clicks]
        moves = [move for _, move in rounds]
        click_median, move_median = statistics.median(clicks), statistics.median(moves)
        print(
            f"Card click → card shown picked, median of {len(clicks)}:           {click_median:6.0f} ms"
            f"  (target ≤ {CLICK_TARGET_MS:.0f} ms; max {max(clicks):.0f})"
        )
        print(
            f"Meld click → meld on the table, median of {len(moves)}:           {move_median:6.0f} ms"
            f"  (target ≤ {MOVE_TARGET_MS:.0f} ms; max {max(moves):.0f})"
        )


if __name__ == "__main__":
    main()

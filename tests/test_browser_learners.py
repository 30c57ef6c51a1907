"""Progress belongs to the person at the browser, in real browsers: two Chromium contexts (two browsers,
each with its own cookies) on one server and one progress file.

The first browser gets a learner id in its address and its cookie; progress saved under it greets that
browser with "Welcome back", in a reload and in a new tab opened without the link (the cookie), never the
second browser, which starts fresh; the second browser becomes the first learner only by opening the
"Use on another device" link. Needs Playwright and ``/usr/bin/chromium`` as ``tests/test_browser.py`` does
(skipped without them on a developer's machine, failed in CI).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import require_browser

from harness.served_app import ServerError, served_app
from tutor.learn.curriculum import load_curriculum
from tutor.progress import ProgressStore
from tutor.progress.learner import COOKIE, ID_PATTERN, QUERY_PARAM, is_learner_id

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, Page, expect

TIMEOUT = 20_000  # ms
LESSON = load_curriculum().lessons[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app on a free port: (base URL, progress file)."""
    require_browser()
    try:
        with served_app(tmp_path_factory.mktemp("learners")) as app:
            yield app.url, app.progress
    except ServerError as error:
        pytest.fail(str(error), pytrace=False)


def learner_in_address(page: Page) -> str:
    """The learner id the page's address carries, once the app has put one there (it replaces a bad one)."""
    check = f"/^{ID_PATTERN.pattern}$/.test(new URL(location.href).searchParams.get('{QUERY_PARAM}') || '')"
    page.wait_for_function(check, timeout=TIMEOUT)
    learner = page.evaluate(f"new URL(location.href).searchParams.get('{QUERY_PARAM}')")
    assert is_learner_id(learner), learner
    return str(learner)


def opened(page: Page, url: str) -> Page:
    page.goto(url)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    return page


def test_a_second_browser_does_not_see_the_first_ones_progress(chromium: Browser, server: tuple[str, Path]) -> None:
    url, progress = server
    first, second = chromium.new_context(locale="en-GB"), chromium.new_context(locale="en-GB")
    try:
        page = opened(first.new_page(), url + "/")
        learner = learner_in_address(page)
        expect(page.get_by_text("Welcome back!")).to_have_count(0)
        page.wait_for_function(f"document.cookie.includes('{COOKIE}={learner}')", timeout=TIMEOUT)
        store = ProgressStore(progress)
        store.record_scenario(learner, LESSON.scenarios[0], 3)
        store.save_place(learner, LESSON.id, 0)

        opened(page, url + "/")  # the first browser again, without the link: its cookie says who it is
        expect(page.get_by_text("Welcome back!")).to_be_visible()
        assert learner_in_address(page) == learner

        other = opened(second.new_page(), url + "/")  # the second browser: somebody else
        assert learner_in_address(other) != learner
        expect(other.get_by_text("Welcome back!")).to_have_count(0)
        opened(other, url + "/progress")
        expect(other.get_by_text("Nothing solved yet", exact=False)).to_be_visible()

        opened(other, f"{url}/?{QUERY_PARAM}={learner}")  # the "Use on another device" link
        expect(other.get_by_text("Welcome back!")).to_be_visible()
        other.wait_for_function(f"document.cookie.includes('{COOKIE}={learner}')", timeout=TIMEOUT)
        opened(other, f"{url}/?{QUERY_PARAM}=not-an-id")  # a broken link is ignored: the cookie's learner, no error
        expect(other.get_by_text("Welcome back!")).to_be_visible()
        assert learner_in_address(other) == learner

        third = chromium.new_context(locale="en-GB")  # a broken link in a browser without a cookie: a fresh start
        try:
            fresh = opened(third.new_page(), f"{url}/?{QUERY_PARAM}={learner[:-1]}")
            assert learner_in_address(fresh) not in (learner, learner[:-1])
            expect(fresh.get_by_text("Welcome back!")).to_have_count(0)
            expect(fresh.locator("[data-testid=stException]")).to_have_count(0)
        finally:
            third.close()
    finally:
        first.close()
        second.close()

"""Progress belongs to the person at the browser, in real browsers: Chromium contexts (browsers, each with
its own cookies) on one server and one progress file.

The first browser's cookie keeps a device token (never the learner id, never in the address); progress saved
under its learner greets that browser with "Welcome back" when it comes back. A lesson link from it, even
an old one carrying ``?learner=``, does not make the second browser that learner; a device code from the
first browser's Progress page does, once, and an expired one does not; signing the second browser out from
the first makes it start afresh. Needs Playwright and ``/usr/bin/chromium`` as ``tests/test_browser_learn.py``
does (skipped without them on a developer's machine, failed in CI).
"""

from __future__ import annotations

import contextlib
import re
from datetime import timedelta
from pathlib import Path

import pytest
from browser_support import in_view, press_at_the_foot, press_until

from harness.chromium import PHONE
from tutor.i18n.strings import t
from tutor.learn.curriculum import load_curriculum
from tutor.progress import ProgressStore
from tutor.progress.clock import utc_now
from tutor.progress.learner import CODE_MINUTES, COOKIE, is_device_token

with contextlib.suppress(ImportError):  # without it the tests skip (require_browser)
    from playwright.sync_api import Browser, BrowserContext, Page, expect

pytestmark = pytest.mark.browser

TIMEOUT = 20_000  # ms
LESSON = load_curriculum().lessons[1]
SWITCHED = "This browser now works on the progress of your other device."


def opened(page: Page, url: str) -> Page:
    page.goto(url)
    expect(page.get_by_role("heading", level=1).first).to_be_visible(timeout=TIMEOUT)
    return page


def learner_of(browser: BrowserContext, page: Page, store: ProgressStore) -> str:
    """The learner the browser's cookie names, once the app has set it to a signed-in device token (a browser
    just signed out gets its new token on the page's first run); the address never carries one."""
    assert "learner=" not in page.url and "device=" not in page.url, page.url
    for _ in range(TIMEOUT // 250):
        tokens = [c["value"] for c in browser.cookies() if c["name"] == COOKIE]
        learner = store.devices.check(tokens[0]).learner if tokens and is_device_token(tokens[0]) else None
        if learner is not None:
            return learner
        page.wait_for_timeout(250)
    raise AssertionError(f"no signed-in device token in the cookie: {browser.cookies()}")


def make_code(page: Page, url: str) -> str:
    """Make a device code on the Progress page, as a learner does; the code as shown."""
    opened(page, url + "/progress")
    page.get_by_text("Use your progress on another device").click()
    code = page.locator("[data-testid=stCode] code").first
    # pressed again if the press did nothing (once, on a loaded CI-like run, no code came in 20 s); a second code
    # replaces the first, and the one shown is the one used
    press_until(page.get_by_role("button", name="Make a code"), code)
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{4}-[A-Z0-9]{4}$"), timeout=TIMEOUT)
    return code.inner_text()


def test_a_lesson_link_does_not_switch_learners_a_device_code_does_once(
    chromium: Browser, app_server: tuple[str, Path]
) -> None:
    url, progress = app_server  # the app served for this module (conftest)
    store = ProgressStore(progress)
    first, second, third = (chromium.new_context(locale="en-GB") for _ in range(3))
    try:
        page = opened(first.new_page(), url + "/")
        learner = learner_of(first, page, store)
        store.course.record_scenario(learner, LESSON.scenarios[0], 3)
        store.course.save_place(learner, LESSON.id, 0)
        opened(page, url + "/")  # the first browser again: its cookie says who it is
        expect(page.get_by_text("Welcome back!")).to_be_visible()

        link = f"{url}/?lesson={LESSON.id}&learner={learner}"  # a lesson link, even one of an earlier version
        other = opened(second.new_page(), link)
        expect(other.get_by_text("Welcome back!")).to_have_count(0)
        assert learner_of(second, other, store) != learner

        code = make_code(page, url)
        opened(other, f"{url}/progress?device={code.replace('-', '')}")
        expect(other.get_by_text(SWITCHED)).to_be_visible()
        assert learner_of(second, other, store) == learner
        opened(other, url + "/")
        expect(other.get_by_text("Welcome back!")).to_be_visible()

        late = third.new_page()  # the code again, in a third browser: used already
        opened(late, f"{url}/progress?device={code}")
        expect(late.get_by_text("This code does not work", exact=False)).to_be_visible()
        expired, _ = store.devices.make_code(learner, at=utc_now() - timedelta(minutes=CODE_MINUTES + 1))
        opened(late, f"{url}/progress?device={expired}")
        expect(late.get_by_text("This code does not work", exact=False)).to_be_visible()
        assert learner_of(third, late, store) != learner
    finally:
        for context in (first, second, third):
            context.close()


def test_signing_out_a_device(chromium: Browser, app_server: tuple[str, Path]) -> None:
    url, progress = app_server  # the app served for this module (conftest)
    store = ProgressStore(progress)
    first, second = chromium.new_context(locale="en-GB"), chromium.new_context(locale="en-GB")
    try:
        page = opened(first.new_page(), url + "/")
        learner = learner_of(first, page, store)
        other = opened(second.new_page(), f"{url}/progress?device={make_code(page, url)}")
        expect(other.get_by_text(SWITCHED)).to_be_visible()
        opened(page, url + "/progress")
        page.get_by_text("Your devices").click()
        expect(page.get_by_text("(this device)", exact=False)).to_be_visible()
        page.get_by_role("button", name="Sign out", exact=True).click()
        expect(page.get_by_text("Signed out: that browser starts afresh on its next page.")).to_be_visible()
        opened(other, url + "/")
        expect(other.get_by_text("This browser was signed out from another device", exact=False)).to_be_visible()
        assert learner_of(second, other, store) != learner
        opened(page, url + "/")
        assert learner_of(first, page, store) == learner
    finally:
        first.close()
        second.close()


def test_a_code_typed_wrong_is_answered_in_view_on_a_phone(chromium: Browser, app_server: tuple[str, Path]) -> None:
    """The Progress page's code box is at its foot, its answer at its head: "Use this code", pressed at the
    bottom of a phone's screen with a code typed wrong, is answered in a sentence that comes into view."""
    url, _ = app_server
    context = chromium.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = opened(context.new_page(), url + "/progress")
        page.get_by_text("Use progress from another device").click()
        box = page.get_by_label(t("learner.code"), exact=True)
        box.fill("AB")
        box.press("Enter")
        expect(box).to_have_value("AB")
        press_at_the_foot(page.get_by_role("button", name=t("learner.use_code"), exact=True))
        in_view(page, page.get_by_text(t("learner.not_a_code", length=8)))
    finally:
        context.close()

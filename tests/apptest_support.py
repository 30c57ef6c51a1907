"""Opening the app through AppTest, the way every page test does."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

#: The app's entry, relative to this folder (AppTest resolves it against the calling file's folder).
APP = "../app.py"


def open_app(page: str | None = None, lesson: str | None = None, locale: str | None = None) -> AppTest:
    """The app, run once (at ``?lesson=…`` when given, in ``locale`` when given), then switched to
    ``ui/pages/<page>.py`` when a page is named; it must run without an exception."""
    at = AppTest.from_file(APP, default_timeout=30)
    if lesson is not None:
        at.query_params["lesson"] = lesson
    if locale is not None:
        at.context = {"locale": locale}
    at.run()
    if page is not None:
        at.switch_page(f"ui/pages/{page}.py").run()
    assert not at.exception, at.exception
    return at

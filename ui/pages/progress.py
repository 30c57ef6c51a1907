"""The Progress page: lessons done and stars (the body is in ``ui.progress.page``)."""

from ui.progress.page import render_progress_page

render_progress_page()

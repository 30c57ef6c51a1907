"""The Progress page: lessons done and stars (the body is in ``ui.progress_view``)."""

from ui.progress_view import render_progress_page

render_progress_page()

"""The Compare variants page (the page body lives in ``ui.compare_view``)."""

from ui.compare_view import render_compare_page

render_compare_page()

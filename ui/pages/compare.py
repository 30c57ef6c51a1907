"""The Compare variants page (the page body lives in ``ui.compare.page``)."""

from ui.compare.page import render_compare_page

render_compare_page()

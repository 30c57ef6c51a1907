"""The Rules page: a reference generated from the chosen variant (the body is in ``ui.rules_view``)."""

from ui.rules_view import render_rules_page

render_rules_page()

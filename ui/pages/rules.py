"""The Rules page: a reference generated from the chosen variant (the body is in ``ui.rules.page``)."""

from ui.rules.page import render_rules_page

render_rules_page()

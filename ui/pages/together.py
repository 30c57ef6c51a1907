"""The Play together page: a shared table, each player on their own device (the body is in ``ui.together.page``)."""

from ui.together.page import render_together_page

render_together_page()

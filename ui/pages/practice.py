"""The Practice page: a whole game against computer players, with a coach (the body is in ``ui.practice.page``)."""

from ui.practice.page import render_practice_page

render_practice_page()

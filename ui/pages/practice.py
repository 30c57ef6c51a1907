"""The Practice page: a whole game against computer players, with a coach (the body is in ``ui.practice_view``)."""

from ui.practice_view import render_practice_page

render_practice_page()

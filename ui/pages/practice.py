"""The Practice page: a whole game against computer players, with a coach (the body is in ``ui.practice.view``)."""

from ui.practice.view import render_practice_page

render_practice_page()

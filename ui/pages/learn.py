"""The Learn page: lessons and their scenarios (the body is in ``ui.lesson_view``)."""

from ui.lesson_view import render_learn_page

render_learn_page()

"""The Learn page: lessons and their scenarios (the body is in ``ui.learn.page``)."""

from ui.learn.page import render_learn_page

render_learn_page()

"""The Rummy 500 tutor's router, shared by both ways of starting it: the checkout's ``app.py``
(``streamlit run app.py``) and the installed command ``rummy500`` (which runs ``ui/app/script.py``).

Sets the shared session defaults, finds the learner at this browser (by the device token of its cookie),
decides the language (a link, the learner's choice, the browser's), draws the shared sidebar (the variant,
house rules, the four-colour deck) and runs the chosen page. Rules live in ``engine``, lesson logic in
``tutor``, page bodies in ``ui``.

The pages are given by their files' absolute paths (:func:`ui.shared.page_files.page_file`), not relative to the
main script, which is ``app.py`` in a checkout and ``ui/app/script.py`` when installed; each page's address is its
file's name as before (``/practice``, ``/together``; the Learn page, the default, is ``/``).
"""

import streamlit as st

from tutor.i18n.strings import t
from ui.app.fold import fold_after_a_new_page
from ui.app.sidebar import render_sidebar
from ui.app.table import restore_table
from ui.progress.cookie import keep_learner_in_browser
from ui.progress.learner import take_pending_code
from ui.shared import session
from ui.shared.connection import say_connection_words
from ui.shared.into_view import MARK_PREFIX
from ui.shared.language import resolve_language
from ui.shared.page_files import page_file


def main() -> None:
    """One run of the app: the page the address names, with the shared sidebar."""
    st.set_page_config(page_title="Learn 500", page_icon="🃏", layout="wide")
    # Less empty space above the page, so a laptop screen shows the cards of a lesson sooner. On a phone, no
    # link beside a heading: it shows only on hover, which a phone has not, and a heading that filled its line
    # was pushed onto a second, empty one by it (page titles have none at all: `anchor=False`, from the first
    # paint).
    # The component that brings an answer into view draws nothing: its box is hidden, so it adds no gap.
    st.html(
        "<style>[data-testid='stMainBlockContainer']{padding-top:2.5rem}"
        "@media (max-width:640px),(hover:none){[data-testid='stHeaderActionElements']{display:none}}"
        f"[class*='st-key-{MARK_PREFIX}']{{display:none}}</style>"
    )
    session.init_defaults()
    session.init_learner()  # who is at this browser: the cookie's device token, or a new learner
    restore_table()  # the variant and house rules kept with their progress (once a session)
    language = resolve_language()  # a ?lang= link, the learner's choice, the browser's language; the variant follows

    page = st.navigation(
        [
            st.Page(page_file("learn"), title=t("ui.nav.learn", language), icon="🎓", default=True),
            st.Page(page_file("compare"), title=t("ui.nav.compare", language), icon="⚖️"),
            st.Page(page_file("practice"), title=t("ui.nav.practice", language), icon="🃏"),
            st.Page(page_file("together"), title=t("ui.nav.together", language), icon="📱"),
            st.Page(page_file("rules"), title=t("ui.nav.rules", language), icon="📖"),
            st.Page(page_file("progress"), title=t("ui.nav.progress", language), icon="⭐"),
        ]
    )
    take_pending_code(language)  # a ?device= link's code, taken out of the address by init_learner
    app = session.app_state()
    if app.signed_out:  # said on whichever page opened, until the learner leaves that page
        app.signed_out, app.signed_out_page = False, page.url_path
    if app.signed_out_page == page.url_path:
        st.info(t("learner.signed_out", language))
    else:
        app.signed_out_page = None
    render_sidebar(language)
    page.run()
    # Last in the sidebar: the cookie writer is drawn only in the run that sets the cookie (the first, usually),
    # and drawn above a page's own sidebar (the lesson list) it shifted all of it one place down for that run,
    # so the next run showed the lesson heading and buttons twice until it ended.
    with st.sidebar:
        keep_learner_in_browser()
        say_connection_words(language)
        fold_after_a_new_page(page.url_path)  # on a phone, the page just picked comes into view

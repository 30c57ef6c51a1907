"""The Rummy 500 tutor: Streamlit entry point, a thin router.

Sets the shared session defaults, finds the learner at this browser (an id in the address and a cookie),
decides the language (a link, the learner's choice, the browser's), draws the shared sidebar (the variant,
house rules, the four-colour deck) and runs the chosen page. Rules live in ``engine``, lesson logic in
``tutor``, page bodies in ``ui``.
"""

import streamlit as st

from tutor.i18n.strings import t
from ui import session
from ui.language import resolve_language
from ui.progress.cookie import keep_learner_in_browser
from ui.sidebar import render_sidebar

st.set_page_config(page_title="Learn 500", page_icon="🃏", layout="wide")
# Less empty space above the page, so a laptop screen shows the cards of a lesson sooner. On a phone, no link
# beside a heading: it shows only on hover, which a phone has not, and a heading that filled its line was
# pushed onto a second, empty one by it (page titles have none at all: `anchor=False`, from the first paint).
st.html(
    "<style>[data-testid='stMainBlockContainer']{padding-top:2.5rem}"
    "@media (max-width:640px),(hover:none){[data-testid='stHeaderActionElements']{display:none}}</style>"
)
session.init_defaults()
session.init_learner()  # who is at this browser: the ?learner= id, the cookie's, or a new one
language = resolve_language()  # a ?lang= link, the learner's choice, the browser's language; the variant follows

page = st.navigation(
    [
        st.Page("ui/pages/learn.py", title=t("ui.nav.learn", language), icon="🎓", default=True),
        st.Page("ui/pages/compare.py", title=t("ui.nav.compare", language), icon="⚖️"),
        st.Page("ui/pages/practice.py", title=t("ui.nav.practice", language), icon="🃏"),
        st.Page("ui/pages/together.py", title=t("ui.nav.together", language), icon="📱"),
        st.Page("ui/pages/rules.py", title=t("ui.nav.rules", language), icon="📖"),
        st.Page("ui/pages/progress.py", title=t("ui.nav.progress", language), icon="⭐"),
    ]
)
session.keep_learner_in_address()  # a reload keeps the learner
render_sidebar(language)
page.run()
# Last in the sidebar: the cookie writer is drawn only in the run that sets the cookie (the first, usually), and
# drawn above a page's own sidebar (the lesson list) it shifted all of it one place down for that run, so the
# next run showed the lesson heading and buttons twice until it ended.
with st.sidebar:
    keep_learner_in_browser()

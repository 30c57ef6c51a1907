"""Pages that are planned but not built yet: they say what is coming, and why, and never fail."""

from __future__ import annotations

import streamlit as st

from tutor.strings import t
from ui import session


def render_coming_soon(page: str) -> None:
    """Draw the placeholder of ``page`` (``compare`` or ``practice``)."""
    language = session.language()
    st.title(t(f"ui.{page}.title", language))
    st.info(t(f"ui.{page}.coming", language))
    st.markdown(t(f"ui.{page}.why", language))
    st.page_link("ui/pages/learn.py", label=t("ui.coming_soon.meanwhile", language), icon="🎓")

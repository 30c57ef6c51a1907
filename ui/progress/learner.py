"""The learner's own tools on the Progress page: the link that carries this browser's progress to another
device, "Start over" (after a confirmation), and bringing progress an earlier version kept under a name."""

from __future__ import annotations

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import YOU, t
from tutor.progress import ProgressError, ProgressStore
from tutor.progress.learner import device_link, legacy_key
from ui import session

#: Widget keys.
START_OVER = "learner_start_over"
CONFIRM = "learner_confirm"
CANCEL = "learner_cancel"
LEGACY_NAME = "learner_legacy_name"
CLAIM = "learner_claim"


def render_learner_tools(store: ProgressStore, language: str) -> None:
    """Draw the learner's tools under their progress."""
    notice = st.session_state.get(session.LEARNER_NOTICE)
    if notice:
        kind, message = notice
        (st.success if kind == "success" else st.info)(message)
        st.session_state[session.LEARNER_NOTICE] = None
    st.subheader(t("learner.section", language))
    st.caption(t("learner.about", language))
    with st.expander(t("learner.device_title", language)):
        st.markdown(t("learner.device_text", language))
        st.code(device_link(_page_url(), session.progress_key()), language=None)
    with st.expander(
        t("learner.start_over_title", language), expanded=bool(st.session_state.get(session.CONFIRM_START_OVER))
    ):
        st.markdown(t("learner.start_over_text", language))
        if st.session_state.get(session.CONFIRM_START_OVER):
            st.warning(t("learner.confirm", language))
            with st.container(horizontal=True):
                st.button(
                    t("learner.confirm_yes", language),
                    key=CONFIRM,
                    type="primary",
                    on_click=_start_over,
                    args=(store, language),
                )
                st.button(t("learner.cancel", language), key=CANCEL, on_click=_ask, args=(False,))
        else:
            st.button(t("learner.start_over", language), key=START_OVER, on_click=_ask, args=(True,))
    with st.expander(t("learner.legacy_title", language)):
        st.markdown(t("learner.legacy_text", language))
        st.text_input(t("learner.legacy_name", language), key=LEGACY_NAME, placeholder=YOU)
        st.button(t("learner.claim", language), key=CLAIM, on_click=_claim, args=(store, language))


def _page_url() -> str:
    """The page's address, or "" where there is no browser request (a link relative to the page)."""
    return str(session.from_browser(lambda: st.context.url) or "")


def _ask(confirming: bool) -> None:
    st.session_state[session.CONFIRM_START_OVER] = confirming


def _start_over(store: ProgressStore, language: str) -> None:
    """Clear the learner's progress, and open Learn at its start next time."""
    state = st.session_state
    state[session.CONFIRM_START_OVER] = False
    try:
        store.start_over(session.progress_key())
    except ProgressError as error:
        state[session.LEARNER_NOTICE] = ("info", t("ui.progress_unavailable", language, error=plain(str(error))))
        return
    for key, value in ((session.LESSON, None), (session.INDEX, 0), (session.RUN, None), (session.RESUMED, True)):
        state[key] = value
    state[session.LEARNER_NOTICE] = ("success", t("learner.cleared", language))


def _claim(store: ProgressStore, language: str) -> None:
    """Move the progress an earlier version kept under the typed name to this learner."""
    state = st.session_state
    typed = str(state.get(LEGACY_NAME) or "").strip()
    name = typed or YOU
    try:
        moved = store.claim(session.progress_key(), legacy_key(typed))
    except ProgressError as error:
        state[session.LEARNER_NOTICE] = ("info", t("ui.progress_unavailable", language, error=plain(str(error))))
        return
    key = "learner.claimed" if moved else "learner.nothing_to_claim"
    state[session.LEARNER_NOTICE] = ("success" if moved else "info", t(key, language, name=plain(name)))
    if moved:
        state[session.LESSON], state[session.RESUMED] = None, False  # Learn resumes at the place brought here
        state[LEGACY_NAME] = ""

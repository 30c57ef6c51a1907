"""Which language this browser is spoken to in, the sidebar's picker, and the card letters.

The choice is made by :func:`tutor.i18n.languages.choose`: a ``?lang=`` link, the learner's pick (kept
with their progress, and in the address so a reload keeps it), their saved choice, what the browser asks
for (its page's locale, then its ``Accept-Language``: :func:`tutor.i18n.languages.browser_wants`), English
last. Until the learner picks a variant, the variant follows the language (Swedish: femhundra, Danish:
dansk, …); a ``?variant=dansk`` link picks one.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from engine.variants import PRESETS
from tutor.i18n.languages import LANGUAGES, START_VARIANT, browser_wants, choose, known, own_name
from tutor.i18n.letters import DECK_LETTERS
from tutor.i18n.strings import t
from tutor.progress import ProgressError
from ui.shared import session
from ui.shared.session import OWN_LETTERS, PICKER, app_state

QUERY_PARAM: Final = "lang"
VARIANT_PARAM: Final = "variant"  # ?variant=dansk: a link to a variant, as if the learner had picked it


def resolve_language() -> str:
    """Decide this run's language (and, until the learner picks one, the variant); call before any page."""
    app = app_state()
    linked = known(st.query_params.get(QUERY_PARAM))
    if linked and linked != app.language_choice:
        app.language_choice = linked
        _save(linked)
    language = choose(None, app.language_choice, _saved(), _browser())
    app.language = language
    st.session_state[PICKER] = language
    _follow_with_variant(language)
    st.session_state.setdefault(OWN_LETTERS, True)  # a Dutch page prints H, V, B as the seed writes them
    return language


def _browser() -> str | None:
    """What the browser asks for: the page's locale, then the ``Accept-Language`` header."""
    return session.from_browser(lambda: browser_wants(st.context.locale, st.context.headers.get("Accept-Language")))


def _saved() -> str | None:
    """The language kept with this learner's progress (read once per learner and session)."""
    learner = session.progress_key()
    cached = app_state().saved_language
    if cached is not None and cached[0] == learner:
        return cached[1] or None
    store = session.progress_store()
    saved = None
    if not isinstance(store, ProgressError):
        try:
            saved = store.profile.language(learner)
        except ProgressError:
            saved = None
    app_state().saved_language = (learner, saved)
    return saved


def _save(language: str) -> None:
    """Keep the learner's choice with their progress (a store that cannot be used: this session only)."""
    learner = session.progress_key()
    app_state().saved_language = (learner, language)
    store = session.progress_store()
    if isinstance(store, ProgressError):
        return
    try:
        store.profile.set_language(learner, language)
    except ProgressError:
        return


def _follow_with_variant(language: str) -> None:
    """Start the learner on their language's own variant, until they pick one (or a test or link did)."""
    app, widgets = app_state(), st.session_state
    linked = st.query_params.get(VARIANT_PARAM)
    if linked in PRESETS and linked != app.variant_linked:  # a new ?variant= link: the learner's pick
        app.variant_linked = linked
        app.variant_picked = True
        widgets[session.VARIANT_ID] = linked
        app.variant = PRESETS[str(linked)]
        return
    current, auto = widgets.get(session.VARIANT_ID), app.auto_variant
    if app.variant_picked or (current is not None and current != auto):
        return
    wanted = START_VARIANT[language]
    if current != wanted:
        widgets[session.VARIANT_ID] = wanted
        app.variant = PRESETS[wanted]
    app.auto_variant = wanted


def picked_variant() -> None:
    """The variant box's callback: from now on the variant is the learner's, not the language's."""
    app_state().variant_picked = True


def _picked_language() -> None:
    """The picker's callback: the new language is the learner's choice, kept and put in the address."""
    chosen = known(st.session_state.get(PICKER))
    if chosen:
        app_state().language_choice = chosen
        st.query_params[QUERY_PARAM] = chosen
        _save(chosen)


def language_picker(language: str) -> None:
    """The sidebar's language picker (each language named in itself) and, where the learner's deck has its
    own letters, the choice of them."""
    st.sidebar.selectbox(
        t("language.picker", language),
        list(LANGUAGES),
        format_func=own_name,
        key=PICKER,
        on_change=_picked_language,
        help=t("language.picker_help", language),
    )
    letters = DECK_LETTERS.get(language)
    if letters:
        shown = ", ".join(letters[rank] for rank in (13, 12, 11))
        st.sidebar.toggle(t("language.letters_own", language, letters=shown), key=OWN_LETTERS)

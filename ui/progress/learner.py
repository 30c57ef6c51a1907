"""The learner's own tools on the Progress page: a short-lived code that brings this progress to another
device, using such a code here, this learner's devices (signing the others out), "Start over" (after a
confirmation, and undone for a while), and copying progress an earlier version kept under a name.

The rules live in :mod:`tutor.progress` (the store's devices and codes, :mod:`tutor.progress.identity`);
this module only draws them and keeps the page's one-off state in ``session_state``.
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import YOU, t
from tutor.i18n.style import Style
from tutor.progress import ProgressError, ProgressStore
from tutor.progress.clock import utc_now
from tutor.progress.identity import Identity
from tutor.progress.learner import (
    CODE_LENGTH,
    CODE_MINUTES,
    UNDO_HOURS,
    code_link,
    legacy_key,
    normal_code,
    shown_code,
    token_hash,
)
from ui.shared import guesses, session
from ui.shared.into_view import kept_in_view, new_token
from ui.shared.storage_fault import progress_problem

#: Widget keys.
START_OVER = "learner_start_over"
CONFIRM = "learner_confirm"
CANCEL = "learner_cancel"
UNDO = "learner_undo"
LEGACY_NAME = "learner_legacy_name"
CLAIM = "learner_claim"
MAKE_CODE = "learner_make_code"
CODE = "learner_code"
USE_CODE = "learner_use_code"
SWITCH = "learner_switch"
KEEP = "learner_keep"
SIGN_OUT = "learner_sign_out_"  # + the device's number in the list (1: the first other device)
SIGN_OUT_OTHERS = "learner_sign_out_others"

#: Session keys of the page: the code made here and its expiry; a code waiting for "Switch / Keep this one".
MADE_CODE = "learner_made_code"
ASKING = "learner_asking"
MESSAGES = "learner_messages"  # the block of the notice and the question: brought into view when new


def render_learner_messages(store: ProgressStore, language: str | Style) -> None:
    """Draw, at the top of the page, what the learner's last action did (once), and the question a device
    code asks in a browser that has progress of its own."""
    state = st.session_state
    notice = state.get(session.LEARNER_NOTICE)
    asking = state.get(ASKING)
    # Brought into view: the buttons that answer are at the page's foot, below the learner's progress. A
    # notice is said once (a new one each time); the question stays until answered (new for each code).
    token = new_token() if notice else f"asking-{asking}" if asking else None
    with kept_in_view(MESSAGES, token):
        if notice:
            kind, message = notice
            (st.success if kind == "success" else st.info)(message)
            state[session.LEARNER_NOTICE] = None
        if asking:
            _ask_before_switching(store, language)


def render_learner_tools(store: ProgressStore, language: str | Style) -> None:
    """Draw the learner's tools under their progress."""
    state = st.session_state
    st.subheader(t("learner.section", language))
    st.caption(t("learner.about", language))
    _undo(store, language)
    with st.expander(t("learner.device_title", language), expanded=state.get(MADE_CODE) is not None):
        _make_code(store, language)
    with st.expander(t("learner.use_title", language)):
        st.markdown(t("learner.use_text", language))
        st.text_input(t("learner.code", language), key=CODE, max_chars=2 * CODE_LENGTH, placeholder="ACDE-FGHJ")
        st.button(t("learner.use_code", language), key=USE_CODE, on_click=_use_typed, args=(store, language))
    with st.expander(t("learner.devices_title", language)):
        _devices(store, language)
    with st.expander(t("learner.start_over_title", language), expanded=bool(state.get(session.CONFIRM_START_OVER))):
        _start_over_tools(store, language)
    with st.expander(t("learner.legacy_title", language)):
        st.markdown(t("learner.legacy_text", language))
        st.text_input(t("learner.legacy_name", language), key=LEGACY_NAME, placeholder=YOU)
        st.button(t("learner.claim", language), key=CLAIM, on_click=_claim, args=(store, language))


def take_pending_code(language: str | Style) -> None:
    """Use the device code a ``?device=`` link brought (already out of the address; called by the router
    before the sidebar, which shows the learner's name): it switches this browser, or asks first on the
    Progress page the link opens."""
    state = st.session_state
    pending = state.get(session.PENDING_CODE)
    if not pending:
        return
    state[session.PENDING_CODE] = None
    store = session.progress_store()
    if isinstance(store, ProgressError):
        _unavailable(store, language)
        return
    _use(store, language, str(pending))


def when(moment: datetime) -> str:
    """A time as the page shows it: the date and the minute, in UTC (the server cannot know the learner's zone).

    >>> from datetime import UTC
    >>> when(datetime(2026, 12, 3, 18, 5, 9, tzinfo=UTC))
    '2026-12-03 18:05 UTC'
    """
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _say(kind: str, message: str) -> None:
    st.session_state[session.LEARNER_NOTICE] = (kind, message)


def _unavailable(error: ProgressError, language: str | Style) -> None:
    _say("info", progress_problem(error, language))


# --- a code for another device, and using one here ------------------------------------------------


def _make_code(store: ProgressStore, language: str | Style) -> None:
    """The text, the "Make a code" button, and the code made (with its link) while it lives."""
    st.markdown(t("learner.device_text", language, minutes=CODE_MINUTES))
    made = st.session_state.get(MADE_CODE)
    if made is not None and made[1] > utc_now():
        code, expires = made
        st.code(shown_code(code), language=None)
        st.code(code_link(str(session.from_browser(lambda: st.context.url) or ""), code), language=None)
        st.caption(t("learner.code_made", language, time=when(expires)))
    st.button(t("learner.make_code", language), key=MAKE_CODE, on_click=_new_code, args=(store, language))


def _new_code(store: ProgressStore, language: str | Style) -> None:
    try:
        st.session_state[MADE_CODE] = store.devices.make_code(session.progress_key())
    except ProgressError as error:
        _unavailable(error, language)


def _use_typed(store: ProgressStore, language: str | Style) -> None:
    _use(store, language, str(st.session_state.get(CODE) or ""))
    st.session_state[CODE] = ""


def _use(store: ProgressStore, language: str | Style, typed: str, confirmed: bool = False) -> None:
    """Use a device code in this browser: refused when it is not one, used or expired (a wrong code counts
    towards a wait, :mod:`ui.shared.guesses`, and none is looked at while it lasts); asked first when this browser
    has progress of its own (the code is used only by "Switch")."""
    state = st.session_state
    code = normal_code(typed)
    if code is None:
        _say("info", t("learner.not_a_code", language, length=CODE_LENGTH))
        return
    current, token = session.progress_key(), session.device_token()
    wait = None if confirmed else guesses.waiting(language)  # confirmed: the code was found already
    if wait is not None:
        _say("info", wait)
        return
    try:
        owner = store.devices.use_code(code, take=False)
        if owner is None or token is None:
            wait = guesses.wrong(language) if owner is None and not confirmed else None
            _say("info", " ".join(x for x in (t("learner.code_refused", language, minutes=CODE_MINUTES), wait) if x))
            return
        if owner == current:
            _say("info", t("learner.already_yours", language))
            return
        had_progress = store.accounts.has_progress(current)
        if had_progress and not confirmed:
            state[ASKING] = code
            return
        owner = store.devices.use_code(code)
        if owner is None:
            _say("info", t("learner.code_refused", language, minutes=CODE_MINUTES))
            return
        store.devices.move(token, owner)
    except ProgressError as error:
        _unavailable(error, language)
        return
    session.become(Identity(owner, token, fresh=False))
    state[MADE_CODE] = None
    _say("success", t("learner.switched_kept" if had_progress else "learner.switched", language))


def _ask_before_switching(store: ProgressStore, language: str | Style) -> None:
    """This browser has progress of its own: switch to the code's, or keep it."""
    st.warning(t("learner.switch_question", language))
    with st.container(horizontal=True):
        st.button(
            t("learner.switch_yes", language),
            key=SWITCH,
            type="primary",
            on_click=_answer,
            args=(store, language, True),
        )
        st.button(t("learner.switch_no", language), key=KEEP, on_click=_answer, args=(store, language, False))


def _answer(store: ProgressStore, language: str | Style, switch: bool) -> None:
    code = str(st.session_state.get(ASKING) or "")
    st.session_state[ASKING] = None
    if switch:
        _use(store, language, code, confirmed=True)
    else:
        _say("info", t("learner.kept", language))


# --- this learner's devices ------------------------------------------------------------------------


def _devices(store: ProgressStore, language: str | Style) -> None:
    """Each device of this learner, this one marked, the others with "Sign out"."""
    st.markdown(t("learner.devices_text", language))
    token = session.device_token()
    try:
        devices = store.devices.signed_in(session.progress_key())
    except ProgressError as error:
        st.info(progress_problem(error, language))
        return
    mine = token_hash(token) if token else None
    others = [d.key for d in devices if d.key != mine]
    for device in devices:
        label = plain(device.label) if device.label else t("learner.device_unknown", language)
        line = t(
            "learner.device_line", language, label=label, created=when(device.created_at), seen=when(device.last_seen)
        )
        with st.container(horizontal=True, vertical_alignment="center"):
            if device.key == mine:
                st.markdown(f"{line} {t('learner.this_device', language)}")
            else:
                st.markdown(line)
                number = others.index(device.key) + 1
                st.button(
                    t("learner.sign_out", language),
                    key=f"{SIGN_OUT}{number}",
                    on_click=_sign_out,
                    args=(store, language, [device.key]),
                )
    if len(others) > 1:
        st.button(
            t("learner.sign_out_others", language),
            key=SIGN_OUT_OTHERS,
            on_click=_sign_out,
            args=(store, language, others),
        )


def _sign_out(store: ProgressStore, language: str | Style, keys: list[str]) -> None:
    try:
        store.devices.sign_out(session.progress_key(), keys)
    except ProgressError as error:
        _unavailable(error, language)
        return
    _say("success", t("learner.signed_out_done", language))


# --- start over, and undo it ------------------------------------------------------------------------


def _start_over_tools(store: ProgressStore, language: str | Style) -> None:
    st.markdown(t("learner.start_over_text", language))
    if st.session_state.get(session.CONFIRM_START_OVER):
        st.warning(t("learner.confirm", language, hours=UNDO_HOURS))
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


def _ask(confirming: bool) -> None:
    st.session_state[session.CONFIRM_START_OVER] = confirming


def _start_over(store: ProgressStore, language: str | Style) -> None:
    """Clear the learner's progress (kept to be undone), and open Learn at its start next time."""
    state = st.session_state
    state[session.CONFIRM_START_OVER] = False
    learner = session.progress_key()
    try:
        store.start_over.clear(learner)
        until = store.start_over.undo_until(learner)
    except ProgressError as error:
        _unavailable(error, language)
        return
    _reset_learn(resumed=True)
    if until is None:
        _say("info", t("learner.cleared_nothing", language))
    else:
        _say("success", t("learner.cleared", language, time=when(until)))


def _undo(store: ProgressStore, language: str | Style) -> None:
    """While "Start over" can be undone: say until when, with "Undo"."""
    try:
        until = store.start_over.undo_until(session.progress_key())
    except ProgressError:
        return
    if until is None:
        return
    st.info(t("learner.undo_text", language, time=when(until)))
    st.button(t("learner.undo", language), key=UNDO, on_click=_undo_start_over, args=(store, language))


def _undo_start_over(store: ProgressStore, language: str | Style) -> None:
    try:
        undone = store.start_over.undo(session.progress_key())
    except ProgressError as error:
        _unavailable(error, language)
        return
    if undone:
        _reset_learn(resumed=False)  # Learn resumes at the place brought back
        _say("success", t("learner.undone", language))


def _reset_learn(resumed: bool) -> None:
    state = st.session_state
    for key, value in ((session.LESSON, None), (session.INDEX, 0), (session.RUN, None), (session.RESUMED, resumed)):
        state[key] = value


# --- progress of an earlier version -----------------------------------------------------------------


def _claim(store: ProgressStore, language: str | Style) -> None:
    """Copy the progress an earlier version kept under the typed name to this learner (it stays there too)."""
    state = st.session_state
    typed = str(state.get(LEGACY_NAME) or "").strip()
    name = typed or YOU
    try:
        copied = store.accounts.claim(session.progress_key(), legacy_key(typed))
    except ProgressError as error:
        _unavailable(error, language)
        return
    key = "learner.claimed" if copied else "learner.nothing_to_claim"
    _say("success" if copied else "info", t(key, language, name=plain(name)))
    if copied:
        _reset_learn(resumed=False)  # Learn resumes at the place brought here
        state[LEGACY_NAME] = ""

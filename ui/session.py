"""Session keys and the shared things every page reads: the variant, the language, the deck colours, the
learner (an id kept in the browser, and an optional name), the progress store and the curriculum.

Game and lesson state lives under these prefixed ``session_state`` keys, never only in widget values
(Streamlit drops a widget's value when its page is not shown). ``app_*`` keys are shared by all pages;
``learn_*`` keys belong to the Learn page.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Final, TypeVar

import streamlit as st

from engine.errors import RecordError
from engine.names import name_problem
from engine.variants import PRESETS, Variant
from tutor.i18n.letters import DECK_LETTERS, INTERNATIONAL
from tutor.i18n.strings import YOU
from tutor.i18n.style import Style
from tutor.learn.curriculum import LESSONS_DIR, SCENARIOS_DIR, Curriculum, load_curriculum
from tutor.progress import ProgressError, ProgressStore, default_target, open_store
from tutor.progress.identity import Identity, identify
from tutor.progress.learner import CODE_PARAM, COOKIE, OLD_QUERY_PARAM, device_label, is_learner_id, new_learner_id

# --- shared by every page ---------------------------------------------------------------------------
VARIANT_ID: Final = "app_variant_id"  # the preset picked in the sidebar (a widget key)
VARIANT: Final = "app_variant"  # the validated Variant, preset and house rules
HOUSE_RULE_ERROR: Final = "app_house_rule_error"
LANGUAGE: Final = "app_language"
FOUR_COLOUR: Final = "app_four_colour"  # a widget key
OWN_LETTERS: Final = "app_own_card_letters"  # a widget key: the learner's deck prints its own letters (default)
LEARNER: Final = "app_learner"  # a widget key: the learner's display name
LEARNER_ID: Final = "app_learner_id"  # the learner id of this browser (tutor.progress.learner)
LEARNER_FRESH: Final = "app_learner_fresh"  # whether the id was made in this session (no progress under it yet)
DEVICE_TOKEN: Final = "app_device_token"  # this browser's device token, kept in its cookie (None: store unusable)
COOKIE_SET: Final = "app_learner_cookie"  # the token the cookie was last set to in this session
SIGNED_OUT: Final = "app_signed_out"  # this browser was signed out from another device: said once
PENDING_CODE: Final = "app_pending_code"  # a device code a ?device= link brought, for the Progress page
TEST_COOKIE: Final = "app_test_cookie"  # set by tests only: the cookie a browser would send (AppTest sends none)
CONFIRM_START_OVER: Final = "app_confirm_start_over"  # "Start over" pressed: waiting for the confirmation
LEARNER_NOTICE: Final = "app_learner_notice"  # a one-off remark of the Progress page (cleared, moved)
PROGRESS_PATH: Final = "app_progress_path"  # set by tests to use another progress file
CONTENT_DIR: Final = "app_content_dir"  # set by tests to use other lessons and scenarios

# --- the Learn page -------------------------------------------------------------------------------
LESSON: Final = "learn_lesson"  # the open lesson's id
INDEX: Final = "learn_index"  # the open scenario's index in the lesson
RUN: Final = "learn_run"  # the ScenarioRun of the open scenario
RESUMED: Final = "learn_resumed"  # whether the learner's last place was looked up this session
NOTICE: Final = "learn_notice"  # a one-off remark (resumed, unknown lesson in the link)
SAVE_ERROR: Final = "learn_save_error"

# Widget keys of the Learn page.
NUMBER: Final = "learn_number"
CHOICE: Final = "learn_choice"

#: The environment variable naming the folder that holds ``lessons/`` and ``scenarios/`` (the progress
#: file's is :data:`tutor.progress.ENV_VAR`).
CONTENT_ENV: Final = "RUMMY500_CONTENT_DIR"

DEFAULT_VARIANT: Final = "femhundra"
#: The learner who gives no name is "You": the app speaks to them ("Your turn", "Your progress", "You drew
#: the 7♥.") and their Practice seat is called so.
DEFAULT_LEARNER: Final = YOU


def init_defaults() -> None:
    """Set every shared key that is missing (called by ``app.py`` on every run)."""
    state = st.session_state
    state.setdefault(VARIANT, PRESETS[DEFAULT_VARIANT])  # VARIANT_ID is set by ui.language from the language
    state.setdefault(HOUSE_RULE_ERROR, None)
    state.setdefault(LANGUAGE, "en")
    state.setdefault(FOUR_COLOUR, False)
    state.setdefault(LEARNER, "")  # empty: the sidebar shows "You" as its placeholder
    state.setdefault(LESSON, None)
    state.setdefault(INDEX, 0)
    state.setdefault(RUN, None)
    state.setdefault(RESUMED, False)
    state.setdefault(NOTICE, None)
    state.setdefault(SAVE_ERROR, None)
    state.setdefault(CONFIRM_START_OVER, False)
    state.setdefault(LEARNER_NOTICE, None)
    state.setdefault(SIGNED_OUT, False)
    state.setdefault(PENDING_CODE, None)


def variant() -> Variant:
    """The variant chosen in the sidebar, house rules applied."""
    chosen = st.session_state.get(VARIANT)
    return chosen if isinstance(chosen, Variant) else PRESETS[DEFAULT_VARIANT]


def language() -> str:
    """The learner's language (from the browser's locale)."""
    return str(st.session_state.get(LANGUAGE) or "en")


def style() -> Style:
    """How this session reads the app's words and cards: its language, its card letters (the language's own
    while the learner keeps them on, the default; else the international ones) and its deck's colours.

    Read from ``session_state`` on every call, so a button's callback (run in another thread) gets the same
    style as the page run that drew the button.
    """
    code = language()
    own = st.session_state.get(OWN_LETTERS, True) and code in DECK_LETTERS
    return Style(code, code if own else INTERNATIONAL, four_colour())


def four_colour() -> bool:
    """Whether cards are drawn with a four-colour deck (♣ green, ♦ blue)."""
    return bool(st.session_state.get(FOUR_COLOUR, False))


def typed_learner() -> str:
    """The name typed in the sidebar, without the spaces around it ("" for none)."""
    return str(st.session_state.get(LEARNER) or "").strip()


def learner() -> str:
    """The learner's name as the app speaks to them and seats them in Practice: the one typed in the
    sidebar when the one name rule allows it (:func:`engine.names.name_problem`; the sidebar says why
    not), else "You"."""
    name = typed_learner()
    return name if name and name_problem(name) is None else DEFAULT_LEARNER


def progress_key() -> str:
    """The key the learner's progress and saved games are kept under: this browser's learner id (set by
    :func:`init_learner` on every run; made here, for this session only, if it has not run)."""
    current = st.session_state.get(LEARNER_ID)
    if not is_learner_id(current):
        current = new_learner_id()
        st.session_state[LEARNER_ID] = current
        st.session_state[LEARNER_FRESH] = True
    return str(current)


def device_token() -> str | None:
    """This browser's device token (what its cookie keeps), or None while the progress store cannot be used."""
    token = st.session_state.get(DEVICE_TOKEN)
    return str(token) if token else None


def init_learner() -> None:
    """Find who is at this browser (called by ``app.py`` on every run, before the sidebar): the learner of
    the device token its cookie holds (:func:`tutor.progress.identity.identify`), checked again on every
    run so a browser signed out from another device stops at once. The address plays no part: an
    earlier version's ``?learner=`` is removed from it unread, and a ``?device=`` code is taken out of it
    for the Progress page to use.
    """
    _take_identity_out_of_address()
    state = st.session_state
    current = state.get(LEARNER_ID)
    store = progress_store()
    if isinstance(store, ProgressError):
        progress_key()  # this session only; the cookie is left as it is for when the store is back
        return
    known = state.get(DEVICE_TOKEN)
    try:
        found = identify(store.devices, known or cookie(), label=_browser_label(), seen=not known)
    except ProgressError:
        progress_key()
        return
    state[DEVICE_TOKEN] = found.token
    if found.signed_out:
        state[SIGNED_OUT] = True
    if found.learner_id != current:
        become(found)


def become(found: Identity) -> None:
    """Run this session as ``found``'s learner: their name, and (when another learner ran here before) no
    lesson of theirs left open."""
    state = st.session_state
    current = state.get(LEARNER_ID)
    state[LEARNER_ID] = found.learner_id
    state[DEVICE_TOKEN] = found.token
    state[LEARNER_FRESH] = found.fresh
    state[LEARNER] = "" if found.fresh else _stored_name(found.learner_id)
    if current is not None:  # another learner in this tab: their own place, their own lesson
        for key, value in ((LESSON, None), (INDEX, 0), (RUN, None), (RESUMED, False), (CONFIRM_START_OVER, False)):
            state[key] = value


def _take_identity_out_of_address() -> None:
    """Remove ``?learner=`` (never read) and ``?device=`` (kept for the Progress page) from the address."""
    params = st.query_params
    if OLD_QUERY_PARAM in params:
        del params[OLD_QUERY_PARAM]
    if CODE_PARAM in params:
        st.session_state[PENDING_CODE] = params.get(CODE_PARAM)
        del params[CODE_PARAM]


def _browser_label() -> str:
    """A short name for this browser from its User-Agent ("" when Streamlit gives no headers)."""
    return device_label(from_browser(lambda: st.context.headers.get("User-Agent")))


def save_learner_name() -> None:
    """Keep the name typed in the sidebar with the learner (the text input's callback); a store that
    cannot be used keeps it for this session only."""
    store = progress_store()
    if isinstance(store, ProgressError):
        return
    name = typed_learner()
    if name and name_problem(name) is not None:
        return  # refused in the sidebar: the name kept is the one before
    try:
        store.profile.set_name(progress_key(), str(st.session_state.get(LEARNER) or ""))
    except ProgressError:
        return


_T = TypeVar("_T")


def from_browser(read: Callable[[], _T]) -> _T | None:
    """What ``read`` finds in the browser's request (``st.context``: its cookies, headers, locale or
    address), or None where there is no browser request (a script run by hand)."""
    try:
        return read()
    except Exception:  # no browser request: nothing to read
        return None


def cookie() -> str | None:
    """What the browser's cookie holds (not checked: a device token, an earlier version's learner id), or
    None. A test, whose AppTest sends no cookie, gives it in ``session_state[TEST_COOKIE]``."""
    value = st.session_state.get(TEST_COOKIE) or from_browser(lambda: st.context.cookies.get(COOKIE))
    return str(value) if value is not None else None


def _stored_name(learner_id: str) -> str:
    store = progress_store()
    if isinstance(store, ProgressError):
        return ""
    try:
        return store.profile.name(learner_id)
    except ProgressError:
        return ""


# --- content and progress ---------------------------------------------------------------------------


def content_dirs() -> tuple[Path, Path]:
    """The lessons and scenarios folders: from ``session_state`` or ``$RUMMY500_CONTENT_DIR``, else the installed
    tutor's (:mod:`tutor.resources`)."""
    root = st.session_state.get(CONTENT_DIR) or os.environ.get(CONTENT_ENV, "").strip()
    if root:
        return Path(root) / "lessons", Path(root) / "scenarios"
    return LESSONS_DIR, SCENARIOS_DIR


def curriculum() -> Curriculum | RecordError:
    """The checked curriculum, or the error naming the file and field at fault (never a traceback)."""
    lessons, scenarios = content_dirs()
    try:
        return load_curriculum(lessons, scenarios)
    except RecordError as error:
        return error


def progress_store() -> ProgressStore | ProgressError:
    """The learner's progress store (one per file, kept for the process), or why it cannot be used.

    The file is ``session_state[app_progress_path]`` if set, else the server database
    ``$RUMMY500_DATABASE_URL``, else the file ``$RUMMY500_PROGRESS_DB``, else the default place in the home folder.
    """
    try:
        configured = st.session_state.get(PROGRESS_PATH)
        return open_store(
            str(configured) if configured else default_target()
        )  # opened once; a failure is not retried on every rerun
    except ProgressError as error:
        return error

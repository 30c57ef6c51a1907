"""The session's app-wide state, and the shared things every page reads: the variant, the language, the deck
colours, the learner (an id kept in the browser, and an optional name), the progress store and the curriculum.

What the app keeps between runs lives in one typed object per part of it, each under one ``session_state``
key of its own, never only in widget values (Streamlit drops a widget's value when its page is not shown):
the app's in :class:`AppState` (:func:`app_state`), each page's beside that page (the Learn page's in
:mod:`ui.learn.state`, the Practice page's in :mod:`ui.practice.state`). A page reads and writes their
attributes. The keys Streamlit's widgets need stay strings, each declared once, beside its state: the
sidebar's here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
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

DEFAULT_VARIANT: Final = "femhundra"
#: The learner who gives no name is "You": the app speaks to them ("Your turn", "Your progress", "You drew
#: the 7♥.") and their Practice seat is called so.
DEFAULT_LEARNER: Final = YOU

#: The environment variable naming the folder that holds ``lessons/`` and ``scenarios/`` (the progress
#: file's is :data:`tutor.progress.ENV_VAR`).
CONTENT_ENV: Final = "RUMMY500_CONTENT_DIR"


@dataclass
class AppState:
    """What the app keeps for every page between runs (the sidebar's widgets keep theirs under the keys below)."""

    #: The variant chosen in the sidebar: its preset and house rules, validated.
    variant: Variant = field(default_factory=lambda: PRESETS[DEFAULT_VARIANT])
    #: Why the house rules picked in the sidebar were refused (the preset is played meanwhile), or None.
    house_rule_error: str | None = None
    #: The language this session is spoken to in (:func:`ui.shared.language.resolve_language` decides it).
    language: str = "en"
    #: The language the learner picked or linked to (``?lang=``) this session, or None.
    language_choice: str | None = None
    #: (learner id, the language kept with their progress) as read from the store, once per learner.
    saved_language: tuple[str, str | None] | None = None
    #: The ``?variant=`` value already followed this session.
    variant_linked: str | None = None
    #: Whether the learner picked a variant: it no longer follows the language.
    variant_picked: bool = False
    #: The variant :mod:`ui.shared.language` set from the language.
    auto_variant: str | None = None
    #: The learner whose kept table (variant and house rules) the sidebar was set to this session
    #: (:mod:`ui.app.table`), or None.
    table_restored: str | None = None
    #: The address of the page the last run showed (:mod:`ui.app.fold`), or None before the first.
    last_page: str | None = None
    #: The learner id of this browser (:mod:`tutor.progress.learner`).
    learner_id: str | None = None
    #: Whether the id was made in this session (no progress under it yet).
    learner_fresh: bool = False
    #: This browser's device token, kept in its cookie (None: the store cannot be used).
    device_token: str | None = None
    #: This browser was signed out from another device (found when the run began; :mod:`ui.app.router` says so).
    signed_out: bool = False
    #: The address of the page that says the browser was signed out: it says so until the learner leaves it
    #: (a rerun of the same page, one the page makes itself, keeps it in view), or None.
    signed_out_page: str | None = None
    #: The language whose words for Streamlit's connection dialog the page holds (:mod:`ui.shared.connection`).
    connection_words: str | None = None
    #: Set by tests only: the cookie a browser would send (AppTest sends none).
    test_cookie: str | None = None
    #: Set by tests to use another progress file.
    progress_path: str | None = None
    #: Set by tests to use other lessons and scenarios.
    content_dir: str | None = None


#: The key :class:`AppState` is kept under.
STATE: Final = "app_state"


def app_state() -> AppState:
    """This session's :class:`AppState` (made with its defaults on the session's first call)."""
    found = st.session_state.get(STATE)
    if not isinstance(found, AppState):
        found = AppState()
        st.session_state[STATE] = found
    return found


# --- the sidebar's widget keys ------------------------------------------------------------------------
VARIANT_ID: Final = "app_variant_id"  # the preset picked in the sidebar
FOUR_COLOUR: Final = "app_four_colour"
HOUSE_RULES_OPEN: Final = "app_house_rules_open"  # the sidebar's house rules open (their widgets drawn only then)
OWN_LETTERS: Final = "app_own_card_letters"  # the learner's deck prints its own letters (default)
LEARNER: Final = "app_learner"  # the learner's display name
PICKER: Final = "app_language_picker"  # the language picker
LARGE_CARDS: Final = "app_large_cards"  # the table's setting (ui.felt.settings)
SHOW_NOTATION: Final = "app_show_notation"  # the table's setting (ui.felt.settings)
CONNECTION_WORDS: Final = "app_connection_words_writer"  # the component of ui.shared.connection


def house_rule_key(variant_id: str, field: str) -> str:
    """The key of a house-rule widget of the sidebar: one per preset, so each preset keeps its own choices.

    >>> house_rule_key("dansk", "jokers")
    'app_hr_dansk_jokers'
    """
    return f"app_hr_{variant_id}_{field}"


# --- keys the Progress page reads and writes itself -------------------------------------------------------
# ui/progress/ keeps these under loose keys of its own (they move into typed state when that page next changes).
COOKIE_SET: Final = "app_learner_cookie"  # the token the cookie was last set to in this session
PENDING_CODE: Final = "app_pending_code"  # a device code a ?device= link brought, for the Progress page
CONFIRM_START_OVER: Final = "app_confirm_start_over"  # "Start over" pressed: waiting for the confirmation
LEARNER_NOTICE: Final = "app_learner_notice"  # a one-off remark of the Progress page (cleared, moved)

# --- the Learn page sent back to its start from elsewhere -------------------------------------------------
#: The Learn page keeps its place in its own state (:class:`ui.learn.state.LearnState`), which ``ui.shared``
#: does not import. Another page sends it back by writing these keys: the Progress page (its "Start over",
#: the undo, a claim: ``ui/progress/learner.py``) and :func:`become` (another learner in this tab, through
#: :func:`send_learn_back`). :func:`ui.learn.state.learn_state` takes them in at its next call and drops them.
LESSON: Final = "learn_lesson"  # the lesson to open (None: the learner's last place, or the first)
INDEX: Final = "learn_index"  # the scenario's index in it
RUN: Final = "learn_run"  # None: the scenario starts afresh
RESUMED: Final = "learn_resumed"  # whether the learner's last place counts as looked up already
SENT_BACK: Final = (LESSON, INDEX, RUN, RESUMED)


def send_learn_back(resumed: bool) -> None:
    """Send the Learn page back to its start: no lesson open, and (unless ``resumed``) the learner's last
    place looked up again (see :data:`SENT_BACK`)."""
    for key, value in zip(SENT_BACK, (None, 0, None, resumed), strict=True):
        st.session_state[key] = value


def init_defaults() -> None:
    """Make the app's state and set every shared key that is missing (called by the router on every run)."""
    app_state()  # VARIANT_ID is set by ui.shared.language from the language
    state = st.session_state
    state.setdefault(FOUR_COLOUR, False)
    state.setdefault(LEARNER, "")  # empty: the sidebar shows "You" as its placeholder
    state.setdefault(CONFIRM_START_OVER, False)
    state.setdefault(LEARNER_NOTICE, None)
    state.setdefault(PENDING_CODE, None)


def variant() -> Variant:
    """The variant chosen in the sidebar, house rules applied."""
    return app_state().variant


def language() -> str:
    """The learner's language (from the browser's locale)."""
    return app_state().language or "en"


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
    app = app_state()
    if not is_learner_id(app.learner_id):
        app.learner_id = new_learner_id()
        app.learner_fresh = True
    return str(app.learner_id)


def device_token() -> str | None:
    """This browser's device token (what its cookie keeps), or None while the progress store cannot be used."""
    return app_state().device_token or None


def init_learner() -> None:
    """Find who is at this browser (called by the router on every run, before the sidebar): the learner of
    the device token its cookie holds (:func:`tutor.progress.identity.identify`), checked again on every
    run so a browser signed out from another device stops at once. The address plays no part: an
    earlier version's ``?learner=`` is removed from it unread, and a ``?device=`` code is taken out of it
    for the Progress page to use.
    """
    _take_identity_out_of_address()
    app = app_state()
    current = app.learner_id
    store = progress_store()
    if isinstance(store, ProgressError):
        progress_key()  # this session only; the cookie is left as it is for when the store is back
        return
    known = app.device_token
    try:
        found = identify(store.devices, known or cookie(), label=_browser_label(), seen=not known)
    except ProgressError:
        progress_key()
        return
    app.device_token = found.token
    if found.signed_out:
        app.signed_out = True
    if found.learner_id != current:
        become(found)


def become(found: Identity) -> None:
    """Run this session as ``found``'s learner: their name, and (when another learner ran here before) no
    lesson of theirs left open."""
    app = app_state()
    current = app.learner_id
    app.learner_id = found.learner_id
    app.device_token = found.token
    app.learner_fresh = found.fresh
    st.session_state[LEARNER] = "" if found.fresh else _stored_name(found.learner_id)
    if current is not None:  # another learner in this tab: their own place, their own lesson
        send_learn_back(resumed=False)
        st.session_state[CONFIRM_START_OVER] = False


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
    None. A test, whose AppTest sends no cookie, gives it in :attr:`AppState.test_cookie`."""
    value = app_state().test_cookie or from_browser(lambda: st.context.cookies.get(COOKIE))
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
    """The lessons and scenarios folders: from :attr:`AppState.content_dir` or ``$RUMMY500_CONTENT_DIR``, else the
    installed tutor's (:mod:`tutor.resources`)."""
    root = app_state().content_dir or os.environ.get(CONTENT_ENV, "").strip()
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

    The file is :attr:`AppState.progress_path` if set, else the server database
    ``$RUMMY500_DATABASE_URL``, else the file ``$RUMMY500_PROGRESS_DB``, else the default place in the home folder.
    """
    try:
        configured = app_state().progress_path
        return open_store(
            str(configured) if configured else default_target()
        )  # opened once; a failure is not retried on every rerun
    except ProgressError as error:
        return error

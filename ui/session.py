"""Session keys and the shared things every page reads: the variant, the language, the deck colours, the
learner, the progress store and the curriculum.

Game and lesson state lives under these prefixed ``session_state`` keys, never only in widget values
(Streamlit drops a widget's value when its page is not shown). ``app_*`` keys are shared by all pages;
``learn_*`` keys belong to the Learn page.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import streamlit as st

from engine.errors import RecordError
from engine.variants import PRESETS, Variant
from tutor.curriculum import LESSONS_DIR, SCENARIOS_DIR, Curriculum, load_curriculum
from tutor.progress import ProgressError, ProgressStore, default_path, open_store
from tutor.strings import YOU

# --- shared by every page ---------------------------------------------------------------------------
VARIANT_ID: Final = "app_variant_id"  # the preset picked in the sidebar (a widget key)
VARIANT: Final = "app_variant"  # the validated Variant, preset and house rules
HOUSE_RULE_ERROR: Final = "app_house_rule_error"
LANGUAGE: Final = "app_language"
FOUR_COLOUR: Final = "app_four_colour"  # a widget key
LEARNER: Final = "app_learner"  # a widget key
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
HAND: Final = "learn_hand"
PILE: Final = "learn_pile"
LAYOFF_TARGET: Final = "learn_layoff_target"
JOKER_PREFIX: Final = "learn_joker_"
NUMBER: Final = "learn_number"
CHOICE: Final = "learn_choice"

#: Environment variables: the folder holding ``lessons/`` and ``scenarios/``, and the progress file.
CONTENT_ENV: Final = "RUMMY500_CONTENT_DIR"

DEFAULT_VARIANT: Final = "femhundra"
#: The learner who gives no name is "You": the app speaks to them ("Your turn", "Your progress", "You drew
#: the 7♥.") and their Practice seat is called so.
DEFAULT_LEARNER: Final = YOU
#: Where the progress of the learner who gives no name is saved: the default name of earlier versions,
#: so that the stars saved then are still theirs.
DEFAULT_PROGRESS_KEY: Final = "learner"


def init_defaults() -> None:
    """Set every shared key that is missing (called by ``app.py`` on every run)."""
    state = st.session_state
    state.setdefault(VARIANT_ID, DEFAULT_VARIANT)
    state.setdefault(VARIANT, PRESETS[DEFAULT_VARIANT])
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


def variant() -> Variant:
    """The variant chosen in the sidebar, house rules applied."""
    chosen = st.session_state.get(VARIANT)
    return chosen if isinstance(chosen, Variant) else PRESETS[DEFAULT_VARIANT]


def language() -> str:
    """The learner's language (from the browser's locale)."""
    return str(st.session_state.get(LANGUAGE) or "en")


def four_colour() -> bool:
    """Whether cards are drawn with a four-colour deck (♣ green, ♦ blue)."""
    return bool(st.session_state.get(FOUR_COLOUR, False))


def learner() -> str:
    """The learner's name as the app speaks to them and seats them in Practice: the one typed in the
    sidebar, else "You"."""
    name = str(st.session_state.get(LEARNER) or "").strip()
    return name or DEFAULT_LEARNER


def progress_key() -> str:
    """The name the learner's progress and saved games are kept under (the learner without a name's are
    under :data:`DEFAULT_PROGRESS_KEY`)."""
    name = learner()
    return DEFAULT_PROGRESS_KEY if name == DEFAULT_LEARNER else name


# --- content and progress ---------------------------------------------------------------------------


def content_dirs() -> tuple[Path, Path]:
    """The lessons and scenarios folders: from ``session_state`` or ``$RUMMY500_CONTENT_DIR``, else the repo's."""
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

    The file is ``session_state[app_progress_path]`` if set, else ``$RUMMY500_PROGRESS_DB``, else the
    default place in the home folder.
    """
    try:
        configured = st.session_state.get(PROGRESS_PATH)
        path = Path(configured) if configured else default_path()
        return open_store(path)  # opened once; a failure is not retried on every rerun
    except ProgressError as error:
        return error

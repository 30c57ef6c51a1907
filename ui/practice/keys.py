"""The Practice page's keys in ``session_state``: the game's own state, and the widgets' keys.

AppTest and the browser test find the widgets by these keys, so they never change. Every key starts with
``practice_``; the table's keys (``practice_table``, ``practice_table_request``) are made by
:mod:`ui.felt.controls` from :data:`KEYS`.
"""

from __future__ import annotations

from typing import Final

from ui.felt.controls import PickKeys

# --- session keys ---------------------------------------------------------------------------------------
GAME: Final = "practice_game"  # the Game in play, or None
VIEWER: Final = "practice_viewer"  # a RecordViewer of a loaded record, or None
TABLE: Final = "practice_session"  # the game's PracticeSeat: the answer, the review, the hint, the moves seen
FEEDBACK: Final = "practice_feedback"  # (kind, message) of a notice for the start form, or None
REFUSED: Final = "practice_refused"  # (section, sentence) of the record refused last, or None
DEFAULT_SEED: Final = "practice_default_seed"
FORM_KEPT: Final = "practice_form_kept"  # the start form's choices, kept while a game hides the form

# Widget keys.
MODE: Final = "practice_mode"
COMPUTERS: Final = "practice_computers"
LEVEL: Final = "practice_level"
SEED: Final = "practice_seed"
NAMES: Final = "practice_names"
PREPARED: Final = "practice_prepared"  # a prepared deal of a guided hand
STEPWISE: Final = "practice_stepwise"
SHOW_CHARTS: Final = "practice_show_charts"
SAVE_NAME: Final = "practice_save_name"
SAVED: Final = "practice_saved"
PASTE: Final = "practice_paste"
UPLOAD: Final = "practice_upload"
# The expanders of the start form that keep their state (open after a refusal shown in them).
LOAD_SECTION: Final = "practice_load_open"
SAVED_SECTION: Final = "practice_saved_open"

#: The table's keys (``practice_table``, ``practice_table_request``, ...).
KEYS = PickKeys("practice_")

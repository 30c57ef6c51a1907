"""What a page says and does while the database cannot be reached (:class:`tutor.storage.faults.StorageFault`):
the sentence in the learner's language, never the database's address or the driver's words (the server's log
has those), and a look again every :data:`RETRY_SECONDS` that draws the page anew, by itself, as soon as
the database answers: no error box, no reload.

- :func:`say_progress_problem`: why the progress cannot be used now, where the page is; for a fault, the
  page then keeps looking (:func:`wait_for`) and comes back by itself.
- :func:`save_later`: a solved task that could not be saved is kept in the session and saved at the first
  look that reaches the database, so nothing done during the outage is lost while the page is open.
- :func:`progress_notice`: the sentence's key and values for a page that says it later (Practice's notices).
- :func:`wait_for`: look again with any check (a shared table's, the progress's) until it reaches the database.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.progress import ProgressError, ProgressUnavailable
from tutor.storage.faults import StorageFault
from tutor.storage.url import is_url
from ui.shared import session

#: Seconds between two looks at a database that could not be reached.
RETRY_SECONDS: Final = 1.0
#: Session key: the saves waiting for the progress database, by what they save.
UNSAVED: Final = "storage_unsaved"

log = logging.getLogger("tutor.storage")
_LOGGED: set[str] = set()


def log_to_the_server() -> None:
    """Where nobody set up Python's logging (Streamlit sets up only its own loggers), the tutor's lines
    (``tutor.*``: a database lost and found again) go to the server's standard error, with their time, as
    Streamlit's own lines do; an operator's own set-up (a handler on the root logger) is left as it is."""
    tutor = logging.getLogger("tutor")
    if tutor.handlers or logging.getLogger().handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    tutor.addHandler(handler)
    if tutor.level == logging.NOTSET:
        tutor.setLevel(logging.INFO)


log_to_the_server()


def progress_problem(error: ProgressError, language: str | Style) -> str:
    """The sentence a page says when the progress cannot be used: for a fault (the database cannot be
    reached now) its own, which names nothing; for a server database's other trouble the same sentence (the
    database's name and the reason go to the log, once); for a file, what is wrong with it
    (``ui.progress_unavailable``: the learner's own file, named)."""
    key, values = progress_notice(error)
    return t(key, language, **{name: plain(str(value)) for name, value in values.items()})


def progress_notice(error: ProgressError) -> tuple[str, dict[str, object]]:
    """The key and values of :func:`progress_problem`'s sentence (for a page that says it later, in the
    learner's language, with ``t``)."""
    if isinstance(error, StorageFault):
        return f"storage.{error.part}_unreachable", {}
    if not error.path or is_url(error.path):  # a server database: never named to a learner
        if str(error) not in _LOGGED:
            _LOGGED.add(str(error))
            log.error("%s", error)
        return "storage.progress_unreachable", {}
    return "ui.progress_unavailable", {"error": str(error)}


def say_progress_problem(error: ProgressError, language: str | Style | None = None) -> None:
    """Say, where the page is, why the progress cannot be used now (:func:`progress_problem`); for a fault,
    look again until the database answers, and then draw the page anew. A fault of an earlier run (a save
    that waits) is looked at again first: when the database answers now, the waiting saves are made and the
    page is drawn anew at once, with nothing to say."""
    if isinstance(error, StorageFault):
        try:
            _progress_back()
        except ProgressError:  # still away (or another trouble): said below
            pass
        else:
            st.rerun(scope="app")
    st.warning(progress_problem(error, language or session.style()))
    if isinstance(error, StorageFault):
        wait_for(_progress_back)


def save_later(error: ProgressError, key: object, save: Callable[[], None]) -> ProgressError:
    """Keep ``save`` (what could not be saved: the Learn page's saving of a solved task, which calls
    :func:`save_later` again when it fails again) to run once the database answers, when ``error`` is a
    fault; ``key`` names what it saves (one save per key is kept: the latest); ``error``, for the page to
    say (:func:`say_progress_problem`)."""
    if isinstance(error, StorageFault):
        waiting: dict[object, Callable[[], None]] = st.session_state.setdefault(UNSAVED, {})
        waiting[key] = save
    return error


def wait_for(check: Callable[[], object]) -> None:
    """Look again every :data:`RETRY_SECONDS` with ``check()``: while it raises a ``StorageFault`` nothing
    changes; once it does not, the page is drawn anew (the database answers again)."""
    _look_again(check)


@st.fragment(run_every=RETRY_SECONDS)
def _look_again(check: Callable[[], object]) -> None:
    try:
        check()
    except StorageFault:
        return
    except Exception:  # not the database's absence: the page, drawn anew, says what it is
        log.debug("looked again at the database", exc_info=True)
    st.rerun(scope="app")


def _progress_back() -> None:
    """Raise the progress store's fault while it cannot be reached; once it answers, run the saves that
    waited for it (one failing again keeps itself and the rest, and the fault is raised)."""
    store = session.progress_store()
    if isinstance(store, ProgressError):
        raise store
    store.schema_version()
    waiting: dict[object, Callable[[], None]] = st.session_state.get(UNSAVED) or {}
    for key in list(waiting):
        save = waiting.pop(key)
        save()
        if key in waiting:  # kept again: the database is gone again
            raise ProgressUnavailable()

"""The pages' side of :mod:`tutor.guesses`: one count of wrong codes per server process, asked with this
browser session's key and its client address's, and the wait said in the learner's language. Play together
asks before it looks up a table code this session has not found yet; the Progress page before a device code.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Final

import streamlit as st

from tutor.guesses import ADDRESS, SESSION, Guesses, Key, address_key, in_words
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from ui.shared import session

#: This session's own key among the guessers (random, made on its first guess).
GUESSER: Final = "app_guesser"
#: The clock the counts are kept by (a test may replace it).
CLOCK: Callable[[], float] = time.monotonic


@st.cache_resource
def _guesses() -> Guesses:
    """The wrong codes of every session and address this server process has seen."""
    return Guesses()


def _keys() -> list[Key]:
    """This session's key, and its client address's when the browser is not on this machine."""
    state = st.session_state
    if not state.get(GUESSER):
        state[GUESSER] = secrets.token_hex(12)
    keys: list[Key] = [(f"session:{state[GUESSER]}", SESSION)]
    address = session.from_browser(lambda: st.context.ip_address)
    if address:
        keys.append((address_key(str(address)), ADDRESS))
    return keys


def waiting(language: str | Style) -> str | None:
    """The sentence saying how long to wait before a code is looked at, or None when it may be now."""
    return _said(_guesses().wait(_keys(), CLOCK()), language)


def wrong(language: str | Style) -> str | None:
    """Count a wrong code of this session; the sentence of the wait it brings, or None when it brings none."""
    return _said(_guesses().wrong(_keys(), CLOCK()), language)


def _said(seconds: float, language: str | Style) -> str | None:
    if seconds <= 0:
        return None
    unit, count = in_words(seconds)
    return t(f"ui.guesses.wait_{unit}", language, **{unit: count})

"""The card table as one Streamlit component (``st.components.v2``: no iframe, no build step).

It draws the data of :func:`tutor.seat.felt.felt_data` (the other players, the stock, the spread pile,
the numbered melds, your hand, the actions, the answer to the last move) with the script and styles in
``widget.js`` and ``widget.css`` beside this file. Picking cards, a pile card or a meld
happens in the browser without a rerun; a move sends one trigger event, ``move``, whose value is a dict
``{action, hand, pile, meld, jokers}`` (option values of :mod:`tutor.seat.picks`), and ``on_move`` gets it.
A shared table (``poll_ms`` in its data) also sends ``tick`` that often, from the browser's own timer: the
rerun it causes is the page's poll (put the table in an ``st.fragment`` and only the fragment reruns).
A table asked for its ``ready`` sends it once it is on the screen: the rerun it causes lets a page draw what
it held back from its first look (a chart, whose plotly script would keep the cards from showing).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import streamlit as st

from ui.shared.component_data import DECODE_JS, encoded

_HERE: Final = Path(__file__).resolve().parent
_TABLE = st.components.v2.component(
    "rummy500_table",
    css=(_HERE / "widget.css").read_text(encoding="utf-8"),
    js=(_HERE / "widget.js").read_text(encoding="utf-8").replace("/* DECODE */", DECODE_JS),
)


def card_table(data: dict[str, Any], key: str, on_move: Callable[[dict[str, Any]], None]) -> None:
    """Draw the table ``data``; a move made on it calls ``on_move(payload)`` before the rerun."""

    def moved() -> None:
        result = st.session_state.get(key)
        payload = result.get("move") if isinstance(result, dict) else None
        if isinstance(payload, dict):
            on_move(payload)

    _TABLE(data=encoded(data), key=key, on_move_change=moved, on_tick_change=_rerun, on_ready_change=_rerun)


def _rerun() -> None:
    """The browser asked for a fresh look (``tick``), or said the table is drawn (``ready``): the rerun that
    follows is all either needs."""

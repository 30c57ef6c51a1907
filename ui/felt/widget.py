"""The card table as one Streamlit component (``st.components.v2``: no iframe, no build step).

It draws the data of :func:`tutor.seat.felt.felt_data` (a :class:`~tutor.seat.felt.FeltData`: the other
players, the stock, the spread pile, the numbered melds, your hand, the actions, the answer to the last move)
with the script and styles in ``widget.js`` and ``widget.css`` beside this file. Picking cards, a pile card
or a meld happens in the browser without a rerun; a move sends one trigger event, ``move``, whose value is a
dict ``{action, hand, pile, meld, jokers}`` (option values of :mod:`tutor.seat.picks`), and ``on_move``
gets it. A shared table (``poll_ms`` in its data) also sends ``tick`` that often, from the browser's own
timer: the rerun it causes is the page's poll (put the table in an ``st.fragment`` and only the fragment
reruns). A table asked for its ``ready`` sends it once it is on the screen: the rerun it causes lets a page
draw what it held back from its first look (a chart, whose plotly script would keep the cards from showing).

Streamlit sends the script and the styles with every drawing of the table, so they travel without their
comments and indentation (:func:`script`, :func:`styles`); the data travels as JSON bytes, made once a
drawing. The script draws a table anew only when its data changed: the same data again (the page drawn
again around an unchanged table) leaves the cards, the picks and the focus as they are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Final

import streamlit as st

from tutor.seat.felt import FeltData

_HERE: Final = Path(__file__).resolve().parent


@cache
def script() -> str:
    """``widget.js`` as the browser gets it: without its comment lines and indentation."""
    lines = (line.strip() for line in (_HERE / "widget.js").read_text(encoding="utf-8").splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


@cache
def styles() -> str:
    """``widget.css`` as the browser gets it: without its comments and runs of white space, a rule a line
    (Streamlit takes styles without a line break for the name of a file)."""
    css = re.sub(r"/\*.*?\*/", "", (_HERE / "widget.css").read_text(encoding="utf-8"), flags=re.DOTALL)
    return re.sub(r"\s*([{};])\s*", r"\1", re.sub(r"\s+", " ", css)).replace("}", "}\n").strip()


_TABLE = st.components.v2.component("rummy500_table", css=styles(), js=script())


def encoded(data: FeltData) -> bytes:
    """``data`` as the JSON bytes the script decodes (the form of :func:`ui.shared.component_data.encoded`)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def card_table(data: FeltData, key: str, on_move: Callable[[dict[str, Any]], None]) -> None:
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

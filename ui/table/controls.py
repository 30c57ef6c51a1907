"""The card table both game pages share: one component (:mod:`ui.table.widget`) that draws the table from
a seat's side and sends a move as one event; the move text that event makes (:func:`tutor.table.move_text.build_move`).

A page names its keys with a :class:`PickKeys` (Learn: ``learn_*``, Practice: ``practice_*``). A move made
on the table calls the page's ``on_move(action, payload)``. The same payload can be left under
:attr:`PickKeys.request` in ``session_state`` (what AppTest does, as it cannot click a component): the page
hands it to the same function at the start of its next run (:func:`take_request`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from engine.state import GameState
from tutor.i18n.strings import t
from tutor.table.data import TableOptions, Watching, table_data
from tutor.table.move_text import ACTIONS, Action, SelectionProblem, build_move
from ui.table.widget import card_table

MoveHandler = Callable[[Action, dict[str, Any]], None]


@dataclass(frozen=True)
class PickKeys:
    """The session keys of one page's table; ``prefix`` starts them all."""

    prefix: str

    @property
    def table(self) -> str:
        """The component's key."""
        return f"{self.prefix}table"

    @property
    def request(self) -> str:
        """Where a move waits for the page's next run (AppTest's way in)."""
        return f"{self.prefix}table_request"

    @property
    def shown(self) -> str:
        """The data of the table as last drawn (what tests read to see the page's table)."""
        return f"{self.prefix}table_shown"


def board_labels(language: str) -> dict[str, str]:
    """The words of a static board drawing (:func:`ui.table.cards.board_html`) in ``language``."""
    keys = ("stock", "pile", "table", "take", "empty_pile", "to_move", "meld", "set", "run", "by", "empty")
    return {key: t(f"ui.board.{key}", language) for key in keys}


def clear_picks(keys: PickKeys) -> None:
    """Forget a move left waiting (a new position, or a page that starts over)."""
    st.session_state.pop(keys.request, None)


def turn_actions(state: GameState, rommi: bool = False) -> list[Action]:
    """The actions of a turn: take the whole pile where that is the rule, else take to a picked card; lay off
    only once the table has a meld; stop only once the stock is empty; a Rommi call where it is played."""
    take: Action = "take_all" if state.variant.pile_take == "whole_pile" else "take"
    actions: list[Action] = ["draw", take, "meld", "layoff", "discard"]
    if not state.table:
        actions.remove("layoff")  # nothing to lay off on yet
    if not state.stock:
        actions.append("stop")
    if rommi:
        actions.append("rommi")
    return actions


def move_text(action: Action, payload: dict[str, Any], state: GameState) -> str:
    """The move text a table event makes (raises :class:`tutor.table.move_text.SelectionProblem`)."""
    meld = payload.get("meld")
    if meld is None and len(state.table) == 1:
        meld = 1
    return build_move(
        action,
        picked=[str(v) for v in payload.get("hand") or []],
        pile_pick=payload.get("pile"),
        pile=state.pile,
        meld=int(meld) if meld is not None else None,
        declarations=[str(d) if d else None for d in payload.get("jokers") or []],
    )


def payload_action(payload: dict[str, Any]) -> Action:
    """The action a table event asks for (raises :class:`SelectionProblem` for one the table never sends)."""
    action = payload.get("action")
    for known in ACTIONS:
        if action == known:
            return known
    raise SelectionProblem("ui.problem.unknown_action")


def take_request(keys: PickKeys, on_move: MoveHandler) -> None:
    """Hand a move left under :attr:`PickKeys.request` to ``on_move`` (once)."""
    request = st.session_state.pop(keys.request, None)
    if isinstance(request, dict):
        _dispatch(on_move, request)


def _dispatch(on_move: MoveHandler, payload: dict[str, Any]) -> None:
    try:
        action = payload_action(payload)
    except SelectionProblem:
        return
    on_move(action, payload)


def draw_table(keys: PickKeys, state: GameState, seat: int | None, options: TableOptions, on_move: MoveHandler) -> None:
    """The table from ``seat``'s side (``None``: a watcher's), drawn from what that seat may see alone
    (its view of ``state``); a move made on it goes to ``on_move``."""
    data = table_data(Watching.of(state) if seat is None else state.view(seat), options)
    st.session_state[keys.shown] = data
    card_table(data, key=keys.table, on_move=lambda payload: _dispatch(on_move, payload))

"""The round at a shared table, drawn from this device's seat: the line above the table, the table itself
(:func:`ui.table.controls.draw_session` of the seat's :class:`tutor.together.table.SeatTable`), leaving the
table for a while and coming back, and the round's end (the scores, the host's next deal, the records).

The round is drawn in a fragment of its own that the table's browser reruns every
:data:`tutor.together.table.POLL_SECONDS` (its ``tick``): a look at the table redraws the round alone, never
the page, and the browser's timer keeps going however busy the server is.
"""

from __future__ import annotations

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t
from tutor.together.model import TableError, TableStore
from tutor.together.table import SeatTable, status
from ui.table.controls import PickKeys, draw_session, play_request

#: The table's keys (``together_table``, ``together_table_request``, ...).
KEYS = PickKeys("together_")
#: Where this device's seat session is kept between runs.
SEAT: str = "together_seat"


def seat_table(store: TableStore, code: str, token: str | None, seat_token: str) -> SeatTable:
    """This device's seat at table ``code`` (kept between runs: it holds the answer to its last move)."""
    table = st.session_state.get(SEAT)
    if not isinstance(table, SeatTable) or (table.code, table.token, table.seat_token) != (code, token, seat_token):
        table = SeatTable(store, code, token, seat_token)
        st.session_state[SEAT] = table
    return table


@st.fragment
def draw_round(table: SeatTable, host_token: str, language: str) -> None:
    """The round as this device sees it now, redrawn at each of its browser's looks (``tick``), at each
    move made on it, and at each of its buttons, without rerunning the page."""
    try:
        table.refresh(language)
        if KEYS.request in st.session_state:  # a move left for this run (AppTest's way in)
            play_request(KEYS, table)
            table.refresh(language)
    except TableError as error:
        st.error(error.text(language))
        return
    view = table.view
    assert view is not None and view.position is not None
    line = status(view, language)
    if line is not None:
        (st.success if line[0] == "success" else st.info)(line[1])
    draw_session(KEYS, table, language)
    if view.position.round_over:
        _round_over(table, host_token, language)
        return
    if host_token:
        _host_hand_overs(table, host_token, language)
    if view.seat is None:
        st.caption(t("together.watching", language))
        return
    away = view.seats[view.seat].away
    st.button(
        t("together.come_back" if away else "together.leave", language),
        key="together_away",
        on_click=_away,
        args=(table, away, language),
    )


def _host_hand_overs(table: SeatTable, host_token: str, language: str) -> None:
    """The host's way to keep the table going: a computer plays for a player who is away from their phone
    (until they come back, on their phone)."""
    view = table.view
    assert view is not None
    absent = [seat for seat in view.seats if not seat.computer and not seat.away and seat.seat != view.seat]
    if not absent:
        return
    with st.expander(t("together.host_hand_over_heading", language)):
        for seat in absent:
            st.button(
                t("together.host_hand_over", language, name=plain(seat.name)),
                key=f"together_hand_over_{seat.seat}",
                on_click=_hand_over,
                args=(table, host_token, seat.seat, language),
            )


def _hand_over(table: SeatTable, host_token: str, seat: int, language: str) -> None:
    table.act(lambda store: store.hand_to_computer(table.code, host_token, seat), language)


def _away(table: SeatTable, back: bool, language: str) -> None:
    """The seat's leaving the table for a while, or coming back (``back``)."""
    table.act(lambda store: (store.come_back if back else store.leave)(table.code, table.seat_token), language)


def _next_round(table: SeatTable, host_token: str, language: str) -> None:
    """The host deals the next round."""
    table.act(lambda store: store.next_round(table.code, host_token), language)


def _round_over(table: SeatTable, host_token: str, language: str) -> None:
    view = table.view
    assert view is not None and view.position is not None
    position = view.position
    st.subheader(t("together.game_over" if position.game_over else "together.round_over", language))
    st.caption(t("together.scores", language))
    for name, score in zip(position.players, position.scores(), strict=True):
        st.write(t("together.score_line", language, name=plain(name), round=score.round, total=score.total))
    if host_token and not position.game_over:
        st.button(t("together.next_round", language), key="together_next", on_click=_next_round, args=(table, host_token, language))
    try:
        records = table.store.records(view.code, table.token)
    except TableError:
        return
    if records:
        st.download_button(
            t("together.download", language),
            records,
            file_name=f"table-{view.code}.yaml",
            mime="application/x-yaml",
            key="together_download",
        )

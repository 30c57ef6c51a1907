"""The round at a shared table, drawn from this device's seat: the line above the table, the table itself
(:func:`ui.felt.controls.draw_seat_game` of the seat's :class:`tutor.together.seat.SharedSeat`), the turn
limit, leaving the table for a while and coming back, the host's tools (a computer for an absent player,
the host's role passed on, a seat's new link) and the round's end (the scores, the next deal, the records).

The round is drawn in a fragment of its own that the table's browser reruns every
:data:`tutor.together.seat.POLL_SECONDS` (its ``tick``): a look at the table redraws the round alone, never
the page, and the browser's timer keeps going however busy the server is. The fragment never dies of the
database: while it cannot be reached, the table seen last is drawn (with its timer) and says so, and the
round is back at the first look that reaches it.
"""

from __future__ import annotations

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.storage.faults import StorageFault
from tutor.together.model import SeatInfo, TableError, TableStore
from tutor.together.seat import SharedSeat, status, turn_limit_note
from ui.felt.controls import PickKeys, draw_seat_game, play_request
from ui.shared.storage_fault import wait_for
from ui.together.links import base_url, table_link

#: The table's keys (``together_table``, ``together_table_request``, ...).
KEYS = PickKeys("together_")
#: Where this device's seat session is kept between runs.
SEAT: str = "together_seat"
#: The seat links the host made anew on this device: (table code, seat) → token.
REISSUED: str = "together_reissued"


def seat_table(store: TableStore, code: str, token: str | None, seat_token: str, host_token: str = "") -> SharedSeat:
    """This device's seat at table ``code`` (kept between runs: it holds the answer to its last move)."""
    table = st.session_state.get(SEAT)
    wanted = (code, token, seat_token, host_token)
    if not isinstance(table, SharedSeat) or (table.code, table.token, table.seat_token, table.host_token) != wanted:
        table = SharedSeat(store, code, token, seat_token, host_token)
        st.session_state[SEAT] = table
    return table


def seen_round(code: str, token: str | None, seat_token: str, host_token: str = "") -> SharedSeat | None:
    """This device's seat at table ``code`` as the session keeps it, when it has seen a round there: drawn
    as it was last seen while the database cannot be reached (:func:`draw_round` says so and keeps looking)."""
    table = st.session_state.get(SEAT)
    wanted = (code, token, seat_token, host_token)
    if not isinstance(table, SharedSeat) or (table.code, table.token, table.seat_token, table.host_token) != wanted:
        return None
    return table if table.view is not None and table.view.seen is not None else None


@st.fragment
def draw_round(table: SharedSeat, language: str | Style) -> None:
    """The round as this device sees it now, redrawn at each of its browser's looks (``tick``), at each
    move made on it, and at each of its buttons, without rerunning the page. When this device's link no
    longer holds what it held (the host gave its seat a new link, or it passed the host's role on), the
    whole page is drawn again, and says so. While the tables' database cannot be reached, the table seen
    last is drawn, saying so, and its timer keeps looking."""
    try:
        table.refresh(language)
        if KEYS.request in st.session_state:  # a move left for this run (AppTest's way in)
            play_request(KEYS, table)
            table.refresh(language)
    except StorageFault as fault:
        if table.view is None or table.view.seen is None:  # nothing seen yet to draw: the page looks again
            st.warning(fault.text(language))
            wait_for(lambda: table.refresh(language))
            return
    except TableError as error:
        if error.key == "bad_token":
            st.rerun()
        st.error(error.text(language))
        return
    view = table.view
    assert view is not None and view.seen is not None
    host_token = table.host_rights()
    line = status(view, language)  # as last seen while the database is away: the table's box says why nothing moves
    if line is not None:
        (st.success if line[0] == "success" else st.info)(line[1])
    draw_seat_game(KEYS, table, language)
    note = turn_limit_note(view, language)
    if note is not None:
        st.caption(note)
    if view.seen.position.round_over:
        _round_over(table, host_token, language)
        if host_token:
            _host_tools(table, host_token, language)
        return
    if host_token:
        _host_hand_overs(table, host_token, language)
        _host_tools(table, host_token, language)
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


def _host_hand_overs(table: SharedSeat, host_token: str, language: str | Style) -> None:
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


def _host_tools(table: SharedSeat, host_token: str, language: str | Style) -> None:
    """The host's way to hand the table on: make another seated player the host (their own link then
    carries the role), or give a player a new link (the old one stops working), shown here alone, on
    request, with a copy button: never beside the join link and QR code everyone may photograph."""
    view = table.view
    assert view is not None
    people = [seat for seat in view.seats if not seat.computer and seat.seat != view.seat]
    if not people:
        return
    made: dict[tuple[str, int], str] = st.session_state.get(REISSUED, {})
    shown = {seat.seat: made[view.code, seat.seat] for seat in people if (view.code, seat.seat) in made}
    with st.expander(t("together.host_tools_heading", language), expanded=bool(shown)):
        for seat in people:
            name = plain(seat.name)
            with st.container(horizontal=True):
                st.button(
                    t("together.pass_host", language, name=name),
                    key=f"together_pass_host_{seat.seat}",
                    on_click=_pass_host,
                    args=(table, host_token, seat.seat, language),
                )
                st.button(
                    t("together.reissue", language, name=name),
                    key=f"together_reissue_{seat.seat}",
                    on_click=_reissue,
                    args=(table, host_token, seat, language),
                )
            if seat.seat in shown:
                st.caption(t("together.reissued", language, name=name))
                st.code(table_link(base_url(st.context.url), view.code, seat=shown[seat.seat]), language=None)


def _pass_host(table: SharedSeat, host_token: str, seat: int, language: str | Style) -> None:
    """Make the player of ``seat`` the host; this device's own host link is dropped from its address."""
    if table.act(lambda store: store.pass_host(table.code, host_token, seat), language) is None:
        st.session_state.pop(REISSUED, None)
        if "host" in st.query_params:
            del st.query_params["host"]


def _reissue(table: SharedSeat, host_token: str, seat: SeatInfo, language: str | Style) -> None:
    """Give ``seat`` a new link, kept on this device to be shown to the host."""
    made: dict[tuple[str, int], str] = {}

    def reissue(store: TableStore) -> None:
        made[table.code, seat.seat] = store.reissue_seat(table.code, host_token, seat.seat)

    if table.act(reissue, language) is None:
        st.session_state[REISSUED] = {**st.session_state.get(REISSUED, {}), **made}


def _hand_over(table: SharedSeat, host_token: str, seat: int, language: str | Style) -> None:
    table.act(lambda store: store.hand_to_computer(table.code, host_token, seat), language)


def _away(table: SharedSeat, back: bool, language: str | Style) -> None:
    """The seat's leaving the table for a while, or coming back (``back``)."""
    table.act(lambda store: (store.come_back if back else store.leave)(table.code, table.seat_token), language)


def _next_round(table: SharedSeat, host_token: str, language: str | Style) -> None:
    """The host deals the next round."""
    table.act(lambda store: store.next_round(table.code, host_token), language)


def _round_over(table: SharedSeat, host_token: str, language: str | Style) -> None:
    view = table.view
    assert view is not None and view.seen is not None
    position = view.seen.position  # the round is over: every hand is shown
    st.subheader(t("together.game_over" if position.game_over else "together.round_over", language))
    st.caption(t("together.scores", language))
    for name, score in zip(position.players, position.scores(), strict=True):
        st.write(t("together.score_line", language, name=plain(name), round=score.round, total=score.total))
    if host_token and not position.game_over:
        st.button(t("together.next_round", language), key="together_next", on_click=_next_round, args=(table, host_token, language))
    try:
        records = table.store.records(view.code, table.token)
    except TableError:  # a database out of reach too (TableUnreachable): the table says so above
        return
    if records:
        st.download_button(
            t("together.download", language),
            records,
            file_name=f"table-{view.code}.yaml",
            mime="application/x-yaml",
            key="together_download",
        )

"""The Play together page. Without ``?table=`` it opens a table (the variant and house rules of the
sidebar) or joins one by its code; with it, it shows that table as this device may see it: the lobby
(links, QR code, who sits where), then the round with this seat's hand only.

Which table and seat a device has lives in its address (``?table=CODE&seat=TOKEN``, the host's also
``&host=TOKEN``), so a reload or a phone waking from sleep finds its seat again. In the lobby a fragment
polls the table's version every :data:`LOBBY_POLL_SECONDS` and reruns the page when it moves (someone sat down,
the round began). The round is drawn in a fragment of its own that the table's browser reruns every
:data:`POLL_SECONDS` (its ``tick``): a look at the table redraws the round alone, never the page, and the
browser's timer keeps going however busy the server is. Every card drawn comes from the store's
:class:`tutor.together.model.TableView`, which never holds another player's hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import streamlit as st

from engine.errors import RulesError
from engine.moves import Move
from engine.state import Phase
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import refusal, t, variant_name
from tutor.table.data import TableOptions, primary_actions
from tutor.table.move_text import Action, SelectionProblem
from tutor.together.model import MAX_SEATS, SeatInfo, TableError, TableStore, TableView
from tutor.together.sqlite_db import default_path
from tutor.together.sqlite_store import SqliteTableStore
from ui import session
from ui.table.controls import PickKeys, clear_picks, draw_table, move_text, take_request, turn_actions
from ui.table.settings import large_cards
from ui.together.links import base_url, qr_png, table_link

#: Seconds between two looks at the table during a round (a move on one phone is seen on the others).
POLL_SECONDS: Final = 0.5
#: Seconds between two looks at the lobby: someone sitting down may show a moment later, and a phone
#: waiting there redraws half as often (each look costs its browser a redraw, its battery too).
LOBBY_POLL_SECONDS: Final = 1.0
#: Session keys of this page.
SEEN: Final = "together_seen_version"
FEEDBACK: Final = "together_feedback"
KEYS: Final = PickKeys("together_")


def table_store() -> TableStore:
    """The tables of this machine (one store per server process and file; the file is shared)."""
    return _store_at(str(default_path()))


@st.cache_resource
def _store_at(path: str) -> TableStore:
    return SqliteTableStore(path)


def render_together_page() -> None:
    """Draw the page for the table in the address, or the forms to open or join one."""
    language = session.language()
    st.title(t("together.title", language), anchor=False)
    code = str(st.query_params.get("table") or "").strip().upper()
    if not code:
        st.write(t("together.intro", language))
        _open_form(language)
        _join_form(language, "")
        return
    try:
        view = _view(code, language)
    except TableError as error:
        if error.key != "no_watchers":  # someone about to join a table nobody may watch: just the form
            st.error(error.text(language))
        _join_form(language, code)
        return
    if view.started:
        _round(code, language)
        return
    st.session_state[SEEN] = view.version
    _poll(code)
    _show_feedback()
    _lobby(view, language)


def _view(code: str, language: str) -> TableView:
    """The table as this device may see it. A seat link whose seat was given up or freed before the
    start is dropped from the address (the device is the host's again, or a watcher's), and it says so."""
    try:
        return table_store().view(code, _token(), language)
    except TableError as error:
        if error.key != "bad_token" or not st.query_params.get("seat"):
            raise
    del st.query_params["seat"]
    st.session_state[FEEDBACK] = t("together.seat_gone", language)
    return table_store().view(code, _token(), language)


def _token() -> str | None:
    """This device's token: its seat's, else the host's, else none (a watcher)."""
    return st.query_params.get("seat") or st.query_params.get("host") or None


@st.fragment(run_every=LOBBY_POLL_SECONDS)
def _poll(code: str) -> None:
    """Rerun the page when the lobby has changed since it was drawn."""
    try:
        version = table_store().version(code)
    except TableError:
        return
    if version != st.session_state.get(SEEN):
        st.rerun()


def _show_feedback() -> None:
    message = st.session_state.pop(FEEDBACK, None)
    if message:
        st.error(message)


# --- opening and joining ------------------------------------------------------------------------------


def _open_form(language: str) -> None:
    variant = session.variant()
    st.subheader(t("together.open_heading", language))
    st.caption(t("together.open_caption", language) + f" ({variant_name(variant, language)})")
    high = min(variant.max_players, MAX_SEATS)
    seats = st.number_input(
        t("together.seats_label", language), variant.min_players, high, min(4, high), key="together_seats"
    )
    watchers = st.checkbox(t("together.watchers_label", language), value=True, key="together_watchers")
    if st.button(t("together.open_button", language), key="together_open", type="primary"):
        rules = {name: getattr(variant, name) for name in variant.house_rules}
        try:
            ticket = table_store().create_table(variant.id, rules, int(seats), watchers)
        except TableError as error:
            st.error(error.text(language))
            return
        st.query_params.update({"table": ticket.code, "host": ticket.token})
        st.rerun()


def _join_form(language: str, code: str) -> None:
    st.subheader(t("together.join_heading", language))
    if not code:
        code = st.text_input(t("together.code_label", language), key="together_code").strip().upper()
    name = st.text_input(t("together.name_label", language), key="together_name")
    with st.container(horizontal=True):
        join = st.button(t("together.join_button", language), key="together_join", type="primary")
        look = st.button(t("together.look_button", language), key="together_look")
    if not (join or look) or not code:
        return
    if look:
        st.query_params.from_dict({"table": code})
        st.rerun()
    try:
        ticket = table_store().join(code, name)
    except TableError as error:
        st.error(error.text(language))
        return
    params = {"table": ticket.code, "seat": ticket.token}
    if st.query_params.get("host"):
        params["host"] = str(st.query_params["host"])
    st.query_params.from_dict(params)
    st.rerun()


# --- the lobby --------------------------------------------------------------------------------------


def _seat_line(seat: SeatInfo, language: str) -> str:
    kind = "seat_away" if seat.away else "seat_computer" if seat.computer else "seat_line"
    return t(f"together.{kind}", language, number=seat.seat + 1, name=plain(seat.name))


def _lobby(view: TableView, language: str) -> None:
    base = base_url(st.context.url)
    join_link = table_link(base, view.code)
    st.subheader(t("together.table_heading", language, code=view.code))
    st.write(t("together.share", language, code=view.code))
    st.code(join_link, language=None)
    st.image(qr_png(join_link), caption=t("together.qr_caption", language), width=220)
    _own_links(view, base, language)
    st.write(t("together.seated", language))
    host = str(st.query_params.get("host") or "")
    for seat in view.seats:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.write(_seat_line(seat, language))
            if host and st.button(t("together.free_seat", language), key=f"together_free_{seat.seat}"):
                _act(_freeing(view.code, host, seat.seat))
    if view.seat is None and len(view.seats) < view.max_seats:
        _join_form(language, view.code)
    if view.seat is not None and st.button(t("together.leave_seat", language), key="together_leave_seat"):
        _leave_seat(view)
    if not host:
        st.info(t("together.waiting_start", language))
        return
    with st.container(horizontal=True):
        if len(view.seats) < view.max_seats and st.button(t("together.add_computer", language), key="together_add"):
            _act(lambda store: store.add_computer(view.code, host))
        if st.button(t("together.start", language), key="together_start", type="primary"):
            _act(lambda store: store.start(view.code, host))


def _freeing(code: str, host: str, seat: int) -> Callable[[TableStore], object]:
    """The host's freeing of ``seat``, for :func:`_act`."""
    return lambda store: store.free_seat(code, host, seat)


def _leave_seat(view: TableView) -> None:
    """Give up this device's seat before the start; the address keeps only the host's token, if any."""
    try:
        table_store().leave_seat(view.code, str(st.query_params.get("seat") or ""))
    except TableError as error:
        st.session_state[FEEDBACK] = error.text(session.language())
    else:
        del st.query_params["seat"]
        st.session_state[FEEDBACK] = None
    st.rerun()


def _own_links(view: TableView, base: str, language: str) -> None:
    seat_token = str(st.query_params.get("seat") or "")
    host_token = str(st.query_params.get("host") or "")
    if seat_token:
        st.caption(t("together.seat_link", language))
        st.code(table_link(base, view.code, seat=seat_token), language=None)
    elif host_token:
        st.caption(t("together.host_link", language))
        st.code(table_link(base, view.code, host=host_token), language=None)


def _act(action: Callable[[TableStore], object]) -> None:
    """Run ``action(store)`` (:func:`_do`) and draw the page again."""
    _do(action)
    st.rerun()


def _do(action: Callable[[TableStore], object]) -> None:
    """Run ``action(store)``; a refusal is shown on this device only. The round's buttons call it as their
    ``on_click``: the round is then drawn once, after it."""
    try:
        action(table_store())
    except (TableError, RulesError) as error:
        language = session.language()
        st.session_state[FEEDBACK] = error.text(language) if isinstance(error, TableError) else refusal(error, language)


# --- the round --------------------------------------------------------------------------------------


@st.fragment
def _round(code: str, language: str) -> None:
    """The round as this device sees it now, redrawn at each of its browser's looks (``tick``), at each
    move made on it, and at each of its buttons, without rerunning the page."""
    try:
        view = _view(code, language)
    except TableError as error:
        st.error(error.text(language))
        return
    if KEYS.request in st.session_state:  # a move left for this run (AppTest's way in)
        take_request(KEYS, lambda action, payload: _move(view, action, payload))
        view = table_store().view(code, _token(), language)
    _game(view, language)


def _game(view: TableView, language: str) -> None:
    position = view.position
    assert position is not None
    if view.waiting:
        st.info(t("together.waiting_calls", language))
    elif position.round_over:
        pass
    elif position.to_move == view.seat:
        st.success(t("together.your_turn", language, name=plain(position.to_move_name)))
    else:
        st.info(t("together.their_turn", language, name=plain(position.to_move_name)))
    _table(view, language)
    if position.round_over:
        _round_over(view, language)
        return
    if view.seat is None:
        st.caption(t("together.watching", language))
        return
    me = view.seats[view.seat]
    away = _away(view.code, str(st.query_params.get("seat") or ""), back=me.away)
    st.button(t("together.come_back" if me.away else "together.leave", language), key="together_away", on_click=_do, args=(away,))


def _away(code: str, seat_token: str, back: bool) -> Callable[[TableStore], object]:
    """The seat's leaving the table for a while, or coming back (``back``), for :func:`_do`."""
    return lambda store: (store.come_back if back else store.leave)(code, seat_token)


def _news(view: TableView, language: str) -> tuple[str, str] | None:
    """What the table's message box says to this device when it has no answer to a move of its own:
    that it may call now, that its answer is in, whose Rommi call is being played out, or how the round
    ended; else the waiting for calls, as every other phone says it. Said beside the table, which brings
    the box into view on a phone."""
    position = view.position
    assert position is not None
    if position.round_over:
        return "success", _round_end(view, language)
    if view.call_open:
        return "info", t("together.call_now", language)
    if view.answered:
        return "info", t("together.answer_in", language)
    if view.waiting:  # the same words as above the table, where a phone's screen shows them
        return "info", t("together.waiting_calls", language)
    if view.called_by is not None:
        if view.called_by == view.seat:
            return "success", t("together.called_you", language)
        return "info", t("together.called", language, name=plain(view.seats[view.called_by].name))
    return None


def _round_end(view: TableView, language: str) -> str:
    """How the round ended, and what each player scored in it, in one or two sentences."""
    position = view.position
    assert position is not None
    out = [seat for seat, held in enumerate(position.hands) if not held]
    if not out:
        how = t("together.ended_stock", language)
    elif out[0] == view.seat:
        how = t("together.ended_out_you", language)
    else:
        how = t("together.ended_out", language, name=plain(position.players[out[0]]))
    points = ", ".join(
        t("together.round_points", language, name=plain(name), points=score.round)
        for name, score in zip(position.players, position.scores(), strict=True)
    )
    return how + " " + t("together.round_scored", language, points=points)


def _actions(view: TableView) -> list[Action]:
    """What this device may do now: a Rommi call in its window, else its own turn's moves."""
    position = view.position
    assert position is not None
    if view.seat is None or position.round_over:
        return []
    if view.call_open:
        return ["rommi", "no_call"]
    if position.to_move != view.seat or view.waiting:
        return []
    start = ("draw", "take", "take_all", "stop")
    actions = turn_actions(position)
    if position.phase is Phase.DRAW:
        return [a for a in actions if a in start]
    return [a for a in actions if a not in start]


def _table(view: TableView, language: str) -> None:
    """The table from this device's seat (a watcher: no hand), drawn from what that seat may see."""
    position = view.position
    assert position is not None
    actions = _actions(view)
    feedback = st.session_state.pop(FEEDBACK, None)
    options = TableOptions(
        actions=actions,
        primary=primary_actions(position, view.seat, None) if actions and view.seat is not None else (),
        marks=True,
        interactive=bool(actions),
        four_colour=session.four_colour(),
        large=large_cards(),
        show_hand=view.seat is not None,
        message=("error", feedback) if feedback else _news(view, language),
        log=list(view.last_moves),
        extra={"log_label": t("together.log_label", language)},  # every seat's moves, this phone's too
        position=f"{view.code}:{view.version}:{view.seat}",
        language=language,
        poll_ms=int(POLL_SECONDS * 1000),
    )
    draw_table(KEYS, position, view.seat, options, lambda action, payload: _move(view, action, payload))


def _move(view: TableView, action: Action, payload: dict[str, Any]) -> None:
    """A move made on the table (or "no call" to a Rommi! window), sent to the shared table; a refusal is
    explained on this device only."""
    assert view.position is not None
    language = session.language()
    seat_token = str(st.query_params.get("seat") or "")
    try:
        if action == "no_call":  # the seat's answer to the Rommi! window it was shown
            table_store().no_call(view.code, seat_token, view.version)
        else:
            move = Move.parse(move_text(action, payload, view.position))
            table_store().move(view.code, seat_token, str(move), view.version)
    except SelectionProblem as problem:
        st.session_state[FEEDBACK] = t(problem.key, language)
        return
    except RulesError as error:
        st.session_state[FEEDBACK] = refusal(error, language)
        return
    except TableError as error:
        st.session_state[FEEDBACK] = error.text(language)
        return
    st.session_state[FEEDBACK] = None  # a call's answer is the table's own news: "Your call was made…"
    clear_picks(KEYS)


def _next_round(code: str, host: str) -> Callable[[TableStore], object]:
    """The host's dealing of the next round, for :func:`_do`."""
    return lambda store: store.next_round(code, host)


def _round_over(view: TableView, language: str) -> None:
    position = view.position
    assert position is not None
    st.subheader(t("together.game_over" if position.game_over else "together.round_over", language))
    st.caption(t("together.scores", language))
    for name, score in zip(position.players, position.scores(), strict=True):
        st.write(t("together.score_line", language, name=plain(name), round=score.round, total=score.total))
    host = str(st.query_params.get("host") or "")
    if host and not position.game_over:
        deal = _next_round(view.code, host)
        st.button(t("together.next_round", language), key="together_next", on_click=_do, args=(deal,))
    try:
        records = table_store().records(view.code, _token())
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

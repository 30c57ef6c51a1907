"""The Play together page. Without ``?table=`` it opens a table (the variant and house rules of the
sidebar) or joins one by its code; with it, it shows that table as this device may see it: the lobby
(links, QR code, who sits where), then the round with this seat's hand only.

Which table and seat a device has lives in its address (``?table=CODE&seat=TOKEN``, the host's also
``&host=TOKEN``), so a reload or a phone waking from sleep finds its seat again. In the lobby a fragment
polls the table's version every :data:`LOBBY_POLL_SECONDS` and reruns the page when it moves (someone sat down,
the round began). The round itself is :mod:`ui.together.round` (this device's seat as a seat game).

While the tables' database cannot be reached (:class:`tutor.together.model.TableUnreachable`) the page says
so, keeps looking, and draws the table again by itself when the database is back.

Guarded against strangers: a table code this session has not found yet is looked up only while
:mod:`ui.shared.guesses` allows (wrong codes bring a wait); one browser keeps only a few tables open before their
start (:meth:`~tutor.together.store.SqlTableStore.open_table`); and a seat's phone is told when the seat's
link is opened on another device (:func:`_seat_watch`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from engine.errors import RulesError
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import refusal, t, variant_name
from tutor.i18n.style import Style
from tutor.progress.learner import token_hash
from tutor.storage.faults import StorageFault
from tutor.together.db import default_target
from tutor.together.model import MAX_SEATS, TURN_LIMITS, SeatInfo, TableError, TableStore, TableView
from tutor.together.seat import turn_limit_note
from tutor.together.store import SqlTableStore
from ui.shared import guesses, session
from ui.shared.into_view import kept_in_view, new_token
from ui.shared.storage_fault import wait_for
from ui.together.links import base_url, qr_png, table_link
from ui.together.round import draw_round, seat_table, seen_round

#: Seconds between two looks at the lobby: someone sitting down may show a moment later, and a phone
#: waiting there redraws half as often (each look costs its browser a redraw, its battery too).
LOBBY_POLL_SECONDS: Final = 1.0
#: Seconds between two looks at whether this device's seat link has been opened on another device.
SEAT_WATCH_SECONDS: Final = 5.0
#: Session keys of this page.
SEEN: Final = "together_seen_version"
FEEDBACK: Final = "together_feedback"
JOIN_ANSWER: Final = "together_join_answer"  # why a seat was not taken: brought into view
OPEN_ANSWER: Final = "together_open_answer"  # why a table was not opened: brought into view
SEAT_GONE: Final = "together_seat_gone"  # this device came with a seat link that holds no seat
HOST_GONE: Final = "together_host_gone"  # this device came with a host link whose role was passed on
KNOWN: Final = "together_known_codes"  # the table codes this session has found: never counted as guesses


def table_store() -> TableStore:
    """The shared tables (one store per server process and database; the file or the server database is
    shared by every server process: ``$RUMMY500_DATABASE_URL``, see :mod:`tutor.together.db`)."""
    return _store_at(default_target())


@st.cache_resource
def _store_at(target: str) -> TableStore:
    return SqlTableStore(target)


def render_together_page() -> None:
    """Draw the page for the table in the address, or the forms to open or join one."""
    language = session.style()
    st.title(t("together.title", language), anchor=False)
    code = str(st.query_params.get("table") or "").strip().upper()
    if not code:
        st.write(t("together.intro", language))
        _open_form(language)
        _join_form(language, "")
        return
    if _guessing(code, language):
        _join_form(language, code, waiting=True)
        return
    try:
        view = _view(code, language)
    except StorageFault as fault:  # said, and looked at again until the database answers
        seen = seen_round(code, _token(), str(st.query_params.get("seat") or ""), str(st.query_params.get("host") or ""))
        if seen is not None:  # the round as last seen, saying why nothing moves
            draw_round(seen, language)
            return
        st.warning(fault.text(language))
        wait_for(lambda: table_store().version(code))
        return
    except TableError as error:
        if error.key != "no_watchers":  # someone about to join a table nobody may watch: just the form
            st.error(error.text(language))
        _found(code, error, language)
        _join_form(language, code)
        return
    _found(view.code)
    if view.started:
        seat_token = str(st.query_params.get("seat") or "")
        _show_feedback()
        _seat_watch(code, seat_token, language)
        host_token = str(st.query_params.get("host") or "")
        draw_round(seat_table(table_store(), code, _token(), seat_token, host_token), language)
        return
    st.session_state[SEEN] = view.version
    _poll(code)
    _show_feedback()
    _seat_watch(code, str(st.query_params.get("seat") or ""), language)
    _lobby(view, language)


def _view(code: str, language: str | Style) -> TableView:
    """The table as this device may see it. A seat link that no longer holds a seat (given up or freed
    before the start, or given a new link by the host) is dropped from the address (the device is the
    host's again, or a watcher's), and it says so; so is a host link whose role was passed on."""
    while True:
        try:
            view = table_store().view(code, _token(), language, host_token=_host_param())
        except TableError as error:
            if error.key != "bad_token" or not (st.query_params.get("seat") or st.query_params.get("host")):
                raise
            _drop_stale_link()
            continue
        if _host_param() and not view.is_host:  # the host's role was passed on: the device keeps its seat
            _drop_stale_link(host=True)
            continue
        return view


def _guessing(code: str, language: str | Style) -> bool:
    """Whether ``code``, one this session has not found yet, must not be looked up now (too many wrong
    codes lately: :mod:`ui.shared.guesses`); the wait is said."""
    if code in st.session_state.get(KNOWN, ()):
        return False
    wait = guesses.waiting(language)
    if wait is not None:
        st.error(wait)
    return wait is not None


def _found(code: str, error: TableError | None = None, language: str | Style = "en") -> None:
    """Keep ``code`` as one this session found, unless ``error`` says no table has it: then count the wrong
    code, and say the wait it brings, if any."""
    if error is None or error.key != "no_table":
        st.session_state[KNOWN] = {*st.session_state.get(KNOWN, ()), code}
        return
    wait = guesses.wrong(language)
    if wait is not None:
        st.error(wait)


def _host_param() -> str | None:
    """The host's token in this device's address, if any."""
    return str(st.query_params.get("host") or "") or None


def _drop_stale_link(host: bool = False) -> None:
    """Drop the token of this device's address that no longer holds anything: the host's when ``host`` says
    so (said once), else its seat's if it has one (said until the device sits again, :func:`_show_feedback`),
    else the host's."""
    if st.query_params.get("seat") and not host:
        del st.query_params["seat"]
        st.session_state[SEAT_GONE] = True
    else:
        del st.query_params["host"]
        st.session_state[HOST_GONE] = True


def _token() -> str | None:
    """This device's token: its seat's, else the host's, else none (a watcher)."""
    return st.query_params.get("seat") or st.query_params.get("host") or None


@st.fragment(run_every=LOBBY_POLL_SECONDS)
def _poll(code: str) -> None:
    """Rerun the page when the lobby has changed since it was drawn."""
    try:
        version = table_store().version(code)
    except StorageFault as fault:  # said until a look reaches the database again
        st.warning(fault.text(session.style()))
        return
    except TableError:
        return
    if version != st.session_state.get(SEEN):
        st.rerun()


@st.fragment(run_every=SEAT_WATCH_SECONDS)
def _seat_watch(code: str, seat_token: str, language: str | Style) -> None:
    """Tell the player when their seat's link has been opened on another device since this one (that device
    sees the hand): looked at every :data:`SEAT_WATCH_SECONDS`, by the store, which keeps the devices."""
    device = _device()
    if not seat_token or device is None:
        return
    try:
        elsewhere = table_store().seat_opened_elsewhere(code, seat_token, device)
    except TableError:
        return
    if elsewhere:
        st.warning(t("together.seat_elsewhere", language))


def _device() -> str | None:
    """This browser as the tables know its devices: a hash of its device token (never the token), or None
    while the progress store cannot be used (no token then)."""
    token = session.device_token()
    return None if token is None else token_hash(f"seat-device:{token}")


def _visitor() -> str:
    """This browser's learner as the tables know who opened a table: a hash of the learner id (never the id)."""
    return token_hash(f"lobby:{session.progress_key()}")


def _show_feedback() -> None:
    """The refusal left for this device; a seat link that lost its seat is said until the device sits again."""
    message = st.session_state.pop(FEEDBACK, None)
    if message:
        st.error(message)
    if st.session_state.pop(HOST_GONE, False):
        st.info(t("together.host_passed", session.style()))
    if st.session_state.get(SEAT_GONE) and not st.query_params.get("seat"):
        st.warning(t("together.seat_gone", session.style()))
    else:
        st.session_state[SEAT_GONE] = False


# --- opening and joining ------------------------------------------------------------------------------


def _open_form(language: str | Style) -> None:
    variant = session.variant()
    st.subheader(t("together.open_heading", language))
    st.caption(t("together.open_caption", language) + f" ({variant_name(variant, language)})")
    high = min(variant.max_players, MAX_SEATS)
    seats = st.number_input(
        t("together.seats_label", language), variant.min_players, high, min(4, high), key="together_seats"
    )
    watchers = st.checkbox(t("together.watchers_label", language), value=True, key="together_watchers")
    limit = st.selectbox(
        t("together.turn_limit_label", language),
        TURN_LIMITS,
        format_func=lambda seconds: _turn_limit_text(seconds, language),
        help=t("together.turn_limit_help", language),
        key="together_turn_limit",
    )
    if st.button(t("together.open_button", language), key="together_open", type="primary"):
        rules = variant.house_rule_values()
        try:
            ticket = table_store().open_table(_visitor(), variant.id, rules, int(seats), watchers, limit)
        except TableError as error:
            with kept_in_view(OPEN_ANSWER, new_token()):
                st.error(error.text(language))
            return
        _found(ticket.code)
        st.query_params.update({"table": ticket.code, "host": ticket.token})
        st.rerun()


def _turn_limit_text(seconds: int | None, language: str | Style) -> str:
    """A turn limit as the form offers it: "No limit", "2 minutes"."""
    if seconds is None:
        return t("together.turn_limit_off", language)
    return t("together.turn_limit_minutes", language, minutes=seconds // 60)


def _join_form(language: str | Style, code: str, waiting: bool = False) -> None:
    """The form to take a seat at table ``code`` (typed in it when "") or to watch it; ``waiting``: the
    code may not be looked up now, and the page has said so."""
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
    with kept_in_view(JOIN_ANSWER, new_token()):  # below the buttons, pressed at the bottom of a phone's screen
        if waiting or _guessing(code, language):
            return
        try:
            ticket = table_store().join(code, name)
        except TableError as error:
            st.error(error.text(language))
            _found(code, error, language)
            return
    _found(ticket.code)
    params = {"table": ticket.code, "seat": ticket.token}
    if st.query_params.get("host"):
        params["host"] = str(st.query_params["host"])
    st.query_params.from_dict(params)
    st.rerun()


# --- the lobby --------------------------------------------------------------------------------------


def _seat_line(seat: SeatInfo, language: str | Style) -> str:
    kind = "seat_away" if seat.away else "seat_computer" if seat.computer else "seat_line"
    return t(f"together.{kind}", language, number=seat.seat + 1, name=plain(seat.name))


def _lobby(view: TableView, language: str | Style) -> None:
    base = base_url(st.context.url)
    join_link = table_link(base, view.code)
    st.subheader(t("together.table_heading", language, code=view.code))
    st.write(t("together.share", language, code=view.code))
    st.code(join_link, language=None)
    st.image(qr_png(join_link), caption=t("together.qr_caption", language), width=220)
    note = turn_limit_note(view, language)
    if note is not None:
        st.caption(note)
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
    else:
        with st.container(horizontal=True):
            if len(view.seats) < view.max_seats and st.button(t("together.add_computer", language), key="together_add"):
                _act(lambda store: store.add_computer(view.code, host))
            if st.button(t("together.start", language), key="together_start", type="primary"):
                _act(lambda store: store.start(view.code, host))
    own_link(view.code, base, language)


def _freeing(code: str, host: str, seat: int) -> Callable[[TableStore], object]:
    """The host's freeing of ``seat``, for :func:`_act`."""
    return lambda store: store.free_seat(code, host, seat)


def _leave_seat(view: TableView) -> None:
    """Give up this device's seat before the start; the address keeps only the host's token, if any."""
    try:
        table_store().leave_seat(view.code, str(st.query_params.get("seat") or ""))
    except TableError as error:
        st.session_state[FEEDBACK] = error.text(session.style())
    else:
        del st.query_params["seat"]
        st.session_state[FEEDBACK] = None
    st.rerun()


def own_link(code: str, base: str, language: str | Style) -> None:
    """This device's own link (its seat, and the host's role if it has it), shown only on request and never
    beside the join link and QR code everyone may photograph: whoever opens it plays this seat."""
    seat_token = str(st.query_params.get("seat") or "") or None
    host_token = str(st.query_params.get("host") or "") or None
    if not (seat_token or host_token):
        return
    with st.expander(t("together.own_link_heading", language), expanded=False):
        st.caption(t("together.seat_link" if seat_token else "together.host_link", language))
        st.code(table_link(base, code, seat=seat_token or "", host=host_token or ""), language=None)


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
        language = session.style()
        st.session_state[FEEDBACK] = error.text(language) if isinstance(error, TableError) else refusal(error, language)

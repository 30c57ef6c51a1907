"""Keeps this browser's device token in a cookie (never the learner id, never the address), so the app
opened again finds the same learner: a small ``st.components.v2`` component (no iframe) whose script sets
``document.cookie``. Streamlit reads the cookie back through ``st.context.cookies`` when a page opens.

The component draws nothing, and is drawn only in a run where the cookie must change (once a session,
usually): ``app.py`` draws it last in the sidebar, after the page, so it moves nothing of the page's own
sidebar between one run and the next. On a page the browser shows over HTTPS the cookie is ``Secure``
(:func:`on_https`), and it is written again once a session even when the browser sent it, since a cookie
an earlier version wrote without ``Secure`` looks the same to the server. AppTest does not run its script, so tests give the cookie through ``session_state`` (``AppState.test_cookie`` of :mod:`ui.shared.session`).
"""

from __future__ import annotations

import streamlit as st

from tutor.progress.learner import cookie_header
from ui.shared import session
from ui.shared.component_data import DECODE_JS, encoded

_JS = (
    DECODE_JS
    + """
export default function (component) {
  const data = decoded(component.data);
  if (data && data.cookie && (data.again || !document.cookie.split("; ").includes(data.cookie.split(";")[0]))) {
    document.cookie = data.cookie;
  }
}
"""
)

_COOKIE = st.components.v2.component("rummy500_learner_cookie", js=_JS)


def on_https() -> bool:
    """Whether the browser shows the page over HTTPS (its address, ``st.context.url``): the cookie is then
    ``Secure``, never sent over plain HTTP (a page served behind a proxy that speaks HTTPS to the browser
    counts as HTTPS, since the address is the browser's)."""
    url = session.from_browser(lambda: st.context.url)
    return str(url or "").lower().startswith("https://")


def keep_learner_in_browser() -> None:
    """Set the cookie to this browser's device token, when it is not set to it already, or once a session
    over HTTPS (``Secure``); leave it as it is while the progress store cannot be used (no token then)."""
    token = session.device_token()
    state = st.session_state
    if token is None:
        return
    secure = on_https()
    if state.get(session.COOKIE_SET) == token or (session.cookie() == token and not secure):
        state[session.COOKIE_SET] = token
        return
    data = {"cookie": cookie_header(token, secure=secure), "again": secure}
    _COOKIE(data=encoded(data), key="app_learner_cookie_writer")
    state[session.COOKIE_SET] = token

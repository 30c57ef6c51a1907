"""An answer said below a page's controls, brought into view when it is new.

A number, choice or judge task answers below its Check button. A learner who scrolled until the button
showed at the bottom of the screen pressed it and saw nothing happen: the answer came below the screen, on a
laptop and on a phone (and the page's own redraws after a check moved it further). The card table brings
its own answer into view (``ui/felt/widget.js``); :func:`kept_in_view` does the same for what a page draws
in its block: a small ``st.components.v2`` component, drawn last inside the block, scrolls the block into
view once for each new answer (its ``token``), and again for two seconds whenever the page drawn again
around it moves it out, until the learner scrolls.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from typing import Final

import streamlit as st

from ui.shared.component_data import DECODE_JS, encoded

#: The start of the key of the container that holds the component: the router's style hides it, so the
#: component (which draws nothing) adds no gap below the answer.
MARK_PREFIX: Final = "into_view_mark_"

_JS = (
    DECODE_JS
    + """
const shown = new Map();
export default function (component) {
  const data = decoded(component.data);
  if (!data || !data.token || shown.get(data.key) === data.token) return;
  shown.set(data.key, data.token);
  const show = () => {
    const box = document.querySelector(".st-key-" + data.key);
    if (!box) return;
    const r = box.getBoundingClientRect();
    if (r.height === 0 || (r.top >= 0 && r.bottom <= window.innerHeight)) return;
    box.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "nearest" });
  };
  show();
  const beat = window.setInterval(show, 100);
  const stop = () => {
    window.clearInterval(beat);
    window.removeEventListener("wheel", stop);
    window.removeEventListener("touchmove", stop);
  };
  window.addEventListener("wheel", stop, { passive: true });
  window.addEventListener("touchmove", stop, { passive: true });
  window.setTimeout(stop, 2000);
}
"""
)

_MARK = st.components.v2.component("rummy500_into_view", js=_JS)
_TOKENS: Final = count(1)


def new_token() -> str:
    """A token no other answer of this server has had: give one to each new answer a page keeps to say."""
    return f"answer-{next(_TOKENS)}"


@contextmanager
def kept_in_view(key: str, token: str | None) -> Iterator[None]:
    """Draw the block of the ``with`` in a container keyed ``key`` (Streamlit gives it the class
    ``st-key-<key>``), and bring it into view when ``token`` is new (a new answer; None: nothing to bring)."""
    with st.container(key=key):
        yield
        if token is not None:
            with st.container(key=MARK_PREFIX + key):
                _MARK(data=encoded({"key": key, "token": token}), key=f"{key}_mark")

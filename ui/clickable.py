"""Cards the learner clicks: a small Streamlit component (``st.components.v2``, no iframe, no build step)
that draws card HTML and reports the ``data-pick`` value of the card clicked.

AppTest cannot click a custom component, so every click here has a twin in the pills beside it (the
same session keys); the browser test clicks the cards themselves.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector(".r5-clickable-root");
  if (!root) {
    root = document.createElement("div");
    root.className = "r5-clickable-root";
    parentElement.appendChild(root);
  }
  root.innerHTML = data.html;
  root.querySelectorAll("[data-pick]").forEach((el) => {
    el.addEventListener("click", () => setTriggerValue("clicked", el.getAttribute("data-pick")));
  });
}
"""

_CARDS = st.components.v2.component("rummy500_clickable_cards", js=_JS)


def clickable_cards(html: str, key: str, on_click: Callable[[str], None]) -> None:
    """Draw ``html`` (card drawings with ``data-pick`` values); a click calls ``on_click(value)`` before the rerun."""

    def clicked() -> None:
        result = st.session_state.get(key)
        value = result.get("clicked") if isinstance(result, dict) else None
        if value is not None:
            on_click(str(value))

    _CARDS(data={"html": html}, key=key, on_clicked_change=clicked)

"""The Learn page's lesson list, drawn in the sidebar as one element: a small component
(``st.components.v2``: no iframe, no build step) with a button a lesson, the open one marked, and the
lessons of other tables folded away under their own heading.

Why one element and not a button a lesson: Streamlit's page draws every element on it again for each
message of a run (the run's start, its status, each element sent), and a move's answer on the Learn page
brings three such messages before the table's; the list's twenty buttons made each of those redraws, and so
the move, slower (``benchmarks/bench_browser.py``). The component draws its buttons once, and again only when
its data changed. Its data travels as JSON bytes, as the card table's does (a dict is searched for
dataframes by Streamlit).

A click on a lesson sends one trigger event, ``open``, whose value is the lesson's id, and ``on_open`` gets
it. AppTest cannot click a component: a test leaves the lesson's id under :data:`REQUEST` in
``session_state`` and the page opens it at its next run (:func:`take_request`); the list as last drawn is
under :data:`SHOWN`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Final, TypedDict

import streamlit as st

#: The component's key.
KEY: Final = "learn_lesson_list"
#: Where a lesson to open waits for the page's next run (AppTest's way in).
REQUEST: Final = "learn_lesson_list_request"
#: The data of the list as last drawn (what tests read to see the list).
SHOWN: Final = "learn_lesson_list_shown"


class LessonEntry(TypedDict):
    """One lesson of the list: its id, the words on its button, and whether it is the open one."""

    id: str
    label: str
    current: bool


class LessonListData(TypedDict):
    """What the list draws: the track's lessons, and the other tables' lessons under their heading."""

    label: str
    lessons: list[LessonEntry]
    others: list[LessonEntry]
    others_label: str


_JS: Final = """
const drawn = new WeakMap();
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const button = (l) => `<button type="button" class="r5l-lesson${l.current ? " r5l-current" : ""}" data-lesson="${esc(l.id)}"` +
  `${l.current ? ' aria-current="true"' : ""}>${esc(l.label)}</button>`;
export default function ({ data: raw, setTriggerValue, parentElement }) {
  const bytes = raw instanceof Uint8Array || raw instanceof ArrayBuffer;
  const text = bytes ? new TextDecoder().decode(raw) : JSON.stringify(raw);
  const data = bytes ? JSON.parse(text) : raw;
  let root = parentElement.querySelector(".r5l");
  if (!root) {
    root = document.createElement("nav");
    root.className = "r5l";
    parentElement.appendChild(root);
  }
  root.onclick = (event) => {
    const lesson = event.target.closest("button[data-lesson]");
    if (lesson) setTriggerValue("open", lesson.getAttribute("data-lesson"));
  };
  if (drawn.get(parentElement) === text) return;
  drawn.set(parentElement, text);
  const folded = root.querySelector("details");
  const open = folded ? folded.open : false;
  // The keyboard stays on the lesson it was on (the list is drawn anew when a lesson opens).
  const active = root.getRootNode().activeElement;
  const focused = active && root.contains(active) ? active.getAttribute("data-lesson") : null;
  root.setAttribute("aria-label", data.label);
  let html = data.lessons.map(button).join("");
  if (data.others.length) {
    html += `<details${open ? " open" : ""}><summary>${esc(data.others_label)}</summary>` +
      `<div class="r5l-others">${data.others.map(button).join("")}</div></details>`;
  }
  root.innerHTML = html;
  const again = focused === null ? null : Array.from(root.querySelectorAll("button[data-lesson]")).find((b) => b.getAttribute("data-lesson") === focused);
  if (again) again.focus();
}
"""

_CSS: Final = """
.r5l { display: flex; flex-direction: column; gap: 0.5rem; font-family: inherit; }
.r5l-lesson { width: 100%; min-height: 2.5rem; padding: 0.25rem 0.75rem; border-radius: 0.5rem; font: inherit;
  line-height: 1.6; cursor: pointer; color: inherit; background: var(--st-background-color, transparent);
  border: 1px solid rgba(128, 128, 128, 0.35); text-align: center; }
.r5l-lesson:hover { border-color: var(--st-primary-color, #c53948); color: var(--st-primary-color, #c53948); }
.r5l-lesson.r5l-current { background: var(--st-primary-color, #c53948); border-color: var(--st-primary-color, #c53948);
  color: #ffffff; }
.r5l-lesson:focus-visible { outline: 3px solid var(--st-primary-color, #c53948); outline-offset: 2px; }
.r5l details { border: 1px solid rgba(128, 128, 128, 0.35); border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
.r5l summary { cursor: pointer; min-height: 2rem; line-height: 2rem; }
.r5l-others { display: flex; flex-direction: column; gap: 0.5rem; padding-top: 0.5rem; }
"""

_LIST = st.components.v2.component("rummy500_lessons", css=_CSS, js=_JS)


def lesson_list(data: LessonListData, on_open: Callable[[str], None]) -> None:
    """Draw the list ``data``; a click on a lesson calls ``on_open(lesson_id)`` before the rerun."""

    def opened() -> None:
        result = st.session_state.get(KEY)
        lesson = result.get("open") if isinstance(result, dict) else None
        if isinstance(lesson, str):
            on_open(lesson)

    st.session_state[SHOWN] = data
    encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    _LIST(data=encoded, key=KEY, on_open_change=opened)


def take_request(lessons: Sequence[str], on_open: Callable[[str], None]) -> None:
    """Open the lesson left under :data:`REQUEST` (once), if it is one of ``lessons``."""
    wanted = st.session_state.pop(REQUEST, None)
    if isinstance(wanted, str) and wanted in lessons:
        on_open(wanted)

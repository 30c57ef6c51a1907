"""Streamlit's own words when the server does not answer, in the learner's language: a small
``st.components.v2`` component (no iframe) whose script watches the page for Streamlit's "Connection error"
dialog and says it with the catalogue's sentences instead (``ui.connection.*``).

Streamlit's frontend holds those words in English, and the server cannot send others once it is gone: the
script keeps the learner's sentences in the page beforehand. It is drawn last in the sidebar, only in a run
where the language differs from the one the page already holds (once a session, usually), so it moves
nothing of the page between one run and the next. AppTest does not run scripts: the browser test
(``tests/test_browser_languages.py``) stops a server under a Finnish page and reads the dialog.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from tutor.i18n.strings import t
from ui.shared.component_data import DECODE_JS, encoded
from ui.shared.session import CONNECTION_WORDS, app_state

#: Streamlit's English words in the dialog (its frontend's own), and the catalogue key said instead.
STREAMLIT_WORDS: Final = {
    "Connection error": "ui.connection.title",
    "Streamlit server is not responding. Are you connected to the internet?": "ui.connection.text",
}

_JS = (
    DECODE_JS
    + """
export default function (component) {
  const data = decoded(component.data);
  if (data && data.words) window.__r5connectionWords = data.words;
  if (window.__r5connectionWatch) return;
  window.__r5connectionWatch = true;
  const say = () => {
    const words = window.__r5connectionWords || {};
    for (const dialog of document.querySelectorAll('[role="dialog"]')) {
      const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const said = words[node.nodeValue.trim()];
        if (said) node.nodeValue = said;
      }
    }
  };
  new MutationObserver(say).observe(document.body, { childList: true, subtree: true, characterData: true });
}
"""
)

_WORDS = st.components.v2.component("rummy500_connection_words", js=_JS)


def say_connection_words(language: str) -> None:
    """Hand the page the learner's words for Streamlit's connection dialog, when it does not hold them."""
    app = app_state()
    if app.connection_words == language:
        return
    words = {english: t(key, language) for english, key in STREAMLIT_WORDS.items()}
    _WORDS(data=encoded({"words": words}), key=CONNECTION_WORDS)
    app.connection_words = language

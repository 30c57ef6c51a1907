"""What a page shows, as text, and the English it must not show in another language.

A page in Swedish that shows "Draw from the stock" leaks English: :func:`english_leaks` finds every run of
four or more English words from the catalogue, the scenario texts or the lessons that the language
translates differently, in anything the page shows (text, labels, options, help, the table's words).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from functools import cache
from typing import Any, Final

from streamlit.testing.v1 import AppTest

from tutor.i18n.catalogue import english, translations
from tutor.i18n.translate import template
from tutor.learn.curriculum import load_curriculum

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_TAG = re.compile(r"<[^>]+>")
_KINDS = (
    "title", "header", "subheader", "markdown", "caption", "text", "info", "success", "warning", "error",
    "button", "toggle", "checkbox", "selectbox", "radio", "multiselect", "text_input", "number_input",
    "tabs", "expander", "metric", "table", "dataframe", "code", "latex", "download_button", "segmented_control",
)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def shown_texts(at: AppTest) -> list[str]:
    """Every text the page shows: values, labels, options, placeholders, help; HTML blocks as text; the
    table component's data."""
    found: list[str] = []
    for kind in _KINDS:
        for element in at.get(kind):
            for attribute in ("value", "label", "options", "placeholder", "help", "body"):
                try:
                    found.extend(_strings(getattr(element, attribute, None)))
                except Exception:  # an attribute AppTest cannot give for this element
                    continue
            if kind in ("table", "dataframe"):
                found.append(str(getattr(element, "value", "")))
    for element in at.get("html"):
        body = getattr(getattr(element, "proto", None), "body", "")
        found.append(html.unescape(_TAG.sub(" ", str(body))))
    for prefix in ("learn_", "practice_", "together_", "compare_"):  # the card table's data on each page
        key = f"{prefix}table_shown"
        if key in at.session_state:
            found.extend(_strings(at.session_state[key]))
    return [re.sub(r"\s+", " ", text) for text in found if text]


def _chunks(text: str) -> Iterator[str]:
    """The runs of words between placeholders and markup, four words or more."""
    plain = re.sub(r"[*_`]", "", html.unescape(_TAG.sub(" ", text)))
    for part in _PLACEHOLDER.split(plain):
        for sentence in re.split(r"(?<=[.!?:;])\s+|\n+", part):
            words = sentence.strip(" ,.;:()“”\"'—–-").split()
            if len(words) >= 4:
                yield " ".join(words)


@cache
def english_fragments(language: str) -> tuple[str, ...]:
    """English runs of words the language translates differently (never shown in it)."""
    mine = translations(language)
    own: list[str] = list(mine.texts.values())
    own += [t for v in mine.keyed.values() for t in ([v] if isinstance(v, str) else v)]
    found: set[str] = set()
    for key, source in english().items():
        if template(key, language) not in (None, source):
            found.update(_chunks(source))
    for source, translated in mine.texts.items():
        if translated != source:
            found.update(_chunks(source))
    for lesson in load_curriculum().lessons:
        if language in lesson.translations:
            found.update(_chunks(lesson.body))
            found.add(lesson.title) if len(lesson.title.split()) >= 3 else None
    shared = " ".join(own)
    shared += " ".join(lesson.translations[language].body for lesson in load_curriculum().lessons if language in lesson.translations)
    return tuple(sorted(f for f in found if f not in shared))


#: Words of English that none of our other languages writes: four in a row on a page in another language are
#: English that bypassed the catalogue (a sentence in code, a name from the engine).
ENGLISH_ONLY: Final = frozenset(
    ["the", "and", "you", "your", "of", "to", "are", "with", "from", "this", "that", "it", "on", "an", "card", "cards", "take", "draw", "discard", "meld", "melds", "pile", "stock", "turn", "round", "player", "players", "points", "lay", "off", "not", "be", "can", "may", "must", "has", "have", "was", "were", "will", "which", "who", "what", "when", "there", "their", "they", "them", "for", "by", "at", "or", "into", "than", "then", "only", "every", "each", "any", "all", "one", "no", "yes"]
)
_WORD = re.compile(r"[A-Za-z]+")


def english_runs(text: str, length: int = 4) -> list[str]:
    """Runs of ``length`` or more words that only English writes.

    >>> english_runs("Ta hela kasthögen: take the whole pile from the stock.")
    ['take the whole pile from the stock']
    """
    found, run = [], []
    for word in re.findall(r"[A-Za-zÀ-ÿ]+", text):
        if word.lower() in ENGLISH_ONLY or (run and word.lower() in ("whole", "top", "hand", "first", "last")):
            run.append(word)
            continue
        if len(run) >= length:
            found.append(" ".join(run))
        run = []
    if len(run) >= length:
        found.append(" ".join(run))
    return found


def english_leaks(at: AppTest, language: str) -> list[str]:
    """The English the page shows though ``language`` has its own words for it: runs of words from the
    catalogue, the scenario texts or the lessons, and runs of words only English writes."""
    return english_leaks_in(shown_texts(at), language)


def english_leaks_in(texts: list[str], language: str) -> list[str]:
    """The English in ``texts`` (what a page or a seat game says) though ``language`` has its own words for
    it (see :func:`english_leaks`)."""
    shown = re.sub(r"[*_`]", "", "\n".join(texts))
    sentences = "\n".join(text for text in texts if " " in text)  # ids and tokens hold no spaces
    return [fragment for fragment in english_fragments(language) if fragment in shown] + english_runs(sentences)


def any_value(data: Any) -> list[str]:
    """Every string in a JSON-like value."""
    return list(_strings(data))

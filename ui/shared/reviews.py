"""The learner's review cards as every page reaches them: their deck in the progress store
(:class:`tutor.review.schedule.Deck`), and "N to review today" for the sidebar and the Learn page. A store that
cannot be reached has no cards to show (its page says why elsewhere)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.practice.game import Game
from tutor.progress import ProgressError
from tutor.review.decisions import costly_cards
from tutor.review.schedule import Deck
from ui.shared import session


def deck() -> Deck | None:
    """The learner's review cards, or None when the progress store cannot be used."""
    store = session.progress_store()
    if isinstance(store, ProgressError):
        return None
    return Deck(store, session.progress_key())


def due_today() -> int:
    """How many of the learner's cards are due today (0 when the store cannot be read)."""
    cards = deck()
    if cards is None:
        return 0
    try:
        return cards.count_due_today()
    except ProgressError:
        return 0


def note_costly_decisions(game: Game, costs: Mapping[int, float]) -> None:
    """At a round's end: each of the learner's costliest decisions (as the coach weighs the moves) becomes a card, to
    make again in a review (a store that cannot be written keeps none)."""
    cards = deck()
    if cards is None:
        return
    for key, position in costly_cards(game, costs):
        try:
            cards.note_mistake(key, game.variant, "costly", position=position)
        except ProgressError:
            return


def sidebar_count(language: str | Style) -> None:
    """"N to review today" in the sidebar, when there are any."""
    count = due_today()
    if count:
        st.sidebar.caption(t("review.to_review", language, count=count))

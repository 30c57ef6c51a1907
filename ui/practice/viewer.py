"""The Practice page's record viewer: a loaded or saved game stepped through move by move, every hand
shown."""

from __future__ import annotations

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t, variant_name
from tutor.i18n.style import Style
from tutor.i18n.translate import shown_name
from tutor.practice.viewer import RecordViewer
from ui.felt.cards import board_html, hand_html
from ui.felt.controls import board_labels
from ui.practice.charts import score_table
from ui.practice.state import VIEW_CLOSE, VIEW_NEXT, VIEW_PREV, practice_state


def record_viewer(viewer: RecordViewer, language: str | Style) -> None:
    """A loaded game shown move by move: the board, every hand, and the buttons to step."""
    game = viewer.game
    state = viewer.state
    round_index, index = viewer.position
    st.subheader(t("practice.viewer.title", language, players=", ".join(plain(shown_name(n, language)) for n in game.names), variant=variant_name(game.variant, language)))
    st.caption(
        t(
            "practice.viewer.where",
            language,
            round=viewer.round.number,
            rounds=len(game.rounds),
            move=index,
            moves=viewer.moves_in_round,
        )
    )
    line = viewer.line(language)
    st.markdown(f"**{plain(line)}**" if line else t("practice.viewer.dealt", language))
    st.html(board_html(state, -1, board_labels(language), language=language))
    for name, hand in zip(state.players, state.hands, strict=True):
        st.markdown(f"**{t('practice.viewer.hand', language, name=plain(name))}**")
        st.html(hand_html(hand, (), language=language))
    with st.container(horizontal=True):
        st.button(t("practice.viewer.back", language), key=VIEW_PREV, on_click=_view_step, args=(-1,))
        st.button(t("practice.viewer.forward", language), key=VIEW_NEXT, on_click=_view_step, args=(1,))
        st.button(t("practice.viewer.close", language), key=VIEW_CLOSE, on_click=_view_close)
    if state.round_over:
        score_table(state, language)
    if round_index == 0 and index == 0:
        st.caption(t("practice.viewer.help", language))


def _view_step(direction: int) -> None:
    viewer = practice_state().viewer
    if viewer is not None:
        if direction > 0:
            viewer.forward()
        else:
            viewer.back()


def _view_close() -> None:
    practice_state().viewer = None

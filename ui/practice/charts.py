"""The Practice page's figures: the points laid and the minus points in hand turn by turn, the totals
racing to the target (from :mod:`tutor.charts.scores`), and the score table of a finished round."""

from __future__ import annotations

import html

import streamlit as st

from engine.round import Round
from tutor.charts.hand import hand_blocks, hand_stack_figure
from tutor.charts.scores import laid_points_series, totals_race_figure
from tutor.i18n.card_names import faces
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.i18n.translate import shown_name
from tutor.practice.game import Game
from ui.practice.seat import board_seat
from ui.practice.state import CHART_RACE, CHART_ROUND
from ui.shared import session


def practice_charts(game: Game, language: str | Style) -> None:
    """The board seat's hand, card by card, and points laid after each of their own turns; the totals race."""
    seat = board_seat(game)
    if len(game.people) > 1 and game.needs_handover():
        return  # nothing about a hidden hand while the device changes hands
    states, numbers = game.turn_states(seat=seat)
    labels = [t("charts.dealt", language), *(t("practice.chart.turn", language, number=n) for n in numbers[1:])]
    name = game.names[seat]
    figure = hand_stack_figure(
        hand_blocks(states, seat),
        labels,
        t("practice.chart.round_title", language, name=html.escape(name)),  # Plotly reads <a>, <b>…
        language,
        laid=laid_points_series(states, seat),
        four_colour=session.four_colour(),
    )
    st.plotly_chart(figure, key=CHART_ROUND)
    totals = game.totals_by_round()
    if any(totals.values()):
        st.plotly_chart(totals_race_figure({html.escape(shown_name(k, language)): v for k, v in totals.items()}, game.variant.target, language), key=CHART_RACE)


def score_table(state: Round, language: str | Style) -> None:
    """The scores of a finished round as a table, with the cards left in each hand; the round and the total
    come first, so a phone shows them without scrolling sideways."""
    head = [
        t(f"practice.score.{k}", language)
        for k in ("player", "round", "total", "laid", "hand", "bonus", "penalty", "left")
    ]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, score, hand in zip(state.players, state.scores(), state.hands, strict=True):
        left = faces(hand, language) or "—"
        figures = (score.round, score.total, score.laid, score.hand, score.bonus, score.penalty)
        rows.append(f"| {plain(shown_name(name, language))} | " + " | ".join(str(x) for x in figures) + f" | {left} |")
    st.markdown("\n".join(rows))

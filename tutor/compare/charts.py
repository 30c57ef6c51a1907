"""Charts of the Compare page: one situation's round scored by each variant, and the self-play statistics.

The figures take plain data (outcomes of :mod:`tutor.compare.situations`, entries of :mod:`tutor.compare.stats`)
and every label comes from the strings catalogue (``compare.*``). Card values per variant are
:func:`tutor.charts.scores.card_values_figure`.

>>> from tutor.compare.situations import compare_situation, situation_by_id
>>> outcomes = compare_situation(situation_by_id("anna-bertil")).outcomes[0]
>>> figure = situation_scores_figure(outcomes, "Bertil: layoff 8H 9H on 2")
>>> [(trace.name, list(trace.y)) for trace in figure.data]
[('Anna', [20, 23, 20, 23, 23]), ('Bertil', [20, 27, 20, 27, 27])]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go  # type: ignore[import-untyped]

from tutor.charts.scores import LEGEND_ON_TOP, TOP_MARGIN, signed, title_above
from tutor.compare.situations import Outcome
from tutor.compare.stats import ENDINGS
from tutor.i18n.strings import t, variant_name
from tutor.i18n.style import Style
from tutor.i18n.translate import fill, number_separators, seat_name

_LEGEND_ON_TOP = LEGEND_ON_TOP


def scored(outcomes: Sequence[Outcome]) -> list[Outcome]:
    """The outcomes whose round is over (so they have scores)."""
    return [o for o in outcomes if o.status.scores]


def situation_scores_figure(outcomes: Sequence[Outcome], move: str, language: str | Style = "en") -> go.Figure:
    """Grouped bars: each player's round score under each variant whose round ended (others are left out)."""
    ended = scored(outcomes)
    names = [o.name for o in ended]
    players = [line.player for line in ended[0].status.scores] if ended else []
    figure = go.Figure()
    for player in players:
        values = [next(line.round for line in o.status.scores if line.player == player) for o in ended]
        figure.add_trace(
            go.Bar(
                x=names,
                y=values,
                name=seat_name(player, language),
                text=[signed(v) for v in values],
                textposition="outside",
                hovertemplate=f"{seat_name(player, language)}, %{{x}}: %{{text}}<extra></extra>",
            )
        )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(t("compare.situation.scores_title", language, move=move)),
        barmode="group",
        xaxis={"type": "category"},
        yaxis={"title": {"text": t("compare.situation.scores_axis", language)}, "zeroline": True},
        legend=_LEGEND_ON_TOP,
        margin=TOP_MARGIN,
    )
    return figure


def _bar(
    entries: Sequence[dict[str, Any]], key: str, title: str, axis: str, text: list[str] | None, language: str | Style
) -> go.Figure:
    values = [entry[key] for entry in entries]
    figure = go.Figure(
        go.Bar(
            x=[variant_name(entry["variant"], language) for entry in entries],
            y=values,
            text=text if text is not None else [str(v) for v in values],
            textposition="outside",
            hovertemplate="%{x}: %{text}<extra></extra>",
            showlegend=False,
        )
    )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(title),
        xaxis={"type": "category"},
        yaxis={"title": {"text": axis}},
    )
    return figure


def decisions_figure(entries: Sequence[dict[str, Any]], language: str | Style = "en") -> go.Figure:
    """Decisions (moves, all players together) per round, a bar per variant."""
    return _bar(
        entries,
        "decisions_per_round",
        t("compare.stats.decisions_title", language),
        t("compare.stats.decisions_axis", language),
        None,
        language,
    )


def ended_by_figure(entries: Sequence[dict[str, Any]], language: str | Style = "en") -> go.Figure:
    """How rounds end, as stacked shares per variant: going out, an empty stock, the reshuffle limit."""
    figure = go.Figure()
    names = [variant_name(entry["variant"], language) for entry in entries]
    for ending in ENDINGS:
        label = t(f"compare.situation.ended_by.{ending}", language)
        values = [entry["ended_by_share"][ending] for entry in entries]
        figure.add_trace(
            go.Bar(
                x=names,
                y=values,
                name=label,
                customdata=[entry["ended_by"][ending] for entry in entries],
                hovertemplate=f"%{{x}}, {label}: %{{y}}% (%{{customdata}})<extra></extra>",
            )
        )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(t("compare.stats.ended_title", language)),
        barmode="stack",
        xaxis={"type": "category"},
        yaxis={"title": {"text": t("compare.stats.ended_axis", language)}, "range": [0, 100]},
        legend=_LEGEND_ON_TOP,
        margin=TOP_MARGIN,
    )
    return figure


def mean_score_figure(entries: Sequence[dict[str, Any]], language: str | Style = "en") -> go.Figure:
    """The mean round score of a player, a bar per variant."""
    text = [fill("{mean:.1f}", language, mean=float(entry["mean_round_score"])) for entry in entries]
    return _bar(
        entries,
        "mean_round_score",
        t("compare.stats.score_title", language),
        t("compare.stats.score_axis", language),
        text,
        language,
    )


def takes_figure(entries: Sequence[dict[str, Any]], language: str | Style = "en") -> go.Figure:
    """Takes from the pile (Rommi calls included) per round, each bar labelled with the share that paid."""
    text = [t("compare.stats.paid_text", language, share=entry["paid_share"]) for entry in entries]
    return _bar(
        entries,
        "takes_per_round",
        t("compare.stats.takes_title", language),
        t("compare.stats.takes_axis", language),
        text,
        language,
    )

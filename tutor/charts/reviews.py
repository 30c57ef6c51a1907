"""The chart of the reviews ahead: how many review cards fall due each day of the next two weeks
(:func:`tutor.review.mastery.forecast`), each bar labelled with its count, each day named in the learner's
language.

>>> from datetime import date
>>> figure = reviews_ahead_figure([(date(2026, 12, 6), 3), (date(2026, 12, 7), 0)], "sv")
>>> list(figure.data[0].x), list(figure.data[0].text)
(['6 dec.', '7 dec.'], ['3', ''])
"""

from __future__ import annotations

from datetime import date

import plotly.graph_objects as go  # type: ignore[import-untyped]
from babel.dates import format_date

from tutor.charts.scores import title_above
from tutor.i18n.card_names import BABEL_LOCALE
from tutor.i18n.strings import t
from tutor.i18n.style import Style, style_for


def reviews_ahead_figure(ahead: list[tuple[date, int]], language: str | Style = "en") -> go.Figure:
    """A bar a day: the reviews due that day (those overdue on the first)."""
    style = style_for(language)
    locale = BABEL_LOCALE.get(style.language, style.language)
    days = [format_date(day, "d MMM", locale=locale) for day, _ in ahead]
    counts = [count for _, count in ahead]
    figure = go.Figure(
        go.Bar(
            x=days,
            y=counts,
            text=[str(count) if count else "" for count in counts],
            textposition="outside",
            hovertemplate="%{x}: %{y}<extra></extra>",
        )
    )
    figure.update_layout(
        title=title_above(t("review.ahead_title", language)),
        xaxis={"title": {"text": t("review.ahead_day", language)}, "type": "category"},
        yaxis={"title": {"text": t("review.ahead_count", language)}, "rangemode": "tozero", "dtick": 1},
        margin={"t": 90},
    )
    return figure

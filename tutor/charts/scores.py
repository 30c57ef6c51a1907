"""Charts of how the cards left in hand turn into minus points, and of round and game scores.

Pure data functions come first (they read :class:`~engine.round.Round` and return numbers); the
plotly figure builders sit on top and take only those numbers, so each can be tested on its own.
Every label a learner sees comes from the arguments or from the strings catalogue (``charts.*`` keys
of ``tutor/locales/<language>.yaml``).

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("femhundra"), ["Anna", "Bertil"],
...     hands=[parse_cards("QS QH QD 9C"), parse_cards("2C 3C")], stock=parse_cards("4C 5C"), pile=parse_cards("3D"))
>>> states = [state, state.apply(DRAW), state.apply(DRAW).apply(Move.parse("meld QS QH QD"))]
>>> hand_minus_points(states, 0), laid_points_series(states, 0)
([35, 40, 10], [0, 0, 30])
>>> round_breakdown(states[-1], 0)
RoundBreakdown(melds=30, layoffs=0, hand=10, bonus=0, penalty=0, round=20)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

import plotly.graph_objects as go  # type: ignore[import-untyped]

from engine.cards import Card
from engine.round import Round
from engine.scoring import card_points
from engine.variants import Variant
from tutor.i18n.card_names import rank
from tutor.i18n.strings import t, variant_name
from tutor.i18n.style import Style
from tutor.i18n.translate import number_separators

MINUS = "\N{MINUS SIGN}"

# --- data ---------------------------------------------------------------------------------------


def hand_minus_points(states: Sequence[Round], seat: int) -> list[int]:
    """The minus points of seat ``seat``'s hand in each state (for instance after each move of a round)."""
    return [state.hand_points()[seat] for state in states]


def laid_points_series(states: Sequence[Round], seat: int) -> list[int]:
    """The points seat ``seat`` has laid on the table (melds and lay-offs) in each state."""
    return [state.laid_points()[seat] for state in states]


@dataclass(frozen=True, slots=True)
class RoundBreakdown:
    """One player's round score in parts: ``melds + layoffs − hand + bonus − penalty = round``.

    ``melds``: points of the cards the player melded themselves (as first laid, in melds they made);
    ``layoffs``: points of the cards they laid off, on anyone's meld (their own included);
    ``hand``: minus points of the cards still in hand; ``bonus``: the going-out bonus;
    ``penalty``: penalties (such as an unusable take from the pile); ``round``: the round score.
    Raises ``ValueError`` when the parts do not add up.

    >>> RoundBreakdown(melds=45, layoffs=0, hand=25, bonus=0, penalty=0, round=20).laid
    45
    >>> RoundBreakdown(melds=45, layoffs=0, hand=25, bonus=0, penalty=0, round=21)
    Traceback (most recent call last):
    ...
    ValueError: the parts add up to 20, not the round score 21
    """

    melds: int
    layoffs: int
    hand: int
    bonus: int
    penalty: int
    round: int

    def __post_init__(self) -> None:
        parts = self.melds + self.layoffs - self.hand + self.bonus - self.penalty
        if parts != self.round:
            raise ValueError(f"the parts add up to {parts}, not the round score {self.round}")

    @property
    def laid(self) -> int:
        """Everything laid on the table: melds and lay-offs."""
        return self.melds + self.layoffs


def round_breakdown(state: Round, seat: int) -> RoundBreakdown:
    """Seat ``seat``'s round score in ``state`` split into melds, lay-offs, hand, bonus and penalty.

    Before the round is over the figures are running values, like :meth:`Round.scores`.
    """
    melds = layoffs = 0
    for meld in state.table:
        for card, layer in zip(meld.cards, meld.layers, strict=True):
            if layer != seat:
                continue
            points = card_points(state.variant, card, meld.shape)
            if meld.owner == seat and not meld.laid_off(card):
                melds += points
            else:
                layoffs += points
    score = state.scores()[seat]
    return RoundBreakdown(
        melds=melds, layoffs=layoffs, hand=score.hand, bonus=score.bonus, penalty=score.penalty, round=score.round
    )


def running_totals(round_scores: Sequence[int], start: int = 0) -> list[int]:
    """Game totals after each round, from the round scores.

    >>> running_totals([20, -15, 40])
    [20, 5, 45]
    """
    return list(accumulate(round_scores, initial=start))[1:]


def card_values(variant: Variant) -> list[int | None]:
    """The points of each card in the order of :func:`card_value_labels`: the low ace, 2 to K, the ace,
    the joker (None when the variant plays without jokers).

    >>> from engine.variants import get_variant
    >>> card_values(get_variant("femhundra"))
    [15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 15, None]
    >>> card_values(get_variant("500-rum"))[:9], card_values(get_variant("rommi"))[-1]
    ([1, 2, 3, 4, 5, 6, 7, 8, 9], 15)
    """
    ace = Card.natural(1, 0)
    values: list[int | None] = [variant.card_value(ace, low_ace=True)]
    values.extend(variant.card_value(Card.natural(rank, 0)) for rank in range(2, 14))
    values.append(variant.card_value(ace))
    values.append(variant.joker_value if variant.jokers else None)
    return values


def card_value_labels(language: str | Style = "en") -> list[str]:
    """The card names of :func:`card_values`, in ``language`` and the learner's card letters.

    >>> card_value_labels()
    ['A (low)', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'Joker']
    """
    ranks = [rank(number, language) for number in range(2, 14)]
    return [t("charts.low_ace", language), *ranks, t("charts.high_ace", language), t("charts.joker", language)]


def signed(points: int) -> str:
    """Points with their sign, a true minus sign for minus points.

    >>> signed(20), signed(-25), signed(0)
    ('+20', '−25', '0')
    """
    if points < 0:
        return f"{MINUS}{-points}"
    return f"+{points}" if points else "0"


# --- figures ------------------------------------------------------------------------------------

#: A legend in a row above the plot, under the title: the title is pinned to the top of the figure and
#: the top margin leaves room for both, so a legend that wraps on a phone never runs into the title.
LEGEND_ON_TOP: dict[str, object] = {"orientation": "h", "x": 0, "xanchor": "left", "y": 1.02, "yanchor": "bottom"}
TOP_MARGIN: dict[str, int] = {"t": 130}
_LEGEND_ON_TOP = LEGEND_ON_TOP


def title_above(text: str) -> dict[str, object]:
    """A figure title near the top of the figure, left-aligned: below the plot's toolbar (which a phone
    leaves no room beside a long title) and above a legend on top.

    >>> title_above("How rounds end")["yref"], title_above("How rounds end")["pad"]
    ('container', {'t': 34})
    """
    return {"text": text, "x": 0.01, "xanchor": "left", "y": 1, "yanchor": "top", "yref": "container", "pad": {"t": 34}}


def hand_points_figure(
    series: dict[str, list[int]], title: str, labels: list[str] | None = None, language: str | Style = "en"
) -> go.Figure:
    """A line per player of the minus points in their hand, move by move.

    ``series`` maps a player's name to minus points (as :func:`hand_minus_points` gives them, not
    negated); the lines are drawn below zero so the axis reads as minus points. ``labels`` name the
    points on the x axis (for instance the moves; they may repeat, like two "Anna: draw"); by default
    the first is "Dealt", then 1, 2, …. The points sit at x = 0, 1, 2, … with the labels as tick text.
    """
    lengths = {len(values) for values in series.values()}
    if len(lengths) > 1:
        raise ValueError(f"every player needs the same number of points, not {sorted(lengths)}")
    count = lengths.pop() if lengths else 0
    if labels is None:
        labels = [t("charts.dealt", language), *(str(i) for i in range(1, count))][:count]
    elif len(labels) != count:
        raise ValueError(f"{len(labels)} labels for {count} points")
    unit = t("charts.points_unit", language)
    positions = list(range(count))
    figure = go.Figure()
    for name, values in series.items():
        figure.add_trace(
            go.Scatter(
                x=positions,
                y=[-v for v in values],
                name=name,
                mode="lines+markers",
                line={"shape": "hv"},  # the hand keeps its value until the next move
                customdata=[[label, signed(-v)] for label, v in zip(labels, values, strict=True)],
                hovertemplate=f"%{{customdata[0]}}<br><b>{name}</b>: %{{customdata[1]}} {unit}<extra></extra>",
            )
        )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(title),
        # Numbers, not categories, on the x axis: a category axis would merge repeated labels.
        xaxis={
            "title": {"text": t("charts.move_axis", language)},
            "tickmode": "array",
            "tickvals": positions,
            "ticktext": list(labels),
            "range": [-0.5, count - 0.5],
            "tickangle": -35,
            "automargin": True,
        },
        yaxis={"title": {"text": t("charts.hand_minus_axis", language)}, "rangemode": "tozero", "zeroline": True},
        hovermode="closest",
        legend=_LEGEND_ON_TOP,
        margin=TOP_MARGIN,
    )
    return figure


def round_waterfall_figure(
    breakdown: RoundBreakdown, title: str, language: str | Style = "en", skip_zero: bool = True, laid_only: bool = False
) -> go.Figure:
    """A waterfall from nothing to the round score: melds +, lay-offs +, bonus +, penalty −, hand −,
    and the round score as the total bar. The parts worth nothing are left out (unless ``skip_zero`` is
    False): an empty bonus or penalty bar only makes a learner look for something that is not there.
    ``laid_only`` draws only what was laid (melds and lay-offs) up to "Laid on the table": the picture of a
    question about the points laid, which a round score mid-round (hand cards taken off) would contradict.

    Every bar carries its number, above a bar that rises and below one that falls, inside the chart:

    >>> figure = round_waterfall_figure(RoundBreakdown(melds=0, layoffs=10, hand=10, bonus=0, penalty=0, round=0), "")
    >>> list(figure.data[0].text), figure.data[0].cliponaxis
    (['+10', '−10', '0'], False)
    >>> list(round_waterfall_figure(RoundBreakdown(0, 10, 10, 0, 0, 0), "", laid_only=True).data[0].text)
    ['+10', '10']
    """
    parts = [("charts.melds", breakdown.melds), ("charts.layoffs", breakdown.layoffs)]
    if not laid_only:
        parts += [("charts.bonus", breakdown.bonus), ("charts.penalty", -breakdown.penalty), ("charts.hand", -breakdown.hand)]
    if skip_zero:
        parts = [(key, points) for key, points in parts if points]
    total = breakdown.melds + breakdown.layoffs if laid_only else breakdown.round
    x = [t(key, language) for key, _ in parts] + [t("charts.laid" if laid_only else "charts.round", language)]
    y = [points for _, points in parts] + [total]
    levels = [0]
    for _, points in parts:
        levels.append(levels[-1] + points)
    pad = max(5, (max(levels) - min(levels)) * 0.2)
    figure = go.Figure(
        go.Waterfall(
            x=x,
            y=y,
            measure=["relative"] * len(parts) + ["total"],
            text=[signed(points) for _, points in parts] + [str(total).replace("-", MINUS)],
            textposition="outside",
            cliponaxis=False,  # a falling bar's number below it stays in view
            hovertemplate="%{x}: %{text}<extra></extra>",
            showlegend=False,
        )
    )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(title),
        yaxis={"title": {"text": t("charts.breakdown_axis", language)}, "zeroline": True, "range": [min(levels) - pad, max(levels) + pad]},
        xaxis={"type": "category"},
    )
    return figure


def card_values_figure(variants: list[Variant], language: str | Style = "en") -> go.Figure:
    """A grouped bar chart of what each card is worth in each variant: the low ace, 2 to K, the ace
    and the joker (no bar where a variant plays without jokers). A variant with house rules is marked ✎."""
    labels = card_value_labels(language)
    unit = t("charts.points_unit", language)
    figure = go.Figure()
    for variant in variants:
        values = card_values(variant)
        name = variant_name(variant, language) + (" ✎" if variant.house_rules else "")
        figure.add_trace(
            go.Bar(
                x=labels,
                y=values,
                name=name,
                customdata=[t("charts.not_in_play", language) if v is None else f"{v} {unit}" for v in values],
                hovertemplate=f"{name}, %{{x}}: %{{customdata}}<extra></extra>",
            )
        )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(t("charts.values_title", language)),
        barmode="group",
        xaxis={"title": {"text": t("charts.card_axis", language)}, "type": "category"},
        yaxis={"title": {"text": t("charts.value_axis", language)}},
        legend=_LEGEND_ON_TOP,
        margin=TOP_MARGIN,
    )
    return figure


def totals_race_figure(totals_by_round: dict[str, list[int]], target: int, language: str | Style = "en") -> go.Figure:
    """Each player's game total after each round (round 1, 2, …), with a dashed line at the target.

    ``totals_by_round`` holds game totals, not round scores: :func:`running_totals` turns one into the other.
    """
    lengths = {len(values) for values in totals_by_round.values()}
    if len(lengths) > 1:
        raise ValueError(f"every player needs a total for each round, not {sorted(lengths)} totals")
    unit = t("charts.points_unit", language)
    figure = go.Figure()
    for name, totals in totals_by_round.items():
        figure.add_trace(
            go.Scatter(
                x=list(range(1, len(totals) + 1)),
                y=list(totals),
                name=name,
                mode="lines+markers",
                hovertemplate=f"{name}: %{{y}} {unit}<extra></extra>",
            )
        )
    figure.add_hline(
        y=target,
        line_dash="dash",
        annotation_text=t("charts.target", language, target=target),
        annotation_position="top left",
    )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(t("charts.race_title", language, target=target)),
        xaxis={"title": {"text": t("charts.round_axis", language)}, "dtick": 1, "tick0": 1},
        yaxis={"title": {"text": t("charts.total_axis", language)}, "rangemode": "tozero"},
        hovermode="x unified",
        legend=_LEGEND_ON_TOP,
        margin=TOP_MARGIN,
    )
    return figure


def laid_and_hand_figure(
    laid: list[int],
    hand: list[int],
    labels: list[str],
    names: tuple[str, str],
    title: str,
    language: str | Style = "en",
) -> go.Figure:
    """One player's round turn by turn: the points they have laid (above zero) and the minus points in
    their hand (below zero), so the learner sees hand cards turn into laid points, or stay as minus.

    ``laid`` and ``hand`` are as :func:`laid_points_series` and :func:`hand_minus_points` give them
    (``hand`` not negated); ``labels`` name the points on the x axis; ``names`` are the two lines' names.
    """
    if not len(laid) == len(hand) == len(labels):
        raise ValueError(f"{len(laid)} laid points, {len(hand)} hand points and {len(labels)} labels")
    unit = t("charts.points_unit", language)
    positions = list(range(len(labels)))
    figure = go.Figure()
    for name, values, sign in ((names[0], laid, 1), (names[1], hand, -1)):
        figure.add_trace(
            go.Scatter(
                x=positions,
                y=[sign * v for v in values],
                name=name,
                mode="lines+markers",
                line={"shape": "hv"},
                fill="tozeroy",
                customdata=[[label, signed(sign * v)] for label, v in zip(labels, values, strict=True)],
                hovertemplate=f"%{{customdata[0]}}<br>{name}: %{{customdata[1]}} {unit}<extra></extra>",
            )
        )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(title),
        xaxis={
            "tickmode": "array",
            "tickvals": positions,
            "ticktext": list(labels),
            "range": [-0.5, max(len(labels), 1) - 0.5],
            "tickangle": -35,
            "automargin": True,
        },
        yaxis={"title": {"text": t("charts.points_unit", language)}, "zeroline": True},
        hovermode="x unified",
        legend=_LEGEND_ON_TOP,
        margin=TOP_MARGIN,
    )
    return figure

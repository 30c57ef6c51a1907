"""The minus-points picture: every card in a hand as its own block of its value, stacked into the hand's
minus total, move by move as cards leave the hand (or come into it).

The data functions read :class:`~engine.round.Round` and return cards and numbers; the figure
builders take only those, so each can be tested on its own. Labels come from the strings catalogue
(``charts.*``): moves in words ("you melded Q♠ Q♥ Q♦"), never in the notation.

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("femhundra"), ["Anna", "Bertil"],
...     hands=[parse_cards("QS QH QD 9C"), parse_cards("2C 3C")], stock=parse_cards("4C 5C"), pile=parse_cards("3D"))
>>> after = state.apply(DRAW)
>>> [[(face(c), v) for c, v in hand] for hand in hand_blocks([state, after.apply(Move.parse("meld QS QH QD"))], 0)]
[[('Q♠', 10), ('Q♥', 10), ('Q♦', 10), ('9♣', 5)], [('4♣', 5), ('9♣', 5)]]
>>> move_label(state, 0, Move.parse("draw"), after), move_label(after, 0, Move.parse("meld QS QH QD"), after)
('you drew 4♣', 'you melded Q♠ Q♥ Q♦')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go  # type: ignore[import-untyped]
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from engine.cards import Card
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Stop, Take
from engine.round import Round
from engine.variants import Variant, get_variant
from tutor.charts.scores import MINUS, title_above
from tutor.i18n.card_names import face, faces
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.i18n.translate import number_separators

#: The two scales a lesson sets side by side: Nordic values (femhundra) and face values (500 Rum).
SCALE_VARIANTS: tuple[str, str] = ("femhundra", "500-rum")

#: The figures' height in pixels: tall enough that a 5-point block holds its label.
HEIGHT = 600

#: Block colours by suit (♠ ♥ ♦ ♣, joker last) as the card faces colour them (black and red), two shades
#: each, so that neighbouring blocks stand apart; white labels read on every one of them.
_SHADES: tuple[tuple[str, str], ...] = (
    ("#161616", "#4a4a4a"),
    ("#b3261e", "#8e1c16"),
    ("#b3261e", "#8e1c16"),
    ("#161616", "#4a4a4a"),
    ("#6a2d91", "#7b1fa2"),
)
#: The four-colour deck's diamonds (blue) and clubs (green), as its card faces draw them.
_FOUR_COLOUR: dict[int, tuple[str, str]] = {2: ("#1f57c3", "#17439a"), 3: ("#157a35", "#0f5a27")}


# --- data ---------------------------------------------------------------------------------------


def hand_blocks(states: Sequence[Round], seat: int, variant: Variant | None = None) -> list[list[tuple[Card, int]]]:
    """For each state, the cards in seat ``seat``'s hand with the minus points each costs there (in
    ``variant``'s scale, by default the state's own). An ace in hand is a high ace."""
    return [[(card, (variant or state.variant).card_value(card.in_hand)) for card in state.hands[seat]] for state in states]


def move_label(before: Round, seat: int, move: Move, after: Round, language: str | Style = "en") -> str:
    """The learner's ``move`` in words, for a chart's axis: ``you melded Q♠ Q♥ Q♦``, ``you drew 7♥``."""
    if isinstance(move, Draw):
        drawn = [c for c in after.hands[seat] if c not in before.hands[seat]]
        return t("charts.move.draw", language, cards=faces(drawn, language)) if drawn else t("charts.move.draw_hidden", language)
    if isinstance(move, Take | Rommi):
        count = len(before.pile) if isinstance(move, Take) and move.count is None else int(move.count or 1)
        key = "charts.move.rommi" if isinstance(move, Rommi) else "charts.move.take"
        return t(key, language, cards=faces(before.pile[-count:], language))
    if isinstance(move, Meld):
        return t("charts.move.meld", language, cards=faces(move.cards, language))
    if isinstance(move, Layoff):
        return t("charts.move.layoff", language, cards=faces(move.cards, language), meld=move.meld)
    if isinstance(move, Discard):
        return t("charts.move.discard", language, cards=face(move.card, language))
    if isinstance(move, Stop):
        return t("charts.move.stop", language)
    raise ValueError(f"no words for the move {move}")


# --- figures ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Block:
    """One card's trace: its key (the card, with a copy number), its face, and its value at each position."""

    key: str
    face: str
    card: Card
    values: list[int | None]


def _blocks(hands: Sequence[Sequence[tuple[Card, int]]], language: str | Style) -> list[_Block]:
    """One block per card that is ever in the hand, in the order the cards first appear."""
    order: list[str] = []
    named: dict[str, tuple[str, Card]] = {}
    values: dict[str, list[int | None]] = {}
    for position, hand in enumerate(hands):
        seen: dict[str, int] = {}
        for card, value in hand:
            text = str(card.in_hand)
            seen[text] = seen.get(text, 0) + 1
            key = f"{text}#{seen[text]}"
            if key not in values:
                order.append(key)
                named[key] = (face(card.in_hand, language), card.in_hand)
                values[key] = [None] * len(hands)
            values[key][position] = value
    return [_Block(key, named[key][0], named[key][1], values[key]) for key in order]


def _colour(card: Card, index: int, four_colour: bool = False) -> str:
    """A block's colour: its suit's, as the cards show it (with the four-colour deck: ♦ blue, ♣ green).

    >>> from engine.cards import Card
    >>> _colour(Card.parse("KD"), 0), _colour(Card.parse("KD"), 0, four_colour=True), _colour(Card.parse("2C"), 0)
    ('#b3261e', '#1f57c3', '#161616')
    """
    suit = 4 if card.is_joker else card.suit
    if four_colour and suit in _FOUR_COLOUR:
        return _FOUR_COLOUR[suit][index % 2]
    return _SHADES[suit][index % 2]


def _stack_traces(
    hands: Sequence[Sequence[tuple[Card, int]]], language: str | Style, four_colour: bool = False, totals: bool = True
) -> list[go.BaseTraceType]:
    """The bars of one stack chart (a trace per card, below zero) and, with ``totals``, the total under each stack."""
    unit = t("charts.points_unit", language)
    positions = list(range(len(hands)))
    traces: list[go.BaseTraceType] = []
    for index, block in enumerate(_blocks(hands, language)):
        shown = [(x, v) for x, v in zip(positions, block.values, strict=True) if v is not None]
        traces.append(
            go.Bar(
                x=[x for x, _ in shown],
                y=[-v for _, v in shown],
                name=block.face,
                text=[f"{block.face} {v}" for _, v in shown],
                textposition="inside",
                insidetextanchor="middle",
                textangle=0,
                marker={"color": _colour(block.card, index, four_colour), "line": {"color": "white", "width": 1}},
                hovertemplate=f"{block.face}: %{{customdata}} {unit}<extra></extra>",
                customdata=[f"{MINUS}{v}" for _, v in shown],
                showlegend=False,
            )
        )
    if not totals:
        return traces
    sums = [sum(v for _, v in hand) for hand in hands]
    traces.append(
        go.Scatter(
            x=positions,
            y=[-total for total in sums],
            mode="text",
            text=[f"{MINUS}{total}" if total else "0" for total in sums],
            textposition="bottom center",
            hoverinfo="skip",
            showlegend=False,
            name=t("charts.hand_total", language),
        )
    )
    return traces


def wrap(label: str, width: int = 8) -> str:
    """A tick label broken into short lines (``<br>``), so that labels stand level and apart on a phone.

    >>> wrap("you melded Q♠ Q♥ Q♦")
    'you<br>melded<br>Q♠ Q♥ Q♦'
    """
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def _x_axis(labels: Sequence[str], language: str | Style) -> dict[str, object]:
    positions = list(range(len(labels)))
    return {
        "title": {"text": t("charts.move_axis", language)},
        "tickmode": "array",
        "tickvals": positions,
        "ticktext": [wrap(label) for label in labels],
        "range": [-0.5, max(len(labels), 1) - 0.5],  # the first stack at the left edge
        "tickangle": 0,
        "automargin": True,
    }


def _y_range(hands: Sequence[Sequence[tuple[Card, int]]], highest: int = 0) -> list[float]:
    deepest = max((sum(v for _, v in hand) for hand in hands), default=0)
    return [-(deepest * 1.08 + 4), highest * 1.15 + 5 if highest else 0]


#: Room a card's label needs inside its block (pixels), and what the chart spends on its title and axes.
_LABEL_PX, _FRAME_PX, _TALLEST = 14, 210, 1500


def chart_height(hands: Sequence[Sequence[tuple[Card, int]]], highest: int = 0) -> int:
    """A height at which the cheapest card's block still holds its label ("2♠ 2"), so that every card is
    labelled: at least :data:`HEIGHT`, taller for a long hand of cheap cards.

    >>> from engine.cards import parse_cards
    >>> chart_height([[(c, 10) for c in parse_cards("QS QH QD")]])
    600
    >>> cheap = [(c, 2) for c in parse_cards("2S 2C")] + [(c, 10) for c in parse_cards("KS KH KD KC QS QH")]
    >>> 600 < chart_height([cheap]) <= 1500
    True
    """
    low, high = _y_range(hands, highest)
    cheapest = min((v for hand in hands for _, v in hand if v > 0), default=0)
    if not cheapest:
        return HEIGHT
    needed = _FRAME_PX + _LABEL_PX * (high - low) / cheapest
    return int(min(_TALLEST, max(HEIGHT, needed)))


def hand_stack_figure(
    hands: Sequence[Sequence[tuple[Card, int]]],
    labels: Sequence[str],
    title: str,
    language: str | Style = "en",
    laid: Sequence[int] | None = None,
    four_colour: bool = False,
    totals: bool = True,
) -> go.Figure:
    """A stacked bar per position (the deal, then after each move): each card in hand a block of its
    minus points, below zero, labelled with the card ("Q♠ 10"), the stack's total under it. With
    ``laid`` (the points laid on the table at each position), a line above zero shows them growing.

    ``hands`` as :func:`hand_blocks` gives them; ``labels`` name the positions (moves in words). Without
    ``totals`` the sums under the stacks are left out (where the next question asks for one of them)."""
    if len(hands) != len(labels) or (laid is not None and len(laid) != len(labels)):
        raise ValueError(f"{len(labels)} labels for {len(hands)} hands")
    figure = go.Figure(_stack_traces(hands, language, four_colour, totals))
    if laid is not None:
        figure.add_trace(
            go.Scatter(
                x=list(range(len(laid))),
                y=list(laid),
                name=t("charts.laid_line", language),
                mode="lines+markers+text",
                line={"shape": "hv", "color": "#1f6fb2"},
                text=[f"+{v}" if v else "" for v in laid],
                textposition="top center",
                hovertemplate=f"%{{y}} {t('charts.points_unit', language)}<extra></extra>",
                showlegend=False,
            )
        )
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(title),
        barmode="relative",
        bargap=0.35,
        xaxis=_x_axis(labels, language),
        yaxis={
            "title": {"text": t("charts.hand_minus_axis" if laid is None else "charts.laid_and_hand_axis", language)},
            "range": _y_range(hands, max(laid or [0])),
            "zeroline": True,
        },
        uniformtext={"minsize": 10, "mode": "show"},  # every card labelled: the height leaves room (chart_height)
        height=chart_height(hands, max(laid or [0])),
        hovermode="closest",
    )
    return figure


def scales_figure(
    states: Sequence[Round],
    seat: int,
    labels: Sequence[str],
    title: str,
    language: str | Style = "en",
    four_colour: bool = False,
    totals: bool = True,
    own_scale: str = "nordic",
) -> go.Figure:
    """The same hands, move by move, as :func:`hand_stack_figure` draws them, under Nordic values and under
    face values side by side (:data:`SCALE_VARIANTS`), on one scale of minus points; the learner's own table's
    scale (``own_scale``) first, on the left (a Dutch table counts face values: they come first)."""
    if len(states) != len(labels):
        raise ValueError(f"{len(labels)} labels for {len(states)} positions")
    scales = sorted((get_variant(preset) for preset in SCALE_VARIANTS), key=lambda variant: variant.scale != own_scale)
    names = [t(f"charts.scale.{variant.scale}", language) for variant in scales]
    figure = make_subplots(rows=1, cols=2, shared_yaxes=True, subplot_titles=names, horizontal_spacing=0.06)
    every = []
    for column, variant in enumerate(scales, start=1):
        hands = hand_blocks(states, seat, variant)
        every.extend(hands)
        for trace in _stack_traces(hands, language, four_colour, totals):
            figure.add_trace(trace, row=1, col=column)
        figure.update_xaxes(_x_axis(labels, language), row=1, col=column)
    figure.update_yaxes(range=_y_range(every), zeroline=True)
    figure.update_yaxes(title={"text": t("charts.hand_minus_axis", language)}, row=1, col=1)
    figure.update_layout(
        separators=number_separators(language),
        title=title_above(title),
        barmode="relative",
        bargap=0.35,
        uniformtext={"minsize": 10, "mode": "show"},
        height=chart_height(every),
        hovermode="closest",
    )
    return figure

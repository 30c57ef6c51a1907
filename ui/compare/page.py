"""The Compare page: the five presets side by side, one situation judged by each, a situation the learner
sets up, charts and statistics, and a cheat sheet to download.

Thin: the table, the rulings, the figures and the sheet come from ``tutor.compare.grid``,
``tutor.compare.situations``, ``tutor.compare.charts`` and ``tutor.compare.stats``; this module only lays them out.

The page keeps no state of its own between runs, so it has no state object: what it shows follows from the
sidebar's variant (:func:`ui.shared.session.variant`) and its own widgets, whose values Streamlit drops while
the page is not shown (the situation, the builder's position and the players' count start again from the
first). Its widgets' keys, which all start with ``compare_``, are declared below, once.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Final

import streamlit as st

from engine.cards import JOKER, NATURALS, Card
from engine.errors import NotationError, RecordError
from engine.moves import DRAW, STOP, Layoff, Meld, Move, discard, take
from engine.records.lines import split_line
from engine.round import Round
from engine.variants import PRESETS, Variant
from tutor.charts.scores import card_values_figure, signed
from tutor.compare.charts import (
    decisions_figure,
    ended_by_figure,
    mean_score_figure,
    scored,
    situation_scores_figure,
    takes_figure,
)
from tutor.compare.grid import (
    cheat_sheet_html,
    cheat_sheet_name,
    compare_grid,
    differences,
    house_rules_values_text,
)
from tutor.compare.situations import (
    BuilderError,
    Comparison,
    Outcome,
    Situation,
    Status,
    build_situation,
    compare_situation,
    load_situations,
    rule_words,
    start_state,
    stock_top,
)
from tutor.compare.stats import STATS_PATH, StatsError, entries_for, load_stats
from tutor.i18n.card_names import face
from tutor.i18n.names import cast_name, cast_names
from tutor.i18n.strings import t, variant_name, variant_source
from tutor.i18n.style import Style, style_for
from tutor.i18n.translate import seat_name
from tutor.learn.text import localize
from tutor.seat.coach import describe_move
from tutor.seat.felt import count_words
from tutor.seat.picks import card_options, option_card
from ui.felt.cards import CSS, back_html, hand_html, others_html, pile_html, row_html, table_html
from ui.felt.controls import board_labels
from ui.shared import session

# --- the widgets' keys ------------------------------------------------------------------------------------
SITUATION: Final = "compare_situation"  # the situation judged
B_HAND: Final = "compare_b_hand"  # the builder's position and moves
B_PILE: Final = "compare_b_pile"
B_TABLE: Final = "compare_b_table"
B_FIRST: Final = "compare_b_first"
B_THEN: Final = "compare_b_then"
B_CARDS: Final = "compare_b_cards"
B_SCORES: Final = "compare_builder_scores"
VALUES: Final = "compare_values"  # the charts and statistics
SAME_ROUND: Final = "compare_same_round"
PLAYERS: Final = "compare_players"
DECISIONS: Final = "compare_decisions"
MEAN_SCORE: Final = "compare_score"
ENDED_BY: Final = "compare_ended"
TAKES: Final = "compare_takes"
SHEET: Final = "compare_sheet"  # the cheat sheet's download


def situation_scores(situation_id: str, number: int) -> str:
    """The key of the score chart of situation ``situation_id``'s ``number``-th judged move."""
    return f"compare_scores_{situation_id}_{number}"


#: The builder's first position: digging for the 7♣ (femhundra refuses, the others allow it).
_BUILDER_DEFAULTS: Final[dict[str, Any]] = {
    B_HAND: ["7S", "7H", "3C", "9D", "JS"],
    B_PILE: ["4D", "7C", "KD"],
    B_TABLE: [],
    B_FIRST: "take_2",
    B_THEN: "meld",
    B_CARDS: ["7S", "7H", "7C"],
}
_THEN_KINDS: Final = ("none", "meld", "layoff", "discard")
_PILE_SHOWN: Final = 10


def render_compare_page() -> None:
    """Draw the Compare page for the variant and house rules chosen in the sidebar."""
    language = session.style()
    chosen = session.variant()
    st.title(t("compare.title", language), anchor=False)
    st.caption(t("compare.intro", language))
    keys = ("tab_rules", "tab_situation", "tab_builder", "tab_stats", "tab_sheet")
    rules, situation, builder, stats, sheet = st.tabs([t(f"compare.{key}", language) for key in keys])
    with rules:
        _rules_table(chosen, language)
    with situation:
        _situations(language)
    with builder:
        _builder(language)
    with stats:
        _charts(chosen, language)
    with sheet:
        _cheat_sheet(chosen, language)


# --- the rules side by side -------------------------------------------------------------------------


_TABLE_CSS: Final = """<style>
.r5-cmp-box{max-width:100%;overflow-x:auto}
.r5-cmp{border-collapse:collapse;width:100%;font-size:14px;line-height:1.35}
.r5-cmp th,.r5-cmp td{border:1px solid rgba(128,128,128,.35);padding:5px 8px;text-align:left;vertical-align:top}
.r5-cmp thead th{background:rgba(128,128,128,.12);position:sticky;top:0}
.r5-cmp tbody th{font-weight:600;width:18%}
.r5-cmp tr.r5-differs td{background:rgba(66,133,244,.09)}
.r5-cmp td.r5-changed{background:#fff3c4;color:#111;font-weight:700}
.r5-cmp td.r5-mark{text-align:center;width:2em;font-weight:700}
</style>"""


def rules_table_html(chosen: Variant, language: str | Style = "en") -> str:
    """The generated rules table as HTML: a row per rule (and the source), a column per preset, ≠ where they
    differ (the row tinted, its explanation as the label's tooltip); cells a house rule changed are
    highlighted ✎."""
    table = compare_grid(chosen, language)
    differs = t("compare.table.differs", language)
    heads = [
        t("compare.table.chosen", language, variant=name) if vid == table.chosen and table.house_rules else name
        for vid, name in zip(table.columns, table.names, strict=True)
    ]
    head = "".join(f"<th>{escape(h)}</th>" for h in [t("compare.table.rule", language), *heads, differs])
    body = []
    for row in table.shown_rows():
        tip = f' title="{escape(row.why)}"' if row.why else ""
        cells = "".join(
            f'<td class="r5-changed">{escape(c.text)} ✎</td>' if c.changed else f"<td>{escape(c.text)}</td>" for c in row.cells
        )
        mark = f'<td class="r5-mark">{differs if row.differs else ""}</td>'
        css = ' class="r5-differs"' if row.differs else ""
        body.append(f'<tr{css} data-field="{row.field}"><th{tip}>{escape(row.label)}</th>{cells}{mark}</tr>')
    markup = f'<table class="r5-cmp"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
    return f'{_TABLE_CSS}<div class="r5-cmp-box">{markup}</div>'  # a wide table scrolls in its own box


def _rules_table(chosen: Variant, language: str | Style) -> None:
    st.subheader(t("compare.table.heading", language))
    table = compare_grid(chosen, language)
    if chosen.house_rules:
        st.info(t("compare.table.house_rules_on", language, variant=variant_name(chosen, language), rules=house_rules_values_text(chosen, language)))
    st.html(rules_table_html(chosen, language))
    st.caption(t("compare.table.caption", language))
    st.subheader(t("compare.table.why_heading", language))
    st.markdown("\n".join(f"- **{row.label}**: {row.why}" for row in differences(table)))
    st.subheader(t("compare.table.sources_heading", language))
    st.markdown(
        "\n".join(
            "- " + t("compare.table.source_line", language, variant=variant_name(v, language), source=variant_source(v, language))
            for v in PRESETS.values()
        )
    )


# --- one situation, five rulings ---------------------------------------------------------------------


@st.cache_resource
def _loaded_situations() -> list[Situation] | RecordError:
    try:
        return load_situations()
    except RecordError as error:
        return error


def ruling_text(outcome: Outcome, language: str | Style = "en") -> str:
    """✓ Legal, or ✗ and the engine's sentence."""
    ruling = outcome.ruling
    if ruling.legal:
        return t("compare.situation.legal", language)
    return t("compare.situation.illegal", language, reason=ruling.reason)


def line_words(line: str, language: str | Style = "en", with_player: bool = True) -> str:
    """A ``"PLAYER: MOVE"`` line in words for a learner: ``Du: Tager 2 fra bunken``."""
    player, text = split_line(line)
    try:
        move = Move.parse(text)
    except NotationError:
        return _said(player, text, language, with_player)
    return move_words(move, language, player, with_player)


def move_words(move: Move, language: str | Style = "en", player: str | None = None, with_player: bool = True) -> str:
    """A move in words for a learner, after its player's name (none: the builder's moves)."""
    return _said(player, describe_move(None, move, language), language, with_player)


def _cast(name: str, language: str | Style) -> str:
    """A situation's player as the language seats them (its cast); the learner stays :data:`~tutor.i18n.strings.YOU`
    for the sentences' ``_you`` forms."""
    return cast_name(name, style_for(language).language)


def _said(player: str | None, words: str, language: str | Style, with_player: bool) -> str:
    return t("compare.situation.move_line", language, player=seat_name(player or "", language), move=words) if with_player else words


def then_text(outcome: Outcome, language: str | Style = "en") -> str:
    """The moves after the judged one, each ✓ or ✗ with the engine's sentence."""
    parts = []
    for ruling in outcome.then:
        move = line_words(ruling.line, language, with_player=False)
        if ruling.legal:
            parts.append(t("compare.situation.then_legal", language, move=move))
        else:
            parts.append(t("compare.situation.then_illegal", language, move=move, reason=ruling.reason))
    return " · ".join(parts)


def scores_text(status: Status, language: str | Style = "en") -> str:
    """The round scores when the round is over (and who won the game, if anyone did), else nothing."""
    if not status.scores:
        return ""
    lines = [t("compare.situation.score_line", language, player=_cast(s.player, language), score=signed(s.round)) for s in status.scores]
    text = " · ".join(lines)
    if any(s.total != s.round for s in status.scores):
        totals = " · ".join(f"{seat_name(s.player, language)} {s.total}" for s in status.scores)
        winner = (
            t(
                "compare.situation.winner" if len(status.winners) == 1 else "compare.situation.winners",
                language,
                players=" & ".join(_cast(w, language) for w in status.winners),
            )
            if status.winners
            else t("compare.situation.no_winner", language)
        )
        text += f" → {totals}: {winner}"
    return text


def rulings_rows(rows: Sequence[Outcome], language: str | Style = "en") -> list[dict[str, str]]:
    """A row per (move, preset): the move, the variant, ✓ / ✗ with the sentence that explains it, the moves
    after it, and the round scores when the round ended (those two left out when empty). No rule codes:
    the sentence says the rule in words."""
    col = {key: t(f"compare.situation.col_{key}", language) for key in ("move", "variant", "ruling", "then", "scores")}
    table = [
        {
            col["move"]: line_words(o.ruling.line, language),
            col["variant"]: o.name,
            col["ruling"]: ruling_text(o, language),
            col["then"]: then_text(o, language),
            col["scores"]: scores_text(o.status, language),
        }
        for o in rows
    ]
    empty = [c for c in (col["then"], col["scores"]) if not any(row[c] for row in table)]
    return [{k: v for k, v in row.items() if k not in empty} for row in table]


def status_text(status: Status, language: str | Style = "en") -> str:
    """Where the position stands under one preset, before the judged moves."""
    if status.over:
        return t("compare.situation.start_over", language, ended_by=t(f"compare.situation.ended_by.{status.ended_by}", language))
    if status.reshuffles:
        return t(
            "compare.situation.start_reshuffled",
            language,
            player=_cast(status.to_move, language),
            count=status.reshuffles,
            limit=status.reshuffle_limit,
        )
    return t("compare.situation.start_to_move", language, player=_cast(status.to_move, language), phase=t(f"compare.situation.phase_{status.phase}", language))


def _board(state: Round, learner: int, language: str | Style) -> None:
    """The learner's hand face up, the others' face down, the stock, the top of the pile, the table."""
    words = board_labels(language)
    state = state.replace(players=cast_names(state.players, style_for(language).language))  # the language's cast
    pile = state.pile
    below = len(pile) - _PILE_SHOWN
    stock = back_html(caption=count_words(len(state.stock), language)) if state.stock else '<div class="r5-empty">—</div>'
    more = f'<div class="r5-empty">… +{escape(count_words(below, language))}</div>' if below > 0 else ""
    st.html(
        CSS
        + f'<div class="r5-title">{state.players[learner]}</div>'
        + hand_html(state.hands[learner], language=language)
        + others_html(state, learner, words["to_move"], language)
        + '<div style="display:flex;gap:28px;flex-wrap:wrap">'
        + f'<div class="r5-zone"><div class="r5-title">{words["stock"]}</div>{row_html([stock])}</div>'
        + f'<div class="r5-zone"><div class="r5-title">{words["pile"]}</div>{more}'
        + pile_html(pile[-_PILE_SHOWN:], words["take"], words["empty_pile"], language=language)
        + "</div></div>"
        + f'<div class="r5-zone"><div class="r5-title">{words["table"]}</div>{table_html(state, learner, words, language)}</div>'
    )


def _outcome_table(comparison: Comparison, language: str | Style) -> None:
    rows = [outcome for per_move in comparison.outcomes for outcome in per_move]
    st.table(rulings_rows(rows, language), hide_index=True)


def _situations(language: str | Style) -> None:
    loaded = _loaded_situations()
    if isinstance(loaded, RecordError):
        st.error(t("compare.situation.error", language, error=str(loaded)))
        return
    if not loaded:
        st.info(t("compare.situation.none", language))
        return
    by_id = {s.id: s for s in loaded}
    if st.session_state.get(SITUATION) not in by_id:
        st.session_state[SITUATION] = loaded[0].id
    chosen_id = st.selectbox(
        t("compare.situation.pick", language),
        list(by_id),
        format_func={sid: localize(s.title, language) for sid, s in by_id.items()}.__getitem__,  # this run's card letters
        key=SITUATION,
    )
    situation = by_id[str(chosen_id)]
    st.markdown(localize(situation.description, language))
    if situation.house_rules:
        rules = ", ".join(f"{t(f'compare.labels.{k}', language)}: {v}" for k, v in situation.house_rules.items())
        st.info(t("compare.situation.house_rules", language, rules=rules))
    if situation.rule:  # a situation about a house rule: each variant judges it without and with it
        st.info(t("compare.situation.rule_heading", language, rule=rule_words(situation.rule, language)))
    if len(situation.presets) < len(PRESETS):
        st.caption(t("compare.situation.presets", language, presets=", ".join(variant_name(p, language) for p in situation.presets)))
    comparison = compare_situation(situation, language)
    first = situation.presets[0]
    state = start_state(situation, first)
    learner = state.player_index(situation.learner)
    # Seen "from your seat" when the learner is You (compare.situation.shown_as_you), not "from You's seat".
    st.caption(t("compare.situation.shown_as", language, variant=variant_name(first, language), player=seat_name(situation.learner, language)))
    _board(state, learner, language)
    statuses = {p: status_text(s, language) for p, s in comparison.starts.items()}
    if len(set(statuses.values())) > 1:
        st.markdown(f"**{t('compare.situation.start_heading', language)}**")
        st.markdown("\n".join(f"- {variant_name(p, language)}: {text}" for p, text in statuses.items()))
    st.subheader(t("compare.situation.rulings_heading", language))
    _outcome_table(comparison, language)
    for number, (judged, outcomes) in enumerate(zip(situation.judge, comparison.outcomes, strict=True)):
        if scored(outcomes):
            st.plotly_chart(
                situation_scores_figure(outcomes, line_words(judged.move, language), language), key=situation_scores(situation.id, number)
            )


# --- the builder ----------------------------------------------------------------------------------------


_CARD_OPTIONS: Final = card_options([*NATURALS, JOKER, JOKER])


def _face(value: str) -> str:
    return face(option_card(value), session.style())


def first_move_options(pile: Sequence[Card], language: str | Style = "en") -> dict[str, tuple[Move, str]]:
    """The first moves the builder offers, by the widget's option id: draw, a take down to each pile card,
    stop; each with its label.

    >>> {key: str(move) for key, (move, _) in first_move_options([Card.parse("4D"), Card.parse("7C")]).items()}
    {'draw': 'draw', 'take_1': 'take 1', 'take_2': 'take 2', 'stop': 'stop'}
    """
    options: dict[str, tuple[Move, str]] = {"draw": (DRAW, t("compare.builder.move_draw", language))}
    for count in range(1, len(pile) + 1):
        options[f"take_{count}"] = (take(count), t("compare.builder.take_to", language, count=count, card=pile[-count]))
    options["stop"] = (STOP, t("compare.builder.move_stop", language))
    return options


def second_move(kind: str, cards: Sequence[str]) -> Move | None:
    """The builder's second move, or None (``BuilderError``-free: an empty pick gives None). A joker picked is
    laid undeclared, for the engine to explain.

    >>> second_move("meld", ["7S", "7H", "JK"]), second_move("discard", ["KD"]), second_move("none", ["KD"])
    (Move.parse('meld 7S 7H JK'), Move.parse('discard KD'), None)
    """
    picked = tuple(option_card(v) for v in cards)
    if kind == "none" or not picked:
        return None
    if kind == "meld":
        return Meld(picked)
    if kind == "layoff":
        return Layoff(picked, 1)
    return discard(picked[0])


def _builder(language: str | Style) -> None:
    st.subheader(t("compare.builder.heading", language))
    st.caption(t("compare.builder.intro", language))
    for key, value in _BUILDER_DEFAULTS.items():
        st.session_state.setdefault(key, value)
    hand = st.multiselect(t("compare.builder.hand", language), _CARD_OPTIONS, format_func=_face, key=B_HAND)
    pile = st.multiselect(t("compare.builder.pile", language), _CARD_OPTIONS, format_func=_face, key=B_PILE)
    meld = st.multiselect(t("compare.builder.table", language), _CARD_OPTIONS, format_func=_face, key=B_TABLE)
    pile_cards = [option_card(v) for v in pile]
    firsts = first_move_options(pile_cards, language)
    if st.session_state.get(B_FIRST) not in firsts:
        st.session_state[B_FIRST] = "draw"
    first = st.selectbox(
        t("compare.builder.first", language), list(firsts), format_func=lambda key: firsts[key][1], key=B_FIRST
    )
    kind = st.selectbox(
        t("compare.builder.then", language),
        list(_THEN_KINDS),
        format_func=lambda k: t(f"compare.builder.then_{k}", language),
        key=B_THEN,
    )
    cards: list[str] = []
    if kind != "none":
        cards = st.multiselect(t("compare.builder.then_cards", language), _CARD_OPTIONS, format_func=_face, key=B_CARDS)
    moves = [firsts[str(first)][0]]
    second = second_move(str(kind), cards)
    if second is not None:
        moves.append(second)
    try:
        situation = build_situation(
            [option_card(v) for v in hand], pile_cards, [[option_card(v) for v in meld]] if meld else [], moves, language
        )
    except BuilderError as error:
        st.warning(str(error))
        return
    if situation.house_rules:
        st.info(t("compare.builder.jokers_on", language))
    top = stock_top(situation)
    if top is not None:
        st.caption(t("compare.builder.stock_top", language, card=top))
    state = start_state(situation, situation.presets[0])
    _board(state, 0, language)
    st.markdown(t("compare.builder.moves", language, moves=" → ".join(f"`{m}`" for m in moves)))
    comparison = compare_situation(situation, language)
    _outcome_table(comparison, language)
    outcomes = comparison.outcomes[0]
    if scored(outcomes):
        st.plotly_chart(situation_scores_figure(outcomes, move_words(moves[0], language), language), key=B_SCORES)


# --- charts and statistics -----------------------------------------------------------------------------


@st.cache_data
def _stats(path: str) -> dict[str, Any] | str:
    try:
        return load_stats(type(STATS_PATH)(path))
    except StatsError as error:
        return str(error)


def stats_rows(entries: Sequence[dict[str, Any]], language: str | Style = "en") -> list[dict[str, Any]]:
    """The statistics as a table, a row per variant."""
    rows = []
    for e in entries:
        shares = e["ended_by_share"]
        values = {
            "variant": e["name"],
            "decisions": e["decisions_per_round"],
            "went_out": shares["went_out"],
            "stock_out": shares["stock_out"],
            "reshuffle": shares["reshuffle_limit"],
            "score": e["mean_round_score"],
            "takes": e["takes_per_round"],
            "calls": e["rommi_calls_per_round"],
            "paid": e["paid_share"],
            "net": e["net_points_per_take"],
        }
        rows.append({t(f"compare.stats.col_{col}", language): value for col, value in values.items()})
    return rows


def _charts(chosen: Variant, language: str | Style) -> None:
    st.subheader(t("compare.stats.values_heading", language))
    # The chosen variant, house rules and all (an ace worth 25, …), stands in its preset's place.
    shown = [chosen if v.id == chosen.id else v for v in PRESETS.values()]
    st.plotly_chart(card_values_figure(shown, language), key=VALUES)
    loaded = _loaded_situations()
    if not isinstance(loaded, RecordError):
        for situation in loaded:
            if situation.id == "anna-bertil":
                outcomes = compare_situation(situation, language).outcomes[0]
                st.subheader(t("compare.situation.scores_heading", language))
                st.plotly_chart(
                    situation_scores_figure(outcomes, line_words(situation.judge[0].move, language), language), key=SAME_ROUND
                )
    st.subheader(t("compare.stats.heading", language))
    data = _stats(str(STATS_PATH))
    if isinstance(data, str):
        st.warning(t("compare.stats.missing", language, error=data))
        return
    st.caption(t("compare.stats.intro", language, rounds=data["rounds"], seed=data["seed"]))
    counts = [int(n) for n in data["players"]]
    if st.session_state.get(PLAYERS) not in counts:
        st.session_state[PLAYERS] = counts[0]
    players = st.segmented_control(t("compare.stats.players", language), counts, key=PLAYERS)
    entries = entries_for(data, int(players) if players is not None else counts[0])
    left, right = st.columns(2)
    with left:
        st.plotly_chart(decisions_figure(entries, language), key=DECISIONS)
        st.plotly_chart(mean_score_figure(entries, language), key=MEAN_SCORE)
    with right:
        st.plotly_chart(ended_by_figure(entries, language), key=ENDED_BY)
        st.plotly_chart(takes_figure(entries, language), key=TAKES)
    st.caption(t("compare.stats.takes_note", language))
    st.markdown(f"**{t('compare.stats.table_heading', language)}**")
    st.dataframe(stats_rows(entries, language), hide_index=True)


# --- the cheat sheet ------------------------------------------------------------------------------------


def _cheat_sheet(chosen: Variant, language: str | Style) -> None:
    st.subheader(t("compare.sheet.heading", language))
    st.markdown(t("compare.sheet.intro", language, variant=variant_name(chosen, language)))
    st.download_button(
        t("compare.sheet.download", language),
        data=cheat_sheet_html(chosen, language),
        file_name=cheat_sheet_name(chosen),
        mime="text/html",
        key=SHEET,
        icon="🖨️",
    )

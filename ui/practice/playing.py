"""The Practice page during a game: the totals, the table (:func:`ui.felt.controls.draw_seat_game` of the
game's :class:`tutor.practice.seat.PracticeSeat`), the hint and undo, the hand-over between people, the
computer players' turns one at a time, and the end of a round. The game's logic is the session's; the
buttons here only call it."""

from __future__ import annotations

import contextlib

import streamlit as st

from tutor.compare.grid import table_text
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.i18n.translate import YOU, shown_name
from tutor.practice.guide import Guidance
from tutor.practice.round_end import costliest, decision_again, round_result, round_words
from tutor.practice.seat import PracticeSeat
from tutor.progress import ProgressError
from ui.felt.controls import draw_seat_game, hint_and_undo, play_request
from ui.felt.settings import show_notation
from ui.practice.charts import practice_charts, score_table
from ui.practice.keep import keep_and_share
from ui.practice.seat import clear_picks, open_game, practice_table
from ui.practice.state import (
    AGAIN,
    GUIDE,
    KEYS,
    NEXT_COMPUTER,
    NEXT_ROUND,
    QUIT,
    REVEAL,
    SCORES,
    SHOW_CHARTS,
    STEPWISE,
    UNDO,
    practice_state,
    try_again_button,
)
from ui.shared import session
from ui.shared.reviews import note_costly_decisions


def game_table(table: PracticeSeat, language: str | Style) -> None:
    """The game in play: the totals, the table (with the answer to the last move and what the others
    did beside the cards), the buttons of whoever must act, the charts."""
    play_request(KEYS, table)
    table.catch_up()
    game = table.game
    rules = table_text(game.variant, language)
    st.caption(
        t("practice.status", language, round=game.current.number, seed=game.seed, variant=rules, target=game.variant.target)
    )
    _totals(table, language)
    pending = game.pending()
    if game.needs_handover() and pending.seat is not None:
        draw_seat_game(KEYS, table, language)
        name = game.names[pending.seat]
        st.subheader(t("practice.handover.title", language, name=plain(name)))
        st.markdown(t("practice.handover.text", language, name=plain(name)))
        st.button(
            t("practice.handover.ready", language, name=plain(name)),
            key=REVEAL,
            on_click=_reveal,
            args=(pending.seat,),
            type="primary",
        )
    elif pending.kind in ("turn", "rommi") and pending.seat is not None:
        _decision(table, pending.seat, language)
    elif pending.kind in ("computer", "computer_call"):
        draw_seat_game(KEYS, table, language)
        st.info(t("practice.computer_to_move", language, name=plain(game.names[pending.seat or 0])))
        st.button(t("practice.next_computer", language), key=NEXT_COMPUTER, on_click=table.next_computer)
    else:
        draw_seat_game(KEYS, table, language)
        _round_over(table, language)
    _all_moves(table, language)
    st.session_state.setdefault(SHOW_CHARTS, True)
    with st.container(horizontal=True):
        st.toggle(t("practice.stepwise", language), key=STEPWISE)
        st.toggle(t("practice.show_charts", language), key=SHOW_CHARTS)
    if st.session_state.get(SHOW_CHARTS, True):
        practice_charts(game, language)
    keep_and_share(game, language)
    st.button(t("practice.new_game", language), key=QUIT, on_click=_quit)


def _totals(table: PracticeSeat, language: str | Style) -> None:
    """The scores in one compact line: every player's total (and this round's points once it is over)."""
    game = table.game
    scores = game.state.scores()
    over = game.state.round_over
    parts = []
    for seat, score in zip(game.seats, scores, strict=True):
        name = shown_name(seat.name, language)  # the learner who gave no name: "Du", "Sinä", "Jij"…
        who = name if seat.is_person else f"{name} ({t(f'practice.level.{seat.level}', language)})"
        before = score.total - score.round
        shown = f"{score.total} ({score.round:+d})" if over else f"{before}"
        parts.append(f"**{plain(who)}** {shown}")
    with st.container(key=SCORES):
        st.markdown(f"{t('table.scores', language)}: " + " · ".join(parts))


def _all_moves(table: PracticeSeat, language: str | Style) -> None:
    current = table.game.current
    lines = [current.line(i, language) for i in range(len(current.steps))]
    with st.expander(t("practice.log_all", language, count=len(lines))):
        st.markdown("\n".join(f"{i}. {plain(line)}" for i, line in enumerate(lines, start=1)) or "—")


def _decision(table: PracticeSeat, seat: int, language: str | Style) -> None:
    """A person's turn or Rommi! window, their hand shown: the table, live, and the buttons beside it."""
    game = table.game
    if game.visible_hand(seat) is None:
        return
    name = game.names[seat]
    if not table.rommi_window():  # a Rommi! window is said in the table's message box, beside its buttons
        st.markdown(f"**{t('practice.your_turn', language, name=plain(name))}**")
    draw_seat_game(KEYS, table, language)
    guidance = table.guidance(language)
    if guidance is not None and (guidance.rules or guidance.tactic_lesson):
        _new_rules(guidance, language)
    with st.container(horizontal=True):
        hint_and_undo(KEYS, table, language)
    advice = table.advice
    if advice is not None and advice.seat == seat and show_notation():
        st.caption(t("table.hint_notation", language, move=str(advice.move)))


def _new_rules(guidance: Guidance, language: str | Style) -> None:
    """Under the table of a guided hand, each rule met for the first time this round, with the lesson that
    teaches it, and the lesson of the tactic the coach's advice applies (what the rules allow now and the
    coach's advice are said in the table, by its buttons)."""
    with st.container(key=GUIDE):
        for rule in guidance.rules:
            link = f" [{t('guide.lesson_link', language, title=rule.lesson_title)}](/?lesson={rule.lesson})" if rule.lesson else ""
            st.markdown(f"**{t('guide.new_rule', language)}** {plain(rule.text)}{link}")
        if guidance.tactic_lesson is not None:  # the coach's advice applies a tactic the course teaches
            lesson, title = guidance.tactic_lesson
            link = f"[{t('guide.lesson_link', language, title=title)}](/?lesson={lesson})"
            st.markdown(f"**{t('guide.tactic', language)}** {link}")


def _round_over(table: PracticeSeat, language: str | Style) -> None:
    game = table.game
    if game.game_over:
        winners = game.winners
        names = YOU if winners == [YOU] else " & ".join(plain(shown_name(w, language)) for w in winners)
        st.success(t("practice.game_won", language, names=names))
    else:
        st.success(t("practice.round_over", language, round=game.current.number))
    _count_round(table)
    st.markdown(" ".join(plain(line) for line in round_words(game, language)))
    score_table(game.state, language)
    st.caption(t("practice.score.explain", language))
    if game.people:
        costly = costliest(game, table.costs, game.people[0], language)
        if costly:
            st.markdown(f"**{t('practice.round_end.costly_heading', language)}**")
            for number, (index, line) in enumerate(costly):
                with st.container(horizontal=True, vertical_alignment="center"):
                    st.markdown(f"- {plain(line)}")
                    st.button(t("practice.round_end.try_again", language), key=try_again_button(number), on_click=_try_again, args=(index,))
    if game.game_over:
        st.button(t("practice.new_game", language), key=AGAIN, on_click=_quit, type="primary")
    else:
        st.button(t("practice.next_round", language), key=NEXT_ROUND, on_click=_next_round, type="primary")
        st.button(t("practice.undo", language), key=UNDO, on_click=_undo, disabled=not table.can_undo())


# --- callbacks ----------------------------------------------------------------------------------------


def _reveal(seat: int) -> None:
    table = practice_table()
    if table is not None:
        table.reveal(seat)
        clear_picks()


def _undo() -> None:
    table = practice_table()
    if table is not None and table.undo(session.style()) is not None:
        clear_picks()


def _quit() -> None:
    practice = practice_state()
    practice.game = None
    practice.feedback = None


def _count_round(table: PracticeSeat) -> None:
    """Add the finished round to the learner's Practice statistics (once: the store keeps each round once)."""
    game = table.game
    result = round_result(game)
    store = session.progress_store()
    if result is None or isinstance(store, ProgressError):
        return
    level, won, score = result
    with contextlib.suppress(ProgressError):  # statistics are not worth an error on the table
        store.practice.record(session.progress_key(), game.id, game.current.number, game.variant.id, level, won, score)
    note_costly_decisions(game, table.costs)  # each costly decision comes back in a review


def _try_again(index: int) -> None:
    """Play the decision made at position ``index`` of the round again, in a game that starts there."""
    table = practice_table()
    if table is not None:
        open_game(decision_again(table.game, index))


def _next_round() -> None:
    table = practice_table()
    if table is not None and table.next_round(session.style()) is None:
        clear_picks()

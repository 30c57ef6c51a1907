"""The Practice page during a game: the totals, the board, the log of moves, the controls of the person
who must act (with the hint and undo), the computer players' turns, the hand-over between people and the
end of a round; the buttons' callbacks send the moves to :class:`tutor.practice.Game`."""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.errors import RulesError
from engine.moves import Draw, Move
from tutor.compare.table import house_rules_text
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import refusal, t, variant_name
from tutor.practice.game import Game
from tutor.table.coach import Advice, review, suggest
from tutor.table.data import TableOptions, primary_actions
from tutor.table.move_text import Action, SelectionProblem
from ui import session
from ui.practice.charts import practice_charts, score_table
from ui.practice.keep import keep_and_share
from ui.practice.keys import FEEDBACK, GAME, HINT, KEYS, LAST_SEEN, REVIEW, SHOW_CHARTS, STEPWISE
from ui.practice.session import board_seat, clear_picks, current_game, feedback_message
from ui.table.controls import draw_table, move_text, take_request, turn_actions
from ui.table.settings import large_cards, show_notation


def game_table(game: Game, language: str) -> None:
    """The game in play: the totals, the table (with the answer to the last move and what the others
    did beside the cards), the buttons of whoever must act, the charts."""
    take_request(KEYS, _on_move)
    stepwise = bool(st.session_state.get(STEPWISE, False))
    if not stepwise:
        game.advance()
    rules = variant_name(game.variant, language) + (f" + {house_rules_text(game.variant.house_rules, language)}" if game.variant.house_rules else "")
    st.caption(
        t(
            "practice.status",
            language,
            round=game.current.number,
            seed=game.seed,
            variant=rules,
            target=game.variant.target,
        )
    )
    _totals(game, language)
    pending = game.pending()
    handover = game.needs_handover()
    if handover and pending.seat is not None:
        _table(game, language, live=False)
        name = game.names[pending.seat]
        st.subheader(t("practice.handover.title", language, name=plain(name)))
        st.markdown(t("practice.handover.text", language, name=plain(name)))
        st.button(
            t("practice.handover.ready", language, name=plain(name)),
            key="practice_reveal",
            on_click=_reveal,
            args=(pending.seat,),
            type="primary",
        )
    elif pending.kind in ("turn", "rommi") and pending.seat is not None:
        _controls(game, pending.seat, pending.kind == "rommi", language)
    elif pending.kind in ("computer", "computer_call"):
        _table(game, language, live=False)
        st.info(t("practice.computer_to_move", language, name=plain(game.names[pending.seat or 0])))
        st.button(t("practice.next_computer", language), key="practice_next_computer", on_click=_next_computer)
    else:
        _table(game, language, live=False)
        _round_over(game, language)
    _all_moves(game, language)
    st.session_state.setdefault(SHOW_CHARTS, True)
    with st.container(horizontal=True):
        st.toggle(t("practice.stepwise", language), key=STEPWISE)
        st.toggle(t("practice.show_charts", language), key=SHOW_CHARTS)
    if st.session_state.get(SHOW_CHARTS, True):
        practice_charts(game, language)
    keep_and_share(game, language)
    st.button(t("practice.new_game", language), key="practice_quit", on_click=_quit)


def _totals(game: Game, language: str) -> None:
    """The scores in one compact line: every player's total (and this round's points once it is over)."""
    scores = game.state.scores()
    over = game.state.round_over
    parts = []
    for seat, score in zip(game.seats, scores, strict=True):
        who = seat.name if seat.is_person else f"{seat.name} ({t(f'practice.level.{seat.level}', language)})"
        before = score.total - score.round
        shown = f"{score.total} ({score.round:+d})" if over else f"{before}"
        parts.append(f"**{plain(who)}** {shown}")
    with st.container(key="practice_scores"):
        st.markdown(f"{t('table.scores', language)}: " + " · ".join(parts))


def _fresh_log(game: Game) -> list[str]:
    """The lines of the moves made since the learner last looked: the others' (or else the last one)."""
    steps = game.current.steps
    seen = int(st.session_state.get(LAST_SEEN) or 0)
    if seen > len(steps):
        seen = 0
    fresh = steps[seen:]
    people = set(game.people)
    shown = [s for s in fresh if s.seat not in people] or fresh[-1:]
    return [s.text for s in shown]


def _all_moves(game: Game, language: str) -> None:
    steps = game.current.steps
    with st.expander(t("practice.log_all", language, count=len(steps))):
        st.markdown("\n".join(f"{i}. {plain(s.text)}" for i, s in enumerate(steps, start=1)) or "—")


def _table(game: Game, language: str, live: bool, seat: int | None = None, rommi_window: bool = False) -> None:
    """The table from the seat of the person with the device; their hand stays shown while the others move."""
    state = game.state
    viewer = board_seat(game) if seat is None else seat
    hand_shown = not game.needs_handover() and game.visible_hand(viewer) is not None
    actions: list[Action] = []
    if live:
        actions = ["rommi"] if rommi_window else turn_actions(state)
    options = TableOptions(
        actions=actions,
        primary=primary_actions(state, viewer, None) if live else (),
        marks=True,
        interactive=live and hand_shown,
        four_colour=session.four_colour(),
        large=large_cards(),
        show_hand=hand_shown,
        message=feedback_message(language),
        log=_fresh_log(game),
        position=f"{game.seed}:{game.current.number}:{len(game.current.steps)}:{viewer}:{live}",
        top=not game.current.steps and game.current.number == 1,
        language=language,
    )
    draw_table(KEYS, state, viewer, options, _on_move)


def _controls(game: Game, seat: int, rommi_window: bool, language: str) -> None:
    state = game.state
    if game.visible_hand(seat) is None:
        return
    name = game.names[seat]
    if rommi_window:
        st.success(t("practice.rommi_possible", language, name=plain(name), card=state.pile[-1]))
    else:
        st.markdown(f"**{t('practice.your_turn', language, name=plain(name))}**")
    _table(game, language, live=True, seat=seat, rommi_window=rommi_window)
    with st.container(horizontal=True):
        if rommi_window:
            st.button(t("practice.let_pass", language), key="practice_pass", on_click=_let_pass)
        st.button(t("practice.hint", language), key="practice_hint_button", on_click=_hint)
        st.button(t("practice.undo", language), key="practice_undo", on_click=_undo, disabled=not game.can_undo())
    advice = st.session_state.get(HINT)
    if isinstance(advice, Advice) and advice.seat == seat and show_notation():
        st.caption(t("table.hint_notation", language, move=str(advice.move)))


def _round_over(game: Game, language: str) -> None:
    state = game.state
    if game.game_over:
        st.success(t("practice.game_won", language, names=" & ".join(plain(w) for w in game.winners)))
    else:
        st.success(t("practice.round_over", language, round=game.current.number))
    score_table(state, language)
    if game.game_over:
        st.button(t("practice.new_game", language), key="practice_again", on_click=_quit, type="primary")
    else:
        st.button(t("practice.next_round", language), key="practice_next_round", on_click=_next_round, type="primary")
        st.button(t("practice.undo", language), key="practice_undo", on_click=_undo, disabled=not game.can_undo())


# --- callbacks ----------------------------------------------------------------------------------------


def _after_move(game: Game) -> None:
    clear_picks()
    st.session_state[HINT] = None
    if not st.session_state.get(STEPWISE, False):
        game.advance()


def _on_move(action: Action, payload: dict[str, Any]) -> None:
    """A move made on the table: build it from the picks, let the engine judge it, then the computers play."""
    game = current_game()
    if game is None:
        return
    language = session.language()
    pending = game.pending()
    if pending.kind not in ("turn", "rommi") or game.needs_handover():
        return
    seat = pending.seat if pending.seat is not None else game.state.to_move
    state = game.state
    try:
        move = Move.parse(move_text(action, payload, state))
        game.play(move, seat)
    except SelectionProblem as problem:
        st.session_state[FEEDBACK] = ("warning", t(problem.key, language), None)
        return
    except RulesError as error:
        st.session_state[FEEDBACK] = ("error", refusal(error, session.language()), error.code)
        return
    st.session_state[FEEDBACK] = None
    drawn = game.state.view(seat).drawn if isinstance(move, Draw) else ()
    if drawn:
        # The card from the stock is seen only by the one who drew it: the log says "drew from the stock".
        st.session_state[FEEDBACK] = ("info", t("practice.you_drew", language, card=drawn[0]), None)
    st.session_state[REVIEW] = review(state, move, seat, language)
    st.session_state[LAST_SEEN] = len(game.current.steps)
    _after_move(game)


def _let_pass() -> None:
    game = current_game()
    if game is None:
        return
    game.pass_rommi()
    st.session_state[FEEDBACK] = None
    _after_move(game)


def _hint() -> None:
    game = current_game()
    if game is None:
        return
    pending = game.pending()
    if pending.seat is None:
        return
    language = session.language()
    advice = suggest(game.state, pending.seat, "coach", language)
    st.session_state[HINT] = advice
    # The hint is said in the table's message box, which the table scrolls into view (on a phone too):
    # it answers the learner's newest question, so it takes the place of the last move's remarks.
    if advice is not None:
        st.session_state[FEEDBACK] = ("info", t("table.hint", language, reason=advice.reason), None)
        st.session_state[REVIEW] = None
    elif pending.kind == "rommi":
        st.session_state[FEEDBACK] = ("info", t("practice.hint_pass", language), None)


def _undo() -> None:
    game = current_game()
    if game is None:
        return
    if game.undo():
        st.session_state[FEEDBACK] = ("info", t("practice.undone", session.language()), None)
        st.session_state[REVIEW] = None
        st.session_state[HINT] = None
        st.session_state[LAST_SEEN] = len(game.current.steps)
        clear_picks()


def _reveal(seat: int) -> None:
    game = current_game()
    if game is not None:
        game.reveal(seat)
        st.session_state[REVIEW] = None
        st.session_state[FEEDBACK] = None
        clear_picks()


def _next_computer() -> None:
    game = current_game()
    if game is not None:
        game.step()


def _quit() -> None:
    st.session_state[GAME] = None
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = None
    st.session_state[HINT] = None


def _next_round() -> None:
    game = current_game()
    if game is None:
        return
    try:
        game.next_round()
    except RulesError as error:
        st.session_state[FEEDBACK] = ("error", refusal(error, session.language()), error.code)
        return
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = None
    st.session_state[HINT] = None
    st.session_state[LAST_SEEN] = 0
    clear_picks()

"""The Practice page: a whole game of 500 against computer players (or passing one device), with a coach.

Thin: the game is a :class:`tutor.practice.Game` kept in ``session_state``; moves are built from the picks
exactly as on the Learn page (:func:`tutor.move_text.build_move`) and judged by the engine; the hint and
the review come from :mod:`tutor.coach`; the charts from :mod:`tutor.charts`. Keys start with ``practice_``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import streamlit as st

from engine.errors import RULE_CODES, RecordError, RulesError
from engine.moves import Move
from engine.state import GameState
from tutor.charts import hand_minus_points, laid_and_hand_figure, laid_points_series, totals_race_figure
from tutor.coach import Advice, review, suggest
from tutor.move_text import Action, SelectionProblem
from tutor.practice import Game
from tutor.practice_seats import LEVELS, MAX_COMPUTERS, computer_seats, people_seats
from tutor.progress import ProgressError
from tutor.record_viewer import RecordViewer
from tutor.strings import t
from ui import session
from ui.cards import board_html, card_face, hand_html
from ui.move_controls import (
    PickKeys,
    board_labels,
    clear_picks,
    clickable_board,
    move_controls,
    picked_move,
    turn_actions,
)

# --- session keys ---------------------------------------------------------------------------------------
GAME: Final = "practice_game"  # the Game in play, or None
VIEWER: Final = "practice_viewer"  # a RecordViewer of a loaded record, or None
FEEDBACK: Final = "practice_feedback"  # (kind, message, rule code or None) after the last action
REVIEW: Final = "practice_review"  # the coach's review of the learner's last move, or None
HINT: Final = "practice_hint"  # the Advice of the last hint, or None
LAST_SEEN: Final = "practice_last_seen"  # how many log lines of the round the learner has seen
DEFAULT_SEED: Final = "practice_default_seed"

# Widget keys.
HAND: Final = "practice_hand"
PILE: Final = "practice_pile"
LAYOFF_TARGET: Final = "practice_layoff_target"
JOKER_PREFIX: Final = "practice_joker_"
MODE: Final = "practice_mode"
COMPUTERS: Final = "practice_computers"
LEVEL: Final = "practice_level"
SEED: Final = "practice_seed"
NAMES: Final = "practice_names"
STEPWISE: Final = "practice_stepwise"
SHOW_CHARTS: Final = "practice_show_charts"
SAVE_NAME: Final = "practice_save_name"
SAVED: Final = "practice_saved"
PASTE: Final = "practice_paste"
UPLOAD: Final = "practice_upload"

#: The pick widgets' keys and the buttons' prefix (``practice_meld``, ``practice_hand_cards``, ...).
KEYS = PickKeys("practice_", HAND, PILE, LAYOFF_TARGET, JOKER_PREFIX)


def render_practice_page() -> None:
    """Draw the Practice page."""
    language = session.language()
    state = st.session_state
    state.setdefault(GAME, None)
    state.setdefault(VIEWER, None)
    state.setdefault(FEEDBACK, None)
    state.setdefault(REVIEW, None)
    state.setdefault(HINT, None)
    state.setdefault(DEFAULT_SEED, random.randrange(1, 1_000_000))
    st.title(t("practice.title", language))
    viewer = state.get(VIEWER)
    game = state.get(GAME)
    if isinstance(viewer, RecordViewer):
        _viewer(viewer, language)
    elif isinstance(game, Game):
        _game(game, language)
    else:
        _setup(language)


# --- setting up ---------------------------------------------------------------------------------------


def _setup(language: str) -> None:
    variant = session.variant()
    st.markdown(t("practice.intro", language))
    rules = variant.name + (f" + {', '.join(variant.house_rules)}" if variant.house_rules else "")
    st.info(t("practice.setup.variant", language, variant=rules))
    st.radio(
        t("practice.setup.mode", language),
        ["computer", "people"],
        key=MODE,
        format_func=lambda m: t(f"practice.setup.mode_{m}", language),
        horizontal=True,
    )
    mode = st.session_state.get(MODE) or "computer"
    if mode == "computer":
        most = max(1, min(MAX_COMPUTERS, variant.max_players - 1))
        st.session_state.setdefault(COMPUTERS, 1)
        st.selectbox(t("practice.setup.computers", language), list(range(1, most + 1)), key=COMPUTERS)
        st.session_state.setdefault(LEVEL, "coach")
        st.selectbox(
            t("practice.setup.level", language),
            list(LEVELS),
            key=LEVEL,
            format_func=lambda lvl: t(f"practice.level_help.{lvl}", language),
        )
    else:
        st.session_state.setdefault(NAMES, "Anna\nBertil")
        st.text_area(t("practice.setup.names", language), key=NAMES, height=120)
    st.session_state.setdefault(SEED, int(st.session_state[DEFAULT_SEED]))
    st.number_input(t("practice.setup.seed", language), min_value=0, step=1, key=SEED)
    st.caption(t("practice.setup.seed_help", language))
    st.button(t("practice.setup.start", language), key="practice_start", on_click=_start, type="primary")
    _feedback(language)
    with st.expander(t("practice.saved.heading", language)):
        _resume_controls(language)
    with st.expander(t("practice.load.heading", language)):
        _load_controls(language)


def _start() -> None:
    language = session.language()
    variant = session.variant()
    mode = st.session_state.get(MODE) or "computer"
    seed = int(st.session_state.get(SEED) or 0)
    try:
        if mode == "computer":
            seats = computer_seats(
                session.learner(), int(st.session_state.get(COMPUTERS) or 1), str(st.session_state.get(LEVEL))
            )
        else:
            seats = people_seats(str(st.session_state.get(NAMES) or "").splitlines())
        game = Game.new(variant, seats, seed, language)
    except ValueError as error:
        st.session_state[FEEDBACK] = ("error", t("practice.setup.bad_table", language, problem=str(error)), None)
        return
    _open_game(game)


def _open_game(game: Game) -> None:
    st.session_state[GAME] = game
    st.session_state[VIEWER] = None
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = None
    st.session_state[HINT] = None
    st.session_state[LAST_SEEN] = 0
    _clear_picks()


def _clear_picks() -> None:
    clear_picks(KEYS)


# --- the game -----------------------------------------------------------------------------------------


def _game(game: Game, language: str) -> None:
    stepwise = bool(st.session_state.get(STEPWISE, False))
    if not stepwise:
        game.advance()
    state = game.state
    rules = game.variant.name + (f" + {', '.join(game.variant.house_rules)}" if game.variant.house_rules else "")
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
    seat = _board_seat(game)
    four = session.four_colour()
    if not handover and pending.kind in ("turn", "rommi") and game.visible_hand(seat) is not None:
        clickable_board(KEYS, state, seat, four, language)
    else:
        st.html(board_html(state, seat, four, board_labels(language)))
    _log(game, language)
    _feedback(language)
    review_text = st.session_state.get(REVIEW)
    if review_text:
        st.warning(t("practice.review_heading", language, review=review_text))
    if handover and pending.seat is not None:
        name = game.names[pending.seat]
        st.subheader(t("practice.handover.title", language, name=name))
        st.markdown(t("practice.handover.text", language, name=name))
        st.button(
            t("practice.handover.ready", language, name=name),
            key="practice_reveal",
            on_click=_reveal,
            args=(pending.seat,),
            type="primary",
        )
    elif pending.kind in ("turn", "rommi") and pending.seat is not None:
        _controls(game, pending.seat, pending.kind == "rommi", language)
    elif pending.kind in ("computer", "computer_call"):
        st.info(t("practice.computer_to_move", language, name=game.names[pending.seat or 0]))
        st.button(t("practice.next_computer", language), key="practice_next_computer", on_click=_next_computer)
    else:
        _round_over(game, language)
    st.session_state.setdefault(SHOW_CHARTS, True)
    with st.container(horizontal=True):
        st.toggle(t("practice.stepwise", language), key=STEPWISE)
        st.toggle(t("practice.show_charts", language), key=SHOW_CHARTS)
    if st.session_state.get(SHOW_CHARTS, True):
        _charts(game, language)
    _keep_and_share(game, language)
    st.button(t("practice.new_game", language), key="practice_quit", on_click=_quit)


def _board_seat(game: Game) -> int:
    """Whose view the board is drawn from: the person with the device (or about to get it)."""
    pending = game.pending()
    if pending.seat is not None and game.seats[pending.seat].is_person:
        return pending.seat
    if game.viewer is not None:
        return game.viewer
    return game.people[0]


def _totals(game: Game, language: str) -> None:
    scores = game.state.scores()
    over = game.state.round_over
    columns = st.columns(len(game.seats))
    for column, seat, score in zip(columns, game.seats, scores, strict=True):
        who = seat.name if seat.is_person else f"{seat.name} ({t(f'practice.level.{seat.level}', language)})"
        before = score.total - score.round
        column.metric(who, score.total if over else before, delta=score.round if over else None)


def _log(game: Game, language: str) -> None:
    steps = game.current.steps
    seen = int(st.session_state.get(LAST_SEEN) or 0)
    if seen > len(steps):
        seen = 0
    fresh = steps[seen:]
    people = set(game.people)
    shown = [s for s in fresh if s.seat not in people] or fresh[-1:]
    if shown:
        st.markdown(t("practice.log_heading", language))
        st.markdown("\n".join(f"- {s.text}" for s in shown))
    with st.expander(t("practice.log_all", language, count=len(steps))):
        st.markdown("\n".join(f"{i}. {s.text}" for i, s in enumerate(steps, start=1)) or "—")


def _controls(game: Game, seat: int, rommi_window: bool, language: str) -> None:
    state = game.state
    hand = game.visible_hand(seat)
    if hand is None:
        return
    name = game.names[seat]
    if rommi_window:
        st.success(t("practice.rommi_possible", language, name=name, card=card_face(state.pile[-1])))
    else:
        st.markdown(f"**{t('practice.your_turn', language, name=name)}**")
    move_controls(
        KEYS,
        state,
        hand,
        language,
        session.four_colour(),
        ["rommi"] if rommi_window else turn_actions(state),
        _act,
        primary=("meld", "layoff", "rommi"),
        layoff_target=not rommi_window,
        more=_pass_button(language) if rommi_window else None,
    )
    with st.container(horizontal=True):
        st.button(t("practice.hint", language), key="practice_hint_button", on_click=_hint)
        st.button(t("practice.undo", language), key="practice_undo", on_click=_undo, disabled=not game.can_undo())
    advice = st.session_state.get(HINT)
    if isinstance(advice, Advice) and advice.seat == seat:
        st.info(t("practice.hint_text", language, reason=advice.reason, move=str(advice.move)))


def _pass_button(language: str) -> Callable[[], None]:
    def button() -> None:
        st.button(t("practice.let_pass", language), key="practice_pass", on_click=_let_pass)

    return button


def _current_game() -> Game | None:
    game = st.session_state.get(GAME)
    return game if isinstance(game, Game) else None


def _after_move(game: Game) -> None:
    _clear_picks()
    st.session_state[HINT] = None
    if not st.session_state.get(STEPWISE, False):
        game.advance()


def _act(action: Action) -> None:
    """An action button: build the move from the picks, let the engine judge it, then the computers play."""
    game = _current_game()
    if game is None:
        return
    language = session.language()
    pending = game.pending()
    seat = pending.seat if pending.seat is not None else game.state.to_move
    state = game.state
    try:
        move = Move.parse(picked_move(KEYS, action, state))
        game.play(move, seat)
    except SelectionProblem as problem:
        st.session_state[FEEDBACK] = ("warning", t(problem.key, language), None)
        return
    except RulesError as error:
        st.session_state[FEEDBACK] = ("error", str(error), error.code)
        return
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = review(state, move, seat, language)
    st.session_state[LAST_SEEN] = len(game.current.steps)
    _after_move(game)


def _let_pass() -> None:
    game = _current_game()
    if game is None:
        return
    game.pass_rommi()
    st.session_state[FEEDBACK] = None
    _after_move(game)


def _hint() -> None:
    game = _current_game()
    if game is None:
        return
    pending = game.pending()
    if pending.seat is None:
        return
    language = session.language()
    advice = suggest(game.state, pending.seat, "coach", language)
    st.session_state[HINT] = advice
    if advice is None and pending.kind == "rommi":
        st.session_state[FEEDBACK] = ("info", t("practice.hint_pass", language), None)


def _undo() -> None:
    game = _current_game()
    if game is None:
        return
    if game.undo():
        st.session_state[FEEDBACK] = ("info", t("practice.undone", session.language()), None)
        st.session_state[REVIEW] = None
        st.session_state[HINT] = None
        st.session_state[LAST_SEEN] = len(game.current.steps)
        _clear_picks()


def _reveal(seat: int) -> None:
    game = _current_game()
    if game is not None:
        game.reveal(seat)
        st.session_state[REVIEW] = None
        st.session_state[FEEDBACK] = None
        _clear_picks()


def _next_computer() -> None:
    game = _current_game()
    if game is not None:
        game.step()


def _quit() -> None:
    st.session_state[GAME] = None
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = None
    st.session_state[HINT] = None


def _next_round() -> None:
    game = _current_game()
    if game is None:
        return
    try:
        game.next_round()
    except RulesError as error:
        st.session_state[FEEDBACK] = ("error", str(error), error.code)
        return
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = None
    st.session_state[HINT] = None
    st.session_state[LAST_SEEN] = 0
    _clear_picks()


def _feedback(language: str) -> None:
    feedback = st.session_state.get(FEEDBACK)
    if not feedback:
        return
    kind, message, code = feedback
    {"error": st.error, "warning": st.warning, "info": st.info, "success": st.success}[kind](message)
    if kind == "error" and code in RULE_CODES:
        st.caption(
            t("ui.learn.rule_code", language, code=code, meaning=RULE_CODES[code], variant=session.variant().name)
        )
        st.caption(t("practice.unchanged", language))


def _round_over(game: Game, language: str) -> None:
    state = game.state
    if game.game_over:
        st.success(t("practice.game_won", language, names=" & ".join(game.winners)))
    else:
        st.success(t("practice.round_over", language, round=game.current.number))
    _score_table(state, language)
    if game.game_over:
        st.button(t("practice.new_game", language), key="practice_again", on_click=_quit, type="primary")
    else:
        st.button(t("practice.next_round", language), key="practice_next_round", on_click=_next_round, type="primary")
        st.button(t("practice.undo", language), key="practice_undo", on_click=_undo, disabled=not game.can_undo())


def _score_table(state: GameState, language: str) -> None:
    head = [
        t(f"practice.score.{k}", language)
        for k in ("player", "laid", "hand", "bonus", "penalty", "round", "total", "left")
    ]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, score, hand in zip(state.players, state.scores(), state.hands, strict=True):
        left = " ".join(card_face(c) for c in hand) or "—"
        figures = (score.laid, score.hand, score.bonus, score.penalty, score.round, score.total)
        rows.append(f"| {name} | " + " | ".join(str(x) for x in figures) + f" | {left} |")
    st.markdown("\n".join(rows))


# --- charts ---------------------------------------------------------------------------------------------


def _charts(game: Game, language: str) -> None:
    seat = _board_seat(game)
    if len(game.people) > 1 and game.needs_handover():
        return  # nothing about a hidden hand while the device changes hands
    states, numbers = game.turn_states()
    labels = [t("charts.dealt", language), *(t("practice.chart.turn", language, number=n) for n in numbers[1:])]
    name = game.names[seat]
    figure = laid_and_hand_figure(
        laid_points_series(states, seat),
        hand_minus_points(states, seat),
        labels,
        (t("practice.chart.laid", language), t("practice.chart.hand", language)),
        t("practice.chart.round_title", language, name=name),
        language,
    )
    st.plotly_chart(figure, key="practice_chart_round")
    totals = game.totals_by_round()
    if any(totals.values()):
        st.plotly_chart(totals_race_figure(totals, game.variant.target, language), key="practice_chart_race")


# --- keep and share ----------------------------------------------------------------------------------


def _keep_and_share(game: Game, language: str) -> None:
    with st.expander(t("practice.keep.heading", language)):
        st.session_state.setdefault(SAVE_NAME, f"{game.variant.id} {game.seed}")
        st.text_input(t("practice.keep.name", language), key=SAVE_NAME)
        with st.container(horizontal=True):
            st.button(t("practice.keep.save", language), key="practice_save", on_click=_save)
            stem = f"500-{game.variant.id}-seed-{game.seed}"
            st.download_button(
                t("practice.keep.download", language),
                data=game.to_yaml(),
                file_name=f"{stem}.yaml",
                mime="application/x-yaml",
                key="practice_download",
            )
            st.download_button(
                t("practice.keep.download_round", language, round=game.current.number),
                data=game.to_yaml(len(game.rounds) - 1),
                file_name=f"{stem}-round-{game.current.number}.yaml",
                mime="application/x-yaml",
                key="practice_download_round",
            )
        st.caption(t("practice.keep.share", language, seed=game.seed))


def _save() -> None:
    game = _current_game()
    language = session.language()
    if game is None:
        return
    store = session.progress_store()
    name = str(st.session_state.get(SAVE_NAME) or "").strip() or f"{game.variant.id} {game.seed}"
    if isinstance(store, ProgressError):
        st.session_state[FEEDBACK] = ("warning", t("ui.progress_unavailable", language, error=str(store)), None)
        return
    try:
        store.save_game(session.learner(), name, game.to_yaml())
    except (ProgressError, ValueError) as error:
        st.session_state[FEEDBACK] = ("warning", t("ui.progress_unavailable", language, error=str(error)), None)
        return
    st.session_state[FEEDBACK] = ("success", t("practice.keep.saved", language, name=name), None)


def _resume_controls(language: str) -> None:
    store = session.progress_store()
    if isinstance(store, ProgressError):
        st.warning(t("ui.progress_unavailable", language, error=str(store)))
        return
    try:
        names = store.saved_games(session.learner())
    except ProgressError as error:
        st.warning(t("ui.progress_unavailable", language, error=str(error)))
        return
    if not names:
        st.caption(t("practice.saved.none", language))
        return
    st.selectbox(t("practice.saved.pick", language), names, key=SAVED)
    with st.container(horizontal=True):
        st.button(t("practice.saved.resume", language), key="practice_resume", on_click=_resume, args=("play",))
        st.button(t("practice.saved.view", language), key="practice_view_saved", on_click=_resume, args=("view",))


def _resume(how: str) -> None:
    language = session.language()
    store = session.progress_store()
    name = st.session_state.get(SAVED)
    if isinstance(store, ProgressError) or not name:
        return
    try:
        text = store.load_game(session.learner(), str(name))
    except ProgressError as error:
        st.session_state[FEEDBACK] = ("warning", t("ui.progress_unavailable", language, error=str(error)), None)
        return
    if text is None:
        return
    _open_text(text, str(name), how)


def _load_controls(language: str) -> None:
    st.file_uploader(t("practice.load.upload", language), type=["yaml", "yml", "json"], key=UPLOAD)
    st.text_area(t("practice.load.paste", language), key=PASTE, height=150)
    with st.container(horizontal=True):
        st.button(t("practice.load.view", language), key="practice_load_view", on_click=_load, args=("view",))
        st.button(t("practice.load.play", language), key="practice_load_play", on_click=_load, args=("play",))


def _load(how: str) -> None:
    upload = st.session_state.get(UPLOAD)
    if upload is not None:
        text = upload.getvalue().decode("utf-8", errors="replace")
        source = str(getattr(upload, "name", "upload"))
    else:
        text = str(st.session_state.get(PASTE) or "")
        source = t("practice.load.pasted", session.language())
    _open_text(text, source, how)


def _open_text(text: str, source: str, how: str) -> None:
    language = session.language()
    try:
        game = Game.from_yaml(text, source, language=language)
    except RecordError as error:
        st.session_state[FEEDBACK] = ("error", t("practice.load.bad", language, error=str(error)), None)
        return
    except ValueError as error:
        st.session_state[FEEDBACK] = ("error", t("practice.load.bad", language, error=str(error)), None)
        return
    if how == "view":
        st.session_state[VIEWER] = RecordViewer(game)
        st.session_state[FEEDBACK] = None
        return
    _open_game(game)
    st.session_state[LAST_SEEN] = len(game.current.steps)


# --- the record viewer -------------------------------------------------------------------------------


def _viewer(viewer: RecordViewer, language: str) -> None:
    game = viewer.game
    state = viewer.state
    round_index, index = viewer.position
    st.subheader(t("practice.viewer.title", language, players=", ".join(game.names), variant=game.variant.name))
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
    line = viewer.line
    st.markdown(f"**{line}**" if line else t("practice.viewer.dealt", language))
    four = session.four_colour()
    st.html(board_html(state, -1, four, board_labels(language)))
    for name, hand in zip(state.players, state.hands, strict=True):
        st.markdown(f"**{t('practice.viewer.hand', language, name=name)}**")
        st.html(hand_html(hand, (), four))
    with st.container(horizontal=True):
        st.button(t("practice.viewer.back", language), key="practice_view_prev", on_click=_view_step, args=(-1,))
        st.button(t("practice.viewer.forward", language), key="practice_view_next", on_click=_view_step, args=(1,))
        st.button(t("practice.viewer.close", language), key="practice_view_close", on_click=_view_close)
    if state.round_over:
        _score_table(state, language)
    if round_index == 0 and index == 0:
        st.caption(t("practice.viewer.help", language))


def _view_step(direction: int) -> None:
    viewer = st.session_state.get(VIEWER)
    if isinstance(viewer, RecordViewer):
        if direction > 0:
            viewer.forward()
        else:
            viewer.back()


def _view_close() -> None:
    st.session_state[VIEWER] = None

"""Keeping and sharing practice games: save one in the progress file and resume it, download it as
``docs/record.md`` records (the whole game or one round), and load records back, uploaded or pasted, to play
on or to step through."""

from __future__ import annotations

import streamlit as st

from engine.errors import RecordError
from engine.records.safe_yaml import decode
from tutor.i18n.plain_text import plain
from tutor.i18n.problems import record_refusal
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.practice.game import Game
from tutor.practice.viewer import RecordViewer
from tutor.progress import ProgressError
from ui.practice.seat import current_game, notice, open_game
from ui.practice.state import (
    DOWNLOAD,
    DOWNLOAD_ROUND,
    LOAD_PLAY,
    LOAD_SECTION,
    LOAD_VIEW,
    PASTE,
    RESUME,
    SAVE,
    SAVE_NAME,
    SAVED,
    SAVED_SECTION,
    UPLOAD,
    VIEW_SAVED,
    practice_state,
)
from ui.shared import session
from ui.shared.storage_fault import progress_notice, say_progress_problem


def keep_and_share(game: Game, language: str | Style) -> None:
    """Save the game in the progress file, download it (or this round) as records, share the seed."""
    with st.expander(t("practice.keep.heading", language)):
        st.session_state.setdefault(SAVE_NAME, f"{game.variant.id} {game.seed}")
        st.text_input(t("practice.keep.name", language), key=SAVE_NAME)
        with st.container(horizontal=True):
            st.button(t("practice.keep.save", language), key=SAVE, on_click=_save)
            stem = f"500-{game.variant.id}-seed-{game.seed}"
            st.download_button(
                t("practice.keep.download", language),
                data=game.to_yaml(),
                file_name=f"{stem}.yaml",
                mime="application/x-yaml",
                key=DOWNLOAD,
            )
            st.download_button(
                t("practice.keep.download_round", language, round=game.current.number),
                data=game.to_yaml(len(game.rounds) - 1),
                file_name=f"{stem}-round-{game.current.number}.yaml",
                mime="application/x-yaml",
                key=DOWNLOAD_ROUND,
            )
        st.caption(t("practice.keep.share", language, seed=game.seed))


def _save() -> None:
    game = current_game()
    if game is None:
        return
    store = session.progress_store()
    name = str(st.session_state.get(SAVE_NAME) or "").strip() or f"{game.variant.id} {game.seed}"
    if isinstance(store, ProgressError):
        _unavailable(store)
        return
    try:
        store.games.save(session.progress_key(), name, game.to_yaml())
    except ProgressError as error:
        _unavailable(error)
        return
    except ValueError as error:
        notice("warning", "ui.progress_unavailable", error=str(error))
        return
    notice("success", "practice.keep.saved", name=name)


def _unavailable(error: ProgressError) -> None:
    """Say why the progress cannot be used now (a database out of reach: without naming it)."""
    key, values = progress_notice(error)
    notice("warning", key, **values)


def resume_controls(language: str | Style) -> None:
    """The saved games of the learner, to play on or to step through (and why a saved game cannot be
    opened, where it was picked)."""
    show_refusal(SAVED_SECTION)
    store = session.progress_store()
    if isinstance(store, ProgressError):
        say_progress_problem(store, language)
        return
    try:
        names = store.games.names(session.progress_key())
    except ProgressError as error:
        say_progress_problem(error, language)
        return
    if not names:
        st.caption(t("practice.saved.none", language))
        return
    st.selectbox(t("practice.saved.pick", language), names, key=SAVED)
    with st.container(horizontal=True):
        st.button(t("practice.saved.resume", language), key=RESUME, on_click=_resume, args=("play",))
        st.button(t("practice.saved.view", language), key=VIEW_SAVED, on_click=_resume, args=("view",))


def _resume(how: str) -> None:
    store = session.progress_store()
    name = st.session_state.get(SAVED)
    if isinstance(store, ProgressError) or not name:
        return
    try:
        text = store.games.load(session.progress_key(), str(name))
    except ProgressError as error:
        _unavailable(error)
        return
    if text is None:
        return
    _open_text(text, str(name), how, SAVED_SECTION)


def load_controls(language: str | Style) -> None:
    """Upload or paste records, to step through or to play on (and why a record was refused, under them)."""
    st.file_uploader(t("practice.load.upload", language), type=["yaml", "yml", "json"], key=UPLOAD)
    st.text_area(t("practice.load.paste", language), key=PASTE, height=150)
    with st.container(horizontal=True):
        st.button(t("practice.load.view", language), key=LOAD_VIEW, on_click=_load, args=("view",))
        st.button(t("practice.load.play", language), key=LOAD_PLAY, on_click=_load, args=("play",))
    show_refusal(LOAD_SECTION)


def _load(how: str) -> None:
    upload = st.session_state.get(UPLOAD)
    if upload is not None:
        source = str(getattr(upload, "name", "upload"))
        try:
            text = decode(upload.getvalue(), source)  # at most 1 MB, UTF-8
        except RecordError as error:
            refuse(LOAD_SECTION, error)
            return
    else:
        text = str(st.session_state.get(PASTE) or "")
        source = t("practice.load.pasted", session.style())
    _open_text(text, source, how, LOAD_SECTION)


def _open_text(text: str, source: str, how: str, section: str) -> None:
    language = session.style()
    try:
        game = Game.from_yaml(text, source, language=language)
    except RecordError as error:  # names the file and the field
        refuse(section, error)
        return
    practice = practice_state()
    practice.refused = None
    if how == "view":
        practice.viewer = RecordViewer(game)
        practice.feedback = None
        return
    open_game(game, seen=True)


def refuse(section: str, error: RecordError) -> None:
    """Keep why a record was refused for ``section`` (:data:`~ui.practice.state.LOAD_SECTION` or
    :data:`~ui.practice.state.SAVED_SECTION`), in the learner's language, and keep that section open: the
    sentence is shown in it, beside what the learner gave, not above the form (nothing was played, so
    nothing is said about the cards)."""
    practice_state().refused = (section, record_refusal(error, session.style()))
    st.session_state[section] = True  # the section's expander: open


def show_refusal(section: str) -> None:
    """Show why the last record given in ``section`` was refused, if it was."""
    refused = practice_state().refused
    if refused and refused[0] == section:
        st.error(t("practice.load.bad", session.style(), error=plain(refused[1])))

"""The Practice page before a game: the start form (against the computer or passing one device, the
seed), and the saved and loaded games to go back to."""

from __future__ import annotations

import streamlit as st

from tutor.compare.grid import table_text
from tutor.i18n.names import cast_names
from tutor.i18n.problems import name_refusal
from tutor.i18n.strings import t
from tutor.i18n.style import Style, style_for
from tutor.practice.deals import prepared_deals
from tutor.practice.game import Game
from tutor.practice.seats import LEVELS, MAX_COMPUTERS, SeatsError, check_table, computer_seats, people_seats
from ui.practice.keep import load_controls, resume_controls
from ui.practice.seat import notice, open_game, show_feedback
from ui.practice.state import (
    ANY_DEAL,
    COMPUTERS,
    KEPT_CHOICES,
    LEVEL,
    LOAD_SECTION,
    MODE,
    NAMES,
    PREPARED,
    SAVED_SECTION,
    SEED,
    START,
    practice_state,
)
from ui.shared import session


def setup_form(language: str | Style) -> None:
    """The start form: against the computer or passing the device, the seed; saved and loaded games."""
    variant = session.variant()
    for key, value in practice_state().form_kept.items():
        if key not in st.session_state:
            st.session_state[key] = value
    st.markdown(t("practice.intro", language))
    rules = table_text(variant, language)
    st.info(t("practice.setup.variant", language, variant=rules))
    st.radio(
        t("practice.setup.mode", language),
        ["computer", "guided", "people"],
        key=MODE,
        format_func=lambda m: t(f"practice.setup.mode_{m}", language),
        horizontal=True,
    )
    mode = st.session_state.get(MODE) or "computer"
    if mode == "guided":
        st.caption(t("practice.setup.guided_help", language))
    if mode in ("computer", "guided"):
        most = max(1, min(MAX_COMPUTERS, variant.max_players - 1))
        st.session_state.setdefault(COMPUTERS, 2 if variant.calls else 1)  # two players may never call
        st.selectbox(t("practice.setup.computers", language), list(range(1, most + 1)), key=COMPUTERS)
        if variant.rommi_call:
            st.caption(t("practice.setup.rommi_players", language))
        elif variant.rummy_call:
            st.caption(t("practice.setup.rummy_players", language))
        if mode == "guided":
            _prepared_deals(variant.id, int(st.session_state.get(COMPUTERS) or 1) + 1, language)
        st.session_state.setdefault(LEVEL, "coach")
        st.selectbox(
            t("practice.setup.level", language),
            list(LEVELS),
            key=LEVEL,
            format_func=lambda lvl: t(f"practice.level_help.{lvl}", language),
        )
    else:
        st.session_state.setdefault(NAMES, "\n".join(cast_names(("Anna", "Bertil"), style_for(language).language)))
        st.text_area(t("practice.setup.names", language), key=NAMES, height=120)
    st.session_state.setdefault(SEED, practice_state().default_seed)
    st.number_input(t("practice.setup.seed", language), min_value=0, step=1, key=SEED)
    st.caption(t("practice.setup.seed_help", language))
    st.button(t("practice.setup.start", language), key=START, on_click=_start, type="primary")
    show_feedback()
    with st.expander(t("practice.saved.heading", language), key=SAVED_SECTION, on_change="rerun"):
        resume_controls(language)
    with st.expander(t("practice.load.heading", language), key=LOAD_SECTION, on_change="rerun"):
        load_controls(language)


def _prepared_deals(variant_id: str, players: int, language: str | Style) -> None:
    """The deals prepared to show this table's rules in a guided hand: picking one fills in its number."""
    deals = prepared_deals(variant_id, players)
    if not deals:
        return
    shows = {d.deal: tuple(t(f"guide.topic.{topic}", language) for topic in d.shows) for d in deals}
    if st.session_state.get(PREPARED, ANY_DEAL) not in (ANY_DEAL, *shows):  # a deal of another table size
        st.session_state[PREPARED] = ANY_DEAL
    st.session_state.setdefault(PREPARED, ANY_DEAL)  # a value, not None: Streamlit shows None as an empty box
    st.selectbox(
        t("practice.setup.prepared", language),
        [ANY_DEAL, *shows],
        key=PREPARED,
        format_func=lambda deal: (
            t("practice.setup.prepared_any", language)
            if deal == ANY_DEAL
            else t("practice.setup.prepared_deal", language, deal=deal, shows=shows[deal])
        ),
        on_change=_use_prepared,
    )


def _use_prepared() -> None:
    deal = st.session_state.get(PREPARED)
    if isinstance(deal, int):
        st.session_state[SEED] = deal


def _start() -> None:
    language = session.style()
    variant = session.variant()
    mode = st.session_state.get(MODE) or "computer"
    seed = int(st.session_state.get(SEED) or 0)
    practice_state().form_kept = {key: st.session_state[key] for key in KEPT_CHOICES if key in st.session_state}
    try:
        if mode in ("computer", "guided"):
            seats = computer_seats(
                session.learner(), int(st.session_state.get(COMPUTERS) or 1), str(st.session_state.get(LEVEL)), language.language
            )
        else:
            seats = people_seats(str(st.session_state.get(NAMES) or "").splitlines())
        check_table(seats, variant.min_players, variant.max_players)
        game = Game.new(variant, seats, seed, language)
    except SeatsError as error:
        notice("error", "practice.setup.bad_table", problem=seats_refusal(error, mode, language))
        return
    game.guided = mode == "guided"
    open_game(game)


def seats_refusal(error: SeatsError, mode: str, language: str | Style) -> str:
    """Why the table cannot be seated, in ``language``: a name refused says where to change it (the
    sidebar for the learner's own name, against the computer; the list of players otherwise)."""
    if error.problem is not None:
        return name_refusal(error.problem, "sidebar" if mode in ("computer", "guided") else "practice", language)
    return t(error.key, language, **error.values)

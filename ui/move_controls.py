"""The card picking both game pages share: the board with a clickable discard pile, the hand (clickable
card drawings and pills over it), the pile pills, the joker declaration pickers, the lay-off target and
the action buttons; and the move text the picks make (:func:`tutor.move_text.build_move`).

A page names its widget keys with a :class:`PickKeys` (Learn: ``learn_*``, Practice: ``practice_*``) and
passes the actions to offer and the callback of their buttons; what happens with the move is the page's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial

import streamlit as st

from engine.cards import NATURALS, Card
from engine.state import GameState, Phase
from tutor.move_text import Action, build_move, card_options, hand_options, option_card, pile_depth
from tutor.strings import t
from ui.cards import board_html, card_face, card_label, fresh_cards, hand_html
from ui.clickable import clickable_cards

MAX_JOKER_PICKERS = 4
_MELD_PRIMARY: tuple[Action, ...] = ("meld",)


@dataclass(frozen=True)
class PickKeys:
    """The session keys of one page's pick widgets; ``prefix`` starts the keys of its buttons and drawings."""

    prefix: str
    hand: str
    pile: str
    layoff_target: str
    joker_prefix: str

    @property
    def jokers(self) -> list[str]:
        """The keys of the joker declaration pickers."""
        return [f"{self.joker_prefix}{i}" for i in range(MAX_JOKER_PICKERS)]

    @property
    def picks(self) -> tuple[str, ...]:
        """Every key a move's picks live under (cleared after a move is accepted)."""
        return (self.hand, self.pile, self.layoff_target, *self.jokers)

    def pick_css(self) -> str:
        """A picked pill draws its label in the theme's primary colour (red), which would make a black card
        (Q♠, 9♣) look red once picked; keep black cards black. Red and four-colour labels carry their own colour."""
        selectors = ",".join(
            f'.st-key-{key} button[aria-pressed="true"] [data-testid="stMarkdownContainer"] p'
            for key in (self.hand, self.pile)
        )
        return f"<style>{selectors}{{color:#161616}}</style>"


def board_labels(language: str) -> dict[str, str]:
    """The words of a board drawing (:func:`ui.cards.board_html`) in ``language``."""
    keys = ("stock", "pile", "table", "take", "cards", "empty_pile", "to_move", "meld", "set", "run", "by", "empty")
    return {key: t(f"ui.board.{key}", language) for key in keys}


def clear_picks(keys: PickKeys) -> None:
    """Forget every pick (a new position, or a move accepted)."""
    for key in keys.picks:
        st.session_state.pop(key, None)


def clickable_board(keys: PickKeys, state: GameState, seat: int, four: bool, language: str) -> None:
    """The board from ``seat``'s side; a click on a card of the discard pile picks it (again: unpicks it)."""
    pile_values = card_options(state.pile)
    html = board_html(state, seat, four, board_labels(language), pile_values, st.session_state.get(keys.pile))
    clickable_cards(html, key=f"{keys.prefix}board_cards", on_click=partial(_pick_pile_card, keys))


def turn_actions(state: GameState, rommi: bool = False) -> list[Action]:
    """The buttons of a turn: lay off only once the table has a meld, stop only once the stock is empty."""
    actions: list[Action] = ["draw", "take", "take_all", "meld", "layoff", "discard"]
    if not state.table:
        actions.remove("layoff")  # nothing to lay off on yet
    if not state.stock:
        actions.append("stop")
    if rommi:
        actions.append("rommi")
    return actions


def primary_actions(state: GameState, play_primary: Collection[Action]) -> set[Action]:
    """The buttons to highlight: in the draw phase the ways to start a turn that the stock and pile allow
    (draw, take, or stop once the stock is empty), in the play phase the page's ``play_primary`` (meld…).
    A Rommi call, made in another player's draw phase, stays highlighted where the page asks for it."""
    if state.phase is not Phase.DRAW:
        return set(play_primary)
    useful: set[Action] = {"draw"} if state.stock else {"stop"}
    if state.pile:
        useful |= {"take", "take_all"}
    if "rommi" in play_primary:
        useful.add("rommi")
    return useful


def move_controls(
    keys: PickKeys,
    state: GameState,
    hand: Sequence[Card],
    language: str,
    four: bool,
    actions: Sequence[Action],
    on_action: Callable[[Action], None],
    primary: Collection[Action] = _MELD_PRIMARY,
    layoff_target: bool = True,
    more: Callable[[], None] | None = None,
) -> None:
    """The pick widgets over ``hand`` and ``state``'s pile, then a button per action calling ``on_action``;
    ``more`` draws further buttons in the same row. ``primary``: the buttons to highlight in the play
    phase (in the draw phase, Draw and Take are: :func:`primary_actions`)."""
    options = hand_options(hand)
    picked = [v for v in (st.session_state.get(keys.hand) or []) if v in options]
    if picked != (st.session_state.get(keys.hand) or []):
        st.session_state[keys.hand] = picked
    pile_values = card_options(state.pile)
    if st.session_state.get(keys.pile) not in (None, *pile_values):
        st.session_state[keys.pile] = None

    st.html(keys.pick_css())  # outside the component: it styles the pills of the page
    clickable_cards(
        hand_html(
            hand,
            [options.index(v) for v in picked],
            four,
            values=options,
            fresh=_fresh_captions(state, hand, language),  # "drawn" under the card just drawn
        ),
        key=f"{keys.prefix}hand_cards",
        on_click=partial(_toggle_hand_card, keys),
    )
    st.pills(
        t("ui.learn.pick_hand", language),
        options,
        selection_mode="multi",
        key=keys.hand,
        format_func=lambda v: card_label(option_card(v), four),
    )
    if state.pile:
        st.pills(
            t("ui.learn.pick_pile" + ("" if state.variant.pile_take == "any_depth" else f"_{state.variant.pile_take}"), language),
            pile_values,
            selection_mode="single",
            key=keys.pile,
            format_func=lambda v: (
                f"{card_label(option_card(v), four)} · {t('ui.board.take', language)} {pile_depth(state.pile, v)}"
            ),
        )
    jokers = sum(1 for v in picked if option_card(v).is_joker)
    for i in range(min(jokers, MAX_JOKER_PICKERS)):
        st.selectbox(
            t("ui.learn.joker_stands_for", language, number=i + 1),
            [str(c) for c in NATURALS],
            index=None,
            placeholder=t("ui.learn.joker_placeholder", language),
            key=f"{keys.joker_prefix}{i}",
            format_func=lambda v: card_face(Card.parse(v)),
        )
    if state.table and layoff_target:
        numbers = list(range(1, len(state.table) + 1))
        if st.session_state.get(keys.layoff_target) not in numbers:
            st.session_state[keys.layoff_target] = numbers[0]
        st.selectbox(
            t("ui.learn.layoff_target", language),
            numbers,
            key=keys.layoff_target,
            format_func=lambda n: (
                f"{t('ui.board.meld', language)} {n}: " + " ".join(card_face(c) for c in state.table[n - 1].cards)
            ),
        )
    highlighted = primary_actions(state, primary)
    with st.container(horizontal=True):
        for action in actions:
            st.button(
                t(f"ui.actions.{action}", language),
                key=f"{keys.prefix}{action}",
                on_click=on_action,
                args=(action,),
                type="primary" if action in highlighted else "secondary",
            )
        if more is not None:
            more()


def _fresh_captions(state: GameState, hand: Sequence[Card], language: str) -> list[str]:
    """Under the cards that reached the hand this turn: "drawn" or "taken"."""
    return [t(f"ui.board.{kind}", language) if kind else "" for kind in fresh_cards(state, hand)]


def picked_move(keys: PickKeys, action: Action, state: GameState) -> str:
    """The move text the picks make for ``action`` (raises :class:`tutor.move_text.SelectionProblem`)."""
    picked = list(st.session_state.get(keys.hand) or [])
    jokers = sum(1 for v in picked if option_card(v).is_joker)
    declarations = [st.session_state.get(f"{keys.joker_prefix}{i}") for i in range(jokers)]
    meld = st.session_state.get(keys.layoff_target) if state.table else 1
    return build_move(
        action,
        picked=picked,
        pile_pick=st.session_state.get(keys.pile),
        pile=state.pile,
        meld=meld,
        declarations=declarations,
    )


def _toggle_hand_card(keys: PickKeys, value: str) -> None:
    """A click on a card of the hand picks it, or puts it back."""
    picked = list(st.session_state.get(keys.hand) or [])
    st.session_state[keys.hand] = [v for v in picked if v != value] if value in picked else [*picked, value]


def _pick_pile_card(keys: PickKeys, value: str) -> None:
    """A click on a card of the discard pile picks it as the card to take down to (again: unpicks it)."""
    st.session_state[keys.pile] = None if st.session_state.get(keys.pile) == value else value

"""Opening the app through AppTest, the way every page test does, and making a move through the move
controls that Learn and Practice share (:mod:`ui.move_controls`), as a learner does."""

from __future__ import annotations

from collections.abc import Sequence

from streamlit.testing.v1 import AppTest

from engine.cards import Card
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Stop, Take
from tutor.move_text import hand_options, option_for_depth
from ui.move_controls import PickKeys

#: The app's entry, relative to this folder (AppTest resolves it against the calling file's folder).
APP = "../app.py"


def open_app(
    page: str | None = None, lesson: str | None = None, locale: str | None = None, learner: str | None = None
) -> AppTest:
    """The app, run once (at ``?lesson=…`` when given, in ``locale`` when given, as the learner of
    ``?learner=…`` when given: a browser coming back), then switched to ``ui/pages/<page>.py`` when a page
    is named; it must run without an exception."""
    at = AppTest.from_file(APP, default_timeout=30)
    if lesson is not None:
        at.query_params["lesson"] = lesson
    if learner is not None:
        at.query_params["learner"] = learner
    if locale is not None:
        at.context = {"locale": locale}
    at.run()
    if page is not None:
        at.switch_page(f"ui/pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def pick(hand: Sequence[Card], cards: Sequence[Card]) -> list[str]:
    """The hand pills' values that pick ``cards`` (each copy of a card once)."""
    free = list(zip(hand, hand_options(hand), strict=True))
    values = []
    for card in cards:
        match = next(i for i, (c, _) in enumerate(free) if c is card.in_hand)
        values.append(free.pop(match)[1])
    return values


def play_through_widgets(at: AppTest, keys: PickKeys, move: Move, hand: Sequence[Card], pile: Sequence[Card]) -> None:
    """Make ``move`` on the page whose pick widgets are ``keys`` the way a learner does: pick the cards,
    press the button; the app must run on without an exception."""
    button = keys.prefix
    if isinstance(move, Draw | Stop):
        at.button(key=f"{button}{move}").click()
    elif isinstance(move, Take) and move.count is None:
        at.button(key=f"{button}take_all").click()
    elif isinstance(move, Take | Rommi):
        at.pills(key=keys.pile).set_value(option_for_depth(pile, int(move.count or 1)))
        at.button(key=f"{button}take" if isinstance(move, Take) else f"{button}rommi").click()
    elif isinstance(move, Discard):
        at.pills(key=keys.hand).set_value(pick(hand, [move.card]))
        at.button(key=f"{button}discard").click()
    elif isinstance(move, Meld | Layoff):
        at.pills(key=keys.hand).set_value(pick(hand, list(move.cards)))
        declared = [c for c in move.cards if c.is_joker]
        if declared:
            at.run()  # the joker pickers appear once a joker is picked
            for i, card in enumerate(declared):
                at.selectbox(key=f"{keys.joker_prefix}{i}").set_value(str(card.natural_card))
        if isinstance(move, Layoff):
            at.selectbox(key=keys.layoff_target).set_value(move.meld)
            at.button(key=f"{button}layoff").click()
        else:
            at.button(key=f"{button}meld").click()
    else:  # pragma: no cover - a new kind of move
        raise AssertionError(f"no widgets for {move}")
    at.run()
    assert not at.exception, at.exception

"""From what a learner picked on screen to a :class:`~engine.moves.Move`, built with the engine's own constructors.

The app shows the hand and the discard pile as pickable cards and offers buttons (draw, take, meld, …).
This module turns a button and the picks into the move that :func:`tutor.learn.checker.try_move` judges, so
the app never decides a rule itself (and never writes a move as text). A pick that cannot make a move at
all (no card picked for a meld) raises :class:`SelectionProblem`, whose ``key`` names the UI sentence to show.

Cards are picked by *option values*: the card's text, with ``·2``, ``·3`` … for further copies of the
same card (two decks, two jokers), so every card in a hand or pile has a value of its own:

>>> hand_options(parse_cards("5H 5S JK JK"))
['5H', '5S', 'JK', 'JK·2']
>>> picked_move("meld", picked=["5H", "5S", "JK"], declarations=["5D"])
Move.parse('meld 5H 5S JK=5D')
>>> picked_move("take", pile_pick="9H", pile=parse_cards("9H 2C 5D"))
Move.parse('take 3')
>>> picked_move("layoff", picked=["6H"], meld=2)
Move.parse('layoff 6H on 2')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

from engine.cards import JOKER, Card
from engine.errors import NotationError
from engine.moves import DRAW, STOP, TAKE_ALL, Discard, Layoff, Meld, Move, Rommi, Rummy, Take, discard, take

Action = Literal["draw", "take", "take_all", "meld", "layoff", "discard", "stop", "rommi", "rummy", "no_call"]

#: Every action a button can ask for, in the order the app shows them. ``no_call`` is no move: a seat's
#: answer to a Rommi! or Rummy! window (the page handles it; :func:`picked_move` refuses it).
ACTIONS: Final[tuple[Action, ...]] = (
    "draw", "take", "take_all", "meld", "layoff", "discard", "stop", "rommi", "rummy", "no_call",
)

COPY_MARK: Final = "·"


class SelectionProblem(ValueError):
    """The picks do not make a move (no card, two cards to discard…); ``key`` is the ``ui.*`` string to show."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def card_options(cards: Sequence[Card]) -> list[str]:
    """One option value per card, in order: the card's text, then ``·2``, ``·3`` for further copies.

    >>> card_options(parse_cards("9H 2C 9H"))
    ['9H', '2C', '9H·2']
    """
    seen: dict[str, int] = {}
    values = []
    for card in cards:
        text = str(card)
        seen[text] = seen.get(text, 0) + 1
        values.append(text if seen[text] == 1 else f"{text}{COPY_MARK}{seen[text]}")
    return values


def hand_options(hand: Sequence[Card]) -> list[str]:
    """The option values of a hand (see :func:`card_options`)."""
    return card_options(hand)


def option_card(value: str) -> Card:
    """The card an option value stands for.

    >>> option_card("JK·2"), option_card("10H")
    (Card.parse('JK'), Card.parse('10H'))
    """
    return Card.parse(value.split(COPY_MARK)[0])


def pile_depth(pile: Sequence[Card], value: str) -> int:
    """How many cards a take must lift to reach the pile card ``value`` (the top card is 1).

    >>> pile_depth(parse_cards("9H 2C 5D"), "5D"), pile_depth(parse_cards("9H 2C 5D"), "9H")
    (1, 3)
    """
    options = card_options(pile)
    if value not in options:
        raise SelectionProblem("ui.problem.pick_pile_card")
    return len(pile) - options.index(value)


def option_for_depth(pile: Sequence[Card], depth: int) -> str:
    """The option value of the pile card that ``take depth`` reaches (the inverse of :func:`pile_depth`).

    >>> option_for_depth(parse_cards("9H 2C 5D"), 3)
    '9H'
    """
    return card_options(pile)[len(pile) - depth]


def laid_cards(cards: Sequence[Card], declarations: Sequence[str | None]) -> tuple[Card, ...]:
    """The picked cards as laid in a meld or lay-off: the n-th joker declared as its n-th declaration (a
    card's text; a bare joker when none was chosen, which the engine then explains). A declaration that is
    not a natural card raises :class:`~engine.errors.NotationError`.

    >>> laid_cards(parse_cards("JK 8H JK"), ["7H", None])
    (Card.parse('JK=7H'), Card.parse('8H'), Card.parse('JK'))
    """
    laid = []
    jokers = 0
    for card in cards:
        if card.is_joker:
            declared = declarations[jokers] if jokers < len(declarations) else None
            jokers += 1
            laid.append(_declared_joker(declared) if declared else JOKER)
        else:
            laid.append(card)
    return tuple(laid)


def _declared_joker(declared: str) -> Card:
    """A joker declared as the card ``declared`` names (a natural card: a joker stands for no joker)."""
    natural = Card.parse(declared)
    if natural.is_joker:
        raise NotationError("card.joker_as_joker", text=declared)
    return Card.joker_as(natural)


def picked_move(
    action: Action,
    *,
    picked: Sequence[str] = (),
    pile_pick: str | None = None,
    pile: Sequence[Card] = (),
    meld: int | None = None,
    declarations: Sequence[str | None] = (),
) -> Move:
    """The move ``action`` makes with the hand cards ``picked`` (option values), the pile card ``pile_pick``
    (an option value of ``pile``), the meld number ``meld`` and the joker declarations.

    Raises :class:`SelectionProblem` when the picks cannot make that move. Whether the move is *legal*
    is for the engine to say, not for this function.

    >>> picked_move("draw"), picked_move("take_all"), picked_move("discard", picked=["JK"])
    (Move.parse('draw'), Move.parse('take all'), Move.parse('discard JK'))
    >>> picked_move("rommi", pile_pick="5D", pile=parse_cards("9H 2C 5D")), picked_move("rummy", meld=2)
    (Move.parse('rommi 1'), Move.parse('rummy 2'))
    >>> picked_move("discard", picked=["5H", "5S"])
    Traceback (most recent call last):
    ...
    tutor.seat.picks.SelectionProblem: ui.problem.pick_one_card
    """
    cards = [option_card(value) for value in picked]
    if action == "draw":
        return DRAW
    if action == "stop":
        return STOP
    if action == "take_all":
        return TAKE_ALL
    if action in ("take", "rommi"):
        if pile_pick is None:
            raise SelectionProblem("ui.problem.pick_pile_card")
        depth = pile_depth(pile, pile_pick)
        return take(depth) if action == "take" else Rommi(depth)
    if action == "rummy":  # the card just discarded, laid off on the meld picked
        if meld is None:
            raise SelectionProblem("ui.problem.pick_meld")
        return Rummy(meld)
    if action == "discard":
        if len(cards) != 1:
            raise SelectionProblem("ui.problem.pick_one_card")
        return discard(cards[0].in_hand)
    if not cards:  # the sentence names the action pressed: cards to meld, or cards to lay off
        raise SelectionProblem("ui.problem.pick_cards" if action == "meld" else "ui.problem.pick_cards_layoff")
    if action == "meld":
        return Meld(laid_cards(cards, declarations))
    if action == "layoff":
        if meld is None:
            raise SelectionProblem("ui.problem.pick_meld")
        return Layoff(laid_cards(cards, declarations), meld)
    raise SelectionProblem("ui.problem.unknown_action")


def action_for(move: Move) -> Action:
    """The action a learner presses to make ``move`` (the inverse of :func:`picked_move`'s ``action``).

    >>> action_for(Move.parse("take all")), action_for(Move.parse("take 2")), action_for(Move.parse("meld 5H 5S 5D"))
    ('take_all', 'take', 'meld')
    """
    return "take_all" if isinstance(move, Take) and move.count is None else move.kind


def picks_for(move: Move, hand: Sequence[Card], pile: Sequence[Card]) -> dict[str, Any]:
    """The picks that make ``move`` on the table (the inverse of :func:`picked_move`): the hand cards (option
    values of ``hand``), the pile card, the meld number and each joker's declaration; what "show me" picks
    for the learner.

    >>> hand, pile = parse_cards("5H JK 5S 9C"), parse_cards("9H 2C 5D")
    >>> picks_for(Move.parse("meld 5H 5S JK=5D"), hand, pile)
    {'hand': ['5H', '5S', 'JK'], 'pile': None, 'meld': None, 'jokers': ['5D']}
    >>> picks_for(Move.parse("take 2"), hand, pile)["pile"], picks_for(Move.parse("take all"), hand, pile)["pile"]
    ('2C', '5D')
    >>> picks_for(Move.parse("layoff 9C on 2"), hand, pile)["meld"]
    2
    """
    values = card_options(hand)
    free = list(zip(values, hand, strict=True))
    cards: tuple[Card, ...] = getattr(move, "cards", ()) or ((move.card,) if isinstance(move, Discard) else ())
    picked: list[str] = []
    for card in cards:
        wanted = JOKER if card.is_joker else card
        match = next((pair for pair in free if pair[1] == wanted or (card.is_joker and pair[1].is_joker)), None)
        if match is not None:
            free.remove(match)
            picked.append(match[0])
    depth = move.count if isinstance(move, Take | Rommi) else None
    pile_pick = None
    if isinstance(move, Take | Rommi) and pile:
        pile_pick = option_for_depth(pile, depth if depth is not None else 1)
    return {
        "hand": picked,
        "pile": pile_pick,
        "meld": move.meld if isinstance(move, Layoff | Rummy) else None,
        "jokers": [str(card.natural_card) for card in cards if card.is_joker and card.declared],
    }

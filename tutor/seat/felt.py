"""The card table's data: what the table component (:mod:`ui.felt.widget`) draws, as a JSON-able dict.

One pure function, :func:`felt_data`, builds it from what one seat may see: a player's
:class:`engine.view.PlayerView` (``state.view(seat)``), a watcher's too (``state.view(None)``: no hand, no
moves). It reads nothing else, so no other hand and no stock order can reach the browser. It shows the
other players (name and card count only), the stock (its count), the spread discard pile, the melds (numbered, each card with who
laid it), the seat's own hand (with the card just drawn marked), the actions, every word the table shows
or says to a screen reader (from the catalogue), and, when marks are wanted, the engine's listing of what
a selection allows (:func:`listing`, from the view's own listing), so the browser can light up Meld for a
legal meld without asking the server.

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("dansk"), ["Anna", "Bertil"],
...     [parse_cards("QS QH QD 9C"), parse_cards("2C")], stock=parse_cards("7H"), pile=parse_cards("KD 5D"))
>>> data = felt_data(state.apply(DRAW).view(0), FeltOptions(actions=("meld", "discard")))
>>> data["others"][0]["label"], data["pile"]["label"]
('Bertil, 1 card', 'discard pile, 2 cards, 5 of diamonds on top')
>>> [(c["name"], c["fresh"]) for c in data["hand"] if c["fresh"]]
[('7 of hearts', 'drawn')]
>>> data["legal"]["melds"]["QD QH QS"]
[]
>>> watched = felt_data(state.view(None), FeltOptions(show_hand=False, interactive=False))
>>> [o["name"] for o in watched["others"]], watched["hand"], watched["legal"]
(['Anna', 'Bertil'], [], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, Literal

from engine.cards import NATURALS, Card
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Rummy, Stop, Take
from engine.round import Phase, Round
from engine.view import PlayerView
from tutor.i18n.card_names import colour, face, rank, spoken
from tutor.i18n.strings import t
from tutor.i18n.style import Style, style_for
from tutor.i18n.translate import shown_name
from tutor.seat.picks import ACTIONS, Action, card_options, picks_for

#: The order of the suits when a hand is sorted by suit: black and red alternate (♠ ♥ ♣ ♦).
SUIT_ORDER: Final = (0, 1, 3, 2)

#: The words of the table, looked up under ``table.*`` in the catalogue.
WORD_KEYS: Final = (
    "stock", "pile", "melds", "hand", "you", "to_move", "empty_pile", "no_melds", "drawn", "taken",
    "sort_dealt", "sort_suit", "sort_rank", "joker_stands_for", "joker_choose", "fits", "meld_target",
    "sort_label", "actions_label", "message_label", "log_label", "pile_top", "your_turn",
)  # fmt: skip


@dataclass(frozen=True)
class FeltOptions:
    """How the table is drawn: the actions to offer (and which to highlight), whether the listing's marks
    show (not in a "legal or not?" question), whether the hand may be picked from, large cards, the
    language (a :class:`~tutor.i18n.style.Style`: with it the card letters and the four-colour deck), and
    what is said beside the table (a message of the last move, the log of the others)."""

    actions: Sequence[Action] = ()
    primary: Sequence[Action] = ()
    marks: bool = True
    interactive: bool = True
    large: bool = False
    show_hand: bool = True
    message: tuple[str, str] | None = None  # (kind, sentence): error, warning, success or info
    log: Sequence[str] = ()
    position: str = ""  # changes with every new position: the browser then forgets its picks
    top: bool = False  # a new scenario or game: the browser scrolls the page to its top
    language: str | Style = "en"
    extra: dict[str, Any] = field(default_factory=dict)
    poll_ms: int = 0  # a shared table: the browser asks for a fresh look this often
    show: tuple[int, Move] | None = None  # "show me": (a number per showing, the move whose picks are made for the learner)
    ready: bool = False  # the browser says once that the table is drawn (the page then draws what waited for it)




def count_words(count: int, language: str | Style = "en") -> str:
    """``1 card``, ``3 cards``: the plural follows the count.

    >>> count_words(1), count_words(0), count_words(7)
    ('1 card', '0 cards', '7 cards')
    """
    return t("table.count", language, count=count)


def card_data(card: Card, value: str, four_colour: bool, language: str | Style) -> dict[str, Any]:
    """One card for the browser: its pick value, its text in the notation (``t``, only to match the
    listing), rank and suit to print, ink, words, and its sort keys (by suit, by rank; ace high)."""
    joker = card.is_joker and not card.declared
    order = 15 if joker else (14 if card.rank == 1 else card.rank)
    suit = 9 if joker else SUIT_ORDER.index(card.suit)
    return {
        "v": value,
        "t": str(card.in_hand),
        "rank": "" if joker else rank(card.rank, language),
        "suit": "★" if joker else card.suit_symbol,
        "ink": colour(card, four_colour),
        "name": spoken(card, language),
        "joker": joker,
        "declared": bool(card.declared),
        "by_suit": suit * 100 + order,
        "by_rank": order * 10 + suit,
    }


def selection_key(cards: Sequence[Card]) -> str:
    """The key of a set of cards from the hand, in any order: their texts sorted (a joker is ``JK``).

    >>> selection_key([Card.parse("QS"), Card.parse("JK=QD"), Card.parse("QH")])
    'JK QH QS'
    """
    return " ".join(sorted(str(c.in_hand) for c in cards))


def _joker_options(moves: Sequence[Meld | Layoff]) -> list[list[str]]:
    """Per joker of a laid set of cards, the declarations some legal move gives it (in card order)."""
    jokers = max((sum(1 for c in m.cards if c.is_joker) for m in moves), default=0)
    options: list[set[Card]] = [set() for _ in range(jokers)]
    for move in moves:
        declared = [c.natural_card for c in move.cards if c.is_joker]
        if len(declared) == 1 and jokers > 1:
            for choice in options:
                choice.update(declared)
        for i, card in enumerate(declared):
            options[i].add(card)
    return [[str(c) for c in NATURALS if c in choice] for choice in options]


def seat_moves(state: Round, seat: int) -> list[Move]:
    """The legal moves of ``seat`` now: its turn's moves, or its Rommi calls in another player's turn."""
    if state.round_over:
        return []
    if seat == state.to_move:
        return list(state.legal_moves())
    return [move for player, move in state.rommi_calls() if player == seat]


def joker_choices(
    state: Round, seat: int, cards: Sequence[Card], action: Literal["meld", "layoff"], meld: int | None = None
) -> list[list[str]]:
    """The cards each joker among ``cards`` may be declared as so that the meld (or the lay-off on meld
    number ``meld``) is legal for ``seat`` now, from the engine's listing; ``[]`` per joker when none is.

    >>> from engine.cards import parse_cards
    >>> from engine.moves import DRAW
    >>> from engine.variants import get_variant
    >>> state = Round.from_position(get_variant("rommi"), ["Anna", "Bertil"],
    ...     [parse_cards("5H 6H JK 9C"), parse_cards("2C")], stock=parse_cards("7S"), pile=parse_cards("KD"))
    >>> joker_choices(state.apply(DRAW), 0, parse_cards("5H 6H JK"), "meld")
    [['4H', '7H']]
    """
    key = selection_key(cards)
    jokers = sum(1 for c in cards if c.is_joker and not c.declared)
    matching: list[Meld | Layoff] = []
    for move in seat_moves(state, seat):
        if (action == "meld" and isinstance(move, Meld) and selection_key(move.cards) == key) or (action == "layoff" and isinstance(move, Layoff) and move.meld == meld and selection_key(move.cards) == key):
            matching.append(move)
    found = _joker_options(matching)
    return found + [[] for _ in range(jokers - len(found))]


def listing(view: PlayerView[Round]) -> dict[str, Any]:
    """What each selection allows the view's seat, from its legal moves and calls (``view.legal``):
    whether draw, stop and take-all are legal, the legal take depths, Rommi calls (depths) and Rummy! calls (melds), the legal melds and
    lay-offs (by :func:`selection_key`, with the joker declarations that make them legal) and the legal
    discards."""
    melds: dict[str, list[Meld | Layoff]] = {}
    layoffs: dict[str, dict[int, list[Meld | Layoff]]] = {}
    found: dict[str, Any] = {"draw": False, "stop": False, "take_all": False, "takes": [], "rommi": [], "rummy": [], "discards": []}
    for move in _view_moves(view):
        if isinstance(move, Meld):
            melds.setdefault(selection_key(move.cards), []).append(move)
        elif isinstance(move, Layoff):
            layoffs.setdefault(selection_key(move.cards), {}).setdefault(move.meld, []).append(move)
        elif isinstance(move, Discard):
            found["discards"].append(str(move.card.in_hand))
        elif isinstance(move, Rommi):
            found["rommi"].append(int(move.count or 1))
        elif isinstance(move, Rummy):
            found["rummy"].append(move.meld)
        elif isinstance(move, Take):
            if move.count is None:
                found["take_all"] = True
            else:
                found["takes"].append(int(move.count))
        elif isinstance(move, Stop):
            found["stop"] = True
        else:
            found["draw"] = True
    found["melds"] = {key: _joker_options(moves) for key, moves in melds.items()}
    found["layoffs"] = {
        key: {str(number): _joker_options(moves) for number, moves in targets.items()} for key, targets in layoffs.items()
    }
    return found


def _view_moves(view: PlayerView[Round]) -> Iterable[Move]:
    """The moves of the view's seat now (none once the round is over)."""
    legal: Iterable[tuple[int, Move]] = () if view.phase is Phase.OVER else view.legal
    return (move for _, move in legal)


def _words(language: str | Style) -> dict[str, str]:
    words = {key: t(f"table.{key}", language) for key in WORD_KEYS}
    return words | {f"action_{action}": t(f"ui.actions.{action}", language) for action in ACTIONS}


def felt_data(view: PlayerView[Round], options: FeltOptions) -> dict[str, Any]:
    """Everything the table component draws for the view's seat (see the module's docstring); JSON-able.
    Read from ``view`` alone: the view holds no other hand, no stock order and no seed."""
    language = options.language
    four = style_for(language).four_colour
    seat, names = view.seat, tuple(shown_name(name, language) for name in view.players)
    over = view.phase is Phase.OVER
    you = t("table.you", language)
    others = []
    for other, name in enumerate(names):
        if other == seat:
            continue
        count = view.hand_sizes[other]
        moving = other == view.to_move and not over
        label = f"{name}, {count_words(count, language)}" + (f", {t('table.to_move', language)}" if moving else "")
        others.append({"name": name, "count": count, "to_move": moving, "label": label})
    pile = list(view.pile)
    pile_values = card_options(pile)
    pile_label = t("table.pile_empty_label", language)
    if pile:
        pile_label = t(
            "table.pile_label", language, cards=count_words(len(pile), language), top=spoken(pile[-1], language)
        )
    melds = []
    for number, meld in enumerate(view.table, start=1):
        kind = t(f"table.kind_{meld.shape.kind}", language)
        owner = you if meld.owner == seat else names[meld.owner]
        cards = []
        for card, layer in zip(meld.cards, meld.layers, strict=False):
            entry = card_data(card, str(card), four, language)
            entry["by"] = you if layer == seat else names[layer]
            entry["mine"] = layer == seat
            cards.append(entry)
        title = t("table.meld_title", language, number=number, kind=kind, owner=owner)
        label = title + ": " + ", ".join(f"{c['name']} ({c['by']})" for c in cards)
        melds.append({"number": number, "title": title, "label": label, "cards": cards})
    hand: list[dict[str, Any]] = []
    if options.show_hand:
        own = view.hand
        fresh = _fresh(view)
        for i, (card, value) in enumerate(zip(own, card_options(own), strict=True)):
            entry = card_data(card, value, four, language)
            entry["fresh"] = fresh[i]
            hand.append(entry)
    whole = view.variant.pile_take == "whole_pile"
    return {
        "position": options.position,
        "poll_ms": options.poll_ms,
        "show": _shown(view, options.show),
        "ready": options.ready,
        "top": options.top,
        "interactive": options.interactive,
        "your_turn": options.interactive and seat == view.to_move and not over,
        "marks": options.marks,
        "large": options.large,
        "whole_pile": whole,
        "seat_name": names[seat] if seat is not None else "",
        "others": others,
        "stock": {
            "count": view.stock_size,
            "label": t("table.stock_label", language, cards=count_words(view.stock_size, language)),
        },
        "pile": {
            "label": pile_label,
            "cards": [
                card_data(c, v, four, language) | {"depth": len(pile) - i, "take": _take_label(len(pile) - i, language)}
                for i, (c, v) in enumerate(zip(pile, pile_values, strict=True))
            ],
        },
        "melds": melds,
        "hand": hand,
        "hand_label": t("table.hand_label", language, cards=count_words(len(hand), language)),
        "actions": [{"id": a, "primary": a in options.primary} for a in options.actions],
        "words": _words(language) | {k: str(v) for k, v in options.extra.items()},
        "message": {"kind": options.message[0], "text": options.message[1]} if options.message else None,
        "log": list(options.log),
        "take_whole": t("table.take_whole", language, cards=count_words(len(pile), language)),
        "legal": listing(view) if options.marks and options.interactive else None,
        "naturals": naturals(language),
    }


@cache
def _shown(view: PlayerView[Round], show: tuple[int, Move] | None) -> dict[str, Any] | None:
    """The picks that make the move shown (:func:`tutor.seat.picks.picks_for`), with the showing's
    number: the browser picks them once per number, so the learner's own picks after it are kept."""
    if show is None or not view.hand:
        return None
    number, move = show
    return {"id": number, **picks_for(move, view.hand, view.pile)}


def naturals(language: str | Style = "en") -> list[dict[str, str]]:
    """The 52 cards a joker may be declared as: text, face (``Q♥``) and words, for the declaration's list."""
    return [{"t": str(c), "face": face(c, language), "name": spoken(c, language)} for c in NATURALS]


def _take_label(depth: int, language: str | Style) -> str:
    """The Take button's label once a pile card ``depth`` deep is picked: it says how many cards it lifts."""
    return t("table.take_one", language) if depth == 1 else t("table.take_n", language, n=depth)


def _fresh(view: PlayerView[Round]) -> list[str]:
    """Per card of the view's hand: ``drawn`` or ``taken`` if it reached the hand this turn."""
    hand = view.hand
    notes = [""] * len(hand)
    if view.seat != view.to_move or view.phase is not Phase.PLAY:
        return notes
    from_pile = list(view.from_pile)
    for card in view.drawn:
        kind = "taken" if card in from_pile else "drawn"
        if card in from_pile:
            from_pile.remove(card)
        for i in range(len(hand) - 1, -1, -1):  # one copy of a card held twice
            if hand[i] is card and not notes[i]:
                notes[i] = kind
                break
    return notes


def primary_actions(state: Round, seat: int, answer_action: Action | None = None) -> list[Action]:
    """The actions to highlight: at the start of a turn the ways to start it that the stock and pile
    allow; later the kind of move the step asks for (``answer_action``), else none; a Rommi call in
    another player's turn.

    >>> from engine.cards import parse_cards
    >>> from engine.moves import DRAW
    >>> from engine.variants import get_variant
    >>> state = Round.from_position(get_variant("dansk"), ["Anna", "Bertil"],
    ...     [parse_cards("5H 9S"), parse_cards("2C")], stock=parse_cards("7H"), pile=parse_cards("KD"))
    >>> primary_actions(state, 0), primary_actions(state.apply(DRAW), 0, "discard")
    (['draw', 'take'], ['discard'])
    >>> swedish = Round.from_position(get_variant("femhundra"), ["Anna", "Bertil"],
    ...     [parse_cards("5H 9S"), parse_cards("2C")], stock=parse_cards("7H"), pile=parse_cards("KD"))
    >>> primary_actions(swedish, 0)  # a pile the hand cannot use: the engine would refuse the take, so it is not lit
    ['draw']
    """
    if seat != state.to_move:
        return ["rummy" if state.variant.rummy_call else "rommi"]
    if state.phase is Phase.DRAW:
        useful: list[Action] = ["draw"] if state.stock else ["stop"]
        if any(isinstance(move, Take) for move in state.legal_moves()):  # never light a take the engine refuses
            useful.append("take_all" if state.variant.pile_take == "whole_pile" else "take")
        return useful
    return [answer_action] if answer_action in ("meld", "layoff", "discard") else []

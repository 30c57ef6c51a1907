"""The card table's data: what the table component (:mod:`ui.felt.widget`) draws, typed field by field.

One pure function, :func:`felt_data`, builds it from what one seat may see: a player's
:class:`engine.view.PlayerView` (``state.view(seat)``), a watcher's too (``state.view(None)``: no hand, no
moves). It reads nothing else, so no other hand and no stock order can reach the browser. It shows the
other players (a count and the words for it only), the stock (its count), the spread discard pile, the melds
(numbered, each card with who laid it), the seat's own hand (with the card just drawn marked), the actions,
every word the table shows or says to a screen reader (from the catalogue), and, when marks are wanted, the
engine's listing of what a selection allows (:func:`listing`, from the view's own listing), so the browser
can light up Meld for a legal meld without asking the server.

Its shape is :class:`FeltData` and the typed dicts under it: each field is one the table's script
(``ui/felt/widget.js``) reads, and the script reads no other (``tests/test_felt_script_browser.py`` records
what it reads, ``tests/test_felt_data.py`` what is sent). It travels as JSON, made once a drawing
(:func:`ui.felt.widget.encoded`). What depends only on the language (the table's words, the 52 cards a
joker may stand for) and a card's face in a language are made once and shared: never change them.

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
>>> data["legal"]["melds"]["QD QH QS"], data["naturals"]  # no joker in hand: no list of what one stands for
([], ())
>>> watched = felt_data(state.view(None), FeltOptions(show_hand=False, interactive=False))
>>> [o["label"] for o in watched["others"]], watched["hand"], watched["legal"]
(['Anna, 4 cards, to move', 'Bertil, 1 card'], [], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal, TypedDict

from engine.cards import NATURALS, Card
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Rummy, Stop, Take
from engine.round import Phase, Round
from engine.view import PlayerView
from tutor.i18n.card_names import colour, face, rank, spoken
from tutor.i18n.strings import t
from tutor.i18n.style import Style, style_for
from tutor.i18n.translate import shown_name
from tutor.seat.picks import Action, card_options, picks_for

#: The order of the suits when a hand is sorted by suit: black and red alternate (♠ ♥ ♣ ♦).
SUIT_ORDER: Final = (0, 1, 3, 2)

#: A card of the hand that reached it this turn: ``drawn`` from the stock, ``taken`` from the pile.
Fresh = Literal["", "drawn", "taken"]
#: Per joker of a selection, the cards it may be declared as (``[]``: any, as far as the listing knows).
JokerChoices = list[list[str]]


class CardFace(TypedDict):
    """What a card drawn face up shows: rank and suit as printed (a bare joker: no rank, ``★``), its ink
    (a CSS class: ``red``, ``black``, ``blue``, ``green``, ``joker``), its name in words (for screen readers),
    whether it is a bare joker and whether a declared one (drawn with a dashed border and a ``JK`` badge)."""

    rank: str
    suit: str
    ink: str
    name: str
    joker: bool
    declared: bool


class HandCard(CardFace):
    """A card of the seat's hand: its pick value (``v``, :func:`tutor.seat.picks.card_options`), its text
    in the notation (``t``, to match the listing's keys), its sort keys (by suit, by rank; ace high) and
    whether it reached the hand this turn."""

    v: str
    t: str
    by_suit: int
    by_rank: int
    fresh: Fresh


class PileCard(CardFace):
    """A card of the spread pile: its pick value, how deep it lies (1: the top card) and the label of the
    Take button once it is picked (how many cards the take lifts)."""

    v: str
    depth: int
    take: str


class MeldCard(CardFace):
    """A card of a meld on the table: who laid it (``you`` in the learner's words), and whether the seat did."""

    by: str
    mine: bool


class OtherPlayer(TypedDict):
    """Another player: how many cards they hold (drawn as backs), whether it is their turn, and both in words."""

    count: int
    to_move: bool
    label: str


class StockData(TypedDict):
    """The stock: its count, in words too (never its cards)."""

    count: int
    label: str


class PileData(TypedDict):
    """The discard pile, bottom card first, and what a screen reader says of it."""

    label: str
    cards: list[PileCard]


class MeldData(TypedDict):
    """One meld on the table: its number (what a lay-off names), its title and label, its cards."""

    number: int
    title: str
    label: str
    cards: list[MeldCard]


class ActionData(TypedDict):
    """An action button, and whether it leads (highlighted) before any pick."""

    id: Action
    primary: bool


class MessageData(TypedDict):
    """What the message box beside the cards says: ``kind`` (error, warning, success, info) and sentence."""

    kind: str
    text: str


class Listing(TypedDict):
    """What each selection allows the seat (:func:`listing`): whether draw, stop and take-all are legal, the
    legal take depths, Rommi calls and Rummy! calls (meld numbers), the legal melds and lay-offs (by :func:`selection_key`; a lay-off per
    meld number, as text) with the joker declarations that make them legal, and the legal discards (texts)."""

    draw: bool
    stop: bool
    take_all: bool
    takes: list[int]
    rommi: list[int]
    rummy: list[int]
    discards: list[str]
    melds: dict[str, JokerChoices]
    layoffs: dict[str, dict[str, JokerChoices]]


class ShownPicks(TypedDict):
    """The picks of "show me", which make a hint's move (:func:`tutor.seat.picks.picks_for`), with the
    showing's number (``id``): the browser picks them once per number, so the learner's own picks after it
    are kept."""

    id: int
    hand: list[str]
    pile: str | None
    meld: int | None
    jokers: list[str | None]


class Natural(TypedDict):
    """A natural card a joker may be declared as: its text, its face (``Q♥``) and its name in words."""

    t: str
    face: str
    name: str


class Words(TypedDict):
    """Every word the table shows or says that is not about one card or player, in the learner's language."""

    stock: str
    pile: str
    pile_top: str
    empty_pile: str
    melds: str
    no_melds: str
    fits: str
    hand: str
    drawn: str
    taken: str
    sort_label: str
    sort_dealt: str
    sort_suit: str
    sort_rank: str
    joker_stands_for: str
    joker_choose: str
    actions_label: str
    action_draw: str
    action_take: str
    action_take_all: str
    action_meld: str
    action_layoff: str
    action_discard: str
    action_stop: str
    action_rommi: str
    action_rummy: str
    action_no_call: str
    message_label: str
    log_label: str
    your_turn: str


class FeltData(TypedDict):
    """Everything the table draws, as the script gets it (one JSON object).

    ``position`` changes with every new position (the browser then forgets its picks); ``poll_ms``: a shared
    table asks for a fresh look that often (0: never); ``show``: "show me"; ``ready``: the browser says once
    that the table is drawn; ``top``: a new task or game (the page scrolls to its top); ``interactive``: the
    hand, pile and melds may be picked and the actions pressed; ``your_turn``: said once to a screen reader;
    ``marks``: the actions light up from ``legal`` (None when no marks are wanted); ``large``: large cards;
    ``whole_pile``: a take lifts the whole pile (its button says ``take_whole``); ``naturals``: what a joker
    in the hand may stand for (empty without one)."""

    position: str
    poll_ms: int
    show: ShownPicks | None
    ready: bool
    top: bool
    interactive: bool
    your_turn: bool
    marks: bool
    large: bool
    whole_pile: bool
    others: list[OtherPlayer]
    stock: StockData
    pile: PileData
    melds: list[MeldData]
    hand: list[HandCard]
    hand_label: str
    actions: list[ActionData]
    words: Words
    message: MessageData | None
    log: list[str]
    take_whole: str
    legal: Listing | None
    naturals: Sequence[Natural]


@dataclass(frozen=True)
class FeltOptions:
    """How the table is drawn: the actions to offer (and which to highlight), whether the listing's marks
    show (not in a "legal or not?" question), whether the hand may be picked from, large cards, the
    language (a :class:`~tutor.i18n.style.Style`: with it the card letters and the four-colour deck), and
    what is said beside the table (a message of the last move, the log of the others, under ``log_label``
    when not the table's own heading)."""

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
    log_label: str | None = None  # the log's heading, when not the table's own
    poll_ms: int = 0  # a shared table: the browser asks for a fresh look this often
    show: tuple[int, Move] | None = None  # "show me": (a number per showing, the move whose picks are made for the learner)
    ready: bool = False  # the browser says once that the table is drawn (the page then draws what waited for it)


def count_words(count: int, language: str | Style = "en") -> str:
    """``1 card``, ``3 cards``: the plural follows the count.

    >>> count_words(1), count_words(0), count_words(7)
    ('1 card', '0 cards', '7 cards')
    """
    return t("table.count", language, count=count)


@lru_cache(maxsize=2048)
def card_face(card: Card, four_colour: bool, language: str | Style) -> CardFace:
    """What ``card`` shows face up (:class:`CardFace`) in ``language``, with or without the four-colour deck;
    made once per card and language (shared: never change it)."""
    joker = card.is_joker and not card.declared
    return CardFace(
        rank="" if joker else rank(card.rank, language),
        suit="★" if joker else card.suit_symbol,
        ink=colour(card, four_colour),
        name=spoken(card, language),
        joker=joker,
        declared=bool(card.declared),
    )


def sort_keys(card: Card) -> tuple[int, int]:
    """A card's keys when the hand is sorted by suit, and by rank: ace high, a bare joker last."""
    joker = card.is_joker and not card.declared
    order = 15 if joker else (14 if card.rank == 1 else card.rank)
    suit = 9 if joker else SUIT_ORDER.index(card.suit)
    return suit * 100 + order, order * 10 + suit


def selection_key(cards: Sequence[Card]) -> str:
    """The key of a set of cards from the hand, in any order: their texts sorted (a joker is ``JK``).

    >>> selection_key([Card.parse("QS"), Card.parse("JK=QD"), Card.parse("QH")])
    'JK QH QS'
    """
    return " ".join(sorted(str(c.in_hand) for c in cards))


def _joker_options(moves: Sequence[Meld | Layoff]) -> JokerChoices:
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
) -> JokerChoices:
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


def listing(view: PlayerView[Round]) -> Listing:
    """What each selection allows the view's seat, from its legal moves and calls (``view.legal``):
    whether draw, stop and take-all are legal, the legal take depths, Rommi calls (depths) and Rummy! calls (melds),
    the legal melds and lay-offs (by :func:`selection_key`, with the joker declarations that make them legal) and the legal
    discards."""
    melds: dict[str, list[Meld | Layoff]] = {}
    layoffs: dict[str, dict[int, list[Meld | Layoff]]] = {}
    found = Listing(draw=False, stop=False, take_all=False, takes=[], rommi=[], rummy=[], discards=[], melds={}, layoffs={})
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


@lru_cache(maxsize=64)
def table_words(language: str | Style) -> Words:
    """The table's words in ``language`` (``table.*`` and ``ui.actions.*`` of the catalogue); made once per
    language (shared: never change them)."""

    def word(key: str) -> str:
        return t(f"table.{key}", language)

    def action(key: Action) -> str:
        return t(f"ui.actions.{key}", language)

    return Words(
        stock=word("stock"),
        pile=word("pile"),
        pile_top=word("pile_top"),
        empty_pile=word("empty_pile"),
        melds=word("melds"),
        no_melds=word("no_melds"),
        fits=word("fits"),
        hand=word("hand"),
        drawn=word("drawn"),
        taken=word("taken"),
        sort_label=word("sort_label"),
        sort_dealt=word("sort_dealt"),
        sort_suit=word("sort_suit"),
        sort_rank=word("sort_rank"),
        joker_stands_for=word("joker_stands_for"),
        joker_choose=word("joker_choose"),
        actions_label=word("actions_label"),
        action_draw=action("draw"),
        action_take=action("take"),
        action_take_all=action("take_all"),
        action_meld=action("meld"),
        action_layoff=action("layoff"),
        action_discard=action("discard"),
        action_stop=action("stop"),
        action_rommi=action("rommi"),
        action_rummy=action("rummy"),
        action_no_call=action("no_call"),
        message_label=word("message_label"),
        log_label=word("log_label"),
        your_turn=word("your_turn"),
    )


def felt_data(view: PlayerView[Round], options: FeltOptions) -> FeltData:
    """Everything the table component draws for the view's seat (see the module's docstring); JSON-able.
    Read from ``view`` alone: the view holds no other hand, no stock order and no seed."""
    language = options.language
    four = style_for(language).four_colour
    seat, names = view.seat, tuple(shown_name(name, language) for name in view.players)
    over = view.phase is Phase.OVER
    you = t("table.you", language)
    others: list[OtherPlayer] = []
    for other, name in enumerate(names):
        if other == seat:
            continue
        count = view.hand_sizes[other]
        moving = other == view.to_move and not over
        label = f"{name}, {count_words(count, language)}" + (f", {t('table.to_move', language)}" if moving else "")
        others.append(OtherPlayer(count=count, to_move=moving, label=label))
    pile = list(view.pile)
    pile_label = t("table.pile_empty_label", language)
    if pile:
        pile_label = t(
            "table.pile_label", language, cards=count_words(len(pile), language), top=spoken(pile[-1], language)
        )
    pile_cards = [
        PileCard(**card_face(card, four, language), v=value, depth=depth, take=_take_label(depth, language))
        for depth, card, value in zip(range(len(pile), 0, -1), pile, card_options(pile), strict=True)
    ]
    melds: list[MeldData] = []
    for number, meld in enumerate(view.table, start=1):
        kind = t(f"table.kind_{meld.shape.kind}", language)
        owner = you if meld.owner == seat else names[meld.owner]
        cards = [
            MeldCard(**card_face(card, four, language), by=you if layer == seat else names[layer], mine=layer == seat)
            for card, layer in zip(meld.cards, meld.layers, strict=False)
        ]
        title = t("table.meld_title", language, number=number, kind=kind, owner=owner)
        label = title + ": " + ", ".join(f"{c['name']} ({c['by']})" for c in cards)
        melds.append(MeldData(number=number, title=title, label=label, cards=cards))
    hand: list[HandCard] = []
    if options.show_hand:
        own = view.hand
        for card, value, fresh in zip(own, card_options(own), _fresh(view), strict=True):
            by_suit, by_rank = sort_keys(card)
            shown = card_face(card, four, language)
            hand.append(HandCard(**shown, v=value, t=str(card.in_hand), by_suit=by_suit, by_rank=by_rank, fresh=fresh))
    words = table_words(language)
    if options.log_label is not None:
        words = words.copy()
        words["log_label"] = options.log_label
    return FeltData(
        position=options.position,
        poll_ms=options.poll_ms,
        show=_shown(view, options.show),
        ready=options.ready,
        top=options.top,
        interactive=options.interactive,
        your_turn=options.interactive and seat == view.to_move and not over,
        marks=options.marks,
        large=options.large,
        whole_pile=view.variant.pile_take == "whole_pile",
        others=others,
        stock=StockData(
            count=view.stock_size, label=t("table.stock_label", language, cards=count_words(view.stock_size, language))
        ),
        pile=PileData(label=pile_label, cards=pile_cards),
        melds=melds,
        hand=hand,
        hand_label=t("table.hand_label", language, cards=count_words(len(hand), language)),
        actions=[ActionData(id=a, primary=a in options.primary) for a in options.actions],
        words=words,
        message=MessageData(kind=options.message[0], text=options.message[1]) if options.message else None,
        log=list(options.log),
        take_whole=t("table.take_whole", language, cards=count_words(len(pile), language)),
        legal=listing(view) if options.marks and options.interactive else None,
        naturals=naturals(language) if any(c["joker"] for c in hand) else (),
    )


def _shown(view: PlayerView[Round], show: tuple[int, Move] | None) -> ShownPicks | None:
    """The picks that make the move shown (:func:`tutor.seat.picks.picks_for`), with the showing's
    number: the browser picks them once per number, so the learner's own picks after it are kept."""
    if show is None or not view.hand:
        return None
    number, move = show
    picks = picks_for(move, view.hand, view.pile)
    return ShownPicks(id=number, hand=picks["hand"], pile=picks["pile"], meld=picks["meld"], jokers=picks["jokers"])


@lru_cache(maxsize=64)
def naturals(language: str | Style = "en") -> tuple[Natural, ...]:
    """The 52 cards a joker may be declared as: text, face (``Q♥``) and words, for the declaration's list;
    made once per language (shared: never change them)."""
    return tuple(Natural(t=str(c), face=face(c, language), name=spoken(c, language)) for c in NATURALS)


def _take_label(depth: int, language: str | Style) -> str:
    """The Take button's label once a pile card ``depth`` deep is picked: it says how many cards it lifts."""
    return t("table.take_one", language) if depth == 1 else t("table.take_n", language, n=depth)


def _fresh(view: PlayerView[Round]) -> list[Fresh]:
    """Per card of the view's hand: ``drawn`` or ``taken`` if it reached the hand this turn."""
    hand = view.hand
    notes: list[Fresh] = [""] * len(hand)
    if view.seat != view.to_move or view.phase is not Phase.PLAY:
        return notes
    from_pile = list(view.from_pile)
    for card in view.drawn:
        kind: Fresh = "taken" if card in from_pile else "drawn"
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

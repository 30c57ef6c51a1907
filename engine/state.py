"""A round of 500 as an immutable state: legal moves, apply, scores.

A state never changes; :meth:`GameState.apply` returns a new one or raises ``RulesError`` (so undo is
keeping the previous state). The listing and apply agree exactly: every listed move applies, and
apply refuses everything else with a rule code and a sentence.

>>> from engine.variants import get_variant
>>> state = GameState.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
>>> state.phase.value, state.to_move_name, len(state.hands[0]), len(state.stock), len(state.pile)
('draw', 'Anna', 7, 37, 1)
>>> state = state.apply(Move.parse("draw"))
>>> state.phase.value
'play'
>>> state.apply(Move.parse("take all"))
Traceback (most recent call last):
...
engine.errors.RulesError: You have already drawn this turn: now meld, lay off or discard.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from engine import listing, payable, rommi, scoring
from engine.cards import JOKER, Card, make_deck
from engine.duty import Duty, duty_for, unusable_message
from engine.errors import RulesError
from engine.melds import (
    Shape,
    check_meld,
    extended_shape,
    layoff_error,
    meld_shape,
)
from engine.moves import (
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Rommi,
    Stop,
    Take,
)
from engine.scoring import PlayerScore
from engine.variants import Variant


class Phase(StrEnum):
    """Where the round stands: the player to move must draw, may play, or the round is over."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its shape, for each of its cards the player who laid it, who melded it, and
    the cards it was melded with (the others were laid off on it)."""

    shape: Shape
    layers: tuple[int, ...]
    owner: int
    base: frozenset[Card]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards in order."""
        return self.shape.cards

    def laid_off(self, card: Card) -> bool:
        """Whether ``card`` of this meld was laid off on it (not part of the meld as first laid)."""
        return card not in self.base

    @staticmethod
    def new(shape: Shape, player: int) -> TableMeld:
        """A meld just laid by ``player``."""
        return TableMeld(shape, (player,) * len(shape.cards), player, frozenset(shape.cards))


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        held = card.in_hand
        try:
            rest.remove(held)
        except ValueError:
            if held is JOKER:
                raise RulesError("card_not_held", f"You hold no joker to lay as {card}.") from None
            raise RulesError("card_not_held", f"You do not hold {card}.") from None
    return rest


def _without(cards: tuple[Card, ...], removed: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` less one copy of each removed card that is among them."""
    if not cards:
        return cards
    rest = list(cards)
    for card in removed:
        if card.in_hand in rest:
            rest.remove(card.in_hand)
    return tuple(rest)


_BY_INDEX = attrgetter("index")


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_BY_INDEX))


class GameState:
    """One round of a game of 500, with the game totals before it. Immutable: moves make new states."""

    __slots__ = (
        "drawn",
        "duty",
        "ended_by",
        "from_pile",
        "hands",
        "melded",
        "penalties",
        "phase",
        "pile",
        "players",
        "reshuffles",
        "rommi_from",
        "round_number",
        "seed",
        "stock",
        "table",
        "to_move",
        "totals",
        "variant",
        "went_out",
    )

    variant: Variant
    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    to_move: int
    phase: Phase
    duty: Duty | None
    drawn: tuple[Card, ...]
    from_pile: tuple[Card, ...]
    melded: tuple[bool, ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]
    reshuffles: int
    seed: int
    round_number: int
    ended_by: str | None
    went_out: int | None
    rommi_from: int | None

    # --- construction -----------------------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        variant: Variant,
        players: Sequence[str],
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        pile: Sequence[Card],
        table: Sequence[tuple[int, Sequence[Card]]] = (),
        totals: Sequence[int] | None = None,
        seed: int = 0,
        round_number: int = 1,
        to_move: int = 0,
    ) -> GameState:
        """A state at the start of ``to_move``'s turn. ``stock`` is top first, ``pile`` bottom first,
        ``table`` holds (layer, cards) melds. Raises ``ValueError`` for a bad meld or player count."""
        n = len(players)
        if not variant.min_players <= n <= variant.max_players:
            raise ValueError(f"{variant.id} is played by {variant.min_players}–{variant.max_players} players, not {n}")
        if len(set(players)) != n:
            raise ValueError("player names must differ")
        melds = []
        for layer, cards in table:
            shape = meld_shape(tuple(cards))
            melds.append(TableMeld.new(shape, layer))
        state = cls.__new__(cls)
        state.variant = variant
        state.players = tuple(players)
        state.hands = tuple(_sorted(h) for h in hands)
        state.stock = tuple(stock)
        state.pile = tuple(pile)
        state.table = tuple(melds)
        state.to_move = to_move
        state.phase = Phase.DRAW
        state.duty = None
        state.drawn = ()
        state.from_pile = ()
        state.melded = tuple(any(layer == i for layer, _ in table) for i in range(n))
        state.penalties = (0,) * n
        state.totals = tuple(totals) if totals is not None else (0,) * n
        state.reshuffles = 0
        state.seed = seed
        state.round_number = round_number
        state.ended_by = None
        state.went_out = None
        state.rommi_from = None
        return state._start_turn(to_move, rommi_from=None)

    @classmethod
    def deal(
        cls,
        variant: Variant,
        players: Sequence[str],
        seed: int,
        totals: Sequence[int] | None = None,
        round_number: int = 1,
    ) -> GameState:
        """Shuffle with ``seed`` and deal as the variant says; the first card of the stock starts the pile.

        The player after the dealer starts: player 1 in round 1, the next one each round.
        """
        n = len(players)
        if not variant.min_players <= n <= variant.max_players:
            raise ValueError(f"{variant.id} is played by {variant.min_players}–{variant.max_players} players, not {n}")
        deck = make_deck(variant.decks(n), 2 if variant.jokers else 0)
        random.Random(seed).shuffle(deck)
        size = variant.hand_size(n)
        first = (round_number - 1) % n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(size * n):
            hands[(first + i) % n].append(deck[i])
        rest = deck[size * n :]
        return cls.from_position(
            variant,
            players,
            hands,
            stock=rest[1:],
            pile=rest[:1],
            totals=totals,
            seed=seed,
            round_number=round_number,
            to_move=first,
        )

    def _evolve(self, **changes: object) -> GameState:
        new = GameState.__new__(GameState)
        get = changes.get
        new.variant = self.variant
        new.players = self.players
        new.hands = get("hands", self.hands)  # type: ignore[assignment]
        new.stock = get("stock", self.stock)  # type: ignore[assignment]
        new.pile = get("pile", self.pile)  # type: ignore[assignment]
        new.table = get("table", self.table)  # type: ignore[assignment]
        new.to_move = get("to_move", self.to_move)  # type: ignore[assignment]
        new.phase = get("phase", self.phase)  # type: ignore[assignment]
        new.duty = get("duty", self.duty)  # type: ignore[assignment]
        new.drawn = get("drawn", self.drawn)  # type: ignore[assignment]
        new.from_pile = get("from_pile", self.from_pile)  # type: ignore[assignment]
        new.melded = get("melded", self.melded)  # type: ignore[assignment]
        new.penalties = get("penalties", self.penalties)  # type: ignore[assignment]
        new.totals = self.totals
        new.reshuffles = get("reshuffles", self.reshuffles)  # type: ignore[assignment]
        new.seed = self.seed
        new.round_number = self.round_number
        new.ended_by = get("ended_by", self.ended_by)  # type: ignore[assignment]
        new.went_out = get("went_out", self.went_out)  # type: ignore[assignment]
        new.rommi_from = get("rommi_from", self.rommi_from)  # type: ignore[assignment]
        return new

    def next_round(self, seed: int) -> GameState:
        """The next round of the game, dealt with ``seed``, the totals carried over."""
        if self.phase is not Phase.OVER:
            raise RulesError("wrong_phase", "The round is still being played.")
        if self.game_over:
            raise RulesError("wrong_phase", "The game is over.")
        return GameState.deal(
            self.variant,
            self.players,
            seed,
            totals=[s.total for s in self.scores()],
            round_number=self.round_number + 1,
        )

    # --- reading the state ----------------------------------------------------------------------

    @property
    def to_move_name(self) -> str:
        """The name of the player to move."""
        return self.players[self.to_move]

    @property
    def round_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    def player_index(self, name: str) -> int:
        """The seat of the player called ``name``; ``KeyError`` if nobody is."""
        try:
            return self.players.index(name)
        except ValueError:
            raise KeyError(f"no player is called {name!r}") from None

    def card_count(self) -> int:
        """All cards in hands, stock, pile and on the table (each copy counted)."""
        return (
            sum(len(h) for h in self.hands) + len(self.stock) + len(self.pile) + sum(len(m.cards) for m in self.table)
        )

    def laid_points(self) -> list[int]:
        """Points each player has laid on the table this round (every card scores for its layer)."""
        return scoring.laid_points(self)

    def hand_points(self) -> list[int]:
        """The minus points of the cards each player still holds."""
        return scoring.hand_points(self)

    def scores(self) -> list[PlayerScore]:
        """Every player's figures. Before the round is over, ``round`` and ``total`` hold running values."""
        return scoring.scores(self)

    @property
    def winners(self) -> list[int]:
        """The players who won the game with this round (empty while it goes on, or on a tie to replay)."""
        return scoring.winners(self)

    @property
    def game_over(self) -> bool:
        """Whether the game ended with this round."""
        return bool(self.winners)

    # --- legal moves ----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move (Rommi calls by others: :meth:`rommi_calls`)."""
        if self.phase is Phase.DRAW:
            return listing.draw_moves(self)
        if self.phase is Phase.PLAY:
            return listing.play_moves(self)
        return []

    def legal_actions(self) -> list[tuple[int, Move]]:
        """Every legal (player, move): the player to move's moves and every Rommi call."""
        actions = [(self.to_move, m) for m in self.legal_moves()]
        actions.extend(rommi.calls(self))
        return actions

    def rommi_calls(self) -> list[tuple[int, Move]]:
        """Every legal Rommi call: (caller, ``rommi N``)."""
        return rommi.calls(self)

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        """Whether ``move`` by ``player`` (default: the player to move) is legal."""
        try:
            self.apply(move, player)
        except RulesError:
            return False
        return True

    # --- apply ---------------------------------------------------------------------------------

    def apply(self, move: Move | str, player: int | str | None = None) -> GameState:
        """The state after ``move`` by ``player`` (a seat or a name; default: the player to move).

        Raises ``RulesError`` with a rule code and a sentence for a learner; this state is unchanged.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        seat = self.to_move if player is None else self.player_index(player) if isinstance(player, str) else player
        if self.phase is Phase.OVER:
            raise RulesError("wrong_phase", "The round is over: no more moves can be made in it.")
        if isinstance(move, Rommi):
            return rommi.apply_call(self, move, seat)
        if seat != self.to_move:
            raise RulesError("not_your_turn", f"It is {self.to_move_name}'s turn, not {self.players[seat]}'s.")
        if isinstance(move, Draw):
            return self._apply_draw()
        if isinstance(move, Take):
            return self._apply_take(move)
        if isinstance(move, Stop):
            return self._apply_stop()
        if self.phase is not Phase.PLAY:
            raise RulesError("wrong_phase", "First draw a card from the stock or take from the discard pile.")
        if isinstance(move, Meld):
            return self._apply_meld(move)
        if isinstance(move, Layoff):
            return self._apply_layoff(move)
        if isinstance(move, Discard):
            return self._apply_discard(move)
        raise RulesError("unreadable_move", f"“{move}” is not a move this engine knows.")

    def _apply_draw(self) -> GameState:
        if self.phase is not Phase.DRAW:
            raise RulesError("wrong_phase", "You have already drawn this turn: now meld, lay off or discard.")
        if not self.stock:
            raise RulesError("stock_empty", self._empty_stock_hint())
        card = self.stock[0]
        hands = list(self.hands)
        hands[self.to_move] = _sorted((*self.hands[self.to_move], card))
        return self._evolve(
            hands=tuple(hands),
            stock=self.stock[1:],
            phase=Phase.PLAY,
            drawn=(card,),
            from_pile=(),
            rommi_from=None,
        )

    def _empty_stock_hint(self) -> str:
        if self.variant.empty_stock == "stop":
            return "The stock is empty: take from the discard pile, or stop to end the round."
        return "The stock is empty, so there is no card to draw."

    def _take_count(self, move: Take) -> int:
        size = len(self.pile)
        if not size:
            raise RulesError("take_not_allowed", "The discard pile is empty: draw from the stock.")
        n = size if move.count is None else move.count
        if n < 1:
            raise RulesError("take_not_allowed", "Take at least one card: take 1 is the top card of the pile.")
        if n > size:
            raise RulesError("take_not_allowed", f"The discard pile holds only {size} card{'s' if size > 1 else ''}.")
        rule, name = self.variant.pile_take, self.variant.name
        if rule == "whole_pile" and n != size:
            raise RulesError(
                "take_not_allowed",
                f"In {name} you take the whole pile, never just the top card."
                if n == 1
                else f"In {name} you take the whole pile, never only part of it.",
            )
        if rule == "top_only" and n != 1:
            raise RulesError("take_not_allowed", "With these rules you may take only the top card of the pile.")
        return n

    def _apply_take(self, move: Take) -> GameState:
        if self.phase is not Phase.DRAW:
            raise RulesError("wrong_phase", "You have already drawn this turn: now meld, lay off or discard.")
        n = self._take_count(move)
        new = self._after_take(self.to_move, n)
        if new.duty is not None and not payable.duty_payable(new):
            penalty = self.variant.unusable_pile_penalty
            if penalty is None:
                raise RulesError("taken_card_unusable", unusable_message(self.variant, self.pile[-n]))
            penalties = list(self.penalties)
            penalties[self.to_move] += penalty
            new = new._evolve(duty=None, penalties=tuple(penalties))
        return new

    def _after_take(self, player: int, n: int, called: bool = False) -> GameState:
        taken = self.pile[-n:]
        hands = list(self.hands)
        hands[player] = _sorted((*self.hands[player], *taken))
        duty = duty_for(self.variant, taken, self.pile[-1] if called else None)
        return self._evolve(
            hands=tuple(hands),
            pile=self.pile[:-n],
            phase=Phase.PLAY,
            to_move=player,
            duty=duty,
            drawn=_sorted(taken),
            from_pile=_sorted(taken),
            rommi_from=None,
        )

    def _apply_stop(self) -> GameState:
        if self.duty is not None:
            raise RulesError("taken_card_not_used", self.duty.message(self.variant))
        if self.phase is not Phase.DRAW:
            raise RulesError("wrong_phase", "You can stop only at the start of your turn, when the stock is empty.")
        if self.stock:
            raise RulesError("wrong_phase", "There are cards in the stock: draw one, or take from the pile.")
        if self.variant.empty_stock != "stop":
            raise RulesError("wrong_phase", f"In {self.variant.name} an empty stock ends the round by itself.")
        return self._evolve(phase=Phase.OVER, ended_by="stock_out", rommi_from=None)

    def _apply_meld(self, move: Meld) -> GameState:
        rest = _remove(self.hands[self.to_move], move.cards)
        shape = check_meld(move.cards)
        duty = self._duty_after(move.cards, is_meld=True)
        self._check_keeps_card(rest)
        table = (*self.table, TableMeld.new(shape, self.to_move))
        melded = list(self.melded)
        melded[self.to_move] = True
        return self._after_laying(rest, move.cards, table, duty, melded=tuple(melded))

    def _apply_layoff(self, move: Layoff) -> GameState:
        if not 1 <= move.meld <= len(self.table):
            raise RulesError(
                "no_such_meld",
                f"There is no meld {move.meld} on the table"
                + (f": they are numbered 1 to {len(self.table)}." if self.table else ", which is empty."),
            )
        rest = _remove(self.hands[self.to_move], move.cards)
        if self.variant.layoff_needs_own_meld and not self.melded[self.to_move]:
            raise RulesError("layoff_before_own_meld", "With these rules you lay off only after your own first meld.")
        target = self.table[move.meld - 1]
        shape = extended_shape(target.shape, move.cards)
        if shape is None:
            raise layoff_error(target.shape, move.cards, move.meld)
        duty = self._duty_after(move.cards, is_meld=False)
        self._check_keeps_card(rest)
        layer_of = dict(zip(target.cards, target.layers, strict=False))
        table = list(self.table)
        layers = tuple(layer_of.get(c, self.to_move) for c in shape.cards)
        table[move.meld - 1] = TableMeld(shape, layers, target.owner, target.base)
        return self._after_laying(rest, move.cards, tuple(table), duty)

    def _after_laying(
        self,
        rest: list[Card],
        laid: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        duty: Duty | None,
        melded: tuple[bool, ...] | None = None,
    ) -> GameState:
        hands = list(self.hands)
        hands[self.to_move] = tuple(rest)
        changes: dict[str, object] = {
            "hands": tuple(hands),
            "table": table,
            "duty": duty,
            "drawn": _without(self.drawn, laid),
            "from_pile": _without(self.from_pile, laid),
        }
        if melded is not None:
            changes["melded"] = melded
        if not rest:
            changes |= {"phase": Phase.OVER, "ended_by": "went_out", "went_out": self.to_move}
        new = self._evolve(**changes)
        if duty is not None and rest and not payable.duty_payable(new):
            owed = " and the ".join(str(c) for c in duty.owed)
            raise RulesError(
                "taken_card_not_used", f"Lay these cards so that you can still lay the {owed} from the pile."
            )
        return new

    def _check_keeps_card(self, rest: list[Card]) -> None:
        if not rest and self.variant.going_out_requires_discard:
            raise RulesError(
                "must_keep_card_to_discard", "With these rules you go out by discarding: keep a card to discard."
            )

    def _apply_discard(self, move: Discard) -> GameState:
        hand = self.hands[self.to_move]
        if move.card.declared:
            raise RulesError("card_not_held", f"A joker in hand is discarded as JK, not as {move.card}.")
        rest = _remove(hand, (move.card,))
        if self.duty is not None:
            raise RulesError("taken_card_not_used", self.duty.message(self.variant))
        if self._discard_blocked(move.card, hand):
            source = "took from the pile" if self.variant.discard_restriction == "taken_from_pile" else "drew"
            raise RulesError(
                "cannot_discard_drawn_card",
                f"In {self.variant.name} you may not discard the {move.card} you {source} this turn.",
            )
        hands = list(self.hands)
        hands[self.to_move] = tuple(rest)
        new = self._evolve(hands=tuple(hands), pile=(*self.pile, move.card), drawn=(), from_pile=())
        if not rest:
            return new._evolve(phase=Phase.OVER, ended_by="went_out", went_out=self.to_move)
        return new._start_turn((self.to_move + 1) % len(self.players), rommi_from=self.to_move)

    def _discard_blocked(self, card: Card, hand: tuple[Card, ...]) -> bool:
        rule = self.variant.discard_restriction
        if rule == "none":
            return False
        recent = self.drawn if rule == "drawn_this_turn" else self.from_pile
        if card not in recent:
            return False
        if hand.count(card) > recent.count(card):
            return False  # another copy of it was in hand before this turn
        # Our ruling: when every card in hand is one the restriction covers, it lifts, so the turn can end
        # (the Dutch "unless it is the only card in hand" is the one-card case of this).
        return not (self.variant.discard_restriction_exception and all(hand.count(c) <= recent.count(c) for c in hand))

    def _start_turn(self, player: int, rommi_from: int | None) -> GameState:
        """The state at the start of ``player``'s turn, after an empty stock has had its effect."""
        changes: dict[str, object] = {
            "to_move": player,
            "phase": Phase.DRAW,
            "duty": None,
            "drawn": (),
            "from_pile": (),
        }
        open_call = rommi_from if (self.variant.rommi_call and len(self.players) > 2) else None
        changes["rommi_from"] = open_call
        if not self.stock:
            rule = self.variant.empty_stock
            if rule == "round_over":
                changes |= {"phase": Phase.OVER, "ended_by": "stock_out", "rommi_from": None}
            elif rule == "reshuffle":
                if self.reshuffles >= self.variant.reshuffle_limit:
                    changes |= {"phase": Phase.OVER, "ended_by": "reshuffle_limit", "rommi_from": None}
                elif len(self.pile) < 2:
                    changes |= {"phase": Phase.OVER, "ended_by": "stock_out", "rommi_from": None}
                else:
                    stock = list(self.pile[:-1])
                    random.Random(self.seed * 1_000_003 + self.round_number * 101 + self.reshuffles).shuffle(stock)
                    changes |= {"stock": tuple(stock), "pile": self.pile[-1:], "reshuffles": self.reshuffles + 1}
        return self._evolve(**changes)

    # --- the duty from a take --------------------------------------------------------------------

    def _duty_after(self, cards: tuple[Card, ...], is_meld: bool) -> Duty | None:
        """The duty left after laying ``cards``; refuses a lay that does not pay an owed duty."""
        duty = self.duty
        if duty is None:
            return None
        if not duty.pays(cards, is_meld):
            raise RulesError("taken_card_not_used", duty.message(self.variant))
        return duty.after(cards)

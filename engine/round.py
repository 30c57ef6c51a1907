"""A round of 500 as an immutable state: legal moves, apply, scores.

A state never changes; :meth:`Round.apply` returns a new one or raises ``RulesError`` (so undo is
keeping the previous state). The listing and apply agree exactly: every listed move applies, and
apply refuses everything else with a rule code and a sentence.

This module holds the state itself: its slots, how a round is dealt or set up, reading it, and the
dispatch of a move. The moves of a turn are applied in :mod:`engine.turn`, the Rommi call in
:mod:`engine.rommi`, the listing is :mod:`engine.listing`, scoring :mod:`engine.scoring`; the values a
state is made of (:class:`Phase`, :class:`TableMeld`) live in :mod:`engine.round_parts`.

>>> from engine.variants import get_variant
>>> state = Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
>>> state.phase.value, state.to_move_name, len(state.hands[0]), len(state.stock), len(state.pile)
('draw', 'Anna', 7, 37, 1)
>>> from engine.moves import DRAW, TAKE_ALL
>>> state = state.apply(DRAW)
>>> state.phase.value
'play'
>>> state.apply(TAKE_ALL)
Traceback (most recent call last):
...
engine.errors.RulesError: You have already drawn this turn: now meld, lay off or discard.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import scoring
from engine.cards import Card, make_deck
from engine.errors import RulesError
from engine.lay import apply_layoff, apply_meld
from engine.legal import LegalActions
from engine.listing import listed_actions, memo_of, trusted
from engine.melds import meld_shape
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Rummy, Take
from engine.rommi import apply_call, calls_with_states
from engine.round_parts import PHASE_DRAW, PHASE_OVER, PHASE_PLAY, Phase, TableMeld, sorted_cards
from engine.round_state import RoundState, replace
from engine.rummy import apply_rummy
from engine.rummy import calls as rummy_calls
from engine.scoring import PlayerScore
from engine.seeds import shuffle
from engine.turn import apply_discard, apply_draw, apply_stop, apply_take, start_turn
from engine.variants import Variant
from engine.view import PlayerView

__all__ = ["Phase", "Round", "TableMeld"]


class Round(RoundState):
    """One round of a game of 500, with the game totals before it. Immutable: moves make new states.

    The fields are those of :class:`engine.round_state.RoundState` (``replace(state, ...)`` or ``state.replace(...)`` makes a changed copy);
    this class adds dealing, the listing, ``apply`` and the scores.
    """

    __slots__ = ()

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
    ) -> Round:
        """A state at the start of ``to_move``'s turn. ``stock`` is top first, ``pile`` bottom first,
        ``table`` holds (layer, cards) melds. Raises ``ValueError`` for a bad meld or player count."""
        n = len(players)
        if not variant.min_players <= n <= variant.max_players:
            raise ValueError(f"{variant.id} is played by {variant.min_players}–{variant.max_players} players, not {n}")
        if len(set(players)) != n:
            raise ValueError("player names must differ")
        melds = tuple(TableMeld.new(meld_shape(tuple(cards)), layer) for layer, cards in table)
        state = cls(
            variant,
            tuple(players),
            tuple(sorted_cards(h) for h in hands),
            tuple(stock),
            tuple(pile),
            melds,
            to_move,
            PHASE_DRAW,
            melded=tuple(any(layer == i for layer, _ in table) for i in range(n)),
            # a player with a meld on the table has played a turn of this round
            first_turn_over=tuple(any(layer == i for layer, _ in table) for i in range(n)),
            totals=tuple(totals) if totals is not None else (0,) * n,
            seed=seed,
            round_number=round_number,
        )
        return start_turn(state, to_move, rommi_from=None)

    @classmethod
    def deal(
        cls,
        variant: Variant,
        players: Sequence[str],
        seed: int,
        totals: Sequence[int] | None = None,
        round_number: int = 1,
    ) -> Round:
        """Shuffle with ``seed`` and deal as the variant says; the first card of the stock starts the pile.

        The player after the dealer starts: player 1 in round 1, the next one each round.
        """
        n = len(players)
        if not variant.min_players <= n <= variant.max_players:
            raise ValueError(f"{variant.id} is played by {variant.min_players}–{variant.max_players} players, not {n}")
        deck = make_deck(variant.decks(n), variant.joker_count)
        shuffle(deck, seed)
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

    def with_hidden(
        self,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        seed: int | None = None,
        drawn: tuple[Card, ...] | None = None,
    ) -> Round:
        """This position with other hands and another stock: a guess at the cards a player cannot see
        (a computer player's sampled deal). The caller keeps the cards adding up. ``seed`` (the chance of a
        later reshuffle) and ``drawn`` (the cards the player to move drew this turn), when given, replace
        this state's; nothing else changes."""
        if seed is None or seed == self.seed:
            return replace(self, hands=hands, stock=stock, drawn=self.drawn if drawn is None else drawn)
        # a guessed world draws its own chance
        return replace(self, hands=hands, stock=stock, drawn=self.drawn if drawn is None else drawn, seed=seed)

    def next_round(self, seed: int) -> Round:
        """The next round of the game, dealt with ``seed``, the totals carried over."""
        if self.phase is not PHASE_OVER:
            raise RulesError("wrong_phase", "round.still_played")
        if self.game_over:
            raise RulesError("wrong_phase", "game.over")
        return Round.deal(
            self.variant,
            self.players,
            seed,
            totals=[s.total for s in self.scores()],
            round_number=self.round_number + 1,
        )

    # --- reading the state ----------------------------------------------------------------------

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
        return list(memo_of(self).moves(self))

    def legal_actions(self) -> list[tuple[int, Move]]:
        """Every legal (player, move): the player to move's moves and every Rommi call."""
        return list(listed_actions(self))

    def rommi_calls(self, seat: int | None = None) -> list[tuple[int, Move]]:
        """Every legal call out of turn: (caller, ``rommi N``), or (caller, ``rummy M``) under the house rule
        ``rummy_call``; with ``seat``, only that seat's."""
        memo = memo_of(self)
        if seat is None or memo.calls_listed():
            return [a for a in memo.calls(self) if seat is None or a[0] == seat]
        if self.variant.rummy_call:
            return rummy_calls(self, seat)
        return [(caller, move) for caller, move, _ in calls_with_states(self, seat)]

    def legal(self, seat: int | None = None) -> LegalActions:
        """The lazy listing of every legal (player, move) now, Rommi calls included; with ``seat``, only that
        seat's. Iterable, indexable, ``len``, ``bool``, and ``in`` (which asks the legality check, not the list).

        >>> from engine.variants import get_variant
        >>> state = Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
        >>> actions = state.legal()
        >>> from engine.moves import DRAW, discard
        >>> bool(actions), (0, DRAW) in actions, discard(Card.parse("2H")) in actions
        (True, True, False)
        """
        return LegalActions(self, seat)

    def view(self, seat: int | None) -> PlayerView[Round]:
        """What ``seat`` may see now, with its legal moves and calls (``None``: a watcher, who sees no hand and
        has nothing to do): see :class:`engine.view.PlayerView`."""
        return PlayerView.of(self, seat)

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        """Whether ``move`` by ``player`` (default: the player to move) is legal."""
        try:
            self.apply(move, player)
        except RulesError:
            return False
        return True

    # --- apply ---------------------------------------------------------------------------------

    def apply(self, move: Move, player: int | None = None) -> Round:
        """The state after ``move`` by ``player`` (a seat; default: the player to move).

        Raises ``RulesError`` with a rule code and a sentence for a learner; this state is unchanged. A move
        is an object (:mod:`engine.moves`): text is parsed where it is read (:meth:`Move.parse`), a player's
        name made a seat there too (:meth:`player_index`).
        """
        if not isinstance(move, Move):
            raise TypeError(f"apply takes a Move, not {move!r}: read the notation with Move.parse")
        seat = self.to_move if player is None else player
        kind = move.kind  # one question, not one per kind of move
        if kind == "discard" and seat == self.to_move and self.phase is PHASE_PLAY and isinstance(move, Discard):
            return apply_discard(self, move)  # nearly every turn's last move: the questions below are its own
        # a move handed out by this state's listing is known to be legal: skip what was checked (a draw or
        # a discard is checked as it is: that costs little)
        if self.memo is not None and kind not in ("discard", "draw"):
            known = trusted(self, move, seat)
            if known is not None:
                return known
        if self.phase is PHASE_OVER:
            raise RulesError("wrong_phase", "round.over")
        if kind == "rommi" and isinstance(move, Rommi):
            return apply_call(self, move, seat)
        if kind == "rummy" and isinstance(move, Rummy):
            return apply_rummy(self, move, seat)
        if seat != self.to_move:
            raise RulesError("not_your_turn", "turn.not_yours", to_move=self.to_move_name, player=self.players[seat])
        if kind in ("discard", "meld", "layoff") and self.phase is not PHASE_PLAY:
            raise RulesError("wrong_phase", "turn.draw_first")
        if kind == "discard" and isinstance(move, Discard):
            return apply_discard(self, move)
        if kind == "draw":
            return apply_draw(self)
        if kind == "take" and isinstance(move, Take):
            return apply_take(self, move)
        if kind == "meld" and isinstance(move, Meld):
            return apply_meld(self, move)
        if kind == "layoff" and isinstance(move, Layoff):
            return apply_layoff(self, move)
        if kind == "stop":
            return apply_stop(self)
        raise RulesError("unreadable_move", "move.unknown", text=str(move))

"""A whole game of 500 to practise: the learner against 1–3 computer players, or 2–7 people passing one
device, round after round until the variant's end, the totals carried over.

:class:`Game` is pure (no Streamlit): it holds every state of every round (so undo is going back), sends
the people's moves through :meth:`Round.apply` (an illegal attempt raises ``RulesError`` and changes
nothing), produces the computer players' moves one at a time with a line that says what happened, asks
the computer players whether they call "Rommi!", and writes and reads the game as ``docs/record.md`` records,
one per round.

Its parts live beside it: the seats (:mod:`tutor.practice.seats`), the rounds as played
(:mod:`tutor.practice.rounds`), the line for each move (:mod:`tutor.practice.log`), the records
(:mod:`tutor.practice.record`); :class:`tutor.practice.viewer.RecordViewer` steps through a loaded game.

>>> from engine.variants import get_variant
>>> game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=7)
>>> game.pending()
Pending(kind='turn', seat=0)
>>> from engine.moves import DRAW
>>> step = game.play(DRAW)
>>> step.text
'Anna drew from the stock.'
>>> game.undo(), len(game.current.moves)
(1, 0)
>>> again = Game.from_yaml(game.to_yaml())
>>> again.seed, [s.level for s in again.seats], again.state.hands == game.state.hands
(7, [None, 'greedy'], True)
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.bots import get_bot
from engine.cards import Card
from engine.errors import RulesError
from engine.moves import Move
from engine.rommi import calling_seats
from engine.round import Phase, Round
from engine.seeds import round_seed
from engine.variants import Variant
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.practice import record as practice_record
from tutor.practice.log import describe
from tutor.practice.rounds import RoundPlay, Step
from tutor.practice.seats import LEVELS, Seat

PendingKind = Literal["turn", "rommi", "computer", "computer_call", "round_over", "game_over"]


@dataclass(frozen=True, slots=True)
class Pending:
    """Who must act now, and how: a person's ``turn`` or ``rommi`` decision (call or let it pass), a
    ``computer`` move or ``computer_call`` decision, or nothing (``round_over``, ``game_over``)."""

    kind: PendingKind
    seat: int | None = None


class Game:
    """A game of 500 in play: seats, the rounds so far, and who must act now.

    Build one with :meth:`new` or :meth:`from_yaml`. ``viewer`` is the seat whose hand the device shows
    (with several people passing the device, a hand is hidden until its owner takes the device).
    """

    def __init__(
        self, variant: Variant, seats: Sequence[Seat], seed: int, rounds: list[RoundPlay], language: str | Style = "en"
    ) -> None:
        names = [s.name for s in seats]
        if len(set(names)) != len(names) or not all(n.strip() for n in names):
            raise ValueError("every player needs a name of their own")
        for seat in seats:
            if seat.level is not None and seat.level not in LEVELS:
                raise ValueError(f"unknown level {seat.level!r}; known: {', '.join(LEVELS)}")
        if not any(s.is_person for s in seats):
            raise ValueError("at least one player must be a person")
        self.variant = variant
        self.seats = tuple(seats)
        self.seed = seed
        self.rounds = rounds
        self.language = language
        people = self.people
        self.viewer: int | None = people[0] if len(people) == 1 else None
        #: a guided hand: the tutor teaches before and after each of the learner's decisions
        self.guided = False
        #: this game among the learner's Practice statistics (each of its rounds counts once)
        self.id = uuid.uuid4().hex

    @classmethod
    def new(cls, variant: Variant, seats: Sequence[Seat], seed: int, language: str | Style = "en") -> Game:
        """A new game: round 1 dealt with ``seed``. ``ValueError`` for a table the variant does not allow."""
        state = Round.deal(variant, [s.name for s in seats], seed=round_seed(seed, 1))
        return cls(variant, seats, seed, [RoundPlay(1, round_seed(seed, 1), [state])], language)

    # --- reading -----------------------------------------------------------------------------------

    @property
    def current(self) -> RoundPlay:
        """The round being played (or just over)."""
        return self.rounds[-1]

    @property
    def state(self) -> Round:
        """The position now."""
        return self.current.state

    @property
    def people(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.is_person]

    @property
    def names(self) -> list[str]:
        """The players' names, in turn order."""
        return [s.name for s in self.seats]

    @property
    def game_over(self) -> bool:
        """Whether the game has been won."""
        return self.state.game_over

    @property
    def winners(self) -> list[str]:
        """The names of the winners (empty while the game goes on)."""
        return [self.state.players[i] for i in self.state.winners]

    def _callers(self) -> list[int]:
        """The seats holding a Rommi call now, nearest to the discarder in turn order first."""
        return calling_seats(self.state, self.state.rommi_calls())

    def pending(self) -> Pending:
        """Who must act now, and how."""
        state = self.state
        if state.round_over:
            return Pending("game_over" if state.game_over else "round_over")
        passed = self.current.passed.get(len(self.current.states) - 1, set())
        for seat in self._callers():
            if seat not in passed:
                return Pending("rommi" if self.seats[seat].is_person else "computer_call", seat)
        kind: PendingKind = "turn" if self.seats[state.to_move].is_person else "computer"
        return Pending(kind, state.to_move)

    # --- people ------------------------------------------------------------------------------------

    def needs_handover(self) -> bool:
        """Whether the device must pass to another person before they act (their hand is hidden till then)."""
        pending = self.pending()
        if pending.kind not in ("turn", "rommi") or pending.seat is None or len(self.people) < 2:
            return False
        return self.viewer != pending.seat

    def reveal(self, seat: int) -> None:
        """``seat`` has the device: their hand may be shown."""
        if not self.seats[seat].is_person:
            raise ValueError(f"{self.seats[seat].name} is a computer player")
        self.viewer = seat

    def visible_hand(self, seat: int) -> tuple[Card, ...] | None:
        """``seat``'s hand if the device may show it now (their own, with the device), else None."""
        if not self.seats[seat].is_person or self.viewer != seat:
            return None
        return self.state.hands[seat]

    def play(self, move: Move, seat: int | None = None) -> Step:
        """A person's move (default: the person who must act). Raises ``RulesError`` with the engine's
        sentence when it is illegal, or when it is not that person's moment; nothing changes then."""
        pending = self.pending()
        if seat is None:
            seat = pending.seat if pending.seat is not None else self.state.to_move
        if not self.seats[seat].is_person:
            key, name = "practice.problem.computer_seat", self.names[seat]
            raise RulesError("not_your_turn", key, sentence=t(key, self.language, name=name), name=name)
        if pending.kind in ("round_over", "game_over"):
            key = "practice.problem.round_over"
            raise RulesError("wrong_phase", key, sentence=t(key, self.language))
        if pending.kind in ("rommi", "computer_call") and pending.seat != seat:
            key, name = "practice.problem.wait_for_call", self.names[pending.seat or 0]
            raise RulesError("not_your_turn", key, sentence=t(key, self.language, name=name), name=name)
        return self._apply(seat, move)

    def pass_rommi(self, seat: int | None = None) -> None:
        """A person lets the Rommi window pass without calling."""
        pending = self.pending()
        seat = pending.seat if seat is None else seat
        if pending.kind != "rommi" or pending.seat != seat or seat is None:
            return
        self.current.passed.setdefault(len(self.current.states) - 1, set()).add(seat)

    def _apply(self, seat: int, move: Move) -> Step:
        before = self.state
        after = before.apply(move, seat)
        step = Step(seat, move, describe(before, seat, move, after, self.language))
        round_ = self.current
        round_.moves.append((seat, move))
        round_.states.append(after)
        round_.steps.append(step)
        if len(self.people) > 1 and self.pending().seat != seat:
            self.viewer = None  # the turn is over: the hand is hidden until the next person has the device
        return step

    # --- computers ---------------------------------------------------------------------------------

    def _rng(self, seat: int) -> random.Random:
        """The computer's chance source, fixed by the position: after an undo it plays the same again."""
        return random.Random(f"{self.seed}/{self.current.number}/{len(self.current.moves)}/{seat}")

    def step(self) -> Step | None:
        """One computer decision: a move (returned) or a Rommi call let pass (None). None also when a
        person must act or the round is over."""
        pending = self.pending()
        if pending.seat is None:
            return None
        seat = pending.seat
        level = self.seats[seat].level
        if level is None:
            return None
        bot = get_bot(level)
        if pending.kind == "computer_call":
            call = bot.call(self.state, seat, self._rng(seat))
            if call is None:
                self.current.passed.setdefault(len(self.current.states) - 1, set()).add(seat)
                return None
            return self._apply(seat, call)
        return self._apply(seat, bot.move(self.state, self._rng(seat)))

    def advance(self, limit: int = 1000) -> list[Step]:
        """The computer players act until a person must (or the round ends); their moves, in order."""
        steps: list[Step] = []
        for _ in range(limit):
            if self.pending().kind not in ("computer", "computer_call"):
                break
            step = self.step()
            if step is not None:
                steps.append(step)
        return steps

    # --- undo and rounds ---------------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether a person has moved in this round (so there is a move to take back)."""
        return any(self.seats[s].is_person for s, _ in self.current.moves)

    def undo(self) -> int:
        """Take back the last move a person made in this round, and every computer move after it: the
        game is back at that person's decision. How many moves were taken back (0: none to take back)."""
        round_ = self.current
        for index in range(len(round_.moves) - 1, -1, -1):
            seat = round_.moves[index][0]
            if self.seats[seat].is_person:
                taken = len(round_.moves) - index
                del round_.moves[index:]
                del round_.steps[index:]
                del round_.states[index + 1 :]
                round_.passed = {k: v for k, v in round_.passed.items() if k < index}
                if len(self.people) > 1:
                    self.viewer = seat
                return taken
        return 0

    def next_round(self) -> Round:
        """Deal the next round (the totals carried over). ``RulesError`` while the round goes on or once
        the game is won."""
        number = self.current.number + 1
        seed = round_seed(self.seed, number)
        state = self.state.next_round(seed)
        self.rounds.append(RoundPlay(number, seed, [state]))
        if len(self.people) > 1:
            self.viewer = None
        return state

    # --- charts ------------------------------------------------------------------------------------

    def turn_states(self, round_index: int = -1, seat: int | None = None) -> tuple[list[Round], list[int]]:
        """The states of a round at the end of each turn (the deal first), and the turn numbers; with
        ``seat``, only the ends of that seat's own turns (its turn 1, 2, …), so that a chart of one player's
        hand counts that player's turns, not everyone's."""
        round_ = self.rounds[round_index]
        states = [round_.states[0]]
        numbers = [0]
        for index, (mover, _) in enumerate(round_.moves):
            after = round_.states[index + 1]
            if seat is not None and mover != seat:
                continue
            if after.round_over or after.phase is Phase.DRAW:
                states.append(after)
                numbers.append(len(numbers))
        return states, numbers

    def totals_by_round(self) -> dict[str, list[int]]:
        """Each player's game total after each finished round."""
        totals: dict[str, list[int]] = {name: [] for name in self.names}
        for round_ in self.rounds:
            if not round_.state.round_over:
                continue
            for name, score in zip(self.names, round_.state.scores(), strict=True):
                totals[name].append(score.total)
        return totals

    # --- records -----------------------------------------------------------------------------------

    def round_record(self, round_index: int = -1) -> dict[str, Any]:
        """One round as a ``docs/record.md`` record (a plain mapping, ready for YAML): the deal, the totals
        before it, its seed and number, and its moves so far."""
        return practice_record.round_record(self, round_index)

    def header(self) -> str:
        """The comment line that lets a downloaded game be resumed with the same computer players."""
        return practice_record.header(self)

    def to_yaml(self, round_index: int | None = None) -> str:
        """The game as YAML: one ``docs/record.md`` record per round, as YAML documents (only round
        ``round_index`` when given, a single record that ``python -m engine replay`` reads)."""
        return practice_record.to_yaml(self, round_index)

    @classmethod
    def from_yaml(
        cls, text: str, source: str = "<record>", seats: Sequence[Seat] | None = None, language: str | Style = "en"
    ) -> Game:
        """A game from records (one per round, YAML documents; a single record is a one-round game).

        Raises ``RecordError`` naming the field for a bad record, an illegal move, or rounds that do not
        follow each other. Without ``seats``, the header line written by :meth:`to_yaml` says who is a
        computer player; with no header, every player is a person.
        """
        loaded = practice_record.read_game(text, source, seats, language)
        return cls(loaded.variant, loaded.seats, loaded.seed, loaded.rounds, language)

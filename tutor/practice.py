"""A whole game of 500 to practise: the learner against 1–3 computer players, or 2–7 people passing one
device, round after round until the variant's end, the totals carried over.

:class:`Game` is pure (no Streamlit): it holds every state of every round (so undo is going back), sends
the people's moves through :meth:`GameState.apply` (an illegal attempt raises ``RulesError`` and changes
nothing), produces the computer players' moves one at a time with a line that says what happened, asks
the computer players whether they call "Rommi!", and writes and reads the game as ``RECORD.md`` records,
one per round. :class:`RecordViewer` steps through a loaded record move by move.

>>> from engine.variants import get_variant
>>> game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=7)
>>> game.pending()
Pending(kind='turn', seat=0)
>>> step = game.play("draw")
>>> step.text
'Anna drew from the stock.'
>>> game.undo(), len(game.current.moves)
(True, 0)
>>> again = Game.from_yaml(game.to_yaml())
>>> again.seed, [s.level for s in again.seats], again.state.hands == game.state.hands
(7, [None, 'greedy'], True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import yaml

from engine.bots import get_bot
from engine.cards import Card
from engine.coachbot import laid_value
from engine.errors import RecordError, RulesError
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Stop, Take
from engine.record import build_state, parse_move_line, record_from_data
from engine.state import GameState, Phase
from engine.variants import Variant
from tutor.coach import cards_text
from tutor.strings import t

#: The computer players' levels, weakest first.
LEVELS: Final = ("random", "greedy", "coach")
#: How many computer players may join one learner.
MAX_COMPUTERS: Final = 3
#: The names the computer players get, in order.
COMPUTER_NAMES: Final = ("Bertil", "Cecilia", "David", "Eva", "Filip", "Greta")
#: The line of a downloaded game that says who played at which level (a YAML comment: records ignore it).
HEADER_MARK: Final = "# practice: "

PendingKind = Literal["turn", "rommi", "computer", "computer_call", "round_over", "game_over"]


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: a person at the device (``level`` None) or a computer player of that level."""

    name: str
    level: str | None = None

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.level is None


@dataclass(frozen=True, slots=True)
class Pending:
    """Who must act now, and how: a person's ``turn`` or ``rommi`` decision (call or let it pass), a
    ``computer`` move or ``computer_call`` decision, or nothing (``round_over``, ``game_over``)."""

    kind: PendingKind
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One move made: by whom, what, and a line for a learner."""

    seat: int
    move: Move
    text: str


@dataclass
class RoundPlay:
    """One round: its number and deal seed, every state (``states[0]`` as dealt, ``states[i + 1]`` after
    ``moves[i]``), the moves with their lines, and the Rommi windows the people let pass (by state index)."""

    number: int
    seed: int
    states: list[GameState]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    passed: dict[int, set[int]] = field(default_factory=dict)

    @property
    def state(self) -> GameState:
        """The position now."""
        return self.states[-1]


def deal_seed(seed: int, round_number: int) -> int:
    """The deal seed of round ``round_number`` of a game started with ``seed`` (round 1 is dealt with
    ``seed`` itself, so the seed a learner shares replays the first deal).

    >>> deal_seed(42, 1), deal_seed(42, 2)
    (42, 42000128)
    """
    return seed if round_number == 1 else seed * 1_000_003 + round_number


def describe(before: GameState, seat: int, move: Move, after: GameState, language: str = "en") -> str:
    """One line for a move: ``Bertil took 3 cards from the pile: 9♥ 2♣ 5♦.`` Cards drawn from the stock
    stay hidden; everything else on the table is seen by all."""
    name = before.players[seat]
    if isinstance(move, Draw):
        text = t("practice.log.draw", language, name=name)
    elif isinstance(move, Rommi | Take):
        n = len(before.pile) if isinstance(move, Take) and move.count is None else int(move.count or 1)
        taken = cards_text(before.pile[-n:])
        if isinstance(move, Rommi):
            key = "practice.log.rommi"
        elif n == len(before.pile) and n > 1:
            key = "practice.log.take_all"
        else:
            key = "practice.log.take_one" if n == 1 else "practice.log.take"
        text = t(key, language, name=name, count=n, cards=taken)
    elif isinstance(move, Meld):
        points = laid_value(before.variant, move.cards)
        text = t("practice.log.meld", language, name=name, cards=cards_text(move.cards), points=points)
    elif isinstance(move, Layoff):
        points = laid_value(before.variant, move.cards)
        text = t(
            "practice.log.layoff", language, name=name, cards=cards_text(move.cards), meld=move.meld, points=points
        )
    elif isinstance(move, Discard):
        text = t("practice.log.discard", language, name=name, card=cards_text([move.card]))
    elif isinstance(move, Stop):
        text = t("practice.log.stop", language, name=name)
    else:
        text = f"{name}: {move}"
    penalty = after.penalties[seat] - before.penalties[seat]
    if penalty:
        text += " " + t("practice.log.penalty", language, penalty=penalty)
    if after.round_over and not before.round_over:
        if after.ended_by == "went_out":
            text += " " + t("practice.log.went_out", language, name=after.players[after.went_out or 0])
        else:
            text += " " + t("practice.log.round_ends", language)
    return text


class Game:
    """A game of 500 in play: seats, the rounds so far, and who must act now.

    Build one with :meth:`new` or :meth:`from_yaml`. ``viewer`` is the seat whose hand the device shows
    (with several people passing the device, a hand is hidden until its owner takes the device).
    """

    def __init__(
        self, variant: Variant, seats: Sequence[Seat], seed: int, rounds: list[RoundPlay], language: str = "en"
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

    @classmethod
    def new(cls, variant: Variant, seats: Sequence[Seat], seed: int, language: str = "en") -> Game:
        """A new game: round 1 dealt with ``seed``. ``ValueError`` for a table the variant does not allow."""
        state = GameState.deal(variant, [s.name for s in seats], seed=deal_seed(seed, 1))
        return cls(variant, seats, seed, [RoundPlay(1, deal_seed(seed, 1), [state])], language)

    # --- reading -----------------------------------------------------------------------------------

    @property
    def current(self) -> RoundPlay:
        """The round being played (or just over)."""
        return self.rounds[-1]

    @property
    def state(self) -> GameState:
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
        state = self.state
        if state.rommi_from is None:
            return []
        seats = {s for s, _ in state.rommi_calls()}
        n = len(self.seats)
        return [s for s in ((state.rommi_from + k) % n for k in range(1, n)) if s in seats]

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

    def play(self, move: Move | str, seat: int | None = None) -> Step:
        """A person's move (default: the person who must act). Raises ``RulesError`` with the engine's
        sentence when it is illegal, or when it is not that person's moment; nothing changes then."""
        if isinstance(move, str):
            move = Move.parse(move)
        pending = self.pending()
        if seat is None:
            seat = pending.seat if pending.seat is not None else self.state.to_move
        if not self.seats[seat].is_person:
            raise RulesError("not_your_turn", t("practice.problem.computer_seat", self.language, name=self.names[seat]))
        if pending.kind in ("round_over", "game_over"):
            raise RulesError("wrong_phase", t("practice.problem.round_over", self.language))
        if pending.kind in ("rommi", "computer_call") and pending.seat != seat:
            raise RulesError(
                "not_your_turn",
                t("practice.problem.wait_for_call", self.language, name=self.names[pending.seat or 0]),
            )
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

    def undo(self) -> bool:
        """Take back the last move a person made in this round, and every computer move after it: the
        game is back at that person's decision. Whether there was one to take back."""
        round_ = self.current
        for index in range(len(round_.moves) - 1, -1, -1):
            seat = round_.moves[index][0]
            if self.seats[seat].is_person:
                del round_.moves[index:]
                del round_.steps[index:]
                del round_.states[index + 1 :]
                round_.passed = {k: v for k, v in round_.passed.items() if k < index}
                if len(self.people) > 1:
                    self.viewer = seat
                return True
        return False

    def next_round(self) -> GameState:
        """Deal the next round (the totals carried over). ``RulesError`` while the round goes on or once
        the game is won."""
        number = self.current.number + 1
        seed = deal_seed(self.seed, number)
        state = self.state.next_round(seed)
        self.rounds.append(RoundPlay(number, seed, [state]))
        if len(self.people) > 1:
            self.viewer = None
        return state

    # --- charts ------------------------------------------------------------------------------------

    def turn_states(self, round_index: int = -1) -> tuple[list[GameState], list[int]]:
        """The states of a round at the end of each turn (the deal first), and the turn numbers."""
        round_ = self.rounds[round_index]
        states = [round_.states[0]]
        numbers = [0]
        for index in range(len(round_.moves)):
            after = round_.states[index + 1]
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
        """One round as a ``RECORD.md`` record (a plain mapping, ready for YAML): the deal, the totals
        before it, its seed and number, and its moves so far."""
        round_ = self.rounds[round_index]
        dealt = round_.states[0]
        names = self.names
        record: dict[str, Any] = {"variant": self.variant.id}
        if self.variant.house_rules:
            record["house_rules"] = {name: getattr(self.variant, name) for name in self.variant.house_rules}
        record["players"] = names
        record["deal"] = {
            "hands": {name: [str(c) for c in hand] for name, hand in zip(names, dealt.hands, strict=True)},
            "discard": [str(c) for c in dealt.pile],
            "stock": [str(c) for c in dealt.stock],
        }
        record["totals"] = dict(zip(names, dealt.totals, strict=True))
        record["seed"] = round_.seed
        if round_.number != 1:
            record["round"] = round_.number
        record["moves"] = [f"{names[seat]}: {move}" for seat, move in round_.moves]
        return record

    def header(self) -> str:
        """The comment line that lets a downloaded game be resumed with the same computer players."""
        data = {"seed": self.seed, "seats": [[s.name, s.level] for s in self.seats]}
        return HEADER_MARK + json.dumps(data, ensure_ascii=False)

    def to_yaml(self, round_index: int | None = None) -> str:
        """The game as YAML: one ``RECORD.md`` record per round, as YAML documents (only round
        ``round_index`` when given, a single record that ``python -m engine replay`` reads)."""
        rounds = range(len(self.rounds)) if round_index is None else [round_index]
        documents = [
            yaml.safe_dump(self.round_record(i), sort_keys=False, allow_unicode=True, default_flow_style=None)
            for i in rounds
        ]
        intro = t("practice.record_comment", self.language).strip().splitlines()
        head = "".join(f"# {line}\n" for line in intro) + self.header() + "\n"
        return head + "---\n".join(documents)

    @classmethod
    def from_yaml(
        cls, text: str, source: str = "<record>", seats: Sequence[Seat] | None = None, language: str = "en"
    ) -> Game:
        """A game from records (one per round, YAML documents; a single record is a one-round game).

        Raises ``RecordError`` naming the field for a bad record, an illegal move, or rounds that do not
        follow each other. Without ``seats``, the header line written by :meth:`to_yaml` says who is a
        computer player; with no header, every player is a person.
        """
        try:
            documents = [d for d in yaml.safe_load_all(text) if d is not None]
        except yaml.YAMLError:
            raise RecordError(source, "file", "is not YAML or JSON") from None
        if not documents:
            raise RecordError(source, "file", "is empty")
        header = _read_header(text)
        rounds: list[RoundPlay] = []
        variant: Variant | None = None
        players: list[str] = []
        for number, data in enumerate(documents, start=1):
            where = source if len(documents) == 1 else f"{source} (round {number})"
            record = record_from_data(data, where)
            state = build_state(record, where)
            if variant is None:
                variant, players = state.variant, list(record.players)
            elif state.variant != variant or list(record.players) != players:
                raise RecordError(where, "players", "every round of a game has the same variant and players")
            previous = rounds[-1].state if rounds else None
            if previous is not None:
                if not previous.round_over:
                    raise RecordError(where, "moves", "the round before this one did not end")
                if list(state.totals) != [s.total for s in previous.scores()]:
                    raise RecordError(where, "totals", "do not carry on from the round before")
            round_ = RoundPlay(record.round, record.seed or 0, [state])
            for index, line in enumerate(record.moves):
                try:
                    seat, move = parse_move_line(line, round_.state)
                    after = round_.state.apply(move, seat)
                except RulesError as error:
                    raise RecordError(where, f"moves[{index}]", f"“{line}”: {error}") from None
                round_.moves.append((seat, move))
                round_.steps.append(Step(seat, move, describe(round_.state, seat, move, after, language)))
                round_.states.append(after)
            rounds.append(round_)
        assert variant is not None
        if seats is None:
            levels = dict(header.get("seats", [])) if header else {}
            seats = [Seat(name, levels.get(name)) for name in players]
            if not any(s.is_person for s in seats):
                seats = [Seat(name) for name in players]
        seed = int(header.get("seed", rounds[0].seed)) if header else rounds[0].seed
        return cls(variant, seats, seed, rounds, language)


def _read_header(text: str) -> dict[str, Any]:
    for line in text.splitlines():
        if line.startswith(HEADER_MARK):
            try:
                data = json.loads(line[len(HEADER_MARK) :])
            except json.JSONDecodeError:
                return {}
            return data if isinstance(data, dict) else {}
    return {}


def computer_seats(learner: str, computers: int, level: str) -> list[Seat]:
    """The learner and ``computers`` computer players of ``level``, named from :data:`COMPUTER_NAMES`.

    >>> [(s.name, s.level) for s in computer_seats("Anna", 2, "coach")]
    [('Anna', None), ('Bertil', 'coach'), ('Cecilia', 'coach')]
    """
    if not 1 <= computers <= MAX_COMPUTERS:
        raise ValueError(f"play against 1 to {MAX_COMPUTERS} computer players, not {computers}")
    names = [n for n in COMPUTER_NAMES if n != learner][:computers]
    return [Seat(learner), *(Seat(name, level) for name in names)]


def people_seats(names: Sequence[str]) -> list[Seat]:
    """Seats for people passing one device (2–7 of them).

    >>> [s.name for s in people_seats(["Anna", " Bertil "])]
    ['Anna', 'Bertil']
    """
    cleaned = [n.strip() for n in names if n.strip()]
    if not 2 <= len(cleaned) <= 7:
        raise ValueError(f"pass-and-play is for 2 to 7 people, not {len(cleaned)}")
    return [Seat(name) for name in cleaned]


# --- stepping through a record ----------------------------------------------------------------------


class RecordViewer:
    """A finished or saved game to step through move by move: ``position`` is (round index, moves made
    in that round); :meth:`forward` and :meth:`back` cross from one round to the next.

    >>> from engine.variants import get_variant
    >>> game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil")], seed=7)
    >>> _ = game.play("draw"); _ = game.play("discard " + str(game.state.hands[0][0]))
    >>> viewer = RecordViewer(Game.from_yaml(game.to_yaml()))
    >>> viewer.forward(), viewer.forward(), viewer.forward(), viewer.position
    (True, True, False, (0, 2))
    >>> viewer.line is not None and viewer.line.startswith("Anna discarded")
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.round_index = 0
        self.index = 0

    @classmethod
    def from_yaml(cls, text: str, source: str = "<record>", language: str = "en") -> RecordViewer:
        """A viewer of records (``RecordError`` for a bad one)."""
        game = Game.from_yaml(text, source, language=language)
        return cls(game)

    @property
    def position(self) -> tuple[int, int]:
        """(round index, number of moves made in it)."""
        return self.round_index, self.index

    @property
    def round(self) -> RoundPlay:
        """The round being viewed."""
        return self.game.rounds[self.round_index]

    @property
    def state(self) -> GameState:
        """The position shown."""
        return self.round.states[self.index]

    @property
    def line(self) -> str | None:
        """The line of the last move made, or None at the start of a round."""
        return self.round.steps[self.index - 1].text if self.index else None

    @property
    def moves_in_round(self) -> int:
        """How many moves the viewed round holds."""
        return len(self.round.moves)

    def forward(self) -> bool:
        """One move on (into the next round after the last move); whether it moved."""
        if self.index < len(self.round.moves):
            self.index += 1
            return True
        if self.round_index + 1 < len(self.game.rounds):
            self.round_index += 1
            self.index = 0
            return True
        return False

    def back(self) -> bool:
        """One move back (to the end of the round before from a round's start); whether it moved."""
        if self.index > 0:
            self.index -= 1
            return True
        if self.round_index > 0:
            self.round_index -= 1
            self.index = len(self.round.moves)
            return True
        return False

    def go_to(self, round_index: int, index: int) -> None:
        """Jump to move ``index`` of round ``round_index`` (clamped to what exists)."""
        self.round_index = max(0, min(round_index, len(self.game.rounds) - 1))
        self.index = max(0, min(index, len(self.round.moves)))

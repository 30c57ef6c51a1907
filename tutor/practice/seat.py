"""A Practice game as a seat game (:class:`tutor.seat.game.SeatGame`): the game seen from the seat
of the person with the device, the answer to their moves (with the coach's review), the coach's hint, undo,
and the computer players' turns after a person's move.

>>> from tutor.practice.seats import Seat
>>> from engine.variants import get_variant
>>> table = PracticeSeat(Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=3))
>>> look = table.look("en")
>>> look.actions[:2], look.leading
(('draw', 'take_all'), ('draw',))
>>> table.play(Play("discard", hand=("2C",)), "en").kind
'error'
>>> table.play(Play("draw"), "en").message.startswith("You drew the")
True
>>> table.undo("en").message
'Your last move was taken back.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.cards import Card
from engine.errors import RulesError
from engine.moves import Discard, Draw
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style
from tutor.practice.better import better_move
from tutor.practice.game import Game, Pending
from tutor.practice.guide import Guidance, after_move, changed_since, guide, topics_used
from tutor.practice.seats import COACH_LEVEL
from tutor.seat.coach import Advice, suggest
from tutor.seat.felt import primary_actions
from tutor.seat.game import Answer, AnswerKind, Look, Play, attempt, drops_picks, turn_actions
from tutor.seat.picks import Action


class PracticeSeat:
    """A Practice game at one device: the :class:`Game`, the answer to the last thing done, the coach's
    review of the last move and its last hint (:class:`tutor.seat.coach.Advice`), how many of the round's
    moves the people have seen, and whether the computer players move one at a time (``stepwise``, asked at
    each move: a page's switch may change between two of them)."""

    def __init__(self, game: Game, stepwise: Callable[[], bool] = lambda: False) -> None:
        self.game = game
        self.stepwise = stepwise
        self.answer: Answer | None = None
        self.review: str | None = None
        self.advice: Advice | None = None
        self.seen = 0
        self.hints = 0
        #: How many times the table was told to forget its picks (:func:`tutor.seat.game.drops_picks`).
        self.picks_dropped = 0
        #: what each of the people's moves of this round cost, as the coach weighs the moves, by the move's index
        self.costs: dict[int, float] = {}
        #: a guided hand: the topics explained this round, the guidance for the decision now (by position and
        #: language) and what the guide said after the learner's last move
        self.topics: set[str] = set()
        self._guidance: tuple[str, Guidance] | None = None
        self.after: str | None = None
        #: the card the guide's last advice said to keep, and the learner's hand then (to say what changed
        #: when a later advice throws it)
        self._kept: tuple[Card, tuple[Card, ...]] | None = None

    # --- who sees the board -------------------------------------------------------------------------

    def board_seat(self) -> int:
        """Whose view the board is drawn from: the person with the device (or about to get it)."""
        game = self.game
        pending = game.pending()
        if pending.seat is not None and game.seats[pending.seat].is_person:
            return pending.seat
        if game.viewer is not None:
            return game.viewer
        return game.people[0]

    def deciding(self) -> int | None:
        """The person who decides now at this device (their turn, or their Rommi! window, and their hand
        shown), or None: a computer's turn, a hand-over, the round's end."""
        return self._deciding(self.game.pending())

    def _deciding(self, pending: Pending) -> int | None:
        game = self.game
        if pending.kind not in ("turn", "rommi") or pending.seat is None or game.needs_handover():
            return None
        return pending.seat if game.visible_hand(pending.seat) is not None else None

    def rommi_window(self) -> bool:
        """Whether the person deciding now may call Rommi! (someone else's discard), not play a turn."""
        return self.deciding() is not None and self.game.pending().kind == "rommi"

    # --- the seat game --------------------------------------------------------------------------

    def look(self, language: str | Style) -> Look:
        """The table from the seat of the person with the device; their hand stays shown while the others move."""
        game = self.game
        state = game.state
        pending = game.pending()  # it lists the Rommi calls: asked once here
        seat = self._deciding(pending)
        viewer = self.board_seat() if seat is None else seat
        live = seat is not None
        call: Action = "rummy" if state.variant.rummy_call else "rommi"
        actions = ((call, "no_call") if pending.kind == "rommi" else tuple(turn_actions(state))) if live else ()
        return Look(
            seen=state.view(viewer),
            actions=actions,
            leading=tuple(primary_actions(state, viewer, None)) if live else (),
            message=self.message(language),
            log=tuple(self._fresh_log(language)),
            key=f"{game.seed}:{game.current.number}:{len(game.current.steps)}:{viewer}:{live}:{self.picks_dropped}",
            show_hand=not game.needs_handover() and game.visible_hand(viewer) is not None,
            top=not game.current.steps and not game.guided,  # a new game or round, the learner first; a guide speaks at once
            show=(self.hints, self.advice.move) if live and self.advice is not None and self.advice.seat == viewer else None,
        )

    def message(self, language: str | Style) -> tuple[str, str] | None:
        """What the table says beside the cards after the last action: a refusal in words (and that nothing
        was played), a note, or the coach's review of the learner's move; else, in a Rommi! window, that the
        learner may call; None when there is nothing to say."""
        said = self.review and t("practice.review_heading", language, review=self.review)
        answer = self.answer
        parts: list[str] = []
        kind: AnswerKind | None = None
        if answer is not None and answer.message:
            text = answer.message
            if answer.kind == "error" and answer.code is not None:  # a refused move, not a refused file
                text = f"{text} {t('practice.unchanged', language)}"
            text = f"{text} {said}" if said else text
            if not self.game.guided:
                return answer.kind, text
            # A guided hand: a warning or a refusal is said beside the guide's advice, never instead of it.
            parts.append(text)  # "You drew the 9♥." or "Pick exactly one card…", then the guide
            kind = None if answer.kind == "info" else answer.kind
        elif said:
            return "warning", said
        if self.after:
            parts.append(t("guide.said", language, text=self.after))
        seat = self.deciding()
        window = seat is not None and self.game.pending().kind == "rommi"
        if seat is not None and window:  # said beside the Rommi! (or Rummy!) and No call buttons
            key = "practice.rummy_possible" if self.game.state.variant.rummy_call else "practice.rommi_possible"
            parts.append(t(key, language, name=self.game.names[seat], card=self.game.state.pile[-1]))
        guidance = self.guidance(language)
        if guidance is not None:  # a guided hand: what the rules allow now and the coach's advice, by the buttons
            parts += [guidance.advice] if window else [guidance.now, guidance.advice]
        if not parts:
            return None
        return kind or ("success" if window else "info"), " ".join(parts)

    def play(self, play: Play, language: str | Style) -> Answer:
        """A move made on the table by the person deciding: the engine judges it; then the coach reviews it
        and the computer players move (unless they move one at a time)."""
        seat = self.deciding()
        if seat is None:
            return self._say(Answer("info", ""))
        if play.action == "no_call":  # the answer to the Rommi! window, beside the Rommi! button
            if self.rommi_window():
                self.let_pass()
            return self._say(Answer("info", ""))
        before = self.game.state
        played = False

        def make() -> Answer:
            nonlocal played
            move = play.move(before)
            index = len(self.game.current.steps)
            self.game.play(move, seat)
            played = True
            cost, self.review = better_move(before, move, seat, language)
            self.costs[index] = cost
            guided = self._guidance[1] if self.game.guided and self._guidance else None
            if guided is not None:  # the guide says it, agreeing or not
                self.after = after_move(before, seat, move, guided.move, language)
                self.review = None
            drawn = self.game.state.view(seat).drawn if isinstance(move, Draw) else ()
            # The card from the stock is seen only by the one who drew it: the log says "drew from the stock".
            return Answer("info", t("practice.you_drew", language, card=drawn[0]) if drawn else "")

        answer = attempt(make, language)
        if played:
            self.seen = len(self.game.current.steps)
            self._moved()
        elif drops_picks(play, answer):
            self.picks_dropped += 1
        return self._say(answer)

    def hint(self, language: str | Style) -> Answer | None:
        """The coach's suggestion for the decision now, said in the table's message box (it answers the
        learner's newest question, so it takes the place of the last move's remarks)."""
        seat = self.game.pending().seat
        if seat is None:
            return None
        self.advice = suggest(self.game.state, seat, COACH_LEVEL, language)
        if self.advice is not None:
            self.hints += 1  # its cards are picked on the table ("show me"), once
            self.review = None
            return self._say(Answer("info", t("table.hint", language, reason=self.advice.reason)))
        if self.game.pending().kind == "rommi":
            return self._say(Answer("info", t("practice.hint_pass", language)))
        return None

    def can_undo(self) -> bool:
        """Whether a person has moved in this round."""
        return self.game.can_undo()

    def undo(self, language: str | Style) -> Answer | None:
        """Take back the last move a person made (and the computer moves after it)."""
        taken = self.game.undo()
        if not taken:
            return None
        self.review = None
        self.advice = None
        self.after = None
        self.seen = len(self.game.current.steps)
        # Say only what happened: the computer's moves were taken back only where there were some.
        return self._say(Answer("info", t("practice.undone" if taken > 1 else "practice.undone_alone", language)))

    # --- a guided hand -------------------------------------------------------------------------------

    def guidance(self, language: str | Style) -> Guidance | None:
        """In a guided hand, what the guide says before the decision now (worked out once a decision); None
        when the game is not guided or nobody at this device decides now."""
        seat = self.deciding()
        if not self.game.guided or seat is None:
            return None
        key = f"{self.game.current.number}:{len(self.game.current.steps)}:{seat}:{language}"
        if self._guidance is None or self._guidance[0] != key:
            people = set(self.game.people)
            used = topics_used(step.move for step in self.game.current.steps if step.seat not in people)
            state = self.game.state
            said = guide(state, seat, self.topics, language, used)
            self.topics.update(said.met)
            kept = self._kept
            if kept is not None and isinstance(said.move, Discard) and said.move.card == kept[0]:
                # a reason that changed from one turn to the next says what changed
                said = replace(said, advice=f"{said.advice} {changed_since(kept[0], kept[1], state, seat, language)}")
            if said.kept is not None:
                self._kept = (said.kept, tuple(state.hands[seat]))
            elif isinstance(said.move, Discard):
                self._kept = None
            self._guidance = (key, said)
        return self._guidance[1]

    # --- the rest of a Practice game -----------------------------------------------------------------

    def let_pass(self) -> None:
        """The person deciding lets a Rommi! window pass without calling."""
        self.game.pass_rommi()
        self.answer = None
        self._moved()

    def reveal(self, seat: int) -> None:
        """``seat`` has the device now: their hand is shown."""
        self.game.reveal(seat)
        self.answer = self.review = None

    def catch_up(self) -> None:
        """The computer players move until a person must (unless they move one at a time)."""
        if not self.stepwise():
            self.game.advance()

    def next_computer(self) -> None:
        """One computer decision (moving one at a time)."""
        self.game.step()

    def next_round(self, language: str | Style) -> Answer | None:
        """Deal the next round; a refusal when the game is over."""
        try:
            self.game.next_round()
        except RulesError as error:
            return self._say(Answer("error", refusal(error, language), error.code))
        self.answer = self.review = self.advice = None
        self.seen = 0
        self.costs = {}
        self.topics = set()
        self.after = None
        self._kept = None
        return None

    def _moved(self) -> None:
        self.advice = None
        self.catch_up()

    def _say(self, answer: Answer) -> Answer:
        self.answer = answer
        return answer

    def _fresh_log(self, language: str | Style) -> list[str]:
        """The lines of the moves made since the learner last looked: the others' (or else the last one)."""
        current = self.game.current
        seen = self.seen if self.seen <= len(current.steps) else 0
        fresh = range(seen, len(current.steps))
        people = set(self.game.people)
        shown = [i for i in fresh if current.steps[i].seat not in people] or list(fresh)[-1:]
        return [current.line(i, language) for i in shown]

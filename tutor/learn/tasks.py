"""What a task asks (``task:`` of ``scenarios/*.yaml``): a move or a short sequence of them, a number, a choice,
or "legal or not?"; and whether a move played is what a step asks (:func:`matches`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from engine.cards import Card
from engine.model import StrictModel
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take
from engine.pile_take import lifted, take_count
from engine.round import Round
from engine.variants import Variant
from tutor.learn.text import Text


class Matcher(StrictModel):
    """A condition an accepted move meets. Every field given must hold.

    ``move``: exactly this move. ``action``: the kind of move. ``with``: the move's cards include these
    (for a take or a Rommi call: the cards taken). ``meld``: a lay-off on this meld number.
    """

    move: str | None = None
    action: Literal["draw", "take", "meld", "layoff", "discard", "stop", "rommi", "any"] | None = None
    with_: list[str] = Field(default_factory=list, alias="with")
    meld: int | None = None

    model_config = ConfigDict(populate_by_name=True)


class Step(StrictModel):
    """One move the learner makes."""

    prompt: Text | None = Field(None, description="What to do now (default: the task's prompt).")
    accept: list[Matcher] = Field(min_length=1, description="A move meeting any of these is what was asked.")
    answer: str = Field(description="A move that is accepted: shown by the last hint, played by the tests.")
    after: list[str] = Field(default_factory=list, description='Moves played for the others after this step, "PLAYER: MOVE".')
    success: Text | None = Field(None, description="Said when the step is done.")


class MoveTask(StrictModel):
    """Make one move, or a short sequence of them."""

    kind: Literal["move"]
    prompt: Text
    steps: list[Step] = Field(min_length=1)


class NumberAnswer(StrictModel):
    """A number the learner types: a fixed value, or one the engine computes from the position."""

    value: int | None = None
    score: Literal["laid", "hand", "round", "total", "bonus", "penalty"] | None = Field(
        None, description="A figure of the player's score in the position (after its moves)."
    )
    card_value: str | None = Field(None, description="The value of this card in the variant.")
    low_ace: bool = Field(False, description="With card_value: the low ace of a run.")
    dealt: int | None = Field(None, ge=2, le=8, description="The cards each player is dealt with this many players.")
    decks: int | None = Field(None, ge=2, le=8, description="The decks shuffled together for this many players.")
    deck_cards: int | None = Field(None, ge=2, le=8, description="The cards in play (decks, with any jokers) for this many players.")
    player: str | None = None

    @model_validator(mode="after")
    def _one_source(self) -> NumberAnswer:
        given = [x for x in (self.value, self.score, self.card_value, self.dealt, self.decks, self.deck_cards) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of value, score, card_value, dealt, decks or deck_cards")
        if self.score is not None and self.player is None:
            raise ValueError("a score needs the player")
        return self


class NumberTask(StrictModel):
    """Type a number (a card's value, a round score…)."""

    kind: Literal["number"]
    prompt: Text
    answer: NumberAnswer
    explain: Text | None = Field(None, description="Shown with the right answer.")


class ChoiceTask(StrictModel):
    """Pick one of several options."""

    kind: Literal["choice"]
    prompt: Text
    options: list[Text] = Field(min_length=2)
    correct: int = Field(ge=0)
    correct_if: dict[str, int] = Field(
        default_factory=dict,
        description='The right option at a table where a rule has a value, as "rule=value" (`must_go_out_to_win=true: 0`): '
        "the first that holds, else `correct`.",
    )
    explain: Text | None = None

    @model_validator(mode="after")
    def _correct_in_range(self) -> ChoiceTask:
        for index in (self.correct, *self.correct_if.values()):
            if index >= len(self.options):
                raise ValueError(f"correct is {index}, but there are only {len(self.options)} options")
        for condition in self.correct_if:
            rule, sep, _ = condition.partition("=")
            if not sep or rule.strip() not in Variant.model_fields:
                raise ValueError(f"“{condition}” is no rule=value of the engine's rules")
        return self

    def correct_at(self, variant: Variant) -> int:
        """The right option at a table playing ``variant``."""
        for condition, index in self.correct_if.items():
            rule, _, value = (word.strip() for word in condition.partition("="))
            if str(getattr(variant, rule)).lower() == value.lower():
                return index
        return self.correct


class JudgeTask(StrictModel):
    """Legal or not? The engine decides the answer; its reason is the explanation."""

    kind: Literal["judge"]
    prompt: Text
    move: str = Field(description='The move to judge, "PLAYER: MOVE".')
    explain: Text | None = None


Task = Annotated[MoveTask | NumberTask | ChoiceTask | JudgeTask, Field(discriminator="kind")]


def matches(matcher: Matcher, move: Move, before: Round) -> bool:
    """Whether ``move`` (legal in ``before``) meets ``matcher``."""
    if matcher.move is not None and Move.parse(matcher.move) != move and not _same_take(Move.parse(matcher.move), move, before):
        return False
    if matcher.action not in (None, "any") and move.kind != matcher.action:
        return False
    if matcher.meld is not None and not (isinstance(move, Layoff) and move.meld == matcher.meld):
        return False
    if matcher.with_:
        held = [c.in_hand for c in _cards_of(move, before)]
        for text in matcher.with_:
            card = Card.parse(text)
            if card.in_hand not in held:
                return False
            held.remove(card.in_hand)
    return True


def _same_take(a: Move, b: Move, before: Round) -> bool:
    """``take all`` and ``take N`` with N the pile's size are the same move."""
    if isinstance(a, Take) and isinstance(b, Take):
        return take_count(before.pile, a) == take_count(before.pile, b)
    return False


def _cards_of(move: Move, before: Round) -> tuple[Card, ...]:
    if isinstance(move, (Meld, Layoff)):
        return move.cards
    if isinstance(move, Discard):
        return (move.card,)
    if isinstance(move, Take | Rommi):
        return lifted(before.pile, move)
    return ()


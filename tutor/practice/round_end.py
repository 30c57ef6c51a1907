"""The end of a Practice round in words: how it ended, who leads the game, and the learner's costliest
decisions (each with the coach's sentence on the better move, in the game's terms, and the tactic it follows).

>>> from engine.variants import get_variant
>>> from engine.moves import DRAW
>>> from tutor.practice.game import Game
>>> from tutor.practice.seats import computer_seats
>>> game = Game.new(get_variant("500-rum"), computer_seats("You", 1, "greedy"), 5)
>>> _ = game.advance(), game.play(DRAW), game.advance()
>>> while game.pending().kind not in ("round_over", "game_over"):
...     _ = game.play(game.state.legal_moves()[0]) if game.pending().kind == "turn" else game.advance()
>>> lines = round_words(game)
>>> len(lines) >= 2 and lines[-1].endswith("points.")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.practice.better import better_move
from tutor.practice.game import Game
from tutor.practice.rounds import RoundPlay
from tutor.seat.coach import REVIEW_MARGIN

#: How many of the learner's decisions the end of a round looks back on.
REVIEWED: Final = 3


def round_words(game: Game, language: str | Style = "en") -> list[str]:
    """How the round ended and who leads the game, one sentence each."""
    state = game.state
    if state.ended_by == "went_out" and state.went_out is not None:
        ended = t("practice.round_end.went_out", language, name=state.players[state.went_out])
    else:
        ended = t("practice.round_end.ended", language, how=t(f"compare.situation.ended_by.{state.ended_by}", language))
    totals = [s.total for s in state.scores()]
    best = max(totals)
    leaders = [state.players[i] for i, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        leads = t("practice.round_end.leads", language, name=leaders[0], total=best)
    else:
        leads = t("practice.round_end.tied", language, names=tuple(leaders), total=best)
    return [ended, leads]


def costliest(game: Game, costs: Mapping[int, float], seat: int, language: str | Style = "en") -> list[tuple[int, str]]:
    """``seat``'s costliest decisions of the round (at most :data:`REVIEWED`, each worth at least
    :data:`~tutor.seat.coach.REVIEW_MARGIN` as the coach weighs the moves), the costliest first: the index of the
    position it was made in, and the coach's sentence on the better move."""
    current = game.current
    found = [
        (cost, index)
        for index, cost in costs.items()
        if cost >= REVIEW_MARGIN and index < len(current.steps) and current.steps[index].seat == seat
    ]
    words: list[tuple[int, str]] = []
    for _, index in sorted(found, reverse=True)[:REVIEWED]:
        said = better_move(current.states[index], current.steps[index].move, seat, language)[1]
        if said:
            words.append((index, said))
    return words


def decision_again(game: Game, index: int) -> Game:
    """A new game that starts at position ``index`` of ``game``'s round, to try that decision again: the same
    seats, the same round (its number, its totals), the position as it was."""
    current = game.current
    start = [RoundPlay(current.number, current.seed, [current.states[index]])]
    again = Game(game.variant, game.seats, game.seed, start, game.language)
    again.guided = game.guided
    return again



def round_result(game: Game) -> tuple[str, bool, int] | None:
    """For the Practice statistics, the learner's finished round against the computer: (the computer players'
    level, whether the learner won it, the learner's round score); None for people passing a device."""
    if len(game.people) != 1 or not game.state.round_over:
        return None
    seat = game.people[0]
    levels = sorted({s.level for s in game.seats if s.level is not None})
    scores = [s.round for s in game.state.scores()]
    return "+".join(levels), scores[seat] == max(scores), scores[seat]

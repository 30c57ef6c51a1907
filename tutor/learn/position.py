"""A task's situation as an author writes it (``position:`` of ``scenarios/*.yaml``): players, cards and moves
already played, as in a record, with what the author leaves to the table the task is played at."""

from __future__ import annotations

from pydantic import Field

from engine.model import StrictModel
from engine.records.game import Deal, TableEntry

#: The target a position's totals (and the texts' ``{points:N}``) are written for.
TOTALS_TARGET = 500


class Position(StrictModel):
    """The situation: players, cards and moves already played, as in a record.

    With ``fill_stock`` the deck's remaining cards go under the listed stock in a fixed order, so an
    author lists only the cards that matter (a record exported from it holds every card, as
    ``docs/record.md`` asks). Without it, jokers a house rule brings into the deck go to the hand of the
    last player who is not the learner, so that a position written for a table without jokers adds up.
    """

    players: list[str] = Field(min_length=2, description="In turn order.")
    learner: str | None = Field(None, description="The player the learner plays (default: the first).")
    deal: Deal
    table: list[TableEntry] = Field(default_factory=list)
    totals: dict[str, int] | None = Field(
        None,
        description="Game totals before the round, written for a target of 500: at a table with another target "
        "each shifts by the difference (480 is 230 at 250), as the texts' {points:480} do.",
    )
    goes_out: str | None = Field(
        None,
        description="The player who goes out in this position's play: their total is lowered by the table's "
        "going-out bonus, so that their total after the round is the one the texts give ({points:480-bonus}).",
    )
    moves: list[str] = Field(default_factory=list, description='Moves already played, "PLAYER: MOVE".')
    fill_stock: bool = Field(True, description="Put the deck's remaining cards under the listed stock.")
    dealt: bool = Field(
        False,
        description="The hands are a fresh deal: at a table that deals fewer cards each hand keeps its first ones "
        "(the others go to the stock), at one that deals more each gets the next cards of the deck in order.",
    )
    round_start: bool = Field(
        False,
        description="The position is the start of the round: nobody has had a turn yet (the house rule "
        "no_meld_first_turn then holds everyone back). By default the round is under way and every player has "
        "had a turn.",
    )

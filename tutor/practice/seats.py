"""Who plays a practice game: a person at the device or a computer player of a level, and the two ways
to fill a table (the learner against computer players, or people passing one device)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.records.game import name_problem

#: The computer players' levels, weakest first.
LEVELS: Final = ("random", "greedy", "coach")
#: How many computer players may join one learner.
MAX_COMPUTERS: Final = 3
#: The names the computer players get, in order.
COMPUTER_NAMES: Final = ("Bertil", "Cecilia", "David", "Eva", "Filip", "Greta")


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: a person at the device (``level`` None) or a computer player of that level."""

    name: str
    level: str | None = None

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.level is None


def computer_seats(learner: str, computers: int, level: str) -> list[Seat]:
    """The learner and ``computers`` computer players of ``level``, named from :data:`COMPUTER_NAMES`.

    >>> [(s.name, s.level) for s in computer_seats("Anna", 2, "coach")]
    [('Anna', None), ('Bertil', 'coach'), ('Cecilia', 'coach')]
    """
    if not 1 <= computers <= MAX_COMPUTERS:
        raise ValueError(f"play against 1 to {MAX_COMPUTERS} computer players, not {computers}")
    _check_names([learner])
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
    _check_names(cleaned)
    return [Seat(name) for name in cleaned]


def _check_names(names: Sequence[str]) -> None:
    """``ValueError`` for a name a record could not hold (``docs/record.md``: 1–30 printable characters, no colon).

    >>> people_seats(["Anna: the best", "Bertil"])
    Traceback (most recent call last):
    ...
    ValueError: “Anna: the best” holds a colon, which a move line uses to end the name
    """
    for name in names:
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)

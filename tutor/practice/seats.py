"""Who plays a practice game: a person at the device or a computer player of a level, and the two ways
to fill a table (the learner against computer players, or people passing one device)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.names import NameProblem, name_key, name_problem, same_name
from tutor.i18n.languages import SOURCE_LANGUAGE
from tutor.i18n.names import cast_names

#: The computer players' levels, weakest first.
LEVELS: Final = ("random", "greedy", "coach")
#: The computer player whose judgement the coach's advice follows in Practice and the guided hand: the level
#: measured strongest against ``greedy`` (README, "Speed": the ladder of ``benchmarks/bench_coach.py``). The
#: searching player (``search``, :mod:`engine.bots.search`) is not yet measured stronger than ``coach`` (its
#: edge is inside the benchmark's margin), and the guided hand's browser test follows this level's advice on
#: a fixed deal: change both together.
COACH_LEVEL: Final = "coach"
#: How many computer players may join one learner.
MAX_COMPUTERS: Final = 3
#: The names the computer players get, in order (the source's; each language seats its own cast of them).
COMPUTER_NAMES: Final = ("Bertil", "Cecilia", "David", "Eva", "Filip", "Greta")


class SeatsError(ValueError):
    """A table the start form cannot seat: ``key`` names its sentence in the catalogue, ``values`` fill it.
    ``problem`` is the problem of a name (:mod:`engine.names`), with ``index`` the name's place in the list
    given (0: the learner's own name, against the computer)."""

    def __init__(self, key: str, /, *, problem: NameProblem | None = None, index: int = 0, **values: object) -> None:
        super().__init__(key if problem is None else f"{key}: {problem.reason}")
        self.key = key
        self.problem = problem
        self.index = index
        self.values = values


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: a person at the device (``level`` None) or a computer player of that level."""

    name: str
    level: str | None = None

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.level is None


def computer_seats(learner: str, computers: int, level: str, language: str = SOURCE_LANGUAGE) -> list[Seat]:
    """The learner and ``computers`` computer players of ``level``, named from :data:`COMPUTER_NAMES` as
    ``language`` seats them (its cast, :func:`tutor.i18n.names.cast_name`); the learner's name is kept as typed.

    >>> [(s.name, s.level) for s in computer_seats("Anna", 2, "coach")]
    [('Anna', None), ('Bertil', 'coach'), ('Cecilia', 'coach')]
    >>> [s.name for s in computer_seats("Eemil", 2, "coach", "fi")]
    ['Eemil', 'Kaisa', 'Mikael']
    """
    if not 1 <= computers <= MAX_COMPUTERS:
        raise SeatsError("practice.setup.computer_count", limit=MAX_COMPUTERS, count=computers)
    _check_names([learner])
    names = [n for n in cast_names(COMPUTER_NAMES, language) if not same_name(n, learner)][:computers]
    return [Seat(learner), *(Seat(name, level) for name in names)]


def people_seats(names: Sequence[str]) -> list[Seat]:
    """Seats for people passing one device (2–7 of them).

    >>> [s.name for s in people_seats(["Anna", " Bertil "])]
    ['Anna', 'Bertil']
    """
    cleaned = [n.strip() for n in names if n.strip()]
    if not 2 <= len(cleaned) <= 7:
        raise SeatsError("practice.setup.people_count", low=2, high=7, count=len(cleaned))
    _check_names(cleaned)
    return [Seat(name) for name in cleaned]


def check_table(seats: Sequence[Seat], low: int, high: int) -> None:
    """:class:`SeatsError` unless ``seats`` are ``low`` to ``high`` players (what the variant allows), each
    of their own name (not one that looks like another's).

    >>> check_table(people_seats(["Anna", "Bertil", "Anna"]), 2, 8)
    Traceback (most recent call last):
    ...
    tutor.practice.seats.SeatsError: practice.setup.names_repeat
    """
    if not low <= len(seats) <= high:
        raise SeatsError("practice.setup.player_count", low=low, high=high, count=len(seats))
    keys = [name_key(seat.name) for seat in seats]  # as the players see them (engine.names.same_name)
    repeated = next((seats[i].name for i, key in enumerate(keys) if key in keys[:i]), None)
    if repeated is not None:
        raise SeatsError("practice.setup.names_repeat", name=repeated)


def _check_names(names: Sequence[str]) -> None:
    """:class:`SeatsError` for the first name the one name rule refuses (:func:`engine.names.name_problem`).

    >>> people_seats(["Bertil", "Anna: the best"])
    Traceback (most recent call last):
    ...
    tutor.practice.seats.SeatsError: practice.setup.bad_name: colon
    """
    for index, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise SeatsError("practice.setup.bad_name", problem=problem, index=index)

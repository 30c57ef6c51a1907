"""A lesson task played again as a *variation* of itself: the same question on other cards. A seeded
generator permutes the suits (a suit the task's words name, "your four clubs", stays as it is); the task's texts keep naming its cards through their fields
(:mod:`tutor.learn.suits`), and the variation is checked by the engine as every task file is
(:func:`tutor.learn.checker.check_play`: its texts are the task's, checked with it). Rummy's rules do not look at which suit a card has, only at
whether suits are alike, so the permuted task asks the same thing: the same kind of answer, the same rule
deciding it, the same refusal for the same wrong move (the tests prove it for every task, 20 seeds each).

>>> from tutor.learn.curriculum import load_curriculum
>>> task = load_curriculum().scenarios["duty-top-card-meld"]
>>> varied = vary(task, 3)
>>> varied.position.deal.discard, task.position.deal.discard
(['2D', '4C', '9S'], ['2D', '4S', '9H'])
>>> varied.say(varied.task.prompt, "sv").split(".")[0]
'9♠ ligger överst i kasthögen, och du har 9♣ 9♦ på handen'
"""

from __future__ import annotations

import random
import re
from typing import Any, Final

from engine.cards import SUITS
from tutor.learn.checker import check_play
from tutor.learn.scenario import Scenario
from tutor.learn.suits import SAME, map_cards
from tutor.learn.tasks import NumberTask

#: Suits named in words in a task's English texts: such a suit keeps its place (the words name it).
_SUIT_WORDS: Final = {
    SUITS.index("S"): re.compile(r"\bspades?\b", re.I),
    SUITS.index("H"): re.compile(r"\bhearts?\b", re.I),
    SUITS.index("D"): re.compile(r"\bdiamonds?\b", re.I),
    SUITS.index("C"): re.compile(r"\bclubs?\b", re.I),
}
#: Fields of ``position`` and ``task`` a learner reads: kept as written (their cards are mapped when said).
_TEXT_FIELDS: Final = frozenset({"prompt", "success", "explain", "options"})


class NoVariation(ValueError):
    """A task that cannot be varied (a move the engine refuses on the new cards)."""


def named_suits(scenario: Scenario) -> frozenset[int]:
    """The suits a task's English words name ("Meld your run of hearts"): a variation keeps them."""
    found = _NAMED.get(scenario.id)
    if found is None:
        words = " ".join(text if isinstance(text, str) else text["en"] for _, text in scenario.texts())
        found = frozenset(suit for suit, pattern in _SUIT_WORDS.items() if pattern.search(words))
        _NAMED[scenario.id] = found
    return found


#: The suits each task names, by task id (its texts are the same at every table): a day's review asks again.
_NAMED: dict[str, frozenset[int]] = {}


def suit_permutation(scenario: Scenario, seed: int) -> tuple[int, ...]:
    """The seed's permutation of the suits the task leaves free (never the same order, when two are free)."""
    free = [s for s in range(len(SUITS)) if s not in named_suits(scenario)]
    rng = random.Random(seed)
    order = free[:]
    while len(free) > 1 and order == free:
        rng.shuffle(order)
    suits = list(SAME)
    for old, new in zip(free, order, strict=True):
        suits[old] = new
    return tuple(suits)


def has_generator(scenario: Scenario) -> bool:
    """Whether the task has variations a learner sees: at least two suits are free to change places (a task
    whose words name three suits has none) and the position shows cards (a hand, the pile or a meld); or,
    for a task about the deal before it is dealt, other counts of players whose answer follows the same rule
    (:func:`player_counts`)."""
    deal = scenario.position.deal
    shown = any(deal.hands.values()) or bool(deal.discard) or bool(scenario.position.table)
    if not shown:
        return bool(player_counts(scenario))
    return len(SUITS) - len(named_suits(scenario)) >= 2


def player_counts(scenario: Scenario) -> list[int]:
    """The other counts of players a number task about the decks may be asked at: as many players or more, up
    to the table's most, with the same number of decks (so the same rule answers it: "from five players on,
    two decks"). A task about the deal for two has none: with more players another rule answers it."""
    task = scenario.task
    if not isinstance(task, NumberTask) or task.answer.decks is None:
        return []
    count, table = task.answer.decks, scenario.played
    if count != len(scenario.position.players):
        return []
    return [n for n in range(count + 1, table.max_players + 1) if table.decks(n) == table.decks(count)]


def vary(scenario: Scenario, seed: int) -> Scenario:
    """The task (as played at its table, :meth:`Scenario.under`) on other cards: the suits of
    :func:`suit_permutation`, the whole stock listed in the order the task deals it (mapped). Checked by the
    engine: :class:`NoVariation` says why not."""
    counts = player_counts(scenario)
    if counts:
        return _at_other_count(scenario, counts[seed % len(counts)], seed)
    suits = suit_permutation(scenario, seed)
    data = scenario.model_dump(by_alias=True, exclude_none=True)
    record = scenario.record()
    position = data["position"]
    position["deal"] = {
        "hands": dict(record.deal.hands) if record.deal is not None else {},
        "discard": list(record.deal.discard) if record.deal is not None else [],
        "stock": list(record.deal.stock) if record.deal is not None else [],
    }
    position["fill_stock"] = False
    data["position"] = _mapped(position, suits)
    data["task"] = _mapped(data["task"], suits)
    varied = Scenario.model_validate(data)
    varied._played = scenario.played
    varied._suits = suits
    try:
        check_play(varied, f"{scenario.id} (variation {seed})")
    except Exception as error:  # a variation the engine refuses is not played: said as such
        raise NoVariation(str(error)) from error
    return varied


#: Names of the players a variation seats beyond the task's own (a table of up to eight).
_MORE_PLAYERS: Final = ("Filip", "Greta", "Hanna", "Ivar", "Julia", "Karl", "Lina")


def _at_other_count(scenario: Scenario, count: int, seed: int) -> Scenario:
    """The task about the deal at a table of ``count`` players: more seats, the answer asked for them, and
    the texts' player-count fields written for them (:func:`tutor.learn.suits.map_counts`)."""
    data = scenario.model_dump(by_alias=True, exclude_none=True)
    players = list(data["position"]["players"])
    players += [name for name in _MORE_PLAYERS if name not in players][: count - len(players)]
    data["position"]["players"] = players
    data["position"]["deal"]["hands"] = {name: [] for name in players}
    data["task"]["answer"]["decks"] = count
    varied = Scenario.model_validate(data)
    varied._played = scenario.played
    varied._counts = (len(scenario.position.players), count)
    try:
        check_play(varied, f"{scenario.id} (variation {seed})")
    except Exception as error:  # a variation the engine refuses is not played: said as such
        raise NoVariation(str(error)) from error
    return varied


def _mapped(value: Any, suits: tuple[int, ...]) -> Any:
    """``value`` (data of a task file) with every card's suit mapped, the learner's texts left as written."""
    if isinstance(value, str):
        return map_cards(value, suits)
    if isinstance(value, list):
        return [_mapped(item, suits) for item in value]
    if isinstance(value, dict):
        return {key: item if key in _TEXT_FIELDS else _mapped(item, suits) for key, item in value.items()}
    return value

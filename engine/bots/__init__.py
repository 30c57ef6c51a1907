"""The computer players: the ``Bot`` protocol, ``random``, the registry ``get_bot`` and ``play_round``
(:mod:`.registry`); the ``greedy`` player (:mod:`.greedy`) and the ``coach`` (:mod:`.coach`), what laying
cards is worth to both (:mod:`.lay_value`), and seeded self-play for statistics, ``python -m engine
simulate`` (:mod:`.simulate`). Not rules: every bot only picks among the moves the engine lists.
"""

from engine.bots.coach import CoachBot
from engine.bots.greedy import GreedyBot
from engine.bots.registry import BOTS, Bot, MoveObserver, RandomBot, get_bot, play_round
from engine.bots.search import SearchBot, SearchBudget

__all__ = [
    "BOTS",
    "Bot",
    "CoachBot",
    "GreedyBot",
    "MoveObserver",
    "RandomBot",
    "SearchBot",
    "SearchBudget",
    "get_bot",
    "play_round",
]

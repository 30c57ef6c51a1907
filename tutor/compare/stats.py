"""Statistics of every preset from the engine's own self-play, computed once and kept in a JSON file.

``python -m tutor.compare --stats`` plays, for each preset and each table size in :data:`PLAYERS`,
:data:`ROUNDS` seeded rounds with the ``greedy`` player in every seat (:func:`engine.bots.simulate.simulate`)
and writes ``tutor/data/variant_stats.json``. The same arguments give the same file, byte for byte (no
timings are kept), so a test can regenerate an entry and compare.

>>> entry = variant_entry("rommi", players=3, rounds=4, seed=1)
>>> entry["rounds"], sum(entry["ended_by"].values()), sorted(entry["ended_by"])
(4, 4, ['reshuffle_limit', 'stock_out', 'went_out'])
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from engine.bots.simulate import simulate
from engine.variants import PRESETS
from tutor.resources import VARIANT_STATS

STATS_PATH: Final = VARIANT_STATS
BOT: Final = "greedy"
SEED: Final = 500
ROUNDS: Final = 300
PLAYERS: Final = (2, 4)
#: The ways a round ends, as ``docs/record.md`` names them, in the order the charts show them.
ENDINGS: Final = ("went_out", "stock_out", "reshuffle_limit")


def _share(part: float, whole: float) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def variant_entry(variant_id: str, players: int, rounds: int, seed: int, bot: str = BOT) -> dict[str, Any]:
    """The statistics of one preset at one table size: ``rounds`` seeded rounds of ``bot`` in every seat."""
    stats = simulate(variant_id, players, rounds, seed, [bot], count_takes=True)
    takes = stats["takes"]
    taken = takes["takes"] + takes["rommi_calls"]
    ended = {ending: int(stats["ended_by"].get(ending, 0)) for ending in ENDINGS}
    return {
        "variant": variant_id,
        "name": PRESETS[variant_id].name,
        "players": players,
        "rounds": rounds,
        "decisions": stats["decisions"],
        "decisions_per_round": round(stats["decisions"] / rounds, 2) if rounds else 0.0,
        "ended_by": ended,
        "ended_by_share": {ending: _share(count, rounds) for ending, count in ended.items()},
        "mean_round_score": stats["mean_round_score"],
        "takes": takes["takes"],
        "rommi_calls": takes["rommi_calls"],
        "cards_taken": takes["cards_taken"],
        "takes_per_round": round(taken / rounds, 2) if rounds else 0.0,
        "rommi_calls_per_round": round(takes["rommi_calls"] / rounds, 2) if rounds else 0.0,
        "paid": takes["paid"],
        "paid_share": _share(takes["paid"], taken),
        "net_points_per_take": round(takes["net_points"] / taken, 2) if taken else 0.0,
    }


def generate(
    rounds: int = ROUNDS, seed: int = SEED, players: tuple[int, ...] = PLAYERS, bot: str = BOT
) -> dict[str, Any]:
    """The whole statistics file: an entry per preset and table size."""
    return {
        "generated_by": "python -m tutor.compare --stats",
        "bot": bot,
        "seed": seed,
        "rounds": rounds,
        "players": list(players),
        "entries": [variant_entry(vid, n, rounds, seed, bot) for n in players for vid in PRESETS],
    }


def stats_text(data: dict[str, Any]) -> str:
    """The file's text: indented JSON with a final newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


class StatsError(ValueError):
    """The statistics file is missing or does not hold what the charts need."""


def load_stats(path: Path = STATS_PATH) -> dict[str, Any]:
    """Read the statistics file; ``StatsError`` says what is wrong with it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise StatsError(f"{path.name}: {error.__class__.__name__}") from None
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise StatsError(f"{path.name}: no entries")
    return data


def entries_for(data: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """The entries of one table size, in the order of the presets."""
    order = list(PRESETS)
    found = [e for e in data["entries"] if e.get("players") == players and e.get("variant") in order]
    return sorted(found, key=lambda e: order.index(e["variant"]))

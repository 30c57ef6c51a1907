"""The tactics the course teaches and the coach plays by: one list.

The lesson "Playing well" (``tactics``) teaches each tactic in words and, for most, with a task; the coach
(:mod:`engine.bots.coach`, its sentences in :mod:`tutor.seat.coach` and :mod:`tutor.seat.coach_discards`)
plays by the same ones and says so: each sentence that argues a tactic is listed under it here, and a
guided hand links the lesson when the coach gives one. Tests hold the two together: every task named here
is a task of the lesson, every coach sentence that argues a choice belongs to a tactic, and the coach
never finds a better move than a task's answer, at any table the task is played at.

>>> tactic_of("discard_not_feed_shown").task
'tactic-pile-tells'
>>> tactic_of("meld") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

#: The lesson that teaches the tactics.
LESSON: Final = "tactics"


@dataclass(frozen=True, slots=True)
class Tactic:
    """One tactic: its ``id``, the lesson task that teaches it (None when the lesson's words alone do), and
    the coach's sentences (``practice.coach.<key>`` and ``practice.review.<key>``) that apply it."""

    id: str
    task: str | None
    reasons: tuple[str, ...]
    #: the lesson's list item that names it (from 0, the same in every language), or None
    item: int | None = None


#: Every tactic, in the lesson's order.
TACTICS: Final = (
    Tactic(
        "high_cards_go_early",
        "tactic-high-card-early",
        ("discard_lonely", "discard_dear_partners", "discard_dear_table", "discard_value"),
        5,
    ),
    Tactic("remember_what_they_take", "tactic-pile-tells", ("discard_not_feed_shown", "discard_feeds_shown"), 1),
    Tactic("runs_grow", "tactic-runs-grow", (), 2),
    Tactic(
        "keep_cards_that_fit",
        None,
        ("discard_keep", "discard_keep_partners", "discard_partners", "discard_fits", "discard_chance", "take_partners"),
        3,
    ),
    Tactic(
        "do_not_feed",
        "tactic-dont-feed",
        (
            "discard_not_feed",
            "discard_not_feed_one",
            "discard_not_feed_table",
            "discard_not_feed_pile",
            "discard_feeds",
            "discard_feeds_one",
            "discard_fed",
            "discard_fed_one",
        ),
        6,
    ),
    Tactic("rommi_callers", "tactic-rommi-caller", ()),
)


def tactic_name(tactic: Tactic, lesson_text: str) -> str | None:
    r"""The tactic's name as the lesson's text (``lesson_text``, in the learner's language) gives it: the bold
    words its list item opens with, without a closing full stop; None when the lesson names it in no item.

    >>> lesson = "".join(f"- **Tactic {n}.** Why.\n" for n in range(7))
    >>> tactic_name(TACTICS[0], lesson), tactic_name(tactic_of("discard_keep"), lesson)
    ('Tactic 5', 'Tactic 3')
    """
    items: list[str] = re.findall(r"^- \*\*(.+?)\*\*", lesson_text, flags=re.MULTILINE)
    if tactic.item is None or tactic.item >= len(items):
        return None
    return items[tactic.item].strip().rstrip(".")


def tactic_of(reason: str) -> Tactic | None:
    """The tactic a coach's sentence (its key) applies, or None (a sentence on the rules or the count)."""
    for tactic in TACTICS:
        if reason in tactic.reasons:
            return tactic
    return None

"""A task's moves and answers at the learner's table: what a house rule changes in a script written once.

- where a lay-off needs the player's own meld first (``layoff_needs_own_meld``), each player who lays off
  before a meld of their own gets one on the table, and the meld numbers of the moves shift past it;
- where going out needs a final discard (``going_out_requires_discard``), a scripted player who would empty
  their hand in a meld or lay-off holds a spare card and discards it right after;
- a choice whose right option depends on a rule (``correct_if``) has the option right at that table.

:func:`adapted` applies them all, with the position's deal (:func:`tutor.learn.deal_at_table.with_full_opponent`).
"""

from __future__ import annotations

import re
from typing import Final

from engine.errors import NotationError, RecordError, RulesError
from engine.records.game import TableEntry, build_state
from engine.records.lines import apply_line
from engine.variants import Variant
from tutor.learn.deal_at_table import position_record, spare_cards, turns_taken, with_full_opponent
from tutor.learn.position import Position
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, Task

#: A meld number in a move: ``layoff 9H on 2``, ``rummy 2``.
_MELD_NUMBER: Final = re.compile(r"(\bon |\brummy )(\d+)\b")


def adapted(pos: Position, task: Task, learner: str, table: Variant, source: str) -> tuple[Position, Task]:
    """``pos`` and ``task`` (of the scenario ``source``, played by ``learner``) as they are played at a table
    playing ``table``."""
    pos = with_full_opponent(pos, learner, table)
    if table.layoff_needs_own_meld:
        pos, task = with_own_melds(pos, task, learner, table)
    if isinstance(task, ChoiceTask) and task.correct_if:
        task = task.model_copy(update={"correct": task.correct_at(table)})
    if table.going_out_requires_discard:
        pos, task = with_final_discards(pos, task, learner, table, source)
    return pos, task


def with_own_melds(pos: Position, task: Task, learner: str, variant: Variant) -> tuple[Position, Task]:
    """The task at a table where a lay-off needs the player's own meld first (``layoff_needs_own_meld``): each
    player who lays off before a meld of their own gets one already on the table (a set from the deck's cards
    the position does not list, highest rank first), the meld numbers of the moves shifted past it."""
    owners = _layers_without_meld(pos, task, learner)
    if not owners or not pos.fill_stock:
        return pos, task
    spare = spare_cards(pos, variant)
    added = []
    for owner in owners:
        ranks = sorted({c.rank for c in spare}, reverse=True)
        rank = next(r for r in ranks if len({c.suit for c in spare if c.rank == r}) >= 3)
        cards = [
            next(c for c in spare if c.rank == rank and c.suit == suit)
            for suit in sorted({c.suit for c in spare if c.rank == rank})[:3]
        ]
        spare = [c for c in spare if c not in cards]
        added.append(TableEntry(by=owner, cards=[str(c) for c in cards]))
    before, shift = len(pos.table), len(added)

    def renumber(line: str) -> str:
        return _MELD_NUMBER.sub(
            lambda m: m.group(1) + str(int(m.group(2)) + (shift if int(m.group(2)) > before else 0)), line
        )

    position = pos.model_copy(update={"table": [*pos.table, *added], "moves": [renumber(x) for x in pos.moves]})
    if isinstance(task, MoveTask):
        steps = [
            step.model_copy(
                update={
                    "answer": renumber(step.answer),
                    "after": [renumber(x) for x in step.after],
                    "accept": [
                        m.model_copy(
                            update={
                                "move": renumber(m.move) if m.move else m.move,
                                "meld": m.meld + shift if m.meld is not None and m.meld > before else m.meld,
                            }
                        )
                        for m in step.accept
                    ],
                }
            )
            for step in task.steps
        ]
        task = task.model_copy(update={"steps": steps})
    elif isinstance(task, JudgeTask):
        task = task.model_copy(update={"move": renumber(task.move)})
    return position, task


def with_final_discards(
    pos: Position, task: Task, learner: str, variant: Variant, source: str
) -> tuple[Position, Task]:
    """The task at a table where going out needs a final discard (``going_out_requires_discard``): a player
    the script plays (not the learner) who would empty their hand in a meld or lay-off holds one card more from
    the deal (a spare card of the deck, highest first) and discards it right after, going out as the table says."""
    for _ in range(len(pos.players)):
        found = _first_refused_going_out(pos, task, learner, variant, source)
        if found is None or not pos.fill_stock:
            return pos, task
        where, index, name = found
        spare = str(spare_cards(pos, variant)[-1])
        hands = {**pos.deal.hands, name: [*pos.deal.hands[name], spare]}
        deal = pos.deal.model_copy(update={"hands": hands})
        if where < 0:
            pos = pos.model_copy(update={"deal": deal, "moves": _insert(pos.moves, index, f"{name}: discard {spare}")})
        else:
            assert isinstance(task, MoveTask)
            steps = list(task.steps)
            steps[where] = steps[where].model_copy(
                update={"after": _insert(steps[where].after, index, f"{name}: discard {spare}")}
            )
            task = task.model_copy(update={"steps": steps})
            pos = pos.model_copy(update={"deal": deal})
    return pos, task


def _insert(lines: list[str], index: int, line: str) -> list[str]:
    return [*lines[: index + 1], line, *lines[index + 1 :]]


def _first_refused_going_out(
    pos: Position, task: Task, learner: str, variant: Variant, source: str
) -> tuple[int, int, str] | None:
    """The first scripted line refused because it would go out without a discard: (step, or -1 for the
    position's moves; the line's index; the player), or None."""
    try:
        state = turns_taken(build_state(position_record(pos, variant, learner), source), pos)
    except RecordError:
        return None
    scripted: list[tuple[int, int, str]] = [(-1, i, line) for i, line in enumerate(pos.moves)]
    if isinstance(task, MoveTask):
        for k, step in enumerate(task.steps):
            scripted.append((k, -1, f"{learner}: {step.answer}"))
            scripted += [(k, i, line) for i, line in enumerate(step.after)]
    for where, index, line in scripted:
        try:
            state = apply_line(state, line)
        except RulesError as error:
            if error.code == "must_keep_card_to_discard" and index >= 0:
                return where, index, line.partition(":")[0].strip()
            return None
        except NotationError:
            return None
    return None


def _layers_without_meld(pos: Position, task: Task, learner: str) -> list[str]:
    """The players who lay off in the task's moves before any meld of their own, in the order they do."""
    lines = list(pos.moves)
    if isinstance(task, MoveTask):
        for step in task.steps:
            lines += [f"{learner}: {step.answer}", *step.after]
    elif isinstance(task, JudgeTask):
        lines.append(task.move)
    owners = {entry.by for entry in pos.table}
    found: list[str] = []
    for line in lines:
        name, _, move = line.partition(":")
        word = move.split()[0] if move.split() else ""
        if word == "meld":
            owners.add(name.strip())
        elif word == "layoff" and name.strip() not in owners and name.strip() not in found:
            found.append(name.strip())
    return found

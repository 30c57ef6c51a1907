"""The course map: a track written out, lesson by lesson and task by task, for authors, reviewers and CI.

>>> from engine.variants import get_variant
>>> data = course_map(track_for(get_variant("femhundra")))
>>> data["variant"], data["totals"]["lessons"] == len(data["lessons"])
('femhundra', True)
>>> all(task["variant"] == "femhundra" for lesson in data["lessons"] for task in lesson["tasks"] if not task["optional"])
True
"""

from __future__ import annotations

from typing import Any

from tutor.course.track import Track, track_for
from tutor.learn.scenario import Scenario
from tutor.practice.deals import prepared_deals


def course_map(track: Track) -> dict[str, Any]:
    """The track as plain data: its table, its lessons with their tasks in order, what the house rules left
    out, the prepared deals of a guided hand (by table size, with the rules each shows), and the totals
    (lessons, tasks, required tasks under the track's own variant, optional tasks)."""
    lessons: list[dict[str, Any]] = []
    for number, entry in enumerate(track.lessons, start=1):
        tasks = [_task(task, entry.is_optional(i)) for i, task in enumerate(entry.all_tasks)]
        lessons.append({"number": number, "id": entry.lesson.id, "title": entry.lesson.title, "tasks": tasks})
    every = [task for lesson in lessons for task in lesson["tasks"]]
    required = [task for task in every if not task["optional"]]
    return {
        "variant": track.variant.id,
        "house_rules": track.variant.house_rule_values(),
        "lessons": lessons,
        "other_tables_lessons": [entry.lesson.id for entry in track.others],
        "left_out": [{"lesson": x.lesson_id, "task": x.task_id, "reason": x.reason} for x in track.left_out],
        "guided_deals": {
            players: [{"deal": d.deal, "shows": list(d.shows)} for d in prepared_deals(track.variant.id, players)]
            for players in (2, 3)
        },
        "totals": {
            "lessons": len(lessons),
            "tasks": len(every),
            "required": len(required),
            "required_under_own_variant": sum(task["variant"] == track.variant.id for task in required),
            "optional_other_table": len(every) - len(required),
        },
    }


def _task(task: Scenario, optional: bool) -> dict[str, Any]:
    played = task.played
    return {
        "id": task.id,
        "title": task.say(task.title),
        "kind": task.task.kind,
        "variant": played.id,
        "house_rules": played.house_rule_values(),
        "optional": optional,
    }


def map_text(data: dict[str, Any]) -> str:
    """The course map as text, one line per lesson and per task."""
    rules = ", ".join(f"{k}={v}" for k, v in data["house_rules"].items()) or "none"
    lines = [f"Track: {data['variant']} (house rules: {rules})", ""]
    for lesson in data["lessons"]:
        lines.append(f"{lesson['number']:>2}. {lesson['title']}  [{lesson['id']}]")
        for i, task in enumerate(lesson["tasks"], start=1):
            mark = "  optional, at another table" if task["optional"] else ""
            extra = "".join(f" +{k}={v}" for k, v in task["house_rules"].items())
            lines.append(f"    {i:>2}. {task['title']}  [{task['id']}, {task['kind']}; {task['variant']}{extra}]{mark}")
    if data["other_tables_lessons"]:
        lines += ["", "Other tables' lessons (not in this track): " + ", ".join(data["other_tables_lessons"])]
    for left in data["left_out"]:
        lines.append(f"Left out by the house rules: {left['lesson']} / {left['task']} ({left['reason']})")
    for players, deals in data["guided_deals"].items():
        shown = "; ".join(f"deal {d['deal']}: {', '.join(d['shows'])}" for d in deals)
        if shown:
            lines.append(f"Guided hands at {players} players: {shown}")
    totals = data["totals"]
    lines += [
        "",
        f"{totals['lessons']} lessons, {totals['tasks']} tasks: {totals['required']} required "
        f"({totals['required_under_own_variant']} under {data['variant']}), {totals['optional_other_table']} optional at another table",
    ]
    return "\n".join(lines)


__all__ = ["course_map", "map_text", "track_for"]

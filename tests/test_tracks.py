"""Learn your own table: each table's track (a preset, with house rules) holds only tasks played under that
table, in an order that teaches a whole game, and uses no term before the lesson that teaches it; the course
map prints it and counts it."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from texts_support import tables, variant_label

from engine.variants import PRESETS, Variant, get_variant
from tools.course_map import course_map
from tools.curriculum import main as map_main
from tutor.course import track_for
from tutor.learn.curriculum import load_curriculum

TABLES = list(tables()) + [get_variant(v, {"jokers": True}) for v in PRESETS if not PRESETS[v].jokers]

#: The order a track teaches in: each of these lessons, where a track has it, comes after the ones before.
ORDER = (
    "setting-up", "the-aim", "card-values", "sets-and-runs", "jokers", "the-ace", "your-turn",
    ("taking-the-pile-femhundra", "digging", "taking-from-the-top-rommi"), "using-the-card", "laying-off",
    "going-out", "anna-and-bertil", "discard-restrictions", "empty-stock", "rommi-call-lesson", "end-of-the-game",
    "tactics",
)

#: Terms a learner must be taught before they are used: the English words, and the lesson that teaches them.
TERMS = {
    "run": (r"\bruns?\b(?! out)", "sets-and-runs"),  # not the stock that runs out
    "lay off": (r"\blay(s|ing)? (it |them |a card |cards )?off\b|\blay-offs?\b|\blaid off\b", "laying-off"),
    "going out": (r"\bgo(es|ing)? out\b|\bwent out\b", "going-out"),
    "Rommi!": (r"\bRommi!", "rommi-call-lesson"),
    "digging": (r"\bdig(s|ging)?\b", "digging"),
}


def _label(variant: Variant) -> str:
    return variant_label(variant)


@pytest.mark.parametrize("variant", TABLES, ids=_label)
def test_every_required_task_is_played_at_the_learners_own_table(variant: Variant) -> None:
    track = track_for(variant)
    assert track.lessons and track.lessons[0].lesson.id == "setting-up"
    for entry in track.lessons:
        assert entry.tasks, entry.lesson.id
        for task in entry.tasks:
            assert task.played == variant or (task.played.id == variant.id and set(variant.house_rules) <= set(task.played.house_rules)), (entry.lesson.id, task.id)
        if entry.other_table is not None:  # another preset, or this one with another house rule
            assert entry.other_table.played != variant and not entry.other_table.holds_for(variant)
    totals = course_map(track)["totals"]
    assert totals["required"] == totals["required_under_own_variant"] > 0


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=_label)
def test_a_preset_alone_leaves_no_task_out_and_teaches_a_whole_game(variant: Variant) -> None:
    track = track_for(variant)
    assert track.left_out == ()
    ids = [entry.lesson.id for entry in track.lessons]
    for needed in ("setting-up", "the-aim", "card-values", "sets-and-runs", "the-ace", "your-turn", "using-the-card",
                   "laying-off", "going-out", "anna-and-bertil", "empty-stock", "end-of-the-game", "tactics"):
        assert needed in ids, (variant.id, needed)
    own_pile = [i for i in ids if i in ORDER[7]]
    assert len(own_pile) == 1 and ids.index(own_pile[0]) == ids.index("your-turn") + 1, ids
    assert ("jokers" in ids) == variant.jokers and ("rommi-call-lesson" in ids) == variant.rommi_call
    assert ("discard-restrictions" in ids) == (variant.discard_restriction != "none")
    rank = {lesson: i for i, group in enumerate(ORDER) for lesson in (group if isinstance(group, tuple) else (group,))}
    assert [rank[i] for i in ids] == sorted(rank[i] for i in ids), ids


@pytest.mark.parametrize("variant", TABLES, ids=_label)
def test_an_optional_task_is_at_most_one_a_lesson_and_never_the_first(variant: Variant) -> None:
    for entry in track_for(variant).lessons:
        optional = [i for i in range(len(entry.all_tasks)) if entry.is_optional(i)]
        assert len(optional) <= 1 and 0 not in optional


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=_label)
def test_no_lesson_uses_a_term_before_the_lesson_that_teaches_it(variant: Variant) -> None:
    track = track_for(variant)
    taught: set[str] = set()
    problems = []
    for entry in track.lessons:
        taught |= {term for term, (_, lesson) in TERMS.items() if lesson == entry.lesson.id}
        words = [("lesson", entry.lesson.title + "\n" + entry.lesson.text(variant))]
        words += [(f"{task.id} {field}", task.say(text, answer=0)) for task in entry.tasks for field, text in task.texts()]
        for where, text in words:
            for term, (pattern, _) in TERMS.items():
                if term not in taught and re.search(pattern, text, re.IGNORECASE):
                    problems.append(f"{entry.lesson.id} / {where}: uses “{term}” before it is taught: {text[:120]!r}")
    assert not problems, "\n".join(problems[:15])


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=_label)
def test_no_track_names_another_variant_in_its_own_lessons_and_tasks(variant: Variant) -> None:
    others = [PRESETS[v].name for v in PRESETS if v != variant.id] + ["femhundra", "Rummy 500", "500 rommi"]
    others = [name for name in others if name != variant.name and name.lower() not in variant.name.lower()]
    for entry in track_for(variant).lessons:
        lesson = entry.lesson.title + "\n" + entry.lesson.text(variant)
        for name in others:
            assert name not in lesson, (entry.lesson.id, name)
        for task in entry.tasks:
            for field, text in task.texts():
                words = task.say(text, answer=0)
                for name in others:
                    assert name not in words, (entry.lesson.id, task.id, field, name, words)


def test_the_course_map_prints_the_track_the_learn_page_shows(capsys: pytest.CaptureFixture[str]) -> None:
    assert map_main(["map", "--variant", "rommi", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    track = track_for(PRESETS["rommi"])
    assert [lesson["id"] for lesson in data["lessons"]] == [entry.lesson.id for entry in track.lessons]
    assert [t["id"] for t in data["lessons"][0]["tasks"]] == [task.id for task in track.lessons[0].all_tasks]
    assert map_main(["map", "--variant", "femhundra", "--house-rule", "jokers=true"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Track: femhundra (house rules: jokers=True)") and "Jokers" in text
    assert map_main(["map", "--variant", "femhundra", "--house-rule", "target=600"]) == 2
    assert "target" in capsys.readouterr().err
    assert map_main(["map", "--variant", "femhundra", "--house-rule", "jokers"]) == 2


@pytest.mark.slow
def test_the_course_map_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tools.curriculum", "map", "--variant", "dansk"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Track: dansk (house rules: none)"
    assert "under dansk" in done.stdout.splitlines()[-1]


def test_the_way_through_a_track() -> None:
    track = track_for(PRESETS["rommi"])
    first, second, last = track.lessons[0], track.lessons[1], track.lessons[-1]
    end = len(first.all_tasks) - 1
    assert track.place_after(first.lesson.id, end) == (second.lesson.id, 0)
    if end:
        assert track.place_after(first.lesson.id, 0) == (first.lesson.id, 1)
    assert track.place_after(last.lesson.id, len(last.all_tasks) - 1) is None
    assert not track.in_track("taking-the-pile-femhundra") and track.find("taking-the-pile-femhundra") is not None
    assert track.lesson_done(first.lesson.id, {task.id: 1 for task in first.tasks})
    assert not track.lesson_done(first.lesson.id, {first.tasks[0].id: 1} if len(first.tasks) > 1 else {})


def test_a_house_rule_brings_its_lesson_into_the_track() -> None:
    plain, with_jokers = track_for(PRESETS["dansk"]), track_for(get_variant("dansk", {"jokers": True}))
    assert not plain.in_track("jokers") and with_jokers.in_track("jokers")
    assert load_curriculum().lesson("jokers") is with_jokers.find("jokers").lesson  # type: ignore[union-attr]


def test_no_task_writes_a_points_figure_the_engine_should_fill() -> None:
    """Points are the table's: a task text says them through a field (``{sum:…}``, ``{total:…}``,
    ``{value:…}``, ``{answer}``), never as a written number ("27 points" is 15 at a Nordic table). Totals of a
    game (480, 500, 510) are the task's own situation and may stand."""
    written = re.compile(r"(?<![\w{:])(\d{1,2}) (?:points?|minus points)\b|= (\d+)(?![\d}])")
    problems = []
    for scenario in load_curriculum().scenarios.values():
        for field, text in scenario.texts():
            english = text if isinstance(text, str) else text["en"]
            outside = re.sub(r"\{[^{}]*\}", "", english)
            for match in written.finditer(outside):
                problems.append(f"{scenario.id} {field}: {match.group(0)!r} in {english!r}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("variant", TABLES, ids=_label)
def test_counts_never_pass_their_totals_and_a_finished_course_has_nowhere_to_resume(variant: Variant) -> None:
    """Progress showed "Tasks solved 63 / 58": optional tasks at another table were counted as solved but not
    in the total. A learner who solved every task of every track (optional ones too) has each figure at its
    total, the optional ones apart, and is offered no place to go on from."""
    track = track_for(variant)
    everything = {task_id: 3 for task_id in load_curriculum().scenarios}
    counts = track.counts(everything)
    assert (counts.solved, counts.stars, counts.optional_solved) == (counts.tasks, counts.most_stars, counts.optional_tasks)
    assert track.finished(everything)
    last = track.lessons[-1]
    assert track.resume_at((last.lesson.id, len(last.all_tasks) - 1), everything) is None
    optional_only = {x.other_table.id: 3 for x in track.lessons if x.other_table is not None}
    assert track.counts(optional_only).solved == 0 and not track.finished(optional_only)
    for entry in track.lessons:  # an optional task is never the place to go on from: it may be skipped
        if entry.other_table is not None:
            place = track.resume_at((entry.lesson.id, len(entry.all_tasks) - 1), {})
            assert place is None or place[1] < len(track.find(place[0]).tasks)  # type: ignore[union-attr]

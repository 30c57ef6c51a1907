"""Broken content names the file and the field: a scenario with a bad card, an answer the engine refuses, a
field the engine cannot fill, rules no table has; a lesson with bad front matter, a missing task or a
duplicate id. The whole curriculum stops on the first bad file, with its name."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.errors import RecordError
from tutor.learn.checker import load_scenario
from tutor.learn.curriculum import SCENARIOS_DIR, load_curriculum

SCHEMA_LINE = "# yaml-language-server: $schema=scenario.schema.json"

# --- broken files ----------------------------------------------------------------------------------

BASE = "meld-a-set"


def broken(tmp_path: Path, change: Callable[[dict[str, Any]], None], name: str = BASE) -> Path:
    data = copy.deepcopy(yaml.safe_load((SCENARIOS_DIR / f"{name}.yaml").read_text(encoding="utf-8")))
    change(data)
    path = tmp_path / f"{name}.yaml"
    path.write_text(SCHEMA_LINE + "\n" + yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _set(*keys: str | int, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return change


BROKEN = {
    "unknown field": (_set("colour", value="red"), "colour"),
    "unknown step field": (_set("task", "steps", 0, "colour", value="red"), "task.steps[0].colour"),
    "bad card": (_set("position", "deal", "hands", "You", value=["8S", "8X"]), "position.deal.hands.You[1]"),
    "bad card in a matcher": (
        _set("task", "steps", 0, "accept", 0, "with", value=["8Z"]),
        "task.steps[0].accept[0].with[0]",
    ),
    "answer the engine refuses": (_set("task", "steps", 0, "answer", value="meld 8S 8H 3C"), "task.steps[0].answer"),
    "answer not accepted": (_set("task", "steps", 0, "answer", value="discard 2C"), "task.steps[0].answer"),
    "unknown variant": (_set("variants", value=["canasta"]), "variants"),
    "unknown rule a task needs": (_set("when", value={"colour": "red"}), "when"),
    "rules no table has": (_set("when", value={"pile_take": "whole_pile", "rommi_call": True}), "when"),
    "a field the engine cannot fill": (_set("task", "prompt", value="Lay {sum:8S 8X}."), "task.prompt"),
    "a field nothing fills": (_set("task", "prompt", value="Lay {colour}."), "task.prompt"),
    "a button the table lacks": (_set("hints", 0, value="Press {button:fly}."), "hints[0]"),
    "a reply the engine refuses": (_set("task", "steps", 0, "after", value=["Bertil: draw"]), "task.steps[0].after"),
    "unknown house rule": (_set("house_rules", value={"colour": 1}), "house_rules"),
    "feedback key not a rule code": (_set("feedback", "too_bad", value="Oh no."), "feedback"),
    "refused position move": (_set("position", "moves", value=["You: draw", "You: draw"]), "position.moves"),
    "unknown learner": (_set("position", "learner", value="Zed"), "position.learner"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_scenario_names_file_and_field(tmp_path: Path, case: str) -> None:
    change, field = BROKEN[case]
    path = broken(tmp_path, change)
    with pytest.raises(RecordError) as error:
        load_scenario(path)
    assert (error.value.source, error.value.field) == (str(path), field)
    assert str(error.value).startswith(f"{path}: {field}: ")


def test_broken_number_and_judge_tasks(tmp_path: Path) -> None:
    path = broken(tmp_path, _set("task", "answer", value={"score": "round"}), "anna-bertil-nordic-round")
    with pytest.raises(RecordError, match="a score needs the player") as error:
        load_scenario(path)
    assert (error.value.source, error.value.field) == (str(path), "task.answer")
    path = broken(tmp_path, _set("task", "move", value="You meld 4S 5S 6D"), "judge-mixed-suit-run")
    with pytest.raises(RecordError) as error:
        load_scenario(path)
    assert (error.value.source, error.value.field) == (str(path), "task.move")


def curriculum_dirs(tmp_path: Path, lessons: dict[str, str], scenarios: list[str]) -> tuple[Path, Path]:
    lesson_dir, scenario_dir = tmp_path / "lessons", tmp_path / "scenarios"
    (lesson_dir / "en").mkdir(parents=True)
    scenario_dir.mkdir()
    for name, text in lessons.items():
        (lesson_dir / "en" / name).write_text(text, encoding="utf-8")
    for scenario_id in scenarios:
        (scenario_dir / f"{scenario_id}.yaml").write_bytes((SCENARIOS_DIR / f"{scenario_id}.yaml").read_bytes())
    return lesson_dir, scenario_dir


LESSON = "---\nid: {id}\ntitle: Sets\norder: {order}\nscenarios: [{scenarios}]\n---\nText.\n"


def test_lesson_naming_a_missing_scenario(tmp_path: Path) -> None:
    text = LESSON.format(id="sets", order=1, scenarios="meld-a-set, meld-a-cake")
    lessons, scenarios = curriculum_dirs(tmp_path, {"01-sets.md": text}, [BASE])
    with pytest.raises(RecordError, match="meld-a-cake") as error:
        load_curriculum(lessons, scenarios)
    assert (error.value.source, error.value.field) == (str(lessons / "en" / "01-sets.md"), "scenarios")


@pytest.mark.parametrize(
    ("front", "field"),
    [
        ("id: sets\ntitle: Sets\norder: 1\nvariants: [femhundra]\nscenarios: [meld-a-set]", "variants"),
        ("id: sets\ntitle: Sets\norder: 1\nscenarios: [meld-a-set]\ncolour: red", "colour"),
        ("id: sets\ntitle: Sets\nscenarios: [meld-a-set]", "order"),
    ],
)
def test_broken_lesson_front_matter(tmp_path: Path, front: str, field: str) -> None:
    lessons, scenarios = curriculum_dirs(tmp_path, {"01-sets.md": f"---\n{front}\n---\nText.\n"}, [BASE])
    with pytest.raises(RecordError) as error:
        load_curriculum(lessons, scenarios)
    assert (error.value.source, error.value.field) == (str(lessons / "en" / "01-sets.md"), field)


def test_two_lessons_with_one_id(tmp_path: Path) -> None:
    one = LESSON.format(id="sets", order=1, scenarios=BASE)
    two = LESSON.format(id="sets", order=2, scenarios=BASE)
    lessons, scenarios = curriculum_dirs(tmp_path, {"01-sets.md": one, "02-sets.md": two}, [BASE])
    with pytest.raises(RecordError) as error:
        load_curriculum(lessons, scenarios)
    assert (error.value.source, error.value.field) == (str(lessons / "en" / "02-sets.md"), "id")


def test_a_broken_scenario_stops_the_curriculum(tmp_path: Path) -> None:
    lessons, scenarios = curriculum_dirs(
        tmp_path, {"01-sets.md": LESSON.format(id="sets", order=1, scenarios=BASE)}, []
    )
    bad = broken(scenarios, _set("variants", value=["canasta"]))
    with pytest.raises(RecordError) as error:
        load_curriculum(lessons, scenarios)
    assert (error.value.source, error.value.field) == (str(bad), "variants")

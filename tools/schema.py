"""Write the JSON Schemas of scenario and situation files: ``python -m tools.schema`` (a test fails when
one is stale)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tutor.compare.situations import SITUATION_SCHEMA_PATH, situation_schema
from tutor.learn.scenario import SCHEMA_PATH, scenario_schema


def schema_text(schema: dict[str, Any] | None = None) -> str:
    """A schema as committed: indented JSON with a final newline (the scenario schema by default)."""
    return json.dumps(scenario_schema() if schema is None else schema, indent=2, ensure_ascii=False) + "\n"


def schema_files() -> dict[Path, str]:
    """Each committed schema file, and the text it must hold."""
    return {
        SCHEMA_PATH: schema_text(scenario_schema()),
        SITUATION_SCHEMA_PATH: schema_text(situation_schema()),
    }


if __name__ == "__main__":
    for path, text in schema_files().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")

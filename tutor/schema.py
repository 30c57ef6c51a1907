"""Write the JSON Schema of scenario files: ``python -m tutor.schema`` (a test fails when it is stale)."""

from __future__ import annotations

import json

from tutor.scenario import SCHEMA_PATH, scenario_schema


def schema_text() -> str:
    """The schema as committed: indented JSON with a final newline."""
    return json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")

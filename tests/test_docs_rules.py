"""``docs/rules.md`` agrees with the engine: its variant table is the presets' values, its list of message
keys is the engine's message table, and it links nowhere outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from tutor.rules.reference import message_table_markdown, variant_table_markdown

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def _block(name: str) -> str:
    text = RULES.read_text(encoding="utf-8")
    found = re.search(rf"<!-- {name}:[^>]*-->\n(.*?)\n<!-- /{name} -->", text, re.S)
    assert found, f"docs/rules.md has no {name} block"
    return found.group(1)


def test_the_variant_table_is_the_presets() -> None:
    assert _block("variant-table") == variant_table_markdown(), "regenerate with tutor.rules.reference.variant_table_markdown()"


def test_the_message_keys_are_the_engines() -> None:
    assert _block("message-table") == message_table_markdown(), "regenerate with tutor.rules.reference.message_table_markdown()"


def test_the_rules_document_links_only_inside_the_repository() -> None:
    text = RULES.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert not target.startswith(("..", "/", "http")), target
        assert (RULES.parent / target.split("#")[0]).exists() or target == "record.md", target

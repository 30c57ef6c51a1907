"""Who the learner is to the app: the display name they gave, the language they chose and the table they play
(its variant and house rules) (tables ``learner_profile``, ``learner_language`` and ``learner_table``), kept
with their progress, so every device of theirs finds them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from tutor.progress import queries
from tutor.progress.database import Database, check_name
from tutor.progress.layout import learner_language, learner_profile, learner_table


@dataclass(frozen=True)
class LearnerTable:
    """The table a learner plays: a preset's id and the house rules they set on it (by the engine's names).
    Kept as the learner set it; whether the engine still takes it is the reader's to check."""

    variant: str
    house_rules: Mapping[str, Any] = field(default_factory=dict)


class Profile:
    """The name and language of every learner in ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def set_name(self, learner: str, name: str) -> None:
        """Keep ``name`` (stripped; empty for none) as the learner's display name."""
        check_name(learner, "learner")
        if not isinstance(name, str):
            raise TypeError(f"name is text, not {type(name).__name__}")
        with self.database.connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_profile, learner, name=name.strip()))

    def name(self, learner: str) -> str:
        """The learner's display name, or ``""`` when they gave none."""
        with self.database.connect() as connection:
            found = connection.execute(
                select(learner_profile.c.name).where(learner_profile.c.learner == learner)
            ).scalar()
        return "" if found is None else str(found)

    def set_language(self, learner: str, language: str) -> None:
        """Keep ``language`` (a code of :data:`tutor.i18n.languages.LANGUAGES`) as the learner's choice."""
        check_name(learner, "learner")
        with self.database.connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_language, learner, language=language))

    def language(self, learner: str) -> str | None:
        """The language the learner chose, or None when they chose none."""
        with self.database.connect() as connection:
            found = connection.execute(
                select(learner_language.c.language).where(learner_language.c.learner == learner)
            ).scalar()
        return None if found is None else str(found)

    def set_table(self, learner: str, variant: str, house_rules: Mapping[str, Any]) -> None:
        """Keep the table the learner plays: the preset ``variant`` and the ``house_rules`` set on it (values
        that JSON holds: true/false, numbers, words)."""
        check_name(learner, "learner")
        check_name(variant, "variant")
        rules = json.dumps(dict(house_rules), sort_keys=True)
        with self.database.connect(write=True) as connection:
            connection.execute(queries.keep(connection, learner_table, learner, variant=variant, house_rules=rules))

    def table(self, learner: str) -> LearnerTable | None:
        """The table the learner last set, or None when they set none. House rules that do not read back as
        a mapping (a file changed by hand) are left out."""
        with self.database.connect() as connection:
            row = connection.execute(
                select(learner_table.c.variant, learner_table.c.house_rules).where(learner_table.c.learner == learner)
            ).first()
        if row is None:
            return None
        try:
            rules = json.loads(str(row[1]))
        except ValueError:
            rules = {}
        return LearnerTable(str(row[0]), rules if isinstance(rules, dict) else {})

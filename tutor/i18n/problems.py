"""Saying why a record, a house rule or a name is refused, in the learner's language.

The engine refuses with data (:mod:`engine.problems`: a key and values; :mod:`engine.names`: a name's
problem); this module words it from the catalogue (``engine.problem.<key>``, ``refusals.*``, ``names.*``),
as :func:`tutor.i18n.translate.refusal` words an illegal move. A refused move inside a record is said as
its own sentence in the same language. The values are the learner's own text (a file name, a name, a
move line): a caller that shows the sentence as Markdown escapes it (:func:`tutor.i18n.plain_text.plain`).

>>> from engine.errors import RecordError
>>> record_refusal(RecordError("tag1.yaml", "seed", "tag", tag="!!int"), "en")
'tag1.yaml: seed: has a YAML tag (!!int); write plain values, without tags'
>>> "YAML" in record_refusal(RecordError("tag1.yaml", "seed", "tag", tag="!!int"), "fi")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from tutor.i18n.catalogue import PROBLEM_PREFIX
from tutor.i18n.languages import SOURCE_LANGUAGE
from tutor.i18n.style import Style
from tutor.i18n.translate import refusal, t

if TYPE_CHECKING:
    from engine.errors import RecordError
    from engine.names import NameProblem
    from engine.variants import HouseRuleError

#: Where a name is typed, for the sentence that says where to change it (``names.fix.<place>``).
PLACES: Final = ("sidebar", "practice", "together")


def problem_text(reason: str, values: Mapping[str, object], language: str | Style = SOURCE_LANGUAGE) -> str:
    """The problem ``reason`` (a key of :data:`engine.problems.PROBLEMS`) with ``values``, in ``language``."""
    from engine.errors import NotationError, RulesError

    said = {
        name: refusal(value, language) if isinstance(value, RulesError | NotationError) else value
        for name, value in values.items()
    }
    return t(PROBLEM_PREFIX + reason, language, **said)


def field_text(field: str, language: str | Style = SOURCE_LANGUAGE) -> str:
    """A field as a refusal names it: a name written in the file as it is (``seed``, ``players[0]``), a
    word of the format's own (``file``, ``record``) in ``language``."""
    from engine.problems import FIELD_WORDS

    return t(f"refusals.field.{field}", language) if field in FIELD_WORDS else field


def record_refusal(error: RecordError, language: str | Style = SOURCE_LANGUAGE) -> str:
    """Why a record is refused, in ``language``: its source, field and problem (a content file of the
    project's own, refused in English words only, as it is)."""
    if error.reason is None:
        return str(error)
    problem = problem_text(error.reason, error.values, language)
    values: dict[str, object] = {"source": error.source, "field": field_text(error.field, language), "problem": problem}
    if error.part is None:
        return t("refusals.record", language, **values)
    return t("refusals.record_round", language, round=error.part, **values)


def house_rule_refusal(error: HouseRuleError, rule: str, language: str | Style = SOURCE_LANGUAGE) -> str:
    """Why a house rule is refused, in ``language``: ``rule`` (its label where it is set) and the problem."""
    return t("refusals.house_rule", language, rule=rule, problem=problem_text(error.reason, error.values, language))


def name_refusal(problem: NameProblem, place: str, language: str | Style = SOURCE_LANGUAGE) -> str:
    """Why a name typed at ``place`` (one of :data:`PLACES`) is refused, and where to change it, in ``language``."""
    if place not in PLACES:
        raise ValueError(f"no place {place!r} to change a name; known: {', '.join(PLACES)}")
    said = t(f"names.problem.{problem.reason}", language, **problem.values)
    return f"{said} {t(f'names.fix.{place}', language, label=t('ui.sidebar.learner', language))}"

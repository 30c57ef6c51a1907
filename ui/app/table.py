"""The learner's table (the variant and its house rules) kept with their progress: restored into the sidebar's
widgets on the first run of a session (a reload, a lesson link, another device of theirs), and kept again
whenever the learner changes it in the sidebar.

The sidebar's house-rule widgets hold a rule's value as the engine names it, except a rule that is off (the
engine's None), which they hold as :data:`OFF`: Streamlit shows a select box whose value is None as empty.
"""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from engine.variants import PRESETS, HouseRuleError, get_variant, house_rule_options, house_rules_that_apply
from tutor.progress import ProgressError
from ui.shared import session
from ui.shared.session import house_rule_key

#: A house rule that is off, as its select box holds it (the engine's None).
OFF: Final = "off"

def offered(variant_id: str) -> tuple[str, ...]:
    """The house rules the sidebar offers for the preset ``variant_id``."""
    return house_rules_that_apply(variant_id)


def widget_options(variant_id: str, field: str) -> list[Any]:
    """The values the sidebar's widget of rule ``field`` offers for a preset (:data:`OFF` for a rule that is
    off in the preset and may be switched on).

    >>> widget_options("femhundra", "unusable_pile_penalty")
    ['off', 50, 100]
    >>> widget_options("femhundra", "target")
    [250, 500, 1000]
    """
    options = house_rule_options(field)
    current = getattr(PRESETS[variant_id], field)
    if current not in options:
        options = [current, *options]
    return [OFF if value is None else value for value in options]


def widget_value(value: Any) -> Any:
    """A rule's value as its widget holds it (None, a rule that is off: :data:`OFF`)."""
    return OFF if value is None else value


def rule_value(value: Any) -> Any:
    """A rule's value as the engine names it, from its widget's (:data:`OFF`: None)."""
    return None if value == OFF else value


def chosen_overrides(variant_id: str, values: dict[str, Any]) -> dict[str, Any]:
    """The house rules that differ from the preset, from the widgets' ``values`` by field.

    >>> chosen_overrides("femhundra", {"target": 500, "jokers": True, "unusable_pile_penalty": "off"})
    {'jokers': True}
    """
    preset = PRESETS[variant_id]
    engine_values = {field: rule_value(value) for field, value in values.items()}
    return {field: value for field, value in engine_values.items() if value is not None and getattr(preset, field) != value}


def widget_rules(variant_id: str) -> dict[str, Any]:
    """The house rules set in the sidebar's widgets of the preset ``variant_id`` (those it differs by)."""
    state = st.session_state
    values = {field: state[house_rule_key(variant_id, field)] for field in offered(variant_id) if house_rule_key(variant_id, field) in state}
    return chosen_overrides(variant_id, values)


def keep_table() -> None:
    """Keep the table set in the sidebar with the learner's progress (the callback of the variant box and of
    every house-rule widget). Rules the engine refuses together are not kept (the sidebar says why); a store
    that cannot be used keeps the table for this session only."""
    variant_id = str(st.session_state.get(session.VARIANT_ID) or "")
    if variant_id not in PRESETS:
        return
    rules = widget_rules(variant_id)
    try:
        get_variant(variant_id, rules)
    except HouseRuleError:
        return
    store = session.progress_store()
    if isinstance(store, ProgressError):
        return
    try:
        store.profile.set_table(session.progress_key(), variant_id, rules)
    except ProgressError:
        return


def restore_table() -> None:
    """Set the sidebar to the table kept with the learner's progress, once per learner and session (call
    before the variant follows the language: a kept table is the learner's pick). A kept table the engine no
    longer takes whole keeps its variant and drops its house rules."""
    app = session.app_state()
    learner = session.progress_key()
    if app.table_restored == learner:
        return
    app.table_restored = learner
    store = session.progress_store()
    if isinstance(store, ProgressError):
        return
    try:
        kept = store.profile.table(learner)
    except ProgressError:
        return
    if kept is None or kept.variant not in PRESETS:
        return
    rules = {field: value for field, value in kept.house_rules.items() if field in offered(kept.variant)}
    try:
        get_variant(kept.variant, rules)
    except (HouseRuleError, ValueError):
        rules = {}
    state, preset = st.session_state, PRESETS[kept.variant]
    state[session.VARIANT_ID] = kept.variant
    app.variant_picked = True
    for field in offered(kept.variant):
        state[house_rule_key(kept.variant, field)] = widget_value(rules.get(field, getattr(preset, field)))

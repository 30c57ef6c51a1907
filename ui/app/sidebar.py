"""The sidebar every page shares: the variant (a preset and house rules), the four-colour deck, the learner.

House-rule widgets are built from the fields of :class:`engine.variants.HouseRules` (a toggle for a yes/no
rule, a select box for a rule with fixed values), start at the preset's value (or the learner's kept table,
:mod:`ui.app.table`), and the result is validated through :func:`engine.variants.get_variant`, so the sidebar
offers exactly what the engine allows; a change is kept with the learner's progress.
Each widget reads as the Compare page does (its short label, its values in words), with the engine's
description of the rule as its tooltip.
The house rules' widgets are drawn only while their expander is open (its opening reruns the page): a
closed expander's twenty widgets, drawn anyway, made Streamlit's page redraw on each message of every rerun
slower (a move's answer on the Learn page took a third longer). Their values are kept meanwhile.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from engine.names import MAX_NAME_LENGTH, name_problem
from engine.variants import PRESETS, HouseRuleError, Variant, get_variant, house_rule_options
from tutor.compare.grid import field_label, house_rules_values_text, value_words
from tutor.i18n.problems import house_rule_refusal, name_refusal
from tutor.i18n.strings import t, variant_name, variant_source
from tutor.i18n.translate import shown_name
from ui.app.table import OFF, chosen_overrides, keep_table, offered, widget_options, widget_value
from ui.felt.settings import settings_toggles
from ui.shared import session
from ui.shared.language import language_picker, picked_variant
from ui.shared.reviews import sidebar_count
from ui.shared.session import house_rule_key


def _picked_variant() -> None:
    """The variant box's callback: the variant is the learner's from now on, and kept with their progress."""
    picked_variant()
    keep_table()


def render_sidebar(language: str) -> Variant:
    """Draw the shared sidebar and keep the chosen variant in the app's state; return it."""
    sidebar = st.sidebar
    language_picker(language)
    sidebar.selectbox(
        t("ui.sidebar.variant", language),
        list(PRESETS),
        format_func=lambda vid: variant_name(vid, language),
        key=session.VARIANT_ID,
        on_change=_picked_variant,
    )
    variant_id = str(st.session_state.get(session.VARIANT_ID) or session.DEFAULT_VARIANT)
    if variant_id not in PRESETS:
        variant_id = session.DEFAULT_VARIANT
    preset = PRESETS[variant_id]
    sidebar.caption(t("ui.sidebar.source", language, source=variant_source(preset, language)))

    values: dict[str, Any] = {}
    rules = sidebar.expander(t("ui.sidebar.house_rules", language), key=session.HOUSE_RULES_OPEN, on_change="rerun")
    with rules:
        for field in offered(variant_id):
            key = house_rule_key(variant_id, field)
            options = widget_options(variant_id, field)  # "off" first when the rule is off in the preset
            if st.session_state.get(key, OFF) is None:  # set by an older session or a test as the engine names it
                st.session_state[key] = OFF
            st.session_state.setdefault(key, widget_value(getattr(preset, field)))
            if not rules.open:  # drawn only when open; kept meanwhile (a widget's value not drawn is forgotten)
                st.session_state[key] = values[field] = st.session_state[key]
                continue
            label, tooltip = field_label(field, language), t(f"engine.house_rule.{field}", language)
            if house_rule_options(field) == [False, True]:
                values[field] = st.toggle(label, key=key, help=tooltip, on_change=keep_table)
            else:
                target = values.get("target") or preset.target  # the target texts name it: "pass it: > 500"
                values[field] = st.selectbox(
                    label,
                    options,
                    key=key,
                    help=tooltip,
                    on_change=keep_table,
                    format_func=partial(_option_text, field=field, target=target, language=language),
                )
    overrides = chosen_overrides(variant_id, values)  # "off" is the engine's None
    app = session.app_state()
    try:
        chosen = get_variant(variant_id, overrides)
        app.house_rule_error = None
    except HouseRuleError as error:
        chosen = preset
        app.house_rule_error = str(error)
        said = house_rule_refusal(error, field_label(error.field, language), language)
        sidebar.error(t("ui.sidebar.house_rule_error", language, error=said))
    if chosen.house_rules:
        sidebar.caption(t("ui.sidebar.house_rules_on", language, rules=house_rules_values_text(chosen, language)))
    app.variant = chosen

    sidebar.toggle(t("ui.sidebar.four_colour", language), key=session.FOUR_COLOUR)
    with sidebar:
        settings_toggles(language)
    sidebar.text_input(
        t("ui.sidebar.learner", language),
        key=session.LEARNER,
        placeholder=shown_name(session.DEFAULT_LEARNER, language),
        max_chars=MAX_NAME_LENGTH,
        on_change=session.save_learner_name,
        help=t("learner.name_help", language),
    )
    problem = name_problem(session.typed_learner()) if session.typed_learner() else None
    if problem is not None:  # the app goes on calling the learner "you" until the name is changed
        sidebar.error(name_refusal(problem, "sidebar", language))
    sidebar_count(language)  # "N to review today"
    return chosen


def _option_text(value: Any, field: str, target: int, language: str = "en") -> str:
    """A house rule's value in the words of the Compare page (``25 points``, ``play another round``)."""
    if value is None or value == OFF:
        return t("ui.sidebar.rule_off", language)
    return value_words(field, value, language, target)

"""The Rules page: every parameter of the chosen variant, generated from the engine's ``Variant`` model
and put in the Compare page's words (label, value, what it means), the engine's own rulings from their
data file (``tutor/data/rulings.yaml``). No engine field names or rule codes: they are for developers, in the
code."""

from __future__ import annotations

from html import escape
from typing import Final

import streamlit as st

from engine.errors import RecordError
from tutor.compare.grid import cell_text, field_label, field_meaning, house_rules_values_text
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t, variant_name, variant_source
from tutor.i18n.translate import text as translated_text
from tutor.rules.reference import rulings, variant_reference
from ui.shared import session

#: The key of the rules table's container (Streamlit gives it the class ``st-key-<key>``): the page's one key.
#: The page keeps no state of its own (it is drawn from the sidebar's variant alone), so it has no state object.
TABLE_KEY: Final = "rules_table"
#: On a phone the three columns do not fit (a Finnish or Swedish compound alone is a third of the screen):
#: each rule becomes a block of its own, "Rule: value" on one line and what it means below.
_PHONE_CSS: Final = f"""<style>@media (max-width: 640px) {{
.st-key-{TABLE_KEY} thead {{display:none}}
.st-key-{TABLE_KEY} :is(table, tbody, tr, td) {{display:block; width:100%}}
.st-key-{TABLE_KEY} tr {{border-top:1px solid rgba(128,128,128,.35); padding:.45rem .3rem}}
.st-key-{TABLE_KEY} td {{border:none; padding:0}}
.st-key-{TABLE_KEY} td:nth-child(-n+2) {{display:inline; width:auto}}
.st-key-{TABLE_KEY} td:first-child {{font-weight:600}}
.st-key-{TABLE_KEY} td:nth-child(2)::before {{content:": "; font-weight:600}}
.st-key-{TABLE_KEY} td:nth-child(3) {{margin-top:.15rem}}
}}</style>"""


def _cell(text: str) -> str:
    return escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


def render_rules_page() -> None:
    """Draw the Rules page for the variant chosen in the sidebar."""
    language = session.style()
    variant = session.variant()
    st.title(t("ui.rules.title", language, variant=variant_name(variant, language)), anchor=False)
    st.caption(t("ui.rules.source", language, source=variant_source(variant, language)))
    if variant.house_rules:
        st.info(t("ui.rules.house_rules", language, rules=house_rules_values_text(variant, language)))
    header = (
        f"| {t('ui.rules.col_rule', language)} | {t('ui.rules.col_value', language)} "
        f"| {t('ui.rules.col_meaning', language)} |\n|---|---|---|\n"
    )
    rows = []
    for row in variant_reference(variant):
        # The words of the Compare page (label, value, meaning); the engine's field names and the model's
        # descriptions are written for developers and stay in the code.
        text = _cell(cell_text(variant, row.name, language))
        value = f"**{text}** ✎" if row.house_rule else text
        label = _cell(field_label(row.name, language))
        rows.append(f"| {label} | {value} | {_cell(field_meaning(row.name, language))} |")
    with st.container(key=TABLE_KEY):
        st.html(_PHONE_CSS)
        st.markdown(header + "\n".join(rows))
    st.caption(t("ui.rules.house_rule_mark", language))

    st.subheader(t("ui.rules.rulings", language))
    st.markdown(t("ui.rules.rulings_intro", language))
    try:
        items = rulings()
    except RecordError as error:  # the rulings file is missing or broken: say so, naming it
        st.error(plain(str(error)))
        items = []
    if items:
        st.markdown("\n".join(f"- {translated_text(item, language)}" for item in items))
    else:
        st.caption(t("ui.rules.no_rulings", language))


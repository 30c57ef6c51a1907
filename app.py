"""The Rummy 500 tutor: Streamlit entry point (a thin router; the rules live in ``engine``)."""

import streamlit as st

from engine.variants import PRESETS

st.set_page_config(page_title="Rummy 500 tutor", page_icon="🃏", layout="wide")
st.title("Learn 500")
st.write(
    "500 (femhundra, 500 rommi, Rummy 500, 500 Rum) is the rummy game where every card you lay "
    "scores for you and every card left in your hand counts against you. Choose your table's variant:"
)
choice = st.selectbox("Variant", list(PRESETS), format_func=lambda v: PRESETS[v].name, key="variant")
variant = PRESETS[choice]
st.caption(f"Source: {variant.source}")
st.info("Lessons, the variant comparison and practice games are on their way.")

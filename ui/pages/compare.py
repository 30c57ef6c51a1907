"""The Compare variants page (not built yet: says what is coming)."""

from ui.coming_soon import render_coming_soon

render_coming_soon("compare")

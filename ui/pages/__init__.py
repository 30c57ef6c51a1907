"""Page scripts run by st.navigation, one file a page; its name is the page's address (``/practice``).

>>> page_file("practice").name, page_file("practice").is_file()
('practice.py', True)
"""

from pathlib import Path
from typing import Final

#: This folder, wherever the tutor is installed (a checkout, or site-packages).
PAGES: Final = Path(__file__).resolve().parent


def page_file(name: str) -> Path:
    """The absolute path of page ``name``'s script, as ``st.Page`` and ``st.page_link`` take it from any main
    script (``app.py`` in a checkout, ``ui/entry/app.py`` installed)."""
    return PAGES / f"{name}.py"

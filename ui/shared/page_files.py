"""Where the page scripts lie (``ui/pages/``, one file a page), for the router and the pages that link to each other.

It stands below the pages' package, not in it: the page scripts import the pages' bodies (``ui.learn.page``), and a
body that links to another page imports this module, so no page body imports the package of the scripts that
import it.

>>> page_file("practice").name, page_file("practice").is_file()
('practice.py', True)
"""

from pathlib import Path
from typing import Final

#: The page scripts' folder, wherever the tutor is installed (a checkout, or site-packages).
PAGES: Final = Path(__file__).resolve().parent.parent / "pages"


def page_file(name: str) -> Path:
    """The absolute path of page ``name``'s script, as ``st.Page`` and ``st.page_link`` take it from any main
    script (``app.py`` in a checkout, ``ui/app/script.py`` installed)."""
    return PAGES / f"{name}.py"

"""On a phone, the sidebar folds away once the learner has picked another page in it.

Streamlit folds it on a phone's first page, but left it open over the new page when a page was picked in it
(the Practice form stayed covered after "Öva" was tapped). In the run that shows a page other than the last
one, a few lines of script fold it, on a narrow screen only (where the sidebar covers the page) and only if
it is open; a learner who opens it on a page to change a setting keeps it open.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from ui.shared import session

#: The widest screen whose sidebar covers the page (Streamlit's own breakpoint for a folded sidebar).
NARROW: Final = 640

_FOLD: Final = f"""<script>
(() => {{
  if (window.innerWidth > {NARROW}) return;
  let tries = 0;
  const fold = () => {{
    const button = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
    if (button && button.offsetParent !== null) {{ button.click(); return; }}
    if (++tries < 12) window.setTimeout(fold, 150);
  }};
  window.setTimeout(fold, 100);
}})();
</script>"""


def fold_after_a_new_page(page: str) -> None:
    """Fold the sidebar on a narrow screen when ``page`` (its address) is not the page of this session's last
    run; the session's first page is left as Streamlit shows it."""
    app = session.app_state()
    last, app.last_page = app.last_page, page
    if last is not None and last != page:
        st.html(_FOLD, unsafe_allow_javascript=True)

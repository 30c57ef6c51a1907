r"""Text that a learner or a file gave (a player's name, a file name, a link's ``?lesson=`` value, an error
that quotes them), made safe to show where Streamlit reads Markdown.

Streamlit's ``st.markdown``, ``st.info``, ``st.caption``, ``st.subheader``, metric and button labels all read
Markdown (and Streamlit's own ``:red[…]``, ``:material/…:`` and ``$…$``). Escaping the punctuation marks
Markdown acts on with a backslash (CommonMark allows that for every ASCII punctuation mark) shows the text
exactly as it was typed: no image is fetched, no link is made. HTML is already escaped by Streamlit.

>>> print(plain("![t](http://127.0.0.1:9/t.png)"), plain("Anna drew from the stock."))
\!\[t\]\(http\://127\.0\.0\.1\:9/t\.png\) Anna drew from the stock.
>>> plain("Anna"), plain("Åsa Öberg")
('Anna', 'Åsa Öberg')
"""

from __future__ import annotations

import re
from typing import Final

#: The marks Markdown (CommonMark, GitHub's links and Streamlit's own) acts on; a full stop only inside a
#: word (``www.example``) and a dash or plus only where it would start a list, so a sentence reads as it is.
_PUNCTUATION: Final = re.compile(r"""([!#$&()*:<=>@\[\\\]^_`{|}~]|\.(?=\S)|^[-+])""")


def plain(text: str) -> str:
    """``text`` with the marks Markdown acts on backslash-escaped, so it shows as it is; line breaks become
    spaces (a name or a quoted value is one line)."""
    return _PUNCTUATION.sub(r"\\\1", " ".join(str(text).splitlines()))

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


#: What makes a line a block of its own in Markdown: a list number ("5." or "5)"), a bullet, a heading, a quote.
_BLOCK_START: Final = re.compile(r"^(\s*)(\d+)([.)])(?=\s|$)|^(\s*)([-+*#>])(?=\s)", re.MULTILINE)


def sentence(text: str) -> str:
    r"""``text`` (our own words, which may hold inline Markdown: bold, a card's colour) kept a sentence where
    Streamlit reads Markdown: a line that starts like a list item, a heading or a quote has that start escaped.
    An answer's explanation that opens with the number ("5. The 9♥ scores for you") was shown as list item 5.

    >>> print(sentence("5. The **9♥** scores for you."), sentence("9) nine"), sentence("- dash"), sentence("In 5. place"))
    5\. The **9♥** scores for you. 9\) nine \- dash In 5. place
    """
    return _BLOCK_START.sub(lambda m: f"{m[1]}{m[2]}\\{m[3]}" if m[2] else f"{m[4]}\\{m[5]}", text)

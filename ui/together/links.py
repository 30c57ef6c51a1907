"""The links of a shared table (join, a seat's own, the host's) and the QR code of the join link."""

from __future__ import annotations

import io
from urllib.parse import urlencode, urlsplit

import segno

#: The page's path in the app (the file name of ``ui/pages/together.py``).
PAGE_PATH = "together"
#: Where the app is served when the browser does not say (AppTest).
FALLBACK_BASE = "http://localhost:8501"


def base_url(current: str | None) -> str:
    """``scheme://host:port`` of the page the browser is showing (``current``: its full address).

    >>> base_url("http://192.168.1.20:8501/together?table=ABC"), base_url(None)
    ('http://192.168.1.20:8501', 'http://localhost:8501')
    """
    parts = urlsplit(current or "")
    if not parts.scheme or not parts.netloc:
        return FALLBACK_BASE
    return f"{parts.scheme}://{parts.netloc}"


def table_link(base: str, code: str, **tokens: str) -> str:
    """The page's address for table ``code``, with ``seat=``/``host=`` tokens when given.

    >>> table_link("http://h:8501", "ABC234", seat="tok")
    'http://h:8501/together?table=ABC234&seat=tok'
    """
    return f"{base}/{PAGE_PATH}?" + urlencode({"table": code, **{k: v for k, v in tokens.items() if v}})


def qr_png(link: str) -> bytes:
    """A QR code of ``link`` as a PNG image.

    >>> qr_png("http://h:8501/together?table=ABC234")[:4]
    b'\\x89PNG'
    """
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=6, border=2)
    return buffer.getvalue()

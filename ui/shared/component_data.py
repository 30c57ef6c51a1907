"""The data a page hands its ``st.components.v2`` components, as JSON bytes.

Streamlit forwards bytes as they are. A dict would be searched for dataframes on every run, and the first
search imports pandas: over half a second of a cold server's first page. The script reads the bytes back
with :data:`DECODE_JS`.
"""

from __future__ import annotations

import json
from typing import Any, Final

#: A JavaScript function body line: ``decoded(raw)`` turns the bytes (a ``Uint8Array``) back into the data.
DECODE_JS: Final = (
    "const decoded = (raw) => (raw instanceof Uint8Array || raw instanceof ArrayBuffer)"
    " ? JSON.parse(new TextDecoder().decode(raw)) : raw;"
)


def encoded(data: dict[str, Any]) -> bytes:
    """``data`` as the JSON bytes a component's script decodes.

    >>> encoded({"cookie": "id=1"})
    b'{"cookie":"id=1"}'
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

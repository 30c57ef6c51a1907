"""``rummy500``: the installed tutor, served by ``streamlit run`` from any folder.

    rummy500                                          # http://localhost:8501, opened in the browser
    rummy500 --server.port 8600 --server.address 0.0.0.0

Every option is ``streamlit run``'s, passed on as given (``rummy500 --help`` lists them). The script run is
``ui/app/script.py`` of the installed package, the router the checkout's ``app.py`` runs too.

Streamlit reads ``.streamlit/config.toml`` from the working folder (and the home folder) only, so the
checkout's settings would not hold when the tutor is started elsewhere: the command passes them as flags,
from :data:`SETTINGS` (a test keeps it equal to ``.streamlit/config.toml``), before the options given to it,
which win (of an option given twice, Streamlit keeps the last).

>>> flags({"server.showEmailPrompt": False, "server.maxUploadSize": 1, "client.toolbarMode": "minimal"})
['--server.showEmailPrompt', 'false', '--server.maxUploadSize', '1', '--client.toolbarMode', 'minimal']
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

#: The script ``streamlit run`` is given: inside the installed package.
APP: Final = Path(__file__).resolve().parent / "script.py"

#: ``.streamlit/config.toml``'s settings, by Streamlit's option names (that file says why each is set).
SETTINGS: Final[Mapping[str, str | int | bool]] = {
    "browser.gatherUsageStats": False,
    "client.toolbarMode": "minimal",
    "client.showErrorDetails": "none",
    "runner.postScriptGC": False,
    "server.headless": False,
    "server.showEmailPrompt": False,
    "server.maxUploadSize": 10,
    "theme.light.primaryColor": "#c53948",
    "theme.light.backgroundColor": "#ffffff",
    "theme.light.secondaryBackgroundColor": "#f0f2f6",
    "theme.light.textColor": "#1b1b1f",
    "theme.dark.primaryColor": "#d0453d",
    "theme.dark.backgroundColor": "#15181d",
    "theme.dark.secondaryBackgroundColor": "#222831",
    "theme.dark.textColor": "#ececee",
}


def flags(settings: Mapping[str, str | int | bool] = SETTINGS) -> list[str]:
    """``settings`` as ``streamlit run`` flags."""
    found: list[str] = []
    for name, value in settings.items():
        found += [f"--{name}", str(value).lower() if isinstance(value, bool) else str(value)]
    return found


def arguments(given: Sequence[str]) -> list[str]:
    """The ``streamlit`` command line for ``rummy500 GIVEN…``."""
    return ["run", str(APP), *flags(), *given]


def main(argv: Sequence[str] | None = None) -> None:
    """Run ``streamlit run`` on the installed app with the settings and ``argv`` (the command's arguments)."""
    from streamlit.web import cli

    cli.main(args=arguments(sys.argv[1:] if argv is None else argv), prog_name="rummy500")

"""Starting the app and a browser, for the tests and the benchmarks alike.

- :mod:`harness.served_app` — ``streamlit run app.py`` on 127.0.0.1 at a free port, waited for until
  ``/_stcore/health`` says ``ok``, stopped, restarted on the same port and files, and its log shown when it
  fails (:class:`~harness.served_app.Server`, :func:`~harness.served_app.served_app`).
- :mod:`harness.chromium` — Debian's Chromium (``/usr/bin/chromium``, never ``playwright install``)
  launched headless through Playwright with the flags that work as root
  (:func:`~harness.chromium.launched_chromium`), and what a machine lacks for it
  (:func:`~harness.chromium.browser_missing`).
- :mod:`harness.table_play` — playing on the card table by clicking, as a person does, up to a whole
  round of a shared table on several phones (:func:`~harness.table_play.play_round`).

The rule it exists for: ``tests/`` and ``benchmarks/`` each import only themselves, this package and the
project's code; this package imports neither of them (``tests/test_layers.py`` checks it). It is
not installed with the app (not in ``pyproject.toml``'s packages): both users run from the checkout, whose
root is on ``sys.path`` (pytest's root ``conftest.py``; each benchmark puts it there).

Why not pytest-playwright's fixtures (``browser``, ``page``; tried with pytest-playwright 0.10 and
Playwright 1.65): they do serve with Debian's Chromium (``browser_type_launch_args`` overridden with
:func:`harness.chromium.launch_options`: the app's Learn page opened), but

- the plugin's Playwright (sync API) lives for the whole pytest session once a test asks for a page, and
  while it does no other sync Playwright can start ("using Playwright Sync API inside the asyncio loop")
  and ``asyncio.run`` fails: :func:`~harness.chromium.launched_chromium`, which the benchmarks need
  (they run without pytest), could no longer be used in a test run, so tests and benchmarks would launch
  the browser in two different ways;
- it is not faster: launching Chromium took 1.2-1.9 s with either on this 2-core machine, and its
  session-wide browser would save one launch per browser test file, next to servers that take seconds to
  start and minutes of tests;
- it is a plugin loaded into every test run, the AppTest and unit tests too (an autouse fixture deleting
  ``test-results/`` in the working folder, a ``[chromium]`` parameter on each test asking for ``page``),
  three more packages (with python-slugify and text-unidecode) and floors to keep in ``.ci/lowest.txt``;
- without Chromium its ``browser`` is an error, where ``tests/browser_support.py``'s ``require_browser``
  skips the test (and fails it in CI).
"""

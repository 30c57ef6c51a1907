"""``python -m tutor.compare --stats`` or ``--sheet VARIANT`` (see :func:`tutor.compare.grid.main`)."""

import sys

from tutor.compare.grid import main

sys.exit(main())

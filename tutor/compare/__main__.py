"""``python -m tutor.compare --stats`` or ``--sheet VARIANT`` (see :func:`tutor.compare.table.main`)."""

import sys

from tutor.compare.table import main

sys.exit(main())

"""Where the tutor keeps what must outlive a page view: the one SQLite helper (:mod:`.sqlite`) that the
progress file (:mod:`tutor.progress`) and the shared tables file (:mod:`tutor.together`) both open through."""

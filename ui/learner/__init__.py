"""Who is at this browser: the learner id kept in a cookie (:mod:`.cookie`) and the Progress page's
learner controls (:mod:`.view`)."""

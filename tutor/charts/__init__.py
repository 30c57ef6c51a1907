"""Charts of points, as plain data and the plotly figures drawn from it: the minus points in hand and the
points laid move by move, a round's score as a waterfall, card values and the totals racing to the target
(:mod:`.scores`), and the minus-points picture, each card in hand a block of its value (:mod:`.hand`). The
Compare page's own charts are :mod:`tutor.compare.charts`."""

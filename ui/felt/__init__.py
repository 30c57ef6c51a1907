"""The card table both game pages draw: the component (:mod:`.widget`, with its JS and CSS), the move a seat's
picks make and the buttons around it (:mod:`.controls`), cards drawn as HTML (:mod:`.cards`) and the learner's
table settings (:mod:`.settings`); its logic is :mod:`tutor.seat`."""

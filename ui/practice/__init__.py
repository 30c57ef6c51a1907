"""The Practice page's parts: the page (:mod:`.page`), its state and its widgets' keys (:mod:`.state`), the
game in play as a seat game (:mod:`.seat`), the start form (:mod:`.setup`), the game's table
(:mod:`.playing`), the charts (:mod:`.charts`), keeping and loading games (:mod:`.keep`) and the record
viewer (:mod:`.viewer`)."""

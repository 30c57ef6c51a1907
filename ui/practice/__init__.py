"""The Practice page's parts: the page (:mod:`.view`), the set-up form (:mod:`.setup`), the game's table
(:mod:`.table`), its session state and keys (:mod:`.session`, :mod:`.keys`), the charts (:mod:`.charts`),
keeping and loading games (:mod:`.keep`) and the record viewer (:mod:`.viewer`)."""

"""Practice: whole rounds against the computer or passing the device (:mod:`.game`), played through its
seat game (:mod:`.table`), the log of moves in
words (:mod:`.log`), game records (:mod:`.record`), round seeds (:mod:`.rounds`), seats (:mod:`.seats`),
and stepping through a saved or loaded game move by move (:mod:`.viewer`)."""

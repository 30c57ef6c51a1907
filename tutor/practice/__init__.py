"""Practice: whole rounds against the computer or passing the device (:mod:`.game`), the log of moves in
words (:mod:`.log`), game records (:mod:`.record`), round seeds (:mod:`.rounds`) and seats (:mod:`.seats`)."""

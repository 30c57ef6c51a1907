"""Game records, the file format of ``docs/record.md``: load a record, build its position and replay it
(:mod:`.game`), read and apply its ``"PLAYER: MOVE"`` lines (:mod:`.lines`), and the one safe reader of the
YAML and JSON files a stranger may have written (:mod:`.safe_yaml`). Built on the rules core, never part of
it: no rules module imports this package.
"""

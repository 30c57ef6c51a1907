"""The Practice page's parts: the set-up form, the table of a game, its session state and keys, the chart,
keeping and loading games, and the record viewer."""

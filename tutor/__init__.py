"""The tutor's logic, free of Streamlit, a package per capability: :mod:`.learn` (lessons, scenarios,
checking attempts), :mod:`.table` (the card table of one seat, moves from picks, the coach), :mod:`.practice`
(games against the computer), :mod:`.together` (tables shared by several phones), :mod:`.compare` (the
variants side by side), :mod:`.rules` (the rules reference), :mod:`.charts` (points as charts),
:mod:`.progress` (the learner and their progress file) and :mod:`.i18n` (the five languages).
:mod:`.checkout` finds the data files (lessons, scenarios) in the checkout the tutor runs from."""

"""What every page shares, below them all: the session's app-wide state (:mod:`.session`), the language and
the variant it starts (:mod:`.language`), Streamlit's connection dialog in the learner's words
(:mod:`.connection`), the data handed to components (:mod:`.component_data`) and where the page scripts lie
(:mod:`.page_files`). It imports no other part of ``ui``."""

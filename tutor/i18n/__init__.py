"""The five languages: the app's sentences in the learner's language (:mod:`.strings`, ``t(key, language)``),
said from the gettext catalogues (:mod:`.translate`, :mod:`.catalogue`), the languages and the one a browser
asks for (:mod:`.languages`), the letters printed on the cards (:mod:`.letters`), text a learner or a file gave
made safe to show (:mod:`.plain_text`), and, for translators, the Babel extraction (:mod:`.extract`) and what
a language still lacks (:mod:`.status`): ``python -m tutor.i18n update`` and ``check``."""

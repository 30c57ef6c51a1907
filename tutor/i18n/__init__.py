"""The five languages: the app's sentences in the learner's language (:mod:`.strings`, ``t(key, language)``),
said from the gettext catalogues (:mod:`.translate`, :mod:`.catalogue`), the languages and the one a browser
asks for (:mod:`.languages`), the letters printed on the cards (:mod:`.letters`), text a learner or a file gave
made safe to show (:mod:`.plain_text`), and, for translators, what a language still lacks (:mod:`.status`).
The translators' commands and the Babel extraction read the scenarios, situations and rulings too, so they sit
above them, in the checkout's tools: ``python -m tools.i18n update`` and ``check`` (:mod:`tools.extract`)."""

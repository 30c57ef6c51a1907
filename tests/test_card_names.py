"""One way to name a card: with the Dutch letters on (the default on a Dutch page), every Dutch sentence,
lesson, task, log line and chart label names the court cards H, V, B, never K, Q, J; with them off, the
international letters; screen readers say the card in words either way. A text names a card with a
placeholder (``{card:QS}``, ``{ranks:Q-K-A}``) that the vocabulary says in the learner's letters: no English
text writes a card out, and none names a card that is no card."""

from __future__ import annotations

import string

import pytest

from engine.cards import Card, parse_cards
from engine.moves import Move
from engine.round import Round
from engine.variants import get_variant
from tests.texts_support import played_tasks, tables
from tools.extract import learner_texts
from tutor.charts.hand import move_label
from tutor.charts.scores import card_value_labels
from tutor.compare.situations import load_situations
from tutor.course import track_for
from tutor.i18n.card_names import face, faces, fill_cards, international_letters_in, spoken, unread_cards, written_cards
from tutor.i18n.catalogue import english, english_with_lines
from tutor.i18n.letters import INTERNATIONAL
from tutor.i18n.strings import t, variant_name
from tutor.i18n.style import Style
from tutor.i18n.translate import VARIANT_FIELDS, template
from tutor.learn.curriculum import load_curriculum
from tutor.learn.fields import FieldError, fill_task
from tutor.practice.log import describe

CURRICULUM = load_curriculum()
COURTS = parse_cards("QS KH JD")
#: A Dutch page with the Dutch letters on (the app's default for a Dutch learner).
DUTCH = Style("nl", letters="nl")


def _values(text: str) -> dict[str, object]:
    specs: dict[str, set[str]] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name:
            specs.setdefault(name, set()).add(spec or "")
    values: dict[str, object] = {}
    for name, found in specs.items():
        if name in VARIANT_FIELDS:
            values[name] = (variant_name("dansk", "nl"),) * 2 if name == "variants" else variant_name("dansk", "nl")
        elif found & {"and", "or", "the"} or name in ("cards", "owed", "partners"):
            values[name] = ("Anna", "Bertil") if name in ("names", "players") else COURTS
        elif name in ("card", "better", "other", "called"):
            values[name] = COURTS[0]
        elif any("/" in spec or spec.endswith("d") for spec in found):
            values[name] = 3
        else:
            values[name] = "7"
    return values


def test_the_dutch_letters_name_a_card_everywhere_one_function_names_it() -> None:
    assert [face(c, DUTCH) for c in COURTS] == ["V♠", "H♥", "B♦"]
    assert faces(COURTS, DUTCH) == "V♠ H♥ B♦"
    assert face(COURTS[0], "en") == "Q♠", "an English page keeps the international letters"
    assert spoken(COURTS[0], DUTCH) == t("table.card.name", DUTCH, rank=t("table.rank.r12", DUTCH), suit=t("table.suit.s0", DUTCH))


def test_a_card_placeholder_is_said_in_the_learners_letters() -> None:
    """A text writes ``{card:QS}`` and ``{ranks:Q-K-A}``; a Dutch learner with the Dutch letters reads V♠, V-H-A."""
    written = "Kies de {card:QS} en {card:KH} ({ranks:Q-K-A}), niet de {card:10C} of {ranks:A-2-3}; een {rank:J}."
    assert fill_cards(written, DUTCH) == "Kies de V♠ en H♥ (V-H-A), niet de 10♣ of A-2-3; een B."
    assert fill_cards(written, Style("nl", letters=INTERNATIONAL)) == "Kies de Q♠ en K♥ (Q-K-A), niet de 10♣ of A-2-3; een J."
    assert fill_cards("{card:JK} {card:JK=7H}", DUTCH) == f"{t('cards.joker_face', DUTCH)} {t('cards.joker_as_face', DUTCH, face='7♥')}"
    assert fill_cards("{ranks:Q-K-A:words}, {ranks:K-A-2:Words}", "sv") == "dam-kung-ess, Kung-ess-2"
    assert fill_cards("{card:QH:Words}", DUTCH) == spoken(Card.parse("QH"), DUTCH).capitalize()
    assert fill_cards("{card} {cards:and} {card:one/many}", DUTCH) == "{card} {cards:and} {card:one/many}", "values are the formatter's"
    assert unread_cards("{card:QX} {ranks:Q-K-B} {card:the}") == ["{card:QX}", "{ranks:Q-K-B}"]


def test_a_dutch_task_and_the_catalogue_say_their_cards_in_the_learners_letters() -> None:
    corner = CURRICULUM.scenarios["judge-round-the-corner"]
    assert corner.say(corner.title, DUTCH) == "H-A-2: om de hoek?"
    assert corner.say(corner.title, Style("nl", letters=INTERNATIONAL)) == "K-A-2: om de hoek?"
    high = CURRICULUM.scenarios["meld-high-ace"]
    assert "V♥ H♥ A♥" in high.say(high.task.prompt, DUTCH) and "Q♥ K♥ A♥" in high.say(high.task.prompt, "nl")
    assert t("compare.labels.ace_high_value", "en") == "An ace high (Q-K-A) or in hand"
    assert t("compare.labels.ace_high_value", "fi") == "Ässä ylimpänä (Q-K-A) tai kädessä"
    assert t("compare.labels.ace_high_value", "sv") == "Ett högt ess (dam-kung-ess) eller ett ess på handen"


def test_without_the_dutch_letters_a_dutch_page_writes_the_international_ones() -> None:
    international = Style("nl", letters=INTERNATIONAL)
    assert face(COURTS[0], international) == "Q♠"
    assert fill_cards("{ranks:Q-K-A}", international) == "Q-K-A"
    assert face(COURTS[0], "nl") == "Q♠", "a language code alone: its default style, the international letters"


def _english_texts() -> list[tuple[str, str]]:
    """Every English text a learner reads that is ours (not the engine's own sentences): the app's strings,
    scenario and situation texts, lessons."""
    texts = [(f"en.yaml {key}", text) for key, (text, _) in english_with_lines().items()]
    for scenario in CURRICULUM.scenarios.values():
        texts += [(f"scenario {scenario.id} {field}", text) for field, text in learner_texts(scenario)]
    for situation in load_situations():
        texts += [(f"situation {situation.id} {field}", text) for field, text in learner_texts(situation)]
    texts += [(f"lesson {lesson.id}", lesson.body) for lesson in CURRICULUM.lessons]
    return texts


def test_no_english_text_writes_a_card_out() -> None:
    """Each card a text names is a placeholder (``{card:QS}``, ``{ranks:Q-K-A}``), so that it is said in the
    learner's letters; and each placeholder names a card."""
    written = [f"{where}: {cards}" for where, text in _english_texts() if (cards := written_cards(text))]
    assert not written, "\n".join(written[:20])
    unread = [f"{where}: {cards}" for where, text in _english_texts() if (cards := unread_cards(text))]
    assert not unread, "\n".join(unread[:20])


def test_a_lesson_or_task_naming_no_card_is_refused() -> None:
    """A placeholder that names no card stops the loader (it names the file and field), as a field does."""
    assert fill_task("{card:QS} {ranks:K-A-2:Words}", get_variant("rommi"), DUTCH) == "V♠ Heer-aas-2"
    with pytest.raises(FieldError, match=r"\{card:QX\} names no card"):
        fill_task("Lay the {card:QX}.", get_variant("rommi"))


def test_no_dutch_catalogue_sentence_names_a_court_card_in_english_letters() -> None:
    found = []
    for key, source in english().items():
        values = _values(source)
        words = t(key, DUTCH, **values) if values else (template(key, DUTCH) or "")
        if international_letters_in(words):
            found.append(f"{key}: {words}")
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
def test_no_dutch_lesson_or_task_names_a_court_card_in_english_letters() -> None:
    found = []
    for variant in tables():
        for entry in track_for(variant, CURRICULUM).lessons:
            words = entry.lesson.text(variant, DUTCH)
            found += [f"lesson {entry.lesson.id} ({variant.id}): {m}" for m in international_letters_in(words)]
    for task in played_tasks(CURRICULUM):
        for field, text in task.texts():
            words = task.say(text, DUTCH, answer=7)
            found += [f"{task.id}@{task.variant} {field}: {m} in {words!r}" for m in international_letters_in(words)]
    assert not found, "\n".join(found[:20])
    prompts = [task.say(task.task.prompt, DUTCH) for task in played_tasks(CURRICULUM) if "Q♠" in task.say(task.task.prompt)]
    assert prompts and all("V♠" in words for words in prompts)


def test_the_log_and_the_charts_use_the_dutch_letters() -> None:
    state = Round.from_position(
        get_variant("rummy500-nl"),
        ["Anna", "Bertil"],
        hands=[parse_cards("QS QH QD 9C"), parse_cards("2C 3C")],
        stock=parse_cards("KC 5C"),
        pile=parse_cards("3D"),
    )
    after = state.apply(Move.parse("draw"))
    melded = after.apply(Move.parse("meld QS QH QD"))
    assert "V♠ V♥ V♦" in describe(after, 0, Move.parse("meld QS QH QD"), melded, DUTCH)
    assert move_label(state, 0, Move.parse("draw"), after, DUTCH).endswith("H♣")
    labels = card_value_labels(DUTCH)
    assert {"B", "V", "H"} <= set(labels) and not {"J", "Q", "K"} & set(labels)


def test_a_card_is_named_the_same_by_the_engine_and_the_tutor() -> None:
    """The engine's English refusal and the tutor's English sentence name the card alike."""
    card = Card.parse("JK=7H")
    assert face(card) == t("cards.joker_as_face", face="7♥")


@pytest.mark.parametrize("language", ["en", "sv", "da", "fi", "nl"])
def test_a_meld_with_a_joker_says_which_card_the_joker_stands_for(language: str) -> None:
    """In a list of cards ("You melded …"), the card a joker stands for is bracketed with it, so a reader
    never takes the joker for the whole meld ("jokeri korttina Q♦ Q♠ Q♥ Q♣" read as one joker)."""
    said = faces(parse_cards("JK=QD QS QH QC"), language)
    joker, rest = said.split(")", 1)
    assert "(" in joker and joker.endswith(face(Card.parse("QD"), language))
    assert rest.strip() == faces(parse_cards("QS QH QC"), language), said

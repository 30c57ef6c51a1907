"""Names that fit their sentence: every catalogue sentence that names a variant or a player is rendered with
every variant's name and a sample of player names, in every language; the forms a translation asks for
exist for every variant; and the Finnish renders read as a Finnish teacher writes them."""

from __future__ import annotations

import re
import string

import pytest

from engine.errors import RulesError
from engine.variants import PRESETS
from tutor.i18n.catalogue import english
from tutor.i18n.languages import LANGUAGES
from tutor.i18n.names import Name, variant_forms
from tutor.i18n.strings import t, variant_name
from tutor.i18n.translate import PLAYER_FIELDS, VARIANT_FIELDS, YOU, refusal, template

#: Player names as families type them: short, long, with a letter outside ASCII, a nickname, and the
#: learner who gave none.
PLAYERS = ("Anna", "Bertil", "Zoë", "Mum", YOU)
#: The specs that are not a name's form: list styles and number formats.
_NOT_A_FORM = re.compile(r"^(and|or|the|\.\d+f|[+]?d|.*/.*)$")


def _fields(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name:
            found.setdefault(name, set()).add(spec or "")
    return found


def _named_keys() -> list[str]:
    """The app's sentences whose English names a variant or a player."""
    return [key for key, text in english().items() if _fields(text).keys() & (VARIANT_FIELDS | set(PLAYER_FIELDS) | {"to_move"})]


def _values(text: str, variant: str, player: str, language: str) -> dict[str, object]:
    values: dict[str, object] = {}
    for name, specs in _fields(text).items():
        if name in VARIANT_FIELDS:
            values[name] = (variant_name(variant, language),) * 2 if name == "variants" else variant_name(variant, language)
        elif name in PLAYER_FIELDS or name == "to_move":
            values[name] = (player, "Cecilia") if specs & {"and", "or"} or name in ("players", "names") else player
        elif specs & {"and", "or", "the"}:
            values[name] = ("8♠", "9♠")
        elif any("/" in s or s.endswith("d") for s in specs):
            values[name] = 3
        else:
            values[name] = "7"
    return values


def test_the_sample_covers_the_sentences_that_name_someone() -> None:
    keys = _named_keys()
    assert len(keys) > 40 and "engine.turn.not_yours" in keys and "ui.rules.title" in keys


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_with_a_name_renders_with_every_variant_and_player(language: str) -> None:
    """No sentence fails to render, and each shows the variant's name in one of its forms."""
    problems = []
    for key in _named_keys():
        source = english()[key]
        asks_variant = bool(_fields(source).keys() & VARIANT_FIELDS)
        for variant in PRESETS:
            named = variant_name(variant, language)
            shapes = {named.lower(), *(form.lower() for form in named.forms.values())}
            for player in PLAYERS if not asks_variant or variant == "dansk" else ("Anna",):
                values = _values(source, variant, player, language)
                try:
                    words = t(key, language, **values)
                except (KeyError, ValueError, IndexError) as error:
                    problems.append(f"{key} ({variant}, {player}): {error}")
                    continue
                if asks_variant and not any(shape in words.lower() for shape in shapes):
                    problems.append(f"{key} ({variant}): the variant's name is missing from {words!r}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_form_a_translation_asks_for_exists_for_every_variant(language: str) -> None:
    """A translator who writes ``{variant:genitive}`` gives every variant its genitive in ``names.yaml``."""
    forms = variant_forms(language)
    missing = []
    for key in english():
        text = template(key, language) or ""
        for name, specs in _fields(text).items():
            if name not in VARIANT_FIELDS:
                continue
            for spec in specs - {""}:
                if _NOT_A_FORM.match(spec):
                    continue
                missing += [f"{key}: {variant} has no {spec.lower()}" for variant in PRESETS if spec.lower() not in forms.get(variant, {})]
    assert not missing, "\n".join(missing[:20])


def test_a_name_without_the_form_asked_says_where_to_add_it() -> None:
    with pytest.raises(ValueError, match=r"no form “ablative”.*names\.yaml"):
        Name("femhundra", {"genitive": "femhundran"}).form("Ablative")


#: Finnish sentences as a Finnish teacher writes them, with the variant and the players they name.
FINNISH = [
    ("ui.rules.title", {"variant": "dansk"}, "Tanskalaisen 500:n säännöt"),
    ("ui.rules.title", {"variant": "rommi"}, "500-rommin säännöt"),
    ("ui.rules.title", {"variant": "500-rum"}, "500 Rumin säännöt"),
    ("ui.learn.all_done", {"variant": "rummy500-nl"}, "Olet käynyt läpi kaikki hollantilaisen 500:n oppitunnit. Hyvin pelattu!"),
    ("engine.take.whole_pile_not_top", {"variant": "femhundra"}, "Femhundrassa otetaan koko avopakka, ei koskaan pelkkää päällimmäistä korttia."),
    ("engine.take.whole_pile_not_part", {"variant": "dansk"}, "Tanskalaisessa 500:ssa otetaan koko avopakka, ei koskaan vain osaa siitä."),
    ("engine.rommi.not_in_variant", {"variant": "500-rum"}, "500 Rumissa ei huudeta Rommia: huuto kuuluu vain suomalaiseen 500-rommiin."),
    ("compare.table.house_rules_on", {"variant": "dansk", "rules": "jokerit"}, "Kotisääntönne muuttavat tanskalaisen 500:n sääntöjä: jokerit."),
    ("engine.turn.not_yours", {"to_move": "Bertil", "player": "Anna"}, "Vuorossa on Bertil, ei Anna."),
    ("engine.turn.not_yours", {"to_move": "Bertil", "player": YOU}, "Nyt ei ole sinun vuorosi: vuorossa on Bertil."),
    ("ui.progress.title", {"name": "Bertil"}, "Edistyminen: Bertil"),
    ("practice.log.draw", {"name": YOU}, "Nostit umpipakasta."),
    ("practice.log.draw", {"name": "Bertil"}, "Bertil nosti umpipakasta."),
]


@pytest.mark.parametrize(("key", "given", "expected"), FINNISH)
def test_finnish_names_take_the_form_their_sentence_needs(key: str, given: dict[str, str], expected: str) -> None:
    values: dict[str, object] = {k: variant_name(v, "fi") if k in VARIANT_FIELDS else v for k, v in given.items()}
    assert t(key, "fi", **values) == expected


def test_a_refusal_names_its_variant_in_the_form_its_sentence_needs() -> None:
    """The engine names a variant in English; the refusal says it in Finnish, inflected."""
    error = RulesError("take_not_allowed", "take.whole_pile_not_top", variant=PRESETS["dansk"].name)
    assert refusal(error, "fi") == "Tanskalaisessa 500:ssa otetaan koko avopakka, ei koskaan pelkkää päällimmäistä korttia."


def test_no_finnish_sentence_puts_a_name_where_it_needs_a_case() -> None:
    """"muunnelman {variant}", "pelaajan {name}": the calques the Finnish review found, gone for good."""
    bad = re.compile(r"\b(muunnelma\w*|pelaaja\w*)\s+\{(variant|chosen|name|player|players|names|to_move)\}", re.I)
    found = [f"{key}: {text}" for key in english() for text in [template(key, "fi") or ""] if bad.search(text)]
    assert not found, "\n".join(found)

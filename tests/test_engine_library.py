"""The engine as a library: immutable values, modules without an import cycle or reach into each other's
private names, refusals as data rendered from one message table, and one home per concept (what a lay
scores, the cards a take lifts, record lines)."""

from __future__ import annotations

import ast
import copy
import pickle
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import NotationError, Round, RulesError, get_variant, parse_cards
from engine.cards import Card
from engine.duty import Duty
from engine.messages import MESSAGES, PLACEHOLDERS, placeholders, render
from engine.moves import DRAW, KINDS, TAKE_ALL, Layoff, Meld, Move, discard, take
from engine.pile_take import lifted
from engine.records.lines import LineRefused, apply_lines, parse_line, split_line
from engine.scoring import laid_points, lay_points
from engine.variants import PRESETS
from tests.rules_support import ANNA, BERTIL, play, position, refused

ENGINE = Path(__file__).resolve().parent.parent / "engine"


# --- immutability -------------------------------------------------------------------------------


def test_a_card_refuses_assignment() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit
    assert Card.parse("QS").rank == 12 and pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("text", ["draw", "stop", "take 2", "take all", "meld 5H 6H 7H", "layoff QC on 1", "discard 9S", "rommi 1"])
def test_every_move_refuses_assignment(text: str) -> None:
    move = Move.parse(text)
    for name in ("count", "cards", "meld", "card", "_key", "_text", "kind"):
        with pytest.raises(AttributeError):
            setattr(move, name, None)
    assert Move.parse(text) == move and str(move) == Move.parse(text).text
    assert pickle.loads(pickle.dumps(move)) == move and move.kind in KINDS


def test_a_state_its_melds_and_its_duty_refuse_assignment() -> None:
    state = play(position("dansk", "QS QH QD 5C", "2D", pile="4H 5H 6H 7H"), "take 4")
    with pytest.raises(AttributeError):
        state.to_move = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.hands = ()  # type: ignore[misc]
    assert state.duty is not None
    with pytest.raises(AttributeError):
        state.duty.owed = ()  # type: ignore[misc]
    melded = play(position("dansk", "QS QH QD 5C", "2D"), "draw", "meld QS QH QD")
    with pytest.raises(AttributeError):
        melded.table[0].owner = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Duty((Card.parse("9H"),), False, True).any_of = True  # type: ignore[misc]


def test_replace_makes_a_changed_copy_of_the_same_class() -> None:
    state = position("femhundra", "QS QH QD", "2D")
    changed = state.replace(to_move=BERTIL)
    assert isinstance(changed, Round) and changed.to_move == BERTIL and state.to_move == ANNA
    assert changed.hands is state.hands and changed.legal_moves()  # the same class: it plays on
    assert copy.deepcopy(state).hands == state.hands and pickle.loads(pickle.dumps(state)).players == state.players


# --- the modules ---------------------------------------------------------------------------------


def _module_name(path: Path) -> str:
    """``engine/bots/coach.py`` → ``engine.bots.coach``; a package's ``__init__.py`` is the package."""
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: The packages whose ``__init__`` only re-exports (the engine's public API, the bots' registry): no engine
#: module imports them back, it imports the module that holds the name.
_REEXPORTS = ("engine", "engine.bots")


def _engine_imports() -> dict[str, set[str]]:
    """Every engine module's imports of other engine modules, wherever they stand (top, function, TYPE_CHECKING),
    by dotted name (the rules core is flat; ``engine.bots`` and ``engine.records`` are packages)."""
    graph: dict[str, set[str]] = {}
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
                submodules = {f"{node.module}.{a.name}" for a in node.names} & modules.keys()
                found.update(submodules or {node.module})
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.split(".")[0] == "engine")
        graph[name] = found - {name}
    return graph


def test_the_engine_modules_import_each_other_without_a_cycle() -> None:
    graph = _engine_imports()
    for package in _REEXPORTS:
        graph.pop(package)  # the package re-exports; no module imports it back (checked below)
    for module, deps in graph.items():
        assert not deps & set(_REEXPORTS), f"{module} imports the re-exporting package {sorted(deps & set(_REEXPORTS))}"
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            pytest.fail("import cycle: " + " → ".join((*path[path.index(module) :], module)))
        if module in done:
            return
        for dep in sorted(graph.get(module, ())):
            visit(dep, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_cycle_check_sees_function_level_imports(tmp_path: Path) -> None:
    code = "def f():\n    from engine.round import Round\n"
    names = [n.module for n in ast.walk(ast.parse(code)) if isinstance(n, ast.ImportFrom)]
    assert names == ["engine.round"]


def test_no_engine_module_uses_another_modules_private_names() -> None:
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports private {private} from {node.module}"
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                owner = node.value
                assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), (
                    f"{path.name}:{node.lineno}: {ast.unparse(node)} reaches into another object's private name"
                )


def test_no_caller_matches_moves_by_class_name() -> None:
    root = ENGINE.parent
    pattern = re.compile(r"type\((move|m|best|lay|action)\)\.__name__|__class__\.__name__ == \"(Draw|Take|Meld|Layoff|Discard|Stop|Rommi)")
    for folder in ("engine", "tutor", "ui", "tests", "benchmarks"):
        for path in (root / folder).rglob("*.py"):
            assert not pattern.search(path.read_text(encoding="utf-8")), path


# --- refusals as data ----------------------------------------------------------------------------

_SAMPLES: dict[str, tuple[object, object]] = {
    "card": (Card.parse("QC"), Card.parse("10H")),
    "cards": (parse_cards("9D"), parse_cards("9D 10D")),
    "count": (1, 2),
    "text": ("Danish 500", "Anna"),
}
#: A count and a noun that disagree: "1 cards", "2 card".
_SLIP = re.compile(r"\b1 (cards|points|melds|players)\b|\b([02-9]|\d\d+) (card|point|meld|player)\b")


def _values(key: str, which: int) -> dict[str, object]:
    return {name: _SAMPLES[PLACEHOLDERS[name]][which] for name in placeholders(key)}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_renders_from_its_data_with_no_plural_slip(key: str) -> None:
    for which in (0, 1):
        values = _values(key, which)
        text = render(key, values)
        assert "{" not in text and "}" not in text, text
        assert not _SLIP.search(text), text
        assert text[0].isupper() or text[0] == "“", text
        assert text.endswith("."), text
    with pytest.raises(KeyError):
        render(key, {}) if placeholders(key) else render(key + ".missing", {})


def test_every_placeholder_has_a_kind() -> None:
    used = {name for key in MESSAGES for name in placeholders(key)}
    assert used <= set(PLACEHOLDERS), used - set(PLACEHOLDERS)
    assert all(re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", key) for key in MESSAGES)


def test_the_plural_of_lay_off_sentences() -> None:
    one = render("layoff.not_on_run", {"cards": parse_cards("9S"), "meld_cards": parse_cards("5D 6D 7D"), "meld": 1})
    two = render("layoff.not_on_run", {"cards": parse_cards("9D 10D"), "meld_cards": parse_cards("5D 6D 7D"), "meld": 1})
    assert one == "The 9♠ does not extend the run 5♦ 6♦ 7♦ (meld 1)."
    assert two == "The 9♦ and 10♦ do not extend the run 5♦ 6♦ 7♦ (meld 1)."


def test_a_refusal_carries_its_code_reason_and_values() -> None:
    error = refused(position("dansk", "QS QH QD 5C", "2D", pile="3C"), "take 2")
    assert (error.code, error.reason, error.values) == ("take_not_allowed", "take.too_many", {"size": 1})
    assert str(error) == "The discard pile holds only 1 card." == error.render("en")
    with pytest.raises(ValueError):
        error.render("sv")
    error = refused(position("dansk", "QS QH QD 5C", "2D"), "draw", "discard 9S")
    assert error.values == {"card": Card.parse("9S")} and isinstance(error.values["card"], Card)
    assert pickle.loads(pickle.dumps(error)).values == error.values


def test_every_engine_refusal_names_a_message_key() -> None:
    pattern = re.compile(r"RulesError\(\s*\"([a-z_]+)\",\s*(f?\"[^\"]*\"|[a-z_.]+)")
    for path in ENGINE.rglob("*.py"):
        for code, reason in pattern.findall(path.read_text(encoding="utf-8")):
            if reason.startswith(("f\"", "\"")):
                key = reason.strip("\"")
                assert not reason.startswith("f") and key in MESSAGES, f"{path.name}: {code} with {reason}"


def test_an_unusable_dig_under_the_own_meld_house_rule_names_the_house_rule() -> None:
    state = position("dansk", "2D 3C", "5S", pile="QC 9H", table=((BERTIL, "QS QH QD"),), house={"layoff_needs_own_meld": True})
    error = refused(state, "take 2")
    assert error.code == "taken_card_unusable" and error.reason == "take.unusable_own_meld_first"
    assert str(error) == (
        "You would have to use the Q♣ at once, and it melds with nothing: with these rules you may lay it off "
        "only after your own first meld."
    )


def test_a_refusal_on_meld_0_names_the_card_as_a_learner_reads_it() -> None:
    state = position("dansk", "QC 2D", "5S", table=((BERTIL, "QS QH QD"),))
    error = refused(state, "draw", "layoff qc on 0")
    assert error.code == "unreadable_move" and error.values == {"cards": parse_cards("QC"), "meld": 0}
    assert str(error) == (
        "There is no meld 0 to lay the Q♣ on: melds are numbered 1, 2, … in the order they reached the table."
    )
    error = refused(state, "draw", "layoff QC on 2")
    assert error.code == "no_such_meld" and str(error) == "There is no meld 2 on the table: they are numbered 1 to 1."


def test_a_second_copy_laid_on_a_set_says_the_suit_repeats() -> None:
    state = position("femhundra", "5H 2D", "9S", "8S", "7S", "6S", table=((BERTIL, "5H 5S 5D"),))
    error = refused(state, "draw", "layoff 5H on 1")
    assert error.code == "layoff_does_not_fit" and error.reason == "layoff.suit_repeats"
    assert str(error) == "The set 5♠ 5♥ 5♦ (meld 1) already holds the 5♥: every card in a set is of a different suit."


# --- what a lay scores ---------------------------------------------------------------------------


def test_a_low_ace_laid_off_on_a_dansk_run_scores_one_point() -> None:
    state = play(position("dansk", "2H 3H 4H AH 9C KS", "5S"), "draw", "meld 2H 3H 4H")
    move = Move.parse("layoff AH on 1")
    assert isinstance(move, Layoff) and lay_points(state, move) == 1
    after = play(state, "layoff AH on 1")
    assert laid_points(after)[ANNA] - laid_points(state)[ANNA] == 1


def test_the_practice_log_says_what_the_score_grows_by() -> None:
    from tutor.practice.log import describe
    from tutor.seat.coach import explain

    state = play(position("dansk", "2H 3H 4H AH 9C KS", "5S"), "draw", "meld 2H 3H 4H")
    move = Move.parse("layoff AH on 1")
    line = describe(state, ANNA, move, state.apply(move))
    assert "(1 point" in line and "15" not in line, line
    hint = explain(state, ANNA, move)
    assert ": 1 point" in hint and "15 points on the table" not in hint, hint  # 15 is what it saves in hand


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000), st.integers(2, 4))
def test_the_points_a_lay_is_said_to_lay_are_the_change_of_the_layers_score(preset: str, seed: int, players: int) -> None:
    variant = get_variant(preset)
    players = min(players, variant.max_players)
    state = Round.deal(variant, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if state.round_over:
            break
        actions = state.legal_actions()
        lays = [(s, m) for s, m in actions if isinstance(m, Meld | Layoff)]
        seat, move = rng.choice(lays if lays and rng.random() < 0.8 else actions)
        after = state.apply(move, seat)
        if isinstance(move, Meld | Layoff):
            assert lay_points(state, move, seat) == laid_points(after)[seat] - laid_points(state)[seat], move
        state = after


# --- the cards a take lifts and record lines -----------------------------------------------------


def test_the_cards_a_take_lifts() -> None:
    pile = parse_cards("3C 9H 5C 2D")
    assert lifted(pile, Move.parse("take 1")) == parse_cards("2D")  # type: ignore[arg-type]
    assert lifted(pile, Move.parse("take all")) == pile  # type: ignore[arg-type]
    assert lifted(pile, Move.parse("rommi 3")) == parse_cards("9H 5C 2D")  # type: ignore[arg-type]


def test_record_lines_are_read_and_applied_in_one_place() -> None:
    state = position("dansk", "QS QH QD 5C", "2D")
    assert split_line("Anna: meld QS QH QD") == ("Anna", "meld QS QH QD")
    assert parse_line("Bertil: draw", state) == (BERTIL, Move.parse("draw"))
    with pytest.raises(NotationError) as error:
        parse_line("Cecilia: draw", state)
    assert error.value.code == "unreadable_move" and error.value.reason == "move.unknown_player"
    with pytest.raises(LineRefused) as refusal:
        apply_lines(state, ["Anna: draw", "Anna: meld QS QH QD", "Anna: discard 9S"])
    assert refusal.value.number == 3 and refusal.value.error.code == "card_not_held"
    assert len(refusal.value.state.table) == 1


def test_text_that_is_no_move_is_a_notation_error_not_a_rules_error() -> None:
    # python-chess keeps InvalidMoveError (syntax) apart from IllegalMoveError (position); so does the engine
    for text in ("dance", "take 0", "take ²", "meld QS QX", "meld JK=JK", "layoff QC on 0", "layoff QC on x", ""):
        with pytest.raises(NotationError) as error:
            Move.parse(text)
        assert not isinstance(error.value, RulesError) and error.value.code == "unreadable_move"
        assert str(error.value) == render(error.value.reason, error.value.values)
        again = pickle.loads(pickle.dumps(error.value))
        assert (again.reason, again.values, str(again)) == (error.value.reason, error.value.values, str(error.value))
    with pytest.raises(NotationError):
        Card.parse("1O")
    with pytest.raises(ValueError, match="unknown message key"):
        NotationError("no.such.key")


def test_the_core_api_takes_move_objects_and_seat_numbers() -> None:
    state = position("dansk", "QS QH QD 5C", "2D", pile="9H")
    actions = state.legal()
    assert DRAW in actions and (ANNA, take(1)) in actions and TAKE_ALL in actions
    assert "draw" not in actions and (ANNA, "draw") not in actions  # text is read with Move.parse first
    with pytest.raises(TypeError):
        state.apply("draw")  # type: ignore[arg-type]
    after = state.apply(DRAW, ANNA)
    assert after.apply(Meld(parse_cards("QS QH QD"))).table[0].cards == parse_cards("QS QH QD")
    with pytest.raises(RulesError) as error:
        after.apply(discard(Card.parse("2H")))
    assert error.value.code == "card_not_held"

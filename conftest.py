"""Names every doctest may use without importing them."""

import pytest

from engine.cards import Card, parse_cards
from engine.moves import Move


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update(Card=Card, parse_cards=parse_cards, Move=Move)

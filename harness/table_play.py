"""Playing on the card table (``ui/felt/``) in a browser by clicking, as a person does: its buttons and
lines, a move made with its cards and actions, and a whole round of a shared table (Play together) played
to its end on several phones, each seat choosing from what its own phone may see.

Used by the browser tests of Play together and by ``benchmarks/bench_together_browser.py``. Importing it
needs no Playwright; using it does.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.bots import get_bot
from engine.cards import Card
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Rummy, Take
from tutor.i18n.strings import t
from tutor.together.calls import NO_CALL
from tutor.together.model import TableStore, TableView

with contextlib.suppress(ImportError):  # without it nothing here can be used, but the module imports
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

#: What a seat does at one step: a move on its table, "no call" in a Rommi window, or nothing (None).
Choice = Move | str | None
#: Called with the seat's index, its view and its choice: before the phone's clicks, and after the move is made.
StepHook = Callable[[int, TableView, Move | str], None]


def table_log(page: Page) -> Locator:
    """The lines of what was played, in the table's message box."""
    return page.locator(".r5t-log li")


def table_says(page: Page, text: str) -> Locator:
    """``text`` where the table shows it, in its message box (not the screen reader's copy beside the table)."""
    return page.locator(".r5t-message").get_by_text(text)


def table_action(page: Page, action: str) -> Locator:
    """One of the table's action buttons (``draw``, ``meld``, ``rommi``…)."""
    return page.locator(f'.r5t-actions [data-action="{action}"]')


def pick(target: Locator, tries: int = 3) -> None:
    """Click a card or meld of the table until it shows as picked, as a person taps again when a tap did
    not take (a redraw of the page between finding the card and the tap was seen to swallow it in CI).
    A card still unpicked after 5 s is tapped again; one picked is never tapped (that would unpick it)."""
    for _ in range(tries):
        if target.get_attribute("aria-pressed") == "true":
            return
        target.click()
        with contextlib.suppress(AssertionError):
            expect(target).to_have_attribute("aria-pressed", "true", timeout=5000)
            return
    expect(target).to_have_attribute("aria-pressed", "true")


def text_changes(element: Locator) -> Callable[[], bool]:
    """Whether ``element``'s text has changed since now (a redraw in between counts as no change yet): the
    ``answered`` of :func:`press_action`, given the table's message."""
    before = element.inner_text()

    def changed() -> bool:
        try:
            return element.inner_text(timeout=1000) != before
        except PlaywrightError:
            return False

    return changed


def press_action(page: Page, action: str, answered: Callable[[], bool] | None = None) -> None:
    """Press one of the table's action buttons. With ``answered`` (whether the table has answered the
    press), a press the table has not answered 8 s later is pressed again, once, as a person taps again
    when a tap did nothing: the picks stay made in the browser, so the same move is sent. A fresh-clone CI
    run saw the first move of a newly started game go unanswered for 20 s, the table still showing the
    same decision; no run here did it again."""
    button = table_action(page, action)
    button.click()
    if answered is None:
        return
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline:
        if answered():
            return
        page.wait_for_timeout(200)
    button.click()


def click_move(page: Page, move: Move, pile_size: int, answered: Callable[[], bool] | None = None) -> None:
    """Make ``move`` on the page's table by clicking: the hand's cards it lays or discards (the first
    unpicked copy of each), the pile card a take or a Rommi call reaches down to (on a pile of
    ``pile_size`` cards), the meld a lay-off goes on, what each joker stands for (in the lists under the
    hand, in hand order), then the move's action (:func:`press_action`, with ``answered``)."""
    if isinstance(move, Take | Rommi):
        if move.count is None:
            press_action(page, "take_all", answered)
            return
        pick(page.locator(".r5t-pile [data-pile]").nth(pile_size - move.count))
        press_action(page, move.kind, answered)
        return
    cards: tuple[Card, ...] = ()
    if isinstance(move, Meld | Layoff):
        cards = move.cards
    elif isinstance(move, Discard):
        cards = (move.card,)
    for card in cards:
        copy = page.locator(f'.r5t-hand [data-hand^="{card.in_hand}"][aria-pressed="false"]').first
        pick(page.locator(f'.r5t-hand [data-hand="{copy.get_attribute("data-hand")}"]'))
    expect(page.locator('.r5t-hand [aria-pressed="true"]')).to_have_count(len(cards))  # no stray pick
    if isinstance(move, Layoff | Rummy):  # a Rummy! call lays the card just discarded: only its meld is picked
        pick(page.locator(f'.r5t-melds [data-meld="{move.meld}"]'))
    declared = [card.natural_card for card in cards if card.is_joker]
    for number, natural in enumerate(declared):
        page.locator(f'.r5t-jokers select[data-joker="{number}"]').select_option(str(natural))
    press_action(page, move.kind, answered)


def seat_choice(view: TableView) -> Choice:
    """What the player of ``view``'s seat does now, chosen from what that seat sees alone: a Rommi (or Rummy!)
    call when the window is open to it and its hand allows one (else "no call"), its turn's move (the greedy
    computer's choice) when it is to move, or nothing."""
    assert view.seen is not None and view.seat is not None
    position = view.seen.position
    if view.call_open:
        calls = [move for _, move in position.rommi_calls(view.seat)]
        return calls[0] if calls else NO_CALL
    if view.waiting or position.round_over or position.to_move != view.seat:
        return None
    return get_bot("greedy").move(position, random.Random(0))


def shows(page: Page, view: TableView, language: str = "en") -> None:
    """Wait until the phone shows the table as ``view`` has it (the same moves told, the same waiting)."""
    expect(table_log(page)).to_have_text(list(view.last_moves))
    assert view.seen is not None
    rummy = "_rummy" if view.seen.position.variant.rummy_call else ""  # the house rule's call: its own words
    if view.waiting:  # said beside the table: the notice above it was seen to vanish (a Streamlit redraw)
        said = f"call_now{rummy}" if view.call_open else "answer_in" if view.answered else f"waiting_calls{rummy}"
        top = view.seen.pile[-1] if view.seen.pile else None
        expect(page.locator(".r5t-say")).to_have_text(t(f"together.{said}", language, card=top))
    else:
        expect(page.get_by_text(t(f"together.waiting_calls{rummy}", language))).to_have_count(0)


def wait_for_change(store: TableStore, code: str, version: int, timeout: float = 60.0) -> None:
    """Wait until the table's version moves from ``version`` (the move sent from a phone has been made)."""
    deadline = time.monotonic() + timeout
    while store.version(code) == version:
        assert time.monotonic() < deadline, "the move never reached the table"
        time.sleep(0.02)


def play_round(
    store: TableStore,
    code: str,
    tokens: Sequence[str],
    phones: Sequence[Page],
    before: StepHook | None = None,
    after: StepHook | None = None,
    limit: int = 300,
) -> int:
    """Play the round at table ``code`` to its end, each seat on its phone (``phones[i]`` holds the seat of
    ``tokens[i]``): the seat whose choice (:func:`seat_choice`) is not None waits until its phone shows the
    table as it is, then clicks its choice; ``before`` and ``after`` are called around each. The number
    of steps played; fails after ``limit``."""
    for step in range(limit):
        views = [store.view(code, token) for token in tokens]
        assert views[0].seen is not None
        if views[0].seen.position.round_over:
            return step
        for index, (view, page) in enumerate(zip(views, phones, strict=True)):
            choice = seat_choice(view)
            if choice is None:
                continue
            shows(page, view)
            if before is not None:
                before(index, view, choice)
            try:
                if isinstance(choice, Move):
                    assert view.seen is not None
                    click_move(page, choice, len(view.seen.pile))
                else:
                    table_action(page, "no_call").click()
            except PlaywrightError as error:  # say what the phone showed instead, for a failure seen in CI only
                shown = page.locator("[data-testid='stMain']").inner_text(timeout=5000)
                raise AssertionError(
                    f"step {step}: seat {index} could not make {choice} (version {view.version}, "
                    f"now {store.version(code)}); its phone showed:\n{shown}"
                ) from error
            wait_for_change(store, code, view.version)
            if isinstance(choice, Rommi):  # a call lost on its way would let the window close without it
                assert store.view(code, tokens[index]).called_by == view.seat, f"step {step}: {choice} was not made"
            if after is not None:
                after(index, view, choice)
            break
        else:
            raise AssertionError("nobody at the table could move")
    raise AssertionError(f"the round did not end in {limit} steps")

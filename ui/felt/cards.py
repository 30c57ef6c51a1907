"""Cards drawn as cards: HTML and CSS for the hand, the table (numbered melds, who laid each card), the
spread discard pile, the stock and the other players' hands. The words on a card (its face, its name for
screen readers, its ink) come from the card vocabulary, :mod:`tutor.i18n.card_names`; this module only
wraps them in HTML.

Pure string building (no Streamlit calls), so it is cheap, testable and the same in every page.

>>> from engine.cards import Card
>>> from tutor.i18n.style import Style
>>> 'r5-red' in card_html(Card.parse("10D")), 'r5-blue' in card_html(Card.parse("10D"), language=Style(four_colour=True))
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from engine.cards import Card
from engine.round import Round
from tutor.i18n.card_names import colour, rank, spoken
from tutor.i18n.strings import t
from tutor.i18n.style import Style, style_for
from tutor.seat.felt import count_words

#: Stylesheet of every card drawing; each HTML block carries it, so a block renders on its own.
CSS: Final = """<style>
.r5-row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin:4px 0 10px 0}
.r5-slot{display:flex;flex-direction:column;align-items:center;flex:none}
.r5-card{position:relative;width:76px;height:108px;border-radius:9px;background:#fffef8;
 border:1px solid #8a8a8a;box-shadow:0 2px 4px rgba(0,0,0,.35);font-family:Georgia,'DejaVu Serif',serif;
 flex:none;box-sizing:border-box;user-select:none}
.r5-card .r5-tl,.r5-card .r5-br{position:absolute;line-height:1;text-align:center;font-weight:700;font-size:21px}
.r5-card .r5-tl{top:5px;left:6px}
.r5-card .r5-br{bottom:5px;right:6px;transform:rotate(180deg)}
.r5-card .r5-pip{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);font-size:44px;line-height:1}
.r5-card .r5-jk{position:absolute;top:3px;right:4px;font-size:11px;font-weight:700;color:#7b1fa2}
.r5-red{color:#c62828}.r5-black{color:#161616}.r5-green{color:#157a35}.r5-blue{color:#1f57c3}
.r5-joker{color:#7b1fa2}
.r5-declared{border:2px dashed #7b1fa2}
.r5-picked{transform:translateY(-12px);box-shadow:0 0 0 3px #f2a900,0 4px 8px rgba(0,0,0,.4)}
.r5-fresh{outline:3px solid #2e7d32;outline-offset:2px}
.r5-row.r5-hand{align-items:flex-start}
.r5-cap.r5-new{color:#2e7d32;font-weight:700;opacity:1}
.r5-back{background:repeating-linear-gradient(45deg,#1d3f8f 0 6px,#2c56b5 6px 12px);border:4px solid #fffef8}
.r5-small{width:30px;height:44px;border-radius:5px;margin-right:-14px;border-width:2px}
.r5-cap{font-size:13px;text-align:center;margin-top:3px;opacity:.85;max-width:84px;overflow:hidden;
 white-space:nowrap;text-overflow:ellipsis}
.r5-cap.r5-you{font-weight:700}
.r5-melds{display:flex;flex-wrap:wrap;gap:12px}
.r5-meld{border:1px solid rgba(128,128,128,.45);border-radius:12px;padding:6px 10px 2px 10px}
.r5-title{font-size:14px;font-weight:700;margin:0 0 4px 0}
.r5-empty{opacity:.7;font-style:italic;margin:4px 0 10px 0}
.r5-zone{margin-bottom:6px}
.r5-clickable{cursor:pointer}
.r5-clickable:hover .r5-card{box-shadow:0 0 0 2px #f2a900,0 3px 6px rgba(0,0,0,.4)}
</style>"""

def card_html(
    card: Card,
    picked: bool = False,
    caption: str = "",
    you: bool = False,
    pick: str = "",
    fresh: bool = False,
    language: str | Style = "en",
) -> str:
    """One card, face up, with an optional caption under it; ``pick`` makes it clickable with that value;
    ``fresh``: a card that just reached the hand, outlined (its caption says how). ``language`` (a
    :class:`~tutor.i18n.style.Style`) gives the card letters and whether the deck has four colours."""
    tint = colour(card, style_for(language).four_colour)
    classes = f"r5-card r5-{tint}" + (" r5-declared" if card.declared else "") + (" r5-picked" if picked else "")
    classes += " r5-fresh" if fresh else ""
    if card.is_joker and not card.declared:
        corner, pip, badge = "J<br>K", "★", ""
    else:
        corner, pip = f"{rank(card.rank, language)}<br>{card.suit_symbol}", card.suit_symbol
        badge = '<span class="r5-jk">JK</span>' if card.declared else ""
    name = escape(spoken(card, language))
    face = (
        f'<div class="{classes}" title="{name}" role="img" aria-label="{name}">'
        f'<div class="r5-tl">{corner}</div>{badge}<div class="r5-pip">{pip}</div><div class="r5-br">{corner}</div></div>'
    )
    cap_class = "r5-cap" + (" r5-you" if you else "") + (" r5-new" if fresh else "")
    cap = f'<div class="{cap_class}">{escape(caption)}</div>' if caption else ""
    if pick:
        return f'<div class="r5-slot r5-clickable" data-pick="{escape(pick)}">{face}{cap}</div>'
    return f'<div class="r5-slot">{face}{cap}</div>'


def back_html(small: bool = False, caption: str = "") -> str:
    """A card face down (the stock, another player's card)."""
    card = f'<div class="r5-card r5-back{" r5-small" if small else ""}"></div>'
    if small:
        return card
    cap = f'<div class="r5-cap">{escape(caption)}</div>' if caption else ""
    return f'<div class="r5-slot">{card}{cap}</div>'


def row_html(cards: Sequence[str], extra: str = "") -> str:
    """Card drawings side by side (``extra``: a further class of the row)."""
    return f'<div class="r5-row{" " + extra if extra else ""}">{"".join(cards)}</div>'


def hand_html(
    hand: Sequence[Card],
    picked: Sequence[int] = (),
    values: Sequence[str] = (),
    fresh: Sequence[str] = (),
    language: str | Style = "en",
) -> str:
    """A hand, face up; the cards at the ``picked`` positions stand out. With ``values`` (one per card)
    each card is clickable and reports its value. ``fresh`` (one per card, "" for none): a caption that
    marks a card which just reached the hand ("drawn")."""
    chosen = set(picked)
    picks = list(values) or [""] * len(hand)
    notes = list(fresh) or [""] * len(hand)
    return CSS + row_html(
        [
            card_html(c, picked=i in chosen, pick=picks[i], caption=notes[i], fresh=bool(notes[i]), language=language)
            for i, c in enumerate(hand)
        ],
        "r5-hand",  # cards level at the top: a caption under one ("drawn") must not lift it like a pick
    )


def table_html(
    state: Round, learner: int, labels: dict[str, str] | None = None, language: str | Style = "en"
) -> str:
    """The melds on the table, numbered as in the notation; each card captioned with who laid it."""
    words = {key: t(f"ui.board.{key}", language) for key in ("meld", "set", "run", "by", "empty")}
    words |= labels or {}
    if not state.table:
        return f'<div class="r5-empty">{escape(words["empty"])}</div>'
    melds = []
    for number, meld in enumerate(state.table, start=1):
        kind = words["set"] if meld.shape.kind == "set" else words["run"]
        owner = state.players[meld.owner]
        title = f'{escape(words["meld"])} {number} · {escape(kind)} · {escape(words["by"])} {escape(owner)}'
        cards = [
            card_html(card, caption=state.players[layer], you=layer == learner, language=language)
            for card, layer in zip(meld.cards, meld.layers, strict=False)
        ]
        melds.append(f'<div class="r5-meld"><div class="r5-title">{title}</div>{row_html(cards)}</div>')
    return f'<div class="r5-melds">{"".join(melds)}</div>'


def pile_html(
    pile: Sequence[Card],
    take_word: str = "take",
    empty: str = "",
    values: Sequence[str] = (),
    picked: str | None = None,
    language: str | Style = "en",
) -> str:
    """The discard pile spread bottom to top (left to right), every card visible, each captioned with
    the take that reaches it (``take 1`` is the top card). With ``values`` each card is clickable."""
    if not pile:
        return f'<div class="r5-empty">{escape(empty)}</div>'
    size = len(pile)
    picks = list(values) or [""] * size
    return row_html(
        [
            card_html(c, picked=bool(picks[i]) and picks[i] == picked, caption=f"{take_word} {size - i}", pick=picks[i], language=language)
            for i, c in enumerate(pile)
        ]
    )


def others_html(state: Round, learner: int, to_move_word: str = "", language: str | Style = "en") -> str:
    """The other players' hands, face down, with their names and card counts (``1 card``, ``3 cards``)."""
    to_move_word = to_move_word or t("ui.board.to_move", language)
    parts = []
    for seat, name in enumerate(state.players):
        if seat == learner:
            continue
        count = len(state.hands[seat])
        backs = "".join(back_html(small=True) for _ in range(min(count, 13)))
        turn = f" · ▶ {escape(to_move_word)}" if seat == state.to_move and not state.round_over else ""
        parts.append(
            f'<div class="r5-zone"><div class="r5-title">{escape(name)} · {escape(count_words(count, language))}{turn}</div>'
            f'<div class="r5-row" style="padding-left:2px">{backs}</div></div>'
        )
    return "".join(parts)


def board_html(
    state: Round,
    learner: int,
    labels: dict[str, str] | None = None,
    pile_values: Sequence[str] = (),
    pile_picked: str | None = None,
    language: str | Style = "en",
) -> str:
    """The whole table as one block: the other players, the stock and pile, the melds.

    With ``pile_values`` the pile's cards are clickable (``pile_picked`` stands out)."""
    words = {key: t(f"ui.board.{key}", language) for key in ("stock", "pile", "table", "take", "empty_pile", "to_move")}
    words |= labels or {}
    stock = back_html(caption=count_words(len(state.stock), language)) if state.stock else '<div class="r5-empty">—</div>'
    return (
        CSS
        + others_html(state, learner, words["to_move"], language)
        + '<div style="display:flex;gap:28px;flex-wrap:wrap">'
        + f'<div class="r5-zone"><div class="r5-title">{escape(words["stock"])}</div>{row_html([stock])}</div>'
        + f'<div class="r5-zone"><div class="r5-title">{escape(words["pile"])}</div>'
        + pile_html(state.pile, words["take"], words["empty_pile"], pile_values, pile_picked, language)
        + "</div></div>"
        + f'<div class="r5-zone"><div class="r5-title">{escape(words["table"])}</div>'
        + table_html(state, learner, labels, language)
        + "</div>"
    )

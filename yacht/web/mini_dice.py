"""Small dice drawn in a line of text: the rules page's examples, and the dice to keep in a hint
and in the coach's line.

They are painted like the board's dice (the pips are the style sheet's) and hidden from screen
readers, which hear the same dice as written ("4-6-6") instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from yacht.web.page import Element, create

if TYPE_CHECKING:
    # Only for types: the hint's words are imported when a hint is first asked for.
    from yacht.views.coaching import Pieces


def mini_dice(faces: Sequence[int], bright: Sequence[bool] | None = None, *, cls: str) -> Element:
    """A row of small dice showing ``faces``; those not ``bright`` faded (None: none faded)."""
    row = create("span", cls=cls)
    row.setAttribute("aria-hidden", "true")
    for index, face in enumerate(faces):
        faded = bright is not None and not bright[index]
        die = create("span", cls="mini-die faded" if faded else "mini-die")
        die.dataset.face = str(face)
        row.append(die)
    return row


def write_pieces(element: Element, pieces: Pieces) -> Element:
    """Put the sentence ``pieces`` in ``element``: its words as text, its faces to keep as small
    dice (and, for a screen reader, as written). Returns ``element``."""
    element.replaceChildren()
    for piece in pieces:
        if isinstance(piece, str):
            element.append(piece)
            continue
        held = create("span", cls="held-dice")
        held.append(
            mini_dice(piece.faces, cls="held-dice-drawn"),
            create("span", text=str(piece), cls="visually-hidden"),
        )
        element.append(held)
    return element

"""Copies a :class:`~yacht.board.BoardView` into the page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pyscript import document

from yacht.board import BoardView, CellView, RowView
from yacht.guide import Section
from yacht.i18n import Translator
from yacht.web.page import Element, Writer, by_id, create

if TYPE_CHECKING:  # the strategy package loads only when hints, coach or computers are used
    from yacht.coaching import CoachSummary

# Attributes whose English text an element carries as data-i18n-<attribute>.
TRANSLATED_ATTRIBUTES = ("aria-label", "content")


class Renderer:
    """Owns the board's elements and keeps them in step with the latest view."""

    def __init__(self) -> None:
        self._write = Writer()
        self._status = by_id("status")
        self._roll = by_id("roll")
        self._rolls_left = by_id("rolls-left")
        self._undo = by_id("undo")
        self._hint = by_id("hint")
        self._faster = by_id("faster")
        self._coach_summary = by_id("coach-summary")
        self._title = by_id("ruleset-title")
        self._table = by_id("scorecard")
        dice = by_id("dice").querySelectorAll(".die")
        self._dice = [dice.item(i) for i in range(dice.length)]
        self._layout: tuple[str, ...] = ()
        self._headers: list[Element] = []
        self._cells: dict[tuple[str, int], Element] = {}
        self._ranking = by_id("ranking")
        self._over_title = by_id("game-over-title")

    def render(self, view: BoardView) -> None:
        """Bring the page up to date with ``view``, writing only what changed."""
        write = self._write
        if view.layout != self._layout:
            self._build_scorecard(view)
        write.text(self._status, view.status)
        write.text(self._title, view.title)
        write.flag(self._roll, "disabled", not view.roll_enabled)
        write.text(self._rolls_left, view.rolls_left_text)
        write.flag(self._undo, "disabled", not view.undo_enabled)
        write.flag(self._hint, "disabled", not view.hint_enabled)
        write.flag(self._faster, "hidden", not view.computer_turn)
        for element, die in zip(self._dice, view.dice, strict=True):
            write.attr(element, "data-face", None if die.face is None else str(die.face))
            write.attr(element, "aria-pressed", "true" if die.held else "false")
            write.attr(element, "aria-label", die.label)
            write.flag(element, "disabled", not die.enabled)
        for seat, header in enumerate(self._headers):
            write.cls(header, "current", seat == view.current)
            write.attr(header, "aria-current", "true" if seat == view.current else None)
        for row in view.rows:
            for seat, cell in enumerate(row.cells):
                self._render_cell(self._cells[row.key, seat], row, seat, cell, view.current)

    def forget_written(self) -> None:
        """Write every value on the next render, even those that seem unchanged."""
        self._write.forget()

    def show_ranking(self, view: BoardView) -> None:
        """Fill the game-over dialog's ranking."""
        self._over_title.textContent = view.headline
        self._ranking.replaceChildren()
        for placing in view.placings:
            item = create("li", text=f"{placing.name}: {placing.total}")
            item.setAttribute("value", str(placing.rank))
            self._ranking.appendChild(item)

    def show_coach_summary(self, lines: Sequence[tuple[str, CoachSummary]], tr: Translator) -> None:
        """The coach's report in the game-over dialog: a sentence and a chart per person."""
        box = self._coach_summary
        box.replaceChildren()
        box.hidden = not lines
        for text, summary in lines:
            box.appendChild(create("p", text=text))
            box.appendChild(_loss_chart(summary.loss_per_turn, tr))

    def flash_latest(self) -> None:
        """Restart the highlight animation of the cell just scored."""
        for cell in self._cells.values():
            if cell.classList.contains("latest"):
                cell.classList.remove("flash")
                _ = cell.offsetWidth  # reading layout restarts the CSS animation
                cell.classList.add("flash")

    def roll_animation(self, rerolled: list[int]) -> None:
        """Tumble the dice that were just thrown (CSS turns it off for reduced motion)."""
        for index in rerolled:
            die = self._dice[index]
            die.classList.remove("rolling")
            _ = die.offsetWidth
            die.classList.add("rolling")

    def _render_cell(
        self, td: Element, row: RowView, seat: int, cell: CellView, current: int | None
    ) -> None:
        write = self._write
        write.cls(td, "current", seat == current)
        write.cls(td, "latest", cell.kind == "latest")
        if not self._write.changed(td, "cell", (cell.kind == "option", cell.text, cell.label)):
            return
        if cell.kind == "option":
            button = create("button", text=cell.text, cls="option")
            button.type = "button"
            button.dataset.category = row.key
            button.setAttribute("aria-label", cell.label)
            if cell.text == "0":
                button.classList.add("zero")
            td.replaceChildren(button)
        else:
            td.textContent = cell.text

    def _build_scorecard(self, view: BoardView) -> None:
        # Rule set or players changed: rebuild the table's structure once, then patch cells.
        self._write.forget()
        self._layout = view.layout
        head_row = create("tr")
        head_row.appendChild(_header(view.category_heading, "col"))
        self._headers = [_header(name, "col") for name in view.names]
        for header in self._headers:
            head_row.appendChild(header)
        self._table.tHead.replaceChildren(head_row)
        body = self._table.tBodies.item(0)
        body.replaceChildren()
        self._cells = {}
        for row in view.rows:
            tr = create("tr", cls=f"row-{row.section}")
            tr.dataset.row = row.key
            tr.appendChild(_header(row.name, "row"))
            for seat in range(len(view.names)):
                td = create("td")
                self._cells[row.key, seat] = td
                tr.appendChild(td)
            body.appendChild(tr)


def _header(text: str, scope: str) -> Element:
    th = create("th", text=text)
    th.setAttribute("scope", scope)
    return th


def translate_page(tr: Translator) -> None:
    """Translate the page's static texts, marked ``data-i18n`` in index.html.

    The English text is the message id; it is remembered in the attribute on first use, so
    switching language again starts from the English, not from the last translation.
    """
    elements = document.querySelectorAll("[data-i18n]")
    for index in range(elements.length):
        element = elements.item(index)
        message = str(element.getAttribute("data-i18n") or "")
        if not message:
            message = " ".join(str(element.textContent).split())
            element.setAttribute("data-i18n", message)
        element.textContent = tr.gettext(message)
    for attribute in TRANSLATED_ATTRIBUTES:
        marked = document.querySelectorAll(f"[data-i18n-{attribute}]")
        for index in range(marked.length):
            element = marked.item(index)
            element.setAttribute(
                attribute, tr.gettext(str(element.getAttribute(f"data-i18n-{attribute}")))
            )


def render_guide(
    title_element: Element, body: Element, title: str, sections: Sequence[Section]
) -> None:
    """Fill the rules/tips dialog with ``sections`` (plain text only, never parsed as HTML)."""
    title_element.textContent = title
    body.replaceChildren()
    for section in sections:
        body.appendChild(create("h3", text=section.heading))
        for paragraph in section.paragraphs:
            body.appendChild(create("p", text=paragraph))
        if section.items:
            items = create("ul")
            for item in section.items:
                items.appendChild(create("li", text=item))
            body.appendChild(items)


SVG = "http://www.w3.org/2000/svg"


def _loss_chart(losses: Sequence[float], tr: Translator) -> Element:
    """A small bar chart of expected points lost per turn, drawn as SVG elements."""
    width, height, pad = 260, 90, 14
    top = max(max(losses, default=0.0), 1.0)
    step = (width - 2 * pad) / max(len(losses), 1)
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("viewBox", f"0 0 {width} {height}")
    svg.setAttribute("class", "coach-chart")
    svg.setAttribute("role", "img")
    total = sum(losses)
    svg.setAttribute(
        "aria-label",
        tr.gettext("Points lost per turn, {total} in all").format(total=f"{total:.1f}"),
    )
    axis = document.createElementNS(SVG, "line")
    for name, value in (
        ("x1", pad),
        ("y1", height - pad),
        ("x2", width - pad),
        ("y2", height - pad),
    ):
        axis.setAttribute(name, str(value))
    svg.appendChild(axis)
    for turn, loss in enumerate(losses):
        bar_height = (height - 2 * pad) * loss / top
        bar = document.createElementNS(SVG, "rect")
        bar.setAttribute("x", f"{pad + turn * step + step * 0.15:.1f}")
        bar.setAttribute("y", f"{height - pad - bar_height:.1f}")
        bar.setAttribute("width", f"{step * 0.7:.1f}")
        bar.setAttribute("height", f"{bar_height:.1f}")
        title = document.createElementNS(SVG, "title")
        title.textContent = tr.gettext("Turn {turn}: {loss}").format(
            turn=turn + 1, loss=f"{loss:.1f}"
        )
        bar.appendChild(title)
        svg.appendChild(bar)
        label = document.createElementNS(SVG, "text")
        label.setAttribute("x", f"{pad + turn * step + step / 2:.1f}")
        label.setAttribute("y", str(height - 2))
        label.setAttribute("text-anchor", "middle")
        label.textContent = str(turn + 1)
        svg.appendChild(label)
    return svg

"""Copies a :class:`~yacht.views.board.BoardView` into the page."""

from __future__ import annotations

import time
from typing import Any

from pyscript import document, window

from yacht.game.state import GameState
from yacht.i18n import Translator
from yacht.saves.slots import Store
from yacht.saves.status_room import StatusRoomCache
from yacht.views.board import BoardView, CellView, RowView, ShownView, board_view
from yacht.views.seat_labels import seat_labels
from yacht.web.batched_writes import BatchedWriter
from yacht.web.dice_tumble import make_tumble
from yacht.web.option_buttons import CellKey, OptionButtons
from yacht.web.page import Element, Listen, by_id, create
from yacht.web.scorecard_headings import corner, row_heading, seat_heading

# Twin CSS animations with identical frames (static/yacht.css). A CSS animation starts again
# only when its name changes, so switching an element to the other twin replays it with no
# forced layout; the usual trick (remove the class, read offsetWidth, add it back) costs a
# synchronous style and layout per element, milliseconds per click. (The dice's tumble is a
# Web Animation instead: yacht.web.dice_tumble.)
FLASH = ("flash-a", "flash-b")
# Roll's twin: while it plays (as long as the dice are in the air) Roll takes no clicks, so a
# double click or a double tap throws once. A hold or release lands the dice at once: a roll
# asked after it is meant, however quickly it follows.
AIRBORNE = ("airborne-a", "airborne-b")
# Longer than the airborne animation (700 ms): past it the dice count as down even if the
# animation's end never came (a style sheet of the player's own that turns animations off).
AIRBORNE_LIMIT_S = 1.0


def _other(playing: str | None, twins: tuple[str, str]) -> str:
    """The twin animation class to switch to from ``playing`` (None: never played)."""
    return twins[1] if playing == twins[0] else twins[0]


class Renderer:
    """Owns the board's elements and keeps them in step with the latest view."""

    def __init__(self, store: Store) -> None:
        self._last_view: ShownView | None = None
        self._write = BatchedWriter()
        self._status = by_id("status")
        self._status_room = by_id("status-room")
        self._kept_room = StatusRoomCache(store)
        self._roll = by_id("roll")
        self._play_again = by_id("play-again")
        self._rolls_left = by_id("rolls-left")
        self._undo = by_id("undo")
        self._hint = by_id("hint")
        self._faster = by_id("faster")
        self._title = by_id("ruleset-title")
        self._table = by_id("scorecard")
        dice = by_id("dice").querySelectorAll(".die")
        self._dice = [dice.item(i) for i in range(dice.length)]
        self._layout: tuple[str, ...] = ()
        self._headers: list[Element] = []
        self._mirrors: list[Element] = []
        self._cells: dict[CellKey, Element] = {}
        self._options = OptionButtons()
        self._details: dict[CellKey, Element] = {}
        self._latest: CellKey | None = None
        self._tumble = make_tumble()
        # The twin animation class each element carries now (None: never animated).
        self._flashing: dict[CellKey, str] = {}
        self._airborne: str | None = None
        self._in_air = False  # whether Roll still plays self._airborne
        self._landing_due = 0.0  # time.monotonic() past which, in the air, they are down anyway
        self._held: tuple[bool, ...] = ()
        self._shown: BoardView | None = None  # the view on the page
        # The scorecard's rows as written: a view that shares them leaves every cell as it is.
        self._rows_written: tuple[RowView, ...] | None = None
        self._focus_on_landing = False

    def view_of(self, game: GameState, tr: Translator) -> BoardView:
        """The board's view of ``game`` in ``tr``'s language, built once per state and language."""
        # A click renders it and then announces from it. (Identity, not equality: comparing
        # two game states field by field costs as much as building the view.)
        last = self._last_view
        if last is None or last[0] is not game or last[1] is not tr:
            last = self._last_view = (game, tr, board_view(game, tr, last))
        return last[2]

    def render(self, view: BoardView) -> None:
        """Bring the page up to date with ``view``, writing only what changed."""
        if view.layout != self._layout:
            self._build_scorecard(view)
        self._options.release_focus(view)
        self._shown = view
        try:
            self._queue(view)
        finally:
            self._write.flush()  # what was queued before a failure is remembered as written

    def _queue(self, view: BoardView) -> None:
        write = self._write
        write.text(self._status, view.status)
        write.text(self._status_room, view.status_room)
        write.text(self._title, view.title)
        write.flag(self._roll, "disabled", not view.roll_enabled)
        write.flag(self._play_again, "hidden", not view.game_over)
        write.text(self._rolls_left, view.rolls_left_text)
        write.flag(self._undo, "disabled", not view.undo_enabled)
        write.text(self._undo, view.undo_text)
        write.flag(self._hint, "disabled", not view.hint_enabled)
        write.flag(self._faster, "hidden", not view.computer_turn)
        for element, die in zip(self._dice, view.dice, strict=True):
            write.attr(element, "data-face", None if die.face is None else str(die.face))
            write.cls(element, "blank", die.face is None)
            write.attr(element, "aria-pressed", "true" if die.held else "false")
            write.attr(element, "aria-label", die.label)
            write.flag(element, "disabled", not die.enabled)
        for seat, header in enumerate(self._headers):
            write.cls(header, "current", seat == view.current)
            write.attr(header, "aria-current", "true" if seat == view.current else None)
        for seat, mirror in enumerate(self._mirrors):
            write.cls(mirror, "current", seat == view.current)
        # A new turn, or a die held or released: whatever was in the air has landed, and Roll
        # is at once ready again.
        held = tuple(die.held for die in view.dice)
        landed = view.dice[0].face is None or held != self._held
        if landed:
            self._land()
        self._held = held
        if view.rows is self._rows_written:
            return
        self._rows_written = None  # until all are written: a failure midway leaves them unsure
        self._latest = None
        for row in view.rows:
            for seat, cell in enumerate(row.cells):
                self._render_cell((row.key, seat), cell, view.current)
        self._rows_written = view.rows

    def forget_written(self) -> None:
        """Write every value on the next render, even those that seem unchanged."""
        self._write.forget()
        self._rows_written = None

    def flash_latest(self) -> None:
        """Play the highlight animation of the cell just scored (as of the last render)."""
        key = self._latest
        if key is not None:
            playing = self._flashing.get(key)
            following = self._flashing[key] = _other(playing, FLASH)
            self._write.swap_class(self._cells[key], playing, following)
            self._write.flush()

    def roll_animation(self, rerolled: list[int]) -> None:
        """Tumble the dice that were just thrown (CSS turns it off for reduced motion)."""
        for index in rerolled:
            self._write.call(self._dice[index], self._tumble, index)
        if rerolled:
            playing = self._airborne
            following = self._airborne = _other(playing, AIRBORNE)
            self._write.swap_class(self._roll, playing, following)
            self._in_air = True
            self._landing_due = time.monotonic() + AIRBORNE_LIMIT_S
        self._write.flush()

    def dice_in_air(self) -> bool:
        """Whether the last throw's dice are still in the air (Roll's airborne animation plays).

        Known here rather than asked of the page: reading Roll's computed style would make the
        browser bring its styles up to date in the middle of the click.
        """
        return self._in_air and time.monotonic() < self._landing_due

    def bind(self, on: Listen) -> None:
        """Listen to Roll's animations, and to the player leaving the page."""
        on(self._roll, "animationend", self._on_roll_animation_end)
        # The status row's room, kept for the next start as the player leaves (the game saved
        # by then): no click pays for it, and it never takes storage from a move's save.
        on(document, "visibilitychange", self._keep_status_room)
        on(window, "pagehide", self._keep_status_room)

    def _keep_status_room(self, _event: Any) -> None:
        last = self._last_view
        if last is not None:
            self._kept_room.remember(last[1].language, last[2].status_room)

    def _on_roll_animation_end(self, event: Any) -> None:
        """Roll's ``animationend``: the airborne animation is over, the dice are down (and Roll
        loses its class, so that the page shows what the keys go by)."""
        if str(event.animationName) in AIRBORNE:
            self._land()
            self._write.flush()
            if self._focus_on_landing:
                self._focus_on_landing = False
                self._focus_past_roll()

    def focus_on_landing(self) -> None:
        """A roll asked by keyboard: if Roll has the focus and the dice land with no roll left,
        the focus moves on to the first open category.

        A disabled Roll drops the focus to the page's start, and scoring would take a walk
        through the menu and the header. Only once the dice are down: a key pressed once too
        often while they fly must not score what the player has not seen. Nor from anywhere
        but Roll: a player rolling by R or Space with nothing focused would score Ones with
        the next Space. A pointer's roll leaves the focus alone (moving it would scroll a
        phone's page up to the scorecard).
        """
        self._focus_on_landing = document.activeElement == self._roll

    def _focus_past_roll(self) -> None:
        view = self._shown
        if view is None or view.roll_enabled:
            return
        active = document.activeElement
        if active == self._roll or active == document.body:
            self._options.focus_first(view)

    def _land(self) -> None:
        """Queue the end of Roll's airborne animation, if it still plays."""
        if self._in_air and self._airborne is not None:
            self._write.drop_class(self._roll, self._airborne)
            self._in_air = False

    def _render_cell(self, key: CellKey, cell: CellView, current: int | None) -> None:
        write = self._write
        td = self._cells[key]
        write.cls(td, "current", key[1] == current)
        write.cls(td, "latest", cell.kind == "latest")
        if cell.kind == "latest":
            self._latest = key
        shown = (cell.kind == "option", cell.text, cell.label, cell.detail)
        if not write.changed(td, "cell", shown):
            return
        option = self._options.get(key)
        if cell.kind != "option":
            write.put_text(td, cell.text)  # takes the option button out, if it was in
            if cell.detail:
                write.add_child(td, self._detail(key, cell.detail))
            if option is not None:
                option.shown = False
            return
        if option is None:
            option = self._options.make(key)
        if not option.shown:
            write.put_child(td, option.button)
            option.shown = True
        write.text(option.button, cell.text)
        write.attr(option.button, "aria-label", cell.label)
        write.cls(option.button, "zero", cell.zero)

    def _detail(self, key: CellKey, text: str) -> Element:
        """The cell's span of smaller type after its text (made at its first use)."""
        span = self._details.get(key)
        if span is None:
            span = self._details[key] = create("span", cls="detail")
        self._write.text(span, text)
        return span

    def _build_scorecard(self, view: BoardView) -> None:
        # Rule set or players changed: rebuild the table's structure once, then patch cells.
        self.forget_written()
        self._layout = view.layout
        head_row = create("tr")
        head_row.appendChild(corner(view.category_heading, "th"))
        # The short labels only show in the headings, so they are worked out here, at a rebuild.
        shorts = seat_labels(view.names)
        seats = list(zip(view.names, shorts, view.seat_notes, view.seat_marks, strict=True))
        self._headers = [seat_heading(*seat) for seat in seats]
        for header in self._headers:
            head_row.appendChild(header)
        # The same names over the lower section when the sections stand side by side: drawn
        # for the eye only (the real header row above says it to screen readers).
        mirror_row = create("tr", cls="mirror")
        mirror_row.setAttribute("aria-hidden", "true")
        mirror_row.appendChild(corner(view.category_heading, "td"))
        self._mirrors = [seat_heading(*seat, tag="td") for seat in seats]
        for mirror in self._mirrors:
            mirror_row.appendChild(mirror)
        self._table.tHead.replaceChildren(head_row, mirror_row)
        self._table.dataset.seats = str(len(view.names))  # the style sheet's player count
        body = self._table.tBodies.item(0)
        body.replaceChildren()
        self._cells = {}
        self._options = OptionButtons()
        self._details = {}
        self._flashing = {}
        self._latest = None
        for row in view.rows:
            tr = create("tr", cls=f"row-{row.section}")
            tr.dataset.row = row.key
            tr.appendChild(row_heading(row.name, "row"))
            for seat in range(len(view.names)):
                td = create("td")
                self._cells[row.key, seat] = td
                tr.appendChild(td)
            body.appendChild(tr)

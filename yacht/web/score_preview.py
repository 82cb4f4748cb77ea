"""The dice that make a score, shown while its option is pointed at, focused or held.

A player wondering what an option counts sees it on the dice: those that make its score stay
bright, the others fade (all of them for a 0). The style sheet does the fading from one
attribute of the dice's group, ``data-counted``: the indices of the bright dice.

A finger has no hover, and a tap on an option scores it; so on a touch screen the preview
comes with a long press, and the lift that ends it scores nothing.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.views.board import dice_counted
from yacht.web.batched_writes import BatchedWriter
from yacht.web.hooks import Hooks
from yacht.web.page import by_id, closest

HOLD_MS = 400
"""How long a finger stays on an option before its dice are shown: longer than a tap, and
shorter than the browsers' own long press (its menu is held back on the options)."""

# The long press is timed in JavaScript: a touch on the scorecard then costs no crossing into
# Python, and a click ending a long press is stopped before the game's own listener sees it.
# Python hears two events of the game's own from the option: "yacht:hold" and "yacht:lift".
_LONG_PRESS = """
let timer = 0;
let held = null;
let lifted = -Infinity;
const option = (event) => event.target instanceof Element && event.target.closest("button.option");
const stop = (lift) => {
  clearTimeout(timer);
  timer = 0;
  if (held === null) return;
  const button = held;
  held = null;
  if (lift) lifted = performance.now();
  button.dispatchEvent(new CustomEvent("yacht:lift", { bubbles: true }));
};
scorecard.addEventListener("pointerdown", (event) => {
  stop(false);
  lifted = -Infinity;
  const button = option(event);
  if (event.pointerType !== "touch" || !button) return;
  timer = setTimeout(() => {
    timer = 0;
    held = button;
    button.dispatchEvent(new CustomEvent("yacht:hold", { bubbles: true }));
  }, holdMs);
});
scorecard.addEventListener("pointerup", () => stop(true));
scorecard.addEventListener("pointercancel", () => stop(false));
// A pointer's click right after a long press ends it (keys click with detail 0, never stopped).
scorecard.addEventListener("click", (event) => {
  if (event.detail !== 0 && performance.now() - lifted < 1000) {
    lifted = -Infinity;
    event.preventDefault();
    event.stopPropagation();
  }
}, true);
scorecard.addEventListener("contextmenu", (event) => {
  if (option(event) && (timer || held)) event.preventDefault();
});
"""


class ScorePreview:
    """The option under the pointer or the keyboard's focus, and its dice on the page."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._category: Category | None = None
        self._dice = by_id("dice")
        self._write = BatchedWriter()

    def bind(self) -> None:
        """Follow the pointer, the focus and a finger's long press over the scorecard's options."""
        on, scorecard = self._hooks.on, by_id("scorecard")
        # A finger passing over an option is about to score it, or scrolling past, and the dice
        # would flicker: a finger shows the preview only while it holds an option still.
        on(scorecard, "pointerover", lambda event: self._point(event, event.target))
        on(scorecard, "pointerout", lambda event: self._point(event, event.relatedTarget))
        on(scorecard, "focusin", lambda event: self._reach(event.target))
        on(scorecard, "focusout", lambda event: self._reach(event.relatedTarget))
        on(scorecard, "yacht:hold", lambda event: self._reach(event.target))
        on(scorecard, "yacht:lift", lambda _: self._reach(None))
        # `new Function` needs 'unsafe-eval', which PyScript needs too (see batched_writes).
        window.Function.new("scorecard", "holdMs", _LONG_PRESS)(scorecard, HOLD_MS)

    def render(self, state: GameState) -> None:
        """Show the preview for ``state``, the game on the board now (a throw with the focus
        left on an option changes the dice; a score fills the category, which ends it)."""
        category = self._category
        counted = None if category is None else dice_counted(state, category)
        indices = None if counted is None else "".join(str(i) for i, c in enumerate(counted) if c)
        self._write.attr(self._dice, "data-counted", indices)  # written only when it changes
        self._write.flush()

    def _point(self, event: Any, element: Any) -> None:
        """A mouse or a pen is now on ``element`` (None: off the page); a finger is ignored."""
        if event.pointerType != "touch":
            self._reach(element)

    def _reach(self, element: Any) -> None:
        """The pointer or the focus is now on ``element`` (None: off the page)."""
        button = closest(element, "button.option")
        self._category = None if button is None else Category(button.dataset.category)
        self.render(self._hooks.state())

"""The question before a 0 is written where the dice would score elsewhere.

"Score 0 in Yacht? Full House would score 21." with Score 0 / Cancel, in a modal dialog:
keyboard users land on Cancel (the safe answer), Escape cancels, and after a cancel the focus
goes back to the category they were about to fill.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yacht.game.actions import Score
from yacht.rules.categories import Category
from yacht.views.scratch import scratch_text, scratch_warning
from yacht.web.hooks import Hooks
from yacht.web.page import by_id, query


class ScratchConfirm:
    """Scores a category, asking first when that would waste points."""

    def __init__(self, hooks: Hooks, after_scoring: Callable[[], None]) -> None:
        self._hooks = hooks
        self._after_scoring = after_scoring
        self._dialog = by_id("scratch-confirm")
        self._question = by_id("scratch-question")
        self._pending: Category | None = None

    def bind(self) -> None:
        """Listen to the dialog's buttons."""
        on = self._hooks.on
        on(by_id("scratch-yes"), "click", self._confirm)
        on(by_id("scratch-cancel"), "click", lambda _: self._dialog.close())
        on(self._dialog, "close", self._on_close)

    def score(self, category: Category) -> None:
        """Score ``category`` now, or first ask when it gives 0 and another would not."""
        state = self._hooks.state()
        warning = scratch_warning(state, category)
        if warning is None:
            self._score(category)
            return
        self._pending = category
        self._question.textContent = scratch_text(state, warning, self._hooks.tr())
        self._dialog.showModal()
        by_id("scratch-cancel").focus()

    def _score(self, category: Category) -> None:
        self._hooks.act(Score(category))
        self._after_scoring()

    def _confirm(self, _event: Any) -> None:
        category, self._pending = self._pending, None
        self._dialog.close()
        if category is not None:
            self._score(category)

    def _on_close(self, _event: Any) -> None:
        # Cancelled (button or Escape): back to the category the player was about to fill.
        if self._dialog.open:
            # The close event comes in a task of its own: a player quick enough (Escape, then
            # Enter on the same category) has the question open again before it arrives, and
            # the new question's category must not be forgotten.
            return
        category, self._pending = self._pending, None
        if category is not None:
            option = query(f"#scorecard button.option[data-category='{category.value}']")
            if option is not None:
                option.focus()

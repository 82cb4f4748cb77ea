"""The game-over dialog: the ranking, the coach's report, a rematch or a new game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yacht.i18n import Translator
from yacht.session.session import Session
from yacht.views.board import BoardView
from yacht.web.advisor import Advisor
from yacht.web.extras import Extras
from yacht.web.page import by_id
from yacht.web.render import Renderer


class GameOverDialog:
    """Shows how a finished game ended."""

    def __init__(self, renderer: Renderer, advisor: Advisor, extras: Extras) -> None:
        self._renderer = renderer
        self._advisor = advisor
        self._extras = extras

    def bind(
        self,
        on: Callable[[Any, str, Callable[[Any], None]], None],
        rematch: Callable[[], None],
        new_game: Callable[[], None],
    ) -> None:
        """Listen to the dialog's buttons (each closes it first)."""
        on(by_id("rematch"), "click", lambda _: self._close_then(rematch))
        on(by_id("close-game-over"), "click", lambda _: by_id("game-over").close())
        on(by_id("new-game-from-over"), "click", lambda _: self._close_then(new_game))

    def show(self, session: Session, view: BoardView, tr: Translator) -> None:
        """Fill the dialog for the finished ``session`` and open it."""
        game, coach = session.game, session.coach
        self._renderer.show_ranking(view)
        lines = [] if coach is None else self._advisor.summary_lines(coach, game, tr)
        self._renderer.show_coach_summary(lines, tr)
        self._extras.game_over(game)
        dialog = by_id("game-over")
        if not dialog.open:
            dialog.showModal()
        by_id("rematch").focus()

    def retranslate(self, view: BoardView) -> None:
        """Write the open dialog's ranking again in the current language."""
        if by_id("game-over").open:
            self._renderer.show_ranking(view)

    def close(self) -> None:
        """Close the dialog if it is open (the game on the page is no longer over)."""
        over = by_id("game-over")
        if over.open:
            over.close()

    def _close_then(self, then: Callable[[], None]) -> None:
        by_id("game-over").close()
        then()

"""The game-over dialog: the ranking against each player's past, perfect play's average, the
coach's report, a rematch or a new game. Its words come from :mod:`yacht.views.ending`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from yacht.i18n import Translator
from yacht.session.session import Session
from yacht.strategy.table_files import fresh_game_average
from yacht.web.extras import Extras
from yacht.web.mini_dice import write_pieces
from yacht.web.page import Element, by_id, create

if TYPE_CHECKING:  # the ending's words and charts load when a game ends
    from yacht.views.ending import Ending, Standing


class GameOverDialog:
    """Shows how a finished game ended."""

    def __init__(self, extras: Extras) -> None:
        self._extras = extras
        self._session: Session | None = None

    def bind(
        self,
        on: Callable[[Any, str, Callable[[Any], None]], None],
        rematch: Callable[[], None],
        new_game: Callable[[], None],
        reopen: Callable[[], object],
    ) -> None:
        """Listen to the dialog's buttons (each closes it first), and to "Play again…" in the
        tray of a finished game, which opens it again."""

        def play_again(_: Any) -> None:
            reopen()

        on(by_id("play-again"), "click", play_again)
        on(by_id("rematch"), "click", lambda _: self._close_then(rematch))
        on(by_id("close-game-over"), "click", lambda _: by_id("game-over").close())
        on(by_id("new-game-from-over"), "click", lambda _: self._close_then(new_game))

    def show(self, session: Session, tr: Translator) -> str:
        """Fill the dialog for the finished ``session`` and open it; returns what to announce
        (a new personal best)."""
        self._session = session
        words = self._fill(session, tr)
        self._extras.game_over(session.game)
        dialog = by_id("game-over")
        if not dialog.open:
            dialog.showModal()
        by_id("rematch").focus()
        return " ".join(
            f"{standing.name}: {standing.notes[0]}"
            for standing in words.standings
            if standing.record
        )

    def retranslate(self, tr: Translator) -> None:
        """Write the open dialog again in the current language."""
        if by_id("game-over").open and self._session is not None:
            self._fill(self._session, tr)

    def close(self) -> None:
        """Close the dialog if it is open (the game on the page is no longer over)."""
        over = by_id("game-over")
        if over.open:
            over.close()

    def _fill(self, session: Session, tr: Translator) -> Ending:
        from yacht.views.ending import ending

        words = ending(
            session.game,
            self._extras.history.history,
            session.coach,
            fresh_game_average(session.game.ruleset),
            tr,
        )
        by_id("game-over-title").textContent = words.headline
        ranking = by_id("ranking")
        ranking.replaceChildren()
        for standing in words.standings:
            ranking.appendChild(_standing_item(standing, len(words.standings) > 1))
        shared = by_id("shared-note")
        shared.textContent = words.shared_note
        shared.hidden = not words.shared_note
        perfect = by_id("perfect-play")
        perfect.textContent = words.perfect_play
        perfect.hidden = not words.perfect_play
        _show_coach(words)
        return words

    def _close_then(self, then: Callable[[], None]) -> None:
        by_id("game-over").close()
        then()


def _standing_item(standing: Standing, ranked: bool) -> Element:
    item = create("li", cls="standing record" if standing.record else "standing")
    item.setAttribute("value", str(standing.rank))
    line = create("p", cls="standing-line")
    if ranked:  # the list's own numbering says the place to screen readers
        place = create("span", text=str(standing.rank), cls="standing-place")
        place.setAttribute("aria-hidden", "true")
        line.appendChild(place)
    who = create("span", cls="standing-who")
    who.appendChild(create("span", text=standing.name, cls="standing-name"))
    if standing.who:
        who.appendChild(create("span", text=standing.who, cls="standing-level"))
    line.appendChild(who)
    # Read as "Ann: 170" (and so written in the text), laid out as a name and a big total.
    line.appendChild(create("span", text=": ", cls="visually-hidden"))
    line.appendChild(create("strong", text=str(standing.total), cls="standing-total"))
    item.appendChild(line)
    for note in standing.notes:
        item.appendChild(create("p", text=note, cls="standing-note"))
    return item


def _show_coach(words: Ending) -> None:
    from yacht.views.charts import loss_chart
    from yacht.web.svg import captioned

    box = by_id("coach-summary")
    box.replaceChildren()
    box.hidden = not words.coach
    for report in words.coach:
        box.appendChild(write_pieces(create("p"), report.pieces))
        titles = report.bar_titles
        chart = loss_chart(
            report.loss_per_turn,
            label=report.chart_label,
            bar_title=lambda turn, _, titles=titles: titles[turn - 1],  # type: ignore[misc]
        )
        box.appendChild(captioned(create("figure", cls="coach-figure"), report.chart_label, chart))

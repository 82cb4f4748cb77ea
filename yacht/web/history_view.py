"""The history and statistics page: finished games kept, and what they say about each player.

A finished game is recorded the moment its last category is filled (and taken out again if
that scoring is undone). The page shows, for a chosen player and rule set, the games played,
wins, best and average score, each category's average and how often it was scratched, a
histogram of final scores and a line of scores over time, and the most recent games.

Everything a player typed (names) goes in as text nodes; the charts are built element by
element (:mod:`yacht.web.svg`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pyodide.ffi import to_js
from pyscript import window

from yacht.board import category_name
from yacht.charts import histogram_chart, line_chart
from yacht.coach_log import CoachEntry
from yacht.game import GameState
from yacht.history import History, HistoryEntry, coach_losses, entry_from_game
from yacht.history_slot import HistorySlot, describe_history_notice
from yacht.i18n import Translator
from yacht.save_slot import Event, Notice, utc_now
from yacht.stats import Bin, PlayerStats, StatsKey, histogram, player_stats, stats_keys
from yacht.web.hooks import Hooks
from yacht.web.page import Element, by_id, create
from yacht.web.svg import build

RECENT_GAMES = 20


def local_day() -> str:
    """Today's date on the player's calendar, YYYY-MM-DD (never shifted by the time zone)."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


class HistoryView:
    """Keeps the history in storage and draws the statistics page."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._slot = HistorySlot(hooks.store)
        self._dialog = by_id("history")
        self._confirm = by_id("clear-history-confirm")
        self._select = by_id("stats-player")
        self._keys: tuple[StatsKey, ...] = ()

    @property
    def history(self) -> History:
        """The history as this tab knows it."""
        return self._slot.history

    def bind(self) -> None:
        """Open the stored history and listen to the page's controls."""
        # Storage that cannot be read at all is already told by the game's own slot.
        self._tell_notices([n for n in self._slot.open() if n.event is not Event.UNAVAILABLE])
        on = self._hooks.on
        on(by_id("show-history"), "click", lambda _: self.open())
        on(by_id("close-history"), "click", lambda _: self._dialog.close())
        on(self._select, "change", lambda _: self._draw_stats())
        on(by_id("clear-history"), "click", lambda _: self._ask_clear())
        on(by_id("clear-history-yes"), "click", lambda _: self._clear())
        on(by_id("clear-history-cancel"), "click", lambda _: self._confirm.close())
        on(self._confirm, "close", lambda _: self.open())

    # -- recording -----------------------------------------------------------------------------

    def after_action(
        self, before: GameState, after: GameState, coach: Sequence[CoachEntry] | None
    ) -> None:
        """Record a game that just ended; take it back out when its last scoring is undone."""
        if after.is_over and not before.is_over:
            entry = entry_from_game(after, utc_now(), local_day(), coach_losses(after, coach))
            self._change(lambda history: history.with_game(entry))
        elif before.is_over and not after.is_over:
            gone = entry_from_game(before, "", local_day())
            self._change(lambda history: history.without_game(gone))

    def start_daily(self, day: str) -> bool:
        """Note that today's challenge was started; whether this attempt is the official one.

        Decided on the history as stored now, so an attempt started in another tab counts.
        """
        official = False

        def start(history: History) -> History:
            nonlocal official
            history, official = history.start_daily(day)
            return history

        self._change(start)
        return official

    def merge(self, imported: History) -> str:
        """Add an imported history to this one; the sentence saying how many games came in."""
        before = len(self.history.games)
        self._change(lambda history: history.merged(imported))
        added = len(self.history.games) - before
        if not added:
            return ""
        text = self._hooks.tr().ngettext(
            "{count} finished game added to the history.",
            "{count} finished games added to the history.",
            added,
        )
        return text.format(count=added)

    def refresh(self) -> None:
        """Another tab changed the stored history: show its version."""
        if self._slot.refresh() and self._dialog.open:
            self._draw()

    def _change(self, edit: Callable[[History], History]) -> None:
        result = self._slot.change(edit)
        # Unreadable storage is already told by the game's slot; a full one is news.
        self._tell_notices(
            [n for n in result.notices if n.event is not Event.UNAVAILABLE or result.full]
        )
        if self._dialog.open:
            self._draw()

    def _tell_notices(self, notices: list[Notice]) -> None:
        tr = self._hooks.tr()
        for notice in notices:
            if notice.detail:
                window.console.warn(f"Yacht: {notice.key}: {notice.event.value}: {notice.detail}")
            self._hooks.tell(describe_history_notice(notice, tr))

    # -- the page ------------------------------------------------------------------------------

    def open(self) -> None:
        """Show the history and statistics page."""
        self._draw()
        if not self._dialog.open:
            self._dialog.showModal()
        # The first control, so the page opens at its top (focusing Close would scroll down).
        (by_id("close-history") if not self.history.games else self._select).focus()

    def retranslate(self) -> None:
        """Redraw in the current language, if the page is showing."""
        if self._dialog.open:
            self._draw()

    def _draw(self) -> None:
        history = self.history
        empty = not history.games
        by_id("history-empty").hidden = not empty
        by_id("stats").hidden = empty
        by_id("clear-history").disabled = empty
        if empty:
            return
        chosen = self._chosen()
        self._keys = stats_keys(history)
        tr = self._hooks.tr()
        self._select.replaceChildren()
        for index, key in enumerate(self._keys):
            text = tr.gettext("{name} — {rules}").format(name=key.name, rules=_rules_title(key, tr))
            option = create("option", text=text)
            option.value = str(index)
            self._select.appendChild(option)
        self._select.value = str(self._index_of(chosen))
        self._draw_stats()
        self._draw_recent(history, tr)

    def _chosen(self) -> tuple[str, str] | None:
        """The player and rule set shown before a redraw (so it stays chosen)."""
        value = str(self._select.value or "")
        if value.isdigit() and int(value) < len(self._keys):
            key = self._keys[int(value)]
            return key.name, _rules_key(key)
        state = self._hooks.state()
        # At first, the player whose game is on the board (the first seat) and its rules.
        seat = state.players[0]
        bonus = ":bonus" if state.ruleset.upper_bonus is not None else ""
        return seat.name, state.ruleset.id + bonus

    def _index_of(self, chosen: tuple[str, str] | None) -> int:
        for index, key in enumerate(self._keys):
            if (key.name, _rules_key(key)) == chosen:
                return index
        return 0

    def _draw_stats(self) -> None:
        value = str(self._select.value or "0")
        if not value.isdigit() or int(value) >= len(self._keys):
            return
        key = self._keys[int(value)]
        stats = player_stats(self.history, key.name, key.ruleset)
        if stats is None:
            return
        tr = self._hooks.tr()
        self._draw_summary(stats, tr)
        self._draw_charts(stats, tr)
        self._draw_categories(stats, tr)

    def _draw_summary(self, stats: PlayerStats, tr: Translator) -> None:
        wins = (
            tr.ngettext(
                "{wins} of {count} game against others",
                "{wins} of {count} games against others",
                stats.contests,
            ).format(wins=stats.wins, count=stats.contests)
            if stats.contests
            else tr.gettext("solo games only")
        )
        rows = [
            (tr.gettext("Games played"), str(stats.games)),
            (tr.gettext("Wins"), wins),
            (tr.gettext("Best score"), str(stats.best)),
            (tr.gettext("Average score"), _number(stats.average, tr)),
            (tr.gettext("Lowest score"), str(stats.worst)),
        ]
        summary = by_id("stats-summary")
        summary.replaceChildren()
        for term, value in rows:
            item = create("div")
            item.appendChild(create("dt", text=term))
            # Numbers stand out; a sentence (the wins) is set smaller so the cards stay even.
            item.appendChild(create("dd", text=value, cls="" if value[:1].isdigit() else "words"))
            summary.appendChild(item)

    def _draw_charts(self, stats: PlayerStats, tr: Translator) -> None:
        bins = histogram(stats.totals)
        bars = histogram_chart(
            "score-histogram",
            bins,
            title=tr.gettext("Final scores of {name}").format(name=stats.name),
            description=tr.ngettext(
                "{count} game, scoring from {worst} to {best}.",
                "{count} games, scoring from {worst} to {best}.",
                stats.games,
            ).format(count=stats.games, worst=stats.worst, best=stats.best),
            x_label=tr.gettext("Final score"),
            y_label=tr.gettext("Games"),
            bar_title=lambda band: _band_title(band, tr),
        )
        scores = stats.scores
        line = line_chart(
            "score-trend",
            stats.totals,
            title=tr.gettext("Scores of {name} over time").format(name=stats.name),
            description=tr.gettext(
                "Final score of each game, oldest first; the latest is {latest}."
            ).format(latest=stats.totals[-1]),
            x_label=tr.gettext("Game"),
            y_label=tr.gettext("Final score"),
            point_title=lambda index: tr.gettext("Game {number} ({date}): {total}").format(
                number=index + 1, date=scores[index].day, total=scores[index].total
            ),
        )
        by_id("histogram-figure").replaceChildren(build(bars))
        by_id("trend-figure").replaceChildren(build(line))

    def _draw_categories(self, stats: PlayerStats, tr: Translator) -> None:
        body = by_id("stats-categories").tBodies.item(0)
        body.replaceChildren()
        for row in stats.categories:
            tr_element = create("tr")
            name = create("th", text=category_name(stats.ruleset, row.category, tr))
            name.setAttribute("scope", "row")
            tr_element.appendChild(name)
            tr_element.appendChild(create("td", text=_number(row.average, tr)))
            scratched = tr.gettext("{zeros} of {count} ({percent}%)").format(
                zeros=row.zeros, count=row.games, percent=round(100 * row.zero_rate)
            )
            tr_element.appendChild(create("td", text=scratched))
            body.appendChild(tr_element)

    def _draw_recent(self, history: History, tr: Translator) -> None:
        recent = by_id("recent-games")
        recent.replaceChildren()
        for entry in reversed(history.games[-RECENT_GAMES:]):
            recent.appendChild(_game_item(entry, tr))

    # -- clearing ------------------------------------------------------------------------------

    def _ask_clear(self) -> None:
        # One modal at a time: the confirmation replaces the page, and closing it brings the
        # page back (see bind), so focus is never trapped in a dialog underneath.
        self._dialog.close()
        self._confirm.showModal()
        by_id("clear-history-cancel").focus()

    def _clear(self) -> None:
        self._change(History.cleared)
        self._confirm.close()
        self._hooks.tell(self._hooks.tr().gettext("The history was cleared."))


def _band_title(band: Bin, tr: Translator) -> str:
    """A histogram bar's tooltip: its scores and how many games ended there."""
    if band.low == band.high:
        text = tr.ngettext("{score}: {count} game", "{score}: {count} games", band.count)
        return text.format(score=band.low, count=band.count)
    text = tr.ngettext(
        "{low} to {high}: {count} game", "{low} to {high}: {count} games", band.count
    )
    return text.format(low=band.low, high=band.high, count=band.count)


def _rules_key(key: StatsKey) -> str:
    return key.ruleset.id + (":bonus" if key.ruleset.upper_bonus is not None else "")


def _rules_title(key: StatsKey, tr: Translator) -> str:
    title = tr.gettext(key.ruleset.title)
    if key.ruleset.upper_bonus is None:
        return title
    return tr.gettext("{rules}, with bonus").format(rules=title)


def _number(value: float, tr: Translator) -> str:
    """``value`` with one decimal, written the way the player's language writes numbers."""
    options = to_js({"maximumFractionDigits": 1}, dict_converter=window.Object.fromEntries)
    return str(window.Intl.NumberFormat.new(tr.language, options).format(value))


def _game_item(entry: HistoryEntry, tr: Translator) -> Element:
    """One line of the recent games: date, rules, each player's total, and what kind of game."""
    totals = entry.totals()
    winners = set(entry.winners()) if len(entry.players) > 1 else set()
    item = create("li")
    item.appendChild(create("span", text=entry.day, cls="game-day"))
    item.appendChild(create("span", text=tr.gettext(entry.ruleset.title), cls="game-rules"))
    scores = create("span", cls="game-scores")
    for seat, player in enumerate(entry.players):
        text = tr.gettext("{name}: {total}").format(name=player.name, total=totals[seat])
        scores.appendChild(create("strong" if seat in winners else "span", text=text))
    item.appendChild(scores)
    tags = []
    if entry.challenge is not None:
        tags.append(
            tr.gettext("daily challenge")
            if entry.challenge.official
            else tr.gettext("daily challenge, practice")
        )
    if entry.real_dice:
        tags.append(tr.gettext("real dice"))
    if tags:
        item.appendChild(create("span", text=", ".join(tags), cls="game-tags"))
    return item

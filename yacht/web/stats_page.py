"""The statistics page: what the finished games say about each player.

For a chosen player and rule set: the games played, wins, best and average score, each
category's average and how often it was scratched, a histogram of final scores and a line of
scores over time, and the most recent games. Everything a player typed (names) goes in as text
nodes; the charts are built element by element (:mod:`yacht.web.svg`).

Apart from :mod:`yacht.web.history_view`, which records the games, so that the charts and the
statistics load when the page is first opened, not when the game starts.
"""

from __future__ import annotations

from typing import Any

from yacht.i18n import Translator, format_day, format_decimal
from yacht.saves.history import History, HistoryEntry
from yacht.views.board import category_name
from yacht.views.charts import histogram_chart, line_chart
from yacht.views.stats import Bin, PlayerStats, StatsKey, histogram, player_stats, stats_keys
from yacht.web.hooks import Hooks
from yacht.web.page import Element, by_id, create
from yacht.web.svg import captioned

RECENT_GAMES = 20
CHARTED_GAMES = 3
"""Games before the charts are drawn: one bar or one dot is no chart."""


class StatsPage:
    """Draws the statistics page (the history dialog's content)."""

    def __init__(self, hooks: Hooks, select: Any) -> None:
        self._hooks = hooks
        self._select = select
        self._keys: tuple[StatsKey, ...] = ()

    def draw(self, history: History) -> None:
        """Fill the page from ``history``, keeping the chosen player and rules if still there."""
        empty = not history.games
        by_id("history-empty").hidden = not empty
        by_id("stats").hidden = empty
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
        self.draw_stats(history)
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

    def draw_stats(self, history: History) -> None:
        """The chosen player's figures and charts."""
        value = str(self._select.value or "0")
        if not value.isdigit() or int(value) >= len(self._keys):
            return
        key = self._keys[int(value)]
        stats = player_stats(history, key.name, key.ruleset)
        if stats is None:
            return
        tr = self._hooks.tr()
        self._draw_summary(stats, tr)
        self._draw_charts(stats, tr)
        self._draw_categories(stats, tr)

    def _draw_summary(self, stats: PlayerStats, tr: Translator) -> None:
        rows = [
            (tr.gettext("Games played"), str(stats.games)),
            (tr.gettext("Best score"), str(stats.best)),
            (tr.gettext("Average score"), format_decimal(stats.average, tr.language)),
            (tr.gettext("Lowest score"), str(stats.worst)),
        ]
        if stats.contests:  # solo games have no winner: their player sees no "Wins" at all
            wins = tr.ngettext(
                "{wins} of {count} game against others",
                "{wins} of {count} games against others",
                stats.contests,
            ).format(wins=stats.wins, count=stats.contests)
            rows.insert(1, (tr.gettext("Wins"), wins))
        summary = by_id("stats-summary")
        summary.replaceChildren()
        for term, value in rows:
            item = create("div")
            item.appendChild(create("dt", text=term))
            # Numbers stand out; a sentence (the wins) is set smaller so the cards stay even.
            item.appendChild(create("dd", text=value, cls="words" if " " in value else ""))
            summary.appendChild(item)

    def _draw_charts(self, stats: PlayerStats, tr: Translator) -> None:
        charted = stats.games >= CHARTED_GAMES
        by_id("stats-charts").hidden = not charted
        if not charted:
            by_id("histogram-figure").replaceChildren()
            by_id("trend-figure").replaceChildren()
            return
        bins = histogram(stats.totals)
        bars_title = tr.gettext("Final scores of {name}").format(name=stats.name)
        bars = histogram_chart(
            "score-histogram",
            bins,
            title=bars_title,
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
        line_title = tr.gettext("Scores of {name} over time").format(name=stats.name)
        line = line_chart(
            "score-trend",
            stats.totals,
            title=line_title,
            description=tr.gettext(
                "Final score of each game, oldest first; the latest is {latest}."
            ).format(latest=stats.totals[-1]),
            x_label=tr.gettext("Game"),
            y_label=tr.gettext("Final score"),
            point_title=lambda index: tr.gettext("Game {number} ({date}): {total}").format(
                number=index + 1,
                date=format_day(scores[index].day, tr.language),
                total=scores[index].total,
            ),
        )
        captioned(by_id("histogram-figure"), bars_title, bars)
        captioned(by_id("trend-figure"), line_title, line)

    def _draw_categories(self, stats: PlayerStats, tr: Translator) -> None:
        body = by_id("stats-categories").tBodies.item(0)
        body.replaceChildren()
        for row in stats.categories:
            tr_element = create("tr")
            name = create("th", text=category_name(stats.ruleset, row.category, tr))
            name.setAttribute("scope", "row")
            tr_element.appendChild(name)
            tr_element.appendChild(create("td", text=format_decimal(row.average, tr.language)))
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


def _game_item(entry: HistoryEntry, tr: Translator) -> Element:
    """One line of the recent games: date, rules, each player's total, and what kind of game."""
    totals = entry.totals()
    winners = set(entry.winners()) if len(entry.players) > 1 else set()
    item = create("li")
    item.appendChild(create("span", text=format_day(entry.day, tr.language), cls="game-day"))
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

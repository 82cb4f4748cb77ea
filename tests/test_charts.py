"""SVG charts built in Python: the right bars and points, accessible, and names kept as text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from yacht.views.charts import (
    BOTTOM,
    HEIGHT,
    SVG_NS,
    TOP,
    Node,
    histogram_chart,
    line_chart,
    nice_ticks,
    node,
    to_xml,
)
from yacht.views.stats import Bin, histogram

HOSTILE = '<img src=x onerror="alert(1)">&amp;'


def bars_chart(bins: list[Bin], title: str = "Scores") -> Node:
    return histogram_chart(
        "hist",
        bins,
        title=title,
        description="How often each score band came up",
        x_label="Final score",
        y_label="Games",
        bar_title=lambda b: f"{b.low}-{b.high}: {b.count}",
    )


def scores_chart(values: list[int], title: str = "Over time") -> Node:
    return line_chart(
        "line",
        values,
        title=title,
        description="Final score of each game",
        x_label="Game",
        y_label="Final score",
        point_title=lambda i: f"Game {i + 1}: {values[i]}",
    )


def heights(chart: Node) -> list[float]:
    return [float(str(rect.get("height"))) for rect in chart.find_all("rect")]


def test_one_bar_per_band_with_heights_in_proportion() -> None:
    bins = list(histogram([150, 152, 171, 199, 201, 203, 204], width=25))
    assert [b.count for b in bins] == [3, 1, 3]
    chart = bars_chart(bins)
    bars = heights(chart)
    assert len(bars) == 3
    assert bars[0] == pytest.approx(bars[2])
    assert bars[0] == pytest.approx(3 * bars[1])
    # The tallest bar stays inside the plot area.
    assert max(bars) <= HEIGHT - TOP - BOTTOM
    tooltips = [rect.children[0].text for rect in chart.find_all("rect")]
    assert tooltips == ["150-174: 3", "175-199: 1", "200-224: 3"]


def test_an_empty_band_has_no_height() -> None:
    bars = heights(bars_chart([Bin(0, 9, 2), Bin(10, 19, 0), Bin(20, 29, 1)]))
    assert bars[1] == 0
    assert bars[0] == pytest.approx(2 * bars[2])


def test_the_line_rises_and_falls_with_the_scores() -> None:
    values = [150, 220, 180]
    chart = scores_chart(values)
    (line,) = chart.find_all("polyline")
    points = [tuple(map(float, p.split(","))) for p in str(line.get("points")).split()]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert xs == sorted(xs)
    # SVG's y grows downwards: the best game is highest, i.e. has the smallest y.
    assert ys[1] < ys[2] < ys[0]
    dots = chart.find_all("circle")
    assert [d.children[0].text for d in dots] == ["Game 1: 150", "Game 2: 220", "Game 3: 180"]


def test_a_single_game_draws_a_dot_and_no_line() -> None:
    chart = scores_chart([212])
    assert chart.find_all("polyline") == []
    assert len(chart.find_all("circle")) == 1


def test_many_games_draw_the_line_without_a_dot_each() -> None:
    chart = scores_chart(list(range(100, 400)))
    assert len(chart.find_all("polyline")) == 1
    assert chart.find_all("circle") == []


def test_charts_are_named_images() -> None:
    for chart in (bars_chart([Bin(0, 9, 1)]), scores_chart([1, 2])):
        assert chart.tag == "svg"
        assert chart.get("role") == "img"
        title, desc = chart.children[:2]
        assert (title.tag, desc.tag) == ("title", "desc")
        assert chart.get("aria-labelledby") == title.get("id")
        assert chart.get("aria-describedby") == desc.get("id")
        assert chart.get("viewBox") == "0 0 480 240"


def test_names_in_titles_stay_text_in_the_markup() -> None:
    chart = bars_chart([Bin(0, 9, 1)], title=HOSTILE)
    assert chart.children[0].text == HOSTILE
    markup = to_xml(chart)
    assert "<img" not in markup
    parsed = ET.fromstring(markup)
    assert parsed.tag == f"{{{SVG_NS}}}svg"
    title = parsed.find(f"{{{SVG_NS}}}title")
    assert title is not None
    assert title.text == HOSTILE
    assert len(list(parsed.iter(f"{{{SVG_NS}}}img"))) == 0


def test_node_attribute_names_and_numbers() -> None:
    made = node("text", text="x", text_anchor="end", class_="tick", x=1.25, y=3.0, r=2)
    assert made.attrs == (
        ("text-anchor", "end"),
        ("class", "tick"),
        ("x", "1.2"),
        ("y", "3"),
        ("r", "2"),
    )


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [(0, 1, [0, 1]), (0, 7, [0, 2, 4, 6, 8]), (143, 251, [125, 150, 175, 200, 225, 250, 275])],
)
def test_ticks_are_round_and_cover_the_range(low: int, high: int, ticks: list[int]) -> None:
    assert nice_ticks(low, high) == ticks
    assert ticks[0] <= low
    assert ticks[-1] >= high


def test_the_coach_chart_has_a_bar_per_turn_scaled_to_the_worst() -> None:
    from yacht.views.charts import LOSS_CHART_PAD, LOSS_CHART_SIZE, loss_chart

    chart = loss_chart(
        [0.0, 2.0, 4.0], label="lost 6.0", bar_title=lambda turn, loss: f"turn {turn}: {loss}"
    )
    bars = [child for child in chart.children if child.tag == "rect"]
    assert [bar.children[0].text for bar in bars] == ["turn 1: 0.0", "turn 2: 2.0", "turn 3: 4.0"]
    heights = [float(dict(bar.attrs)["height"]) for bar in bars]
    assert heights == [
        0.0,
        (LOSS_CHART_SIZE[1] - 2 * LOSS_CHART_PAD) / 2,
        LOSS_CHART_SIZE[1] - 2 * LOSS_CHART_PAD,
    ]
    assert dict(chart.attrs)["aria-label"] == "lost 6.0"
    hostile = loss_chart([1.0], label="<script>", bar_title=lambda turn, loss: "<b>")
    assert "<script" not in to_xml(hostile)

"""Charts as SVG trees built in pure Python: a histogram of scores and a line over time.

A chart is a tree of :class:`Node` values (tag, attributes, children, text). The page turns it
into elements with ``createElementNS`` and puts every text in with ``textContent``
(``yacht.web.stats_view``), so a player's name in a title stays text and is never read as
markup; :func:`to_xml` writes the same tree as escaped XML for tests and tools.

Colours are left to the style sheet (classes ``bar``, ``line``, ``dot``, ``axis``, ``grid``),
so charts follow the light and dark themes. Every chart is an ``img`` for assistive
technology, named by its ``<title>`` and summarised by its ``<desc>``; each bar and point
carries its own ``<title>`` (a tooltip, and read out by screen readers that explore SVG).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from html import escape

from yacht.views.stats import Bin

SVG_NS = "http://www.w3.org/2000/svg"
WIDTH = 480
HEIGHT = 240
LEFT, RIGHT, TOP, BOTTOM = 62, 12, 14, 40
"""Margins around the plot area: room for the tick labels and the axis titles, at the larger
type a phone draws them in (static/yacht.css): with 44 units on the left, a score's three
digits ran into the vertical axis's title there."""
TICK_BELOW = 17
"""How far under the plot's bottom the x axis's tick labels stand (their baseline): clear of
the axis line at a phone's type too."""
Y_TITLE_X = 20
"""Where the vertical axis's title stands (its baseline, turned a quarter): clear of the edge."""


@dataclass(frozen=True)
class Node:
    """One SVG element: its tag, attributes (in order), children and text content."""

    tag: str
    attrs: tuple[tuple[str, str], ...] = ()
    children: tuple[Node, ...] = ()
    text: str = ""

    def get(self, name: str) -> str | None:
        """The value of attribute ``name``, or None."""
        return dict(self.attrs).get(name)

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, tag: str) -> list[Node]:
        """Every node below (or at) this one with ``tag``."""
        return [node for node in self.walk() if node.tag == tag]


def node(tag: str, *children: Node, text: str = "", **attrs: str | int | float) -> Node:
    """A :class:`Node`; attribute names use ``_`` for ``-`` (``text_anchor`` → text-anchor)."""
    pairs = tuple((name.rstrip("_").replace("_", "-"), _number(v)) for name, v in attrs.items())
    return Node(tag, pairs, children, text)


def _number(value: str | int | float) -> str:
    if isinstance(value, float):
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)


def to_xml(root: Node) -> str:
    """The tree as SVG markup, every text and attribute escaped."""
    # html.escape, not xml.sax.saxutils: the latter drags 38 modules into the page's start-up.
    attrs = "".join(f' {name}="{escape(value, quote=True)}"' for name, value in root.attrs)
    if root.tag == "svg":
        attrs = f' xmlns="{SVG_NS}"' + attrs
    inner = escape(root.text, quote=False) + "".join(to_xml(child) for child in root.children)
    return f"<{root.tag}{attrs}>{inner}</{root.tag}>"


def nice_ticks(low: float, high: float, count: int = 5) -> list[int]:
    """Round tick values covering ``low`` to ``high`` in about ``count`` steps.

    >>> nice_ticks(0, 7)
    [0, 2, 4, 6, 8]
    >>> nice_ticks(143, 251)
    [125, 150, 175, 200, 225, 250, 275]
    """
    span = max(high - low, 1)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = candidate
        if span / candidate <= count:
            break
    first = int(low // step) * step
    last = -int(-high // step) * step
    return list(range(first, last + step, step))


@dataclass(frozen=True)
class _Frame:
    """Maps data values to the plot area."""

    x_low: float
    x_high: float
    y_low: float
    y_high: float

    def x(self, value: float) -> float:
        span = (self.x_high - self.x_low) or 1
        return LEFT + (value - self.x_low) / span * (WIDTH - LEFT - RIGHT)

    def y(self, value: float) -> float:
        span = (self.y_high - self.y_low) or 1
        return HEIGHT - BOTTOM - (value - self.y_low) / span * (HEIGHT - TOP - BOTTOM)


def _frame_nodes(frame: _Frame, y_ticks: Sequence[int], x_label: str, y_label: str) -> list[Node]:
    """Grid lines with their labels, both axes, and the axis titles."""
    nodes = []
    for tick in y_ticks:
        y = frame.y(tick)
        nodes.append(node("line", x1=LEFT, x2=WIDTH - RIGHT, y1=y, y2=y, class_="grid"))
        nodes.append(
            node("text", text=str(tick), x=LEFT - 6, y=y + 5, text_anchor="end", class_="tick")
        )
    bottom = HEIGHT - BOTTOM
    nodes.append(node("line", x1=LEFT, x2=WIDTH - RIGHT, y1=bottom, y2=bottom, class_="axis"))
    nodes.append(node("line", x1=LEFT, x2=LEFT, y1=TOP, y2=bottom, class_="axis"))
    nodes.append(
        node(
            "text",
            text=x_label,
            x=(LEFT + WIDTH - RIGHT) / 2,
            y=HEIGHT - 4,
            text_anchor="middle",
            class_="label",
        )
    )
    nodes.append(
        node(
            "text",
            text=y_label,
            x=Y_TITLE_X,
            y=(TOP + bottom) / 2,
            text_anchor="middle",
            transform=f"rotate(-90 {Y_TITLE_X} {_number((TOP + bottom) / 2)})",
            class_="label",
        )
    )
    return nodes


def _svg(chart_id: str, title: str, description: str, body: list[Node]) -> Node:
    return node(
        "svg",
        node("title", text=title, id=f"{chart_id}-title"),
        node("desc", text=description, id=f"{chart_id}-desc"),
        *body,
        id=chart_id,
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        role="img",
        aria_labelledby=f"{chart_id}-title",
        aria_describedby=f"{chart_id}-desc",
        class_="chart",
        preserveAspectRatio="xMidYMid meet",
    )


def histogram_chart(
    chart_id: str,
    bins: Sequence[Bin],
    *,
    title: str,
    description: str,
    x_label: str,
    y_label: str,
    bar_title: Callable[[Bin], str],
) -> Node:
    """Bars of how many games ended in each score band."""
    top = max((b.count for b in bins), default=0)
    y_ticks = nice_ticks(0, max(top, 1), 4)
    frame = _Frame(0, max(len(bins), 1), 0, y_ticks[-1])
    body = _frame_nodes(frame, y_ticks, x_label, y_label)
    slot = frame.x(1) - frame.x(0)
    # Label every bar while they fit, else every other one.
    label_every = 1 if len(bins) <= 8 else 2
    for index, band in enumerate(bins):
        x = frame.x(index) + slot * 0.1
        y = frame.y(band.count)
        body.append(
            node(
                "rect",
                node("title", text=bar_title(band)),
                x=x,
                y=y,
                width=slot * 0.8,
                height=max(frame.y(0) - y, 0),
                class_="bar",
            )
        )
        if index % label_every == 0:
            body.append(
                node(
                    "text",
                    text=str(band.low),
                    x=frame.x(index) + slot / 2,
                    y=HEIGHT - BOTTOM + TICK_BELOW,
                    text_anchor="middle",
                    class_="tick",
                )
            )
    return _svg(chart_id, title, description, body)


def line_chart(
    chart_id: str,
    values: Sequence[int],
    *,
    title: str,
    description: str,
    x_label: str,
    y_label: str,
    point_title: Callable[[int], str],
) -> Node:
    """Final scores game after game (x: the game's number, 1 first), joined by a line."""
    low, high = (min(values), max(values)) if values else (0, 1)
    y_ticks = nice_ticks(low, high, 4)
    count = len(values)
    frame = _Frame(1, max(count, 2), y_ticks[0], y_ticks[-1])
    body = _frame_nodes(frame, y_ticks, x_label, y_label)
    points = [(frame.x(n + 1), frame.y(v)) for n, v in enumerate(values)]
    if len(points) > 1:
        body.append(
            node(
                "polyline",
                points=" ".join(f"{_number(x)},{_number(y)}" for x, y in points),
                class_="line",
            )
        )
    # Dots carry the tooltips; beyond a hundred games they would only be noise.
    if count <= 100:
        for index, (x, y) in enumerate(points):
            body.append(
                node(
                    "circle",
                    node("title", text=point_title(index)),
                    cx=x,
                    cy=y,
                    r=3.5,
                    class_="dot",
                )
            )
    for number in sorted({1, count} | {n for n in nice_ticks(1, count, 5) if 1 <= n <= count}):
        if count:
            body.append(
                node(
                    "text",
                    text=str(number),
                    x=frame.x(number),
                    y=HEIGHT - BOTTOM + TICK_BELOW,
                    text_anchor="middle",
                    class_="tick",
                )
            )
    return _svg(chart_id, title, description, body)


LOSS_CHART_SIZE = (260, 90)
LOSS_CHART_PAD = 14


def loss_chart(
    losses: Sequence[float], *, label: str, bar_title: Callable[[int, float], str]
) -> Node:
    """The coach's small bar chart: expected points lost in each turn (turns numbered from 1).

    ``label`` names the whole chart for screen readers; ``bar_title(turn, loss)`` each bar.
    """
    width, height = LOSS_CHART_SIZE
    pad = LOSS_CHART_PAD
    top = max(max(losses, default=0.0), 1.0)
    step = (width - 2 * pad) / max(len(losses), 1)
    body = [node("line", x1=pad, y1=height - pad, x2=width - pad, y2=height - pad)]
    for index, loss in enumerate(losses):
        bar_height = (height - 2 * pad) * loss / top
        body.append(
            node(
                "rect",
                node("title", text=bar_title(index + 1, loss)),
                x=pad + index * step + step * 0.15,
                y=height - pad - bar_height,
                width=step * 0.7,
                height=bar_height,
            )
        )
        body.append(
            node(
                "text",
                text=str(index + 1),
                x=pad + index * step + step / 2,
                y=height - 2,
                text_anchor="middle",
            )
        )
    return node(
        "svg",
        *body,
        viewBox=f"0 0 {width} {height}",
        class_="coach-chart",
        role="img",
        aria_label=label,
    )

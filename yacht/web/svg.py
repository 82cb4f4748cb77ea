"""Turning a chart (:class:`yacht.views.charts.Node`) into SVG elements on the page.

Only DOM calls: ``createElementNS`` for each element, ``setAttribute`` for each attribute and
``textContent`` for text, so nothing in a chart (a player's name in a title, say) is ever
parsed as markup.
"""

from __future__ import annotations

from pyscript import document

from yacht.views.charts import SVG_NS, Node
from yacht.web.page import Element, create


def build(node: Node) -> Element:
    """A new SVG element for ``node`` and everything below it."""
    element = document.createElementNS(SVG_NS, node.tag)
    for name, value in node.attrs:
        element.setAttribute(name, value)
    if node.text:
        element.textContent = node.text
    for child in node.children:
        element.appendChild(build(child))
    return element


def captioned(figure: Element, caption: str, chart: Node) -> Element:
    """``figure`` holding ``chart`` under ``caption``, its name in sight (bars and dots alone say
    nothing of what they count). The caption is the chart's own title or label, which screen
    readers read already: hidden from them, so it is not said twice."""
    shown = create("figcaption", text=caption, cls="chart-caption")
    shown.setAttribute("aria-hidden", "true")
    figure.replaceChildren(shown, build(chart))
    return figure

"""Thin, typed access to the document: finding elements and writing to them only on change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

Element = Any
"""A DOM element proxy (Pyodide's ``JsProxy``)."""


def by_id(element_id: str) -> Element:
    """The element with this id; a missing one is a bug in index.html, so fail loudly."""
    element = or_none(document.getElementById(element_id))
    if element is None:
        raise LookupError(f"index.html has no element #{element_id}")
    return element


def or_none(value: Any) -> Any:
    """``value``, with JavaScript null as None (Pyodide keeps null as a distinct ``jsnull``)."""
    return None if value is None or value is jsnull else value


def query(selector: str, root: Element | None = None) -> Element | None:
    """The first element matching ``selector`` (in ``root`` or the document), or None."""
    return or_none((root or document).querySelector(selector))


def closest(target: Element, selector: str) -> Element | None:
    """The nearest ancestor-or-self of an event target matching ``selector``, or None."""
    if or_none(target) is None or not hasattr(target, "closest"):
        return None
    return or_none(target.closest(selector))


Listen = Callable[[Element, str, Callable[[Any], None]], None]
"""Listens to a DOM event through the App's error boundary (``App._on``), for the page's
lifetime."""


def listen(target: Element, event: str, handler: Callable[[Any], None]) -> None:
    """Call ``handler(event)`` on every ``event`` from ``target``, for the page's lifetime."""
    target.addEventListener(event, create_proxy(handler))


def create(tag: str, *, text: str = "", cls: str = "") -> Element:
    """A new element with plain-text content (never parsed as HTML)."""
    element = document.createElement(tag)
    if text:
        element.textContent = text
    if cls:
        element.className = cls
    return element


FOCUSABLE = (
    "button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [tabindex='0']"
)


def key_is_tab(event: Any) -> bool:
    """Whether a keydown is Tab or Shift+Tab."""
    return str(event.key) == "Tab"


def keep_focus_inside(container: Element, event: Any) -> None:
    """Wrap Tab / Shift+Tab around the focusable elements of ``container`` (an open dialog).

    A modal dialog makes the page behind it inert, but Tab can still leave it for the browser's
    own controls; wrapping keeps keyboard users in the dialog until they close it.
    """
    found = container.querySelectorAll(FOCUSABLE)
    visible = [found.item(i) for i in range(found.length) if found.item(i).offsetParent]
    if not visible:
        return
    first, last = visible[0], visible[-1]
    active = document.activeElement
    if event.shiftKey and (active == first or not container.contains(active)):
        event.preventDefault()
        last.focus()
    elif not event.shiftKey and (active == last or not container.contains(active)):
        event.preventDefault()
        first.focus()


def query_param(name: str) -> str | None:
    """A parameter of the page's URL (``?seed=7``), or None."""
    value = window.URLSearchParams.new(window.location.search).get(name)
    return value if isinstance(value, str) else None


def reopened() -> bool:
    """Whether this page is one the player had open already: reloaded, or gone back or forward
    to, rather than reached by following a link or typing its address."""
    entries = window.performance.getEntriesByType("navigation")
    return bool(entries.length) and str(entries[0].type) in ("reload", "back_forward")


class Writer:
    """Writes properties and attributes, skipping those already holding the value.

    Rendering recomputes the whole view on each action; touching only what changed keeps a
    click well inside a frame and leaves focus and screen-reader position alone.
    """

    def __init__(self) -> None:
        self._last: dict[tuple[int, str], object] = {}

    def forget(self) -> None:
        """Drop remembered values, after elements were rebuilt."""
        self._last.clear()

    def changed(self, element: Element, key: str, value: object) -> bool:
        """Remember ``value`` under (element, key); True if it differs from the last one."""
        slot = (id(element), key)
        if self._last.get(slot, _UNSET) == value:
            return False
        self._last[slot] = value
        return True

    def text(self, element: Element, value: str) -> None:
        """Set the text content."""
        if self.changed(element, "text", value):
            element.textContent = value

    def attr(self, element: Element, name: str, value: str | None) -> None:
        """Set an attribute, or remove it when ``value`` is None."""
        if self.changed(element, "@" + name, value):
            if value is None:
                element.removeAttribute(name)
            else:
                element.setAttribute(name, value)

    def flag(self, element: Element, name: str, on: bool) -> None:
        """Set a boolean property such as ``disabled`` or ``hidden``."""
        if self.changed(element, "." + name, on):
            setattr(element, name, on)

    def cls(self, element: Element, name: str, on: bool) -> None:
        """Add or remove one class."""
        if self.changed(element, "class:" + name, on):
            element.classList.toggle(name, on)


_UNSET = object()


def after_paint(work: Callable[[Any], None]) -> None:
    """Run ``work`` once, in a task of its own right after the page's next frame is drawn.

    For what can wait a frame behind a move: the move is on screen first, so the click is
    answered as fast as one without it. (A hidden page draws no frames: ``work`` waits until
    it is shown again.)
    """
    callback = create_once_callable(work)
    # A task queued from a frame's callback runs after that frame's style, layout and paint.
    window.requestAnimationFrame(create_once_callable(lambda _: window.setTimeout(callback, 0)))


IDLE_TIMEOUT_MS = 1000
"""The longest a task put off until the page is idle waits (a busy page still gets to it)."""


def when_idle(work: Callable[[Any], None]) -> None:
    """Run ``work`` once, after the page has drawn and has nothing more urgent to do.

    Where the browser has no idle callbacks (Safari), soon after the next frame instead.
    """
    callback = create_once_callable(work)
    if or_none(getattr(window, "requestIdleCallback", None)) is not None:
        options = to_js({"timeout": IDLE_TIMEOUT_MS}, dict_converter=window.Object.fromEntries)
        window.requestIdleCallback(callback, options)
    else:
        window.setTimeout(callback, 50)

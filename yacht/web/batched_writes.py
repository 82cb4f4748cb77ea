"""DOM writes queued in Python and applied in one call into JavaScript.

Every call from Python into the DOM crosses Pyodide's bridge, some microseconds each; a roll or
a scoring writes fifty-odd values, so crossing once per render instead saves a few tenths of a
millisecond a click.
"""

from __future__ import annotations

from pyodide.ffi import to_js
from pyscript import window

from yacht.web.page import Element, Writer

# Applies a batch of DOM writes queued by BatchedWriter: [operation, element, name, value] * n, the
# operations numbered as _TEXT ... _CALL below.
_APPLY_BODY = """
for (let i = 0; i < ops.length; i += 4) {
  const element = ops[i + 1], name = ops[i + 2], value = ops[i + 3];
  switch (ops[i]) {
    case 0: element.textContent = value; break;
    case 1: element.setAttribute(name, value); break;
    case 2: element.removeAttribute(name); break;
    case 3: element[name] = value; break;
    case 4: element.classList.toggle(name, value); break;
    case 5: element.classList.replace(name, value) || element.classList.add(value); break;
    case 6: element.replaceChildren(value); break;
    case 7: element.append(value); break;
    case 8: value(element, name); break;
  }
}
"""
_TEXT, _SET, _REMOVE, _PROPERTY, _TOGGLE, _SWAP, _CHILD, _APPEND, _CALL = range(9)


class BatchedWriter(Writer):
    """A :class:`Writer` that queues its writes; they apply in the order queued, at
    :meth:`flush`."""

    def __init__(self) -> None:
        super().__init__()
        self._ops: list[object] = []
        self._apply: Element | None = None

    def text(self, element: Element, value: str) -> None:
        if self.changed(element, "text", value):
            self.put_text(element, value)

    def attr(self, element: Element, name: str, value: str | None) -> None:
        if self.changed(element, "@" + name, value):
            self._ops += (
                (_SET, element, name, value)
                if value is not None
                else (_REMOVE, element, name, None)
            )

    def flag(self, element: Element, name: str, on: bool) -> None:
        if self.changed(element, "." + name, on):
            self._ops += (_PROPERTY, element, name, on)

    def cls(self, element: Element, name: str, on: bool) -> None:
        if self.changed(element, "class:" + name, on):
            self._ops += (_TOGGLE, element, name, on)

    def put_text(self, element: Element, value: str) -> None:
        """Set the text content (replacing any children), whatever was written before."""
        self._ops += (_TEXT, element, None, value)

    def put_child(self, element: Element, child: Element) -> None:
        """Make ``child`` the element's only child."""
        self._ops += (_CHILD, element, None, child)

    def add_child(self, element: Element, child: Element) -> None:
        """Put ``child`` last in the element (moving it there if it was elsewhere)."""
        self._ops += (_APPEND, element, None, child)

    def swap_class(self, element: Element, old: str | None, new: str) -> None:
        """Replace class ``old`` by ``new`` (add ``new`` when ``old`` is absent or None)."""
        self._ops += (_SWAP, element, old or new, new)

    def drop_class(self, element: Element, name: str) -> None:
        """Remove class ``name``, whatever was written before."""
        self._ops += (_TOGGLE, element, name, False)

    def call(self, element: Element, function: Element, argument: object) -> None:
        """Call the page's ``function(element, argument)`` in its place among the writes."""
        self._ops += (_CALL, element, argument, function)

    def flush(self) -> None:
        """Apply the queued writes."""
        if not self._ops:
            return
        if self._apply is None:
            # `new Function` needs 'unsafe-eval' in the page's Content-Security-Policy, which
            # PyScript needs too: without it the page does not start at all.
            self._apply = window.Function.new("ops", _APPLY_BODY)
        ops, self._ops = self._ops, []
        self._apply(to_js(ops))

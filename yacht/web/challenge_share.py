"""Sending a text from the page: the share sheet where there is one, else the clipboard.

When neither is allowed, the text is shown selected in a field, ready for the player's own copy.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import window

from yacht.web.hooks import Hooks
from yacht.web.page import or_none


class Sharer:
    """Shares texts, falling back to the clipboard and then to ``field``."""

    def __init__(self, hooks: Hooks, field: Any) -> None:
        self._hooks = hooks
        self._field = field

    def share(self, text: str) -> None:
        """Send ``text`` with the share sheet, or copy it."""
        share = or_none(getattr(window.navigator, "share", None))
        if share is not None:
            data = to_js({"text": text}, dict_converter=window.Object.fromEntries)
            # Dismissing the sheet rejects too: the text is then copied, which does no harm.
            window.navigator.share(data).catch(create_once_callable(lambda *_: self.copy(text)))
            return
        self.copy(text)

    def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard (or show it selected when that is not allowed)."""
        clipboard = or_none(getattr(window.navigator, "clipboard", None))
        if clipboard is None:
            self._show(text)
            return
        clipboard.writeText(text).then(
            create_once_callable(lambda *_: self._copied(text)),
            create_once_callable(lambda *_: self._show(text)),
        )

    def _copied(self, text: str) -> None:
        self._show(text, select=False)
        self._hooks.announce(self._hooks.tr().gettext("Link copied: paste it into a message."))

    def _show(self, text: str, *, select: bool = True) -> None:
        # Shown in any case, so the player sees what was sent; selected when it must be copied.
        field = self._field
        field.value = text
        field.hidden = False
        if select:
            field.focus()
            field.select()
            self._hooks.announce(
                self._hooks.tr().gettext("Copying was not allowed: the link is selected, copy it.")
            )

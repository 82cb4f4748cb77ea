"""Files in and out of the page: a download made from text, and the text of a chosen file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from yacht.web.page import or_none

REVOKE_AFTER_MS = 60_000
"""Keep a download's blob URL alive this long: the browser may read it after the click."""


def download_text(file_name: str, text: str, media_type: str) -> None:
    """Hand ``text`` to the browser's downloads as a file called ``file_name``."""
    options = to_js({"type": media_type}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = file_name
    link.click()
    revoke = create_once_callable(lambda: window.URL.revokeObjectURL(url))
    window.setTimeout(revoke, REVOKE_AFTER_MS)


def chosen_file(input_element: Any) -> Any | None:
    """The file picked in an ``<input type=file>``, or None (the player cancelled)."""
    files = or_none(input_element.files)
    if files is None or files.length == 0:
        return None
    return files.item(0)


def read_text(file: Any, done: Callable[[str], None], failed: Callable[[str], None]) -> None:
    """Read ``file`` as UTF-8 text, then call ``done(text)`` or ``failed(reason)``.

    The browser reads files asynchronously; the callbacks run later, outside the event that
    asked, so they must do their own error handling.
    """
    file.text().then(
        create_once_callable(lambda text: done(str(text))),
        create_once_callable(lambda error: failed(str(error))),
    )

"""The strategy tables on the page: downloaded once the game is interactive, not at start-up.

PyScript fetches every file of its ``[files]`` before any Python runs. The tables (70 KB that do
not compress, four files) would hold up the first roll of every game, although a game reads one
or two of them, and only for a hint, the coach or a computer player. So ``pyscript.toml`` lists
them apart (the service worker still keeps them for offline play), the page downloads the
current rule set's tables in the background once the board is interactive, and a table wanted
before its download has finished is fetched there and then (see ``download_now``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pyscript import window

from yacht.errors import TableDownloadError
from yacht.rules.rulesets import RuleSet
from yacht.session.session import Session
from yacht.strategy.table_files import table_path, tables_read_for

SITE_FOLDER = "yacht/data"
"""Where the tables are on the site, relative to the page (as pyscript.toml lists them)."""

_running: set[asyncio.Future[None]] = set()

# A table's bytes (an ArrayBuffer), fetched in JavaScript, where a failure always rejects with an
# Error made there. Pyodide raises a rejection in Python only if it looks like an error to it (a
# name, a message and a stack); WebKit rejects a fetch cut short by leaving the page with one
# that does not, and Pyodide then reported its own "invalid exception object" as an unhandled
# rejection, traceback and all. Passing on any Error as it was (`instanceof Error`) still let
# WebKit's through, its stack missing: so every failure is a new Error, whose text keeps the
# reason's. It comes to Python as a JsException, which the download catches. (`new Function`
# needs 'unsafe-eval', which PyScript needs too.)
_FETCH_BYTES = """
const stopped = (reason) => {
  throw new Error("the download stopped: " + String(reason));
};
return fetch(url).then((response) => {
  if (!response.ok) throw new Error("the server answered HTTP " + response.status);
  return response.arrayBuffer().catch(stopped);
}, stopped);
"""


def table_url(name: str) -> str:
    """The address of the table ``name``, relative to the page."""
    return f"{SITE_FOLDER}/{table_path(name).name}"


def download_later(ruleset: RuleSet, then: Callable[[], None] | None = None) -> None:
    """Download the tables ``ruleset`` reads in the background, then call ``then`` (if any).

    Failures are left to the first use, which tries again and says what went wrong.
    """
    missing = [name for name in tables_read_for(ruleset) if not table_path(name).is_file()]
    task = asyncio.ensure_future(_download_all(missing, then))
    _running.add(task)  # the loop keeps only a weak reference to a task
    task.add_done_callback(_running.discard)


async def _download_all(names: list[str], then: Callable[[], None] | None) -> None:
    try:
        fetch_bytes = window.Function.new("url", _FETCH_BYTES)
        for name in names:
            buffer = await fetch_bytes(table_url(name))
            _keep(name, buffer.to_bytes())
        if then is not None:
            then()
    except Exception as error:  # outside any event handler: log it, never raise into the loop
        window.console.warn(f"Yacht: strategy tables not downloaded in advance: {error!r}")


def download_for(session: Session) -> None:
    """Download the tables of ``session``'s rule set now that the board is interactive, and
    read them at once when the game will need them (the coach, computer players).

    Reading takes a moment (longest for Extended with the bonus); doing both once the board is
    interactive keeps them off the start-up and, mostly, off the first hint.
    """
    game = session.game
    rules = game.ruleset
    uses_strategy = session.coach is not None or any(
        card.computer is not None for card in game.players
    )

    def read_tables() -> None:
        from yacht.strategy import preload

        preload(rules)

    download_later(rules, read_tables if uses_strategy and not game.is_over else None)


def download_now(name: str) -> bytes:
    """Download the table ``name`` before returning (the solver needs it at once).

    A synchronous request: the solver is synchronous, and this happens only when a hint, the
    coach or a computer player needs a table in the moment after start-up before the background
    download (normally a few milliseconds) has finished.
    """
    request = window.XMLHttpRequest.new()
    request.open("GET", table_url(name), False)
    # A synchronous request cannot ask for an ArrayBuffer; this charset maps byte b to the
    # character U+F700 + b (b < 128: b itself), so the low byte of each is the byte.
    request.overrideMimeType("text/plain; charset=x-user-defined")
    try:
        request.send(None)
    except Exception as error:
        raise TableDownloadError(f"the table {name} could not be downloaded: {error}") from None
    if request.status != 200:
        raise TableDownloadError(f"the table {name} could not be downloaded: HTTP {request.status}")
    data = bytes(ord(char) & 0xFF for char in str(request.responseText))
    _keep(name, data)
    return data


def _keep(name: str, data: bytes) -> None:
    # In Pyodide's in-memory file system, where the solver reads the shipped tables.
    path = table_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)

"""Where a challenge link puts its payload in the page's address: ``#challenge=…`` (the
fragment, which no server ever sees), or ``?challenge=…``."""

from __future__ import annotations

from pyscript import window

from yacht.web.page import query_param

PARAMETER = "challenge"


def link_in_address() -> str | None:
    """The challenge link's payload in the page's address, or None when it holds none."""
    fragment = str(window.location.hash or "")
    prefix = f"#{PARAMETER}="
    if fragment.startswith(prefix):
        return fragment[len(prefix) :]
    return query_param(PARAMETER)

"""Challenge links in the page's address: read when the page opens (or the fragment changes),
then taken out of it, and the address a link sent carries.

The payload travels in the fragment (``#challenge=…``), which no server ever sees;
``?challenge=…`` is read too. Reading the address needs none of the challenge's code, so the
page can look for a link at start-up and load the rest only when there is one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import window

from yacht.web.page import query_param

if TYPE_CHECKING:
    from yacht.saves.challenge_link import ChallengeLink

PARAMETER = "challenge"


def link_in_address() -> str | None:
    """The challenge link's payload in the page's address, or None when it holds none."""
    fragment = str(window.location.hash or "")
    prefix = f"#{PARAMETER}="
    if fragment.startswith(prefix):
        return fragment[len(prefix) :]
    return query_param(PARAMETER)


def forget_link_in_address() -> None:
    """Take the link out of the address: a reload must not open it again (nor a bookmark
    carry it)."""
    params = window.URLSearchParams.new(window.location.search)
    params.delete(PARAMETER)
    search = str(params.toString())
    location = window.location
    address = f"{location.pathname}{'?' + search if search else ''}"
    window.history.replaceState(None, "", address)


def address_of(link: ChallengeLink) -> str:
    """The address that opens ``link`` on this site."""
    from yacht.saves.challenge_link import CHALLENGE_LINK

    location = window.location
    return f"{location.origin}{location.pathname}#{PARAMETER}={CHALLENGE_LINK.encode(link)}"

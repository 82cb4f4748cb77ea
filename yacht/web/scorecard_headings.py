"""The scorecard's headings: a player's column, the corner over the categories, a row's name."""

from __future__ import annotations

from yacht.web.page import Element, create


def seat_heading(name: str, short: str, note: str, mark: str, tag: str = "th") -> Element:
    """A player's column heading: the name, and under it who plays the seat (a computer).

    Heard as "Bot, computer, casual"; seen as the name over an icon and the level, which fit
    the narrowest column. A name longer than its short label comes with the label, which the
    style sheet shows in the name's place where a column is as narrow as a score (the name stays
    for screen readers).
    """
    cell = create(tag)
    cell.appendChild(create("span", text=name, cls="seat-name"))
    if short != name:
        cell.classList.add("abbreviated")
        seen_short = create("span", text=short, cls="seat-short")
        seen_short.setAttribute("aria-hidden", "true")
        cell.appendChild(seen_short)
    if tag == "th":
        cell.setAttribute("scope", "col")
    if note:
        cell.appendChild(create("span", text=f", {note}", cls="visually-hidden"))
        seen = create("span", text=mark, cls="seat-note")
        seen.setAttribute("aria-hidden", "true")
        cell.appendChild(seen)
    return cell


def corner(text: str, tag: str) -> Element:
    """The heading over the category names, its word in a span: the style sheet hides it from
    the eye only on a phone, where one or two players' columns need the room (the names say it)."""
    cell = row_heading("", "col") if tag == "th" else create(tag)
    cell.appendChild(create("span", text=text, cls="corner-label"))
    return cell


def row_heading(text: str, scope: str) -> Element:
    """A header cell: a row's name (``scope`` "row"), or the corner's (``"col"``)."""
    th = create("th", text=text)
    th.setAttribute("scope", scope)
    return th

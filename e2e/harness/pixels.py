"""Read colours back from a screenshot: what the player sees, whatever the CSS says.

An engine may paint a control natively and ignore the page's colours for it (WebKit does so
for ``<select>``), so a readable control is checked on the picture. A small PNG reader (8-bit
RGB or RGBA, not interlaced: what the drivers write) keeps this free of image libraries.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from pathlib import Path

RGB = tuple[int, int, int]
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _paeth(left: int, up: int, up_left: int) -> int:
    estimate = left + up - up_left
    a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
    if a <= b and a <= c:
        return left
    return up if b <= c else up_left


def read_rows(path: Path, last_row: int) -> tuple[int, list[bytes]]:
    """The image's width and its unfiltered rows ``0..last_row`` (bytes per pixel: 3 or 4)."""
    data = path.read_bytes()
    if not data.startswith(SIGNATURE):
        raise ValueError(f"{path} is not a PNG")
    pos, chunks, header = len(SIGNATURE), [], b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are read")
    step = 3 if colour == 2 else 4
    stride = width * step
    raw = zlib.decompress(b"".join(chunks))
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(min(last_row + 1, height)):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up = previous[x]
            up_left = previous[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[x] = (line[x] + _paeth(left, up, up_left)) & 0xFF
        rows.append(
            bytes(line) if step == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3)
        )
        previous = line
    return width, rows


def main_colour(path: Path, left: int, top: int, width: int, height: int) -> RGB:
    """The commonest colour in a rectangle of the picture (a control's background)."""
    _, rows = read_rows(path, top + height - 1)
    counts: Counter[RGB] = Counter()
    for row in rows[top : top + height]:
        for x in range(left, left + width):
            counts[(row[3 * x], row[3 * x + 1], row[3 * x + 2])] += 1
    return counts.most_common(1)[0][0]


def contrast(first: RGB, second: RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(colour: RGB) -> float:
        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(v) for v in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)

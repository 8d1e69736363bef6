"""QR codes of the match links, drawn by segno (pure Python): inline SVG for the pages, so they work offline and
under the Content-Security-Policy (no script, no style attribute, no image request), and half-block text for a
terminal (``serve --host 0.0.0.0``)."""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from markupsafe import Markup

# Level M survives a smudged or glare-struck phone screen (15 %), and a 60-character link still fits version 4–5,
# big modules a phone camera reads at arm's length.
ERROR_LEVEL = "m"


@lru_cache(maxsize=256)
def qr_svg(url: str, title: str) -> Markup:
    """The link as an inline ``<svg>`` scaled by CSS (a viewBox, no fixed size), named by ``title`` for screen
    readers. Dark modules on a light ground; the page puts a white quiet zone around it (``.qr``)."""
    svg = segno.make(url, error=ERROR_LEVEL, micro=False).svg_inline(
        scale=1, border=2, omitsize=True, title=title, svgclass="qr-code", lineclass=None)
    return Markup(svg.replace("<svg ", '<svg role="img" focusable="false" ', 1))


def qr_text(url: str) -> str:
    """The link as a QR code of Unicode half blocks (two module rows per line), to print in a terminal."""
    out = io.StringIO()
    segno.make(url, error=ERROR_LEVEL, micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")

"""Rendering HTML to PDF with WeasyPrint: the print stylesheet, parsed once, and one render at a time."""

from __future__ import annotations

import os
from pathlib import Path
from threading import Lock
from typing import Any

from scorekeeper.rules.tables.shipped import shipped

# The folder holding static/ (the source tree, or the installed wheel's scorekeeper/_shipped/): the base of the
# sheets' relative URLs, and static/print.css.
ROOT = shipped("static").parent

PRINT_CSS = ROOT / "static" / "print.css"

_render_lock = Lock()
_style: dict[str, Any] = {}


def _stylesheet() -> tuple[Any, Any]:
    """The print stylesheet, parsed once (and again when the file changes), with its font configuration."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    stamp = os.stat(PRINT_CSS).st_mtime_ns
    if _style.get("stamp") != stamp:
        fonts = FontConfiguration()
        _style.update(stamp=stamp, fonts=fonts, css=CSS(filename=str(PRINT_CSS), font_config=fonts))
    return _style["css"], _style["fonts"]


class PrinterBusy(RuntimeError):
    """Another render is running in this process; nothing was rendered (the web answers 503, try again)."""


def printing() -> bool:
    """Whether a render is running in this process right now."""
    return _render_lock.locked()


def html_to_pdf(html: str, extra_css: str = "") -> bytes:
    """Render one document; ``extra_css`` carries the geometry computed for this document (ledger rules).

    One render at a time: WeasyPrint's font configuration is shared between renders. A second caller is not
    queued behind the first but refused at once with :class:`PrinterBusy`: requests waiting on the lock would
    each hold a server thread, and a loop of uncached PDFs would pile them up until the pages every table reads
    wait for a free thread too."""
    from weasyprint import CSS, HTML

    if not _render_lock.acquire(blocking=False):
        raise PrinterBusy("another PDF is being rendered")
    try:
        css, fonts = _stylesheet()
        sheets = [css, CSS(string=extra_css, font_config=fonts)] if extra_css else [css]
        return HTML(string=html, base_url=str(ROOT)).write_pdf(stylesheets=sheets, font_config=fonts)
    finally:
        _render_lock.release()

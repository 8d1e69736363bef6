"""Draws the installable app's icons (issue 22) from the favicon's spade, with Debian's Chromium through Playwright,
into static/icons/: run it again after changing the drawing below, look at the PNGs, and commit them.

    .venv/bin/python scripts/make_icons.py

- icon-192.png, icon-512.png ("any"): the favicon as it is, a green rounded square on transparent corners.
- maskable-512.png: full bleed (a launcher cuts it to a circle, a squircle or a rounded square), the spade kept
  inside the central circle of 40 % radius that every mask leaves (the "safe zone").
- apple-touch-icon.png (180): full bleed and opaque; iOS rounds the corners itself and fills transparency black.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FAVICON = ROOT / "static" / "favicon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def parts() -> tuple[str, str]:
    """The favicon's green and its spade's path, so the icons follow the favicon."""
    svg = FAVICON.read_text(encoding="utf-8")
    green = re.search(r'<rect[^>]*fill="(#[0-9a-fA-F]{6})"', svg).group(1)
    spade = re.search(r'<path fill="#ffffff" d="([^"]+)"', svg).group(1)
    return green, spade


def drawing(size: int, *, bleed: bool, scale: float) -> str:
    green, spade = parts()
    ground = (f'<rect width="32" height="32" fill="{green}"/>' if bleed
              else f'<rect x="1" y="1" width="30" height="30" rx="6" fill="{green}"/>')
    # the spade's box is x 8.5–23.5, y 6.5–24.5: scaled about its centre (16, 15.5), moved to the icon's (16, 16)
    move = f"translate(16 16) scale({scale}) translate(-16 -15.5)"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="{size}" height="{size}">'
            f'{ground}<path fill="#ffffff" transform="{move}" d="{spade}"/></svg>')


ICONS = {
    "icon-192.png": (192, False, 1.0),
    "icon-512.png": (512, False, 1.0),
    # half the spade's diagonal is 11.7 units; at 0.85 it is 9.9 of 32 = 31 % of the side, inside the 40 % circle
    "maskable-512.png": (512, True, 0.85),
    "apple-touch-icon.png": (180, True, 0.95),
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for name, (size, bleed, scale) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(f'<html><body style="margin:0;background:transparent">'
                             f'{drawing(size, bleed=bleed, scale=scale)}</body></html>')
            page.screenshot(path=str(OUT / name), omit_background=not bleed,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(OUT / name)
        browser.close()


if __name__ == "__main__":
    main()

"""What a page costs a phone on bad Wi-Fi (issue 22), unthrottled figures side by side with compressed ones.

Part (a), sizes: each page the table opens — home, a 30-hand díszített sheet, the entry page of its next hand, the
rules page — fetched through the app (Flask's test client, in this process) as a phone over plain http asks for it
(``Accept-Encoding: gzip, deflate``) and without any encoding; printed per page: the HTML, then the HTML with every
static file it links (a first visit), each uncompressed → compressed and the ratio. Nothing is asserted.

Run: ``python bench/network_bench.py`` (a few seconds).
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from web_bench import HANDS, build_database  # noqa: E402  (the same 30-hand match as the sheet's bench)

PHONE_HTTP = {"Accept-Encoding": "gzip, deflate"}      # Chromium over http: no br, no zstd
STATIC = re.compile(r'(?:src|href)="(/static/[^"]+)"')


def build(url: str):
    """The sheet bench's 30-hand match (web_bench.build_database), and an app over it without limits."""
    from scorekeeper import create_app

    token, _totals = build_database(url)
    return create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False}), token


def size(client, path: str, headers: dict) -> int:
    with client.get(path, headers=headers) as response:
        if response.status_code != 200:
            raise RuntimeError(f"{path} answered {response.status_code}")
        return len(response.data)


def page_sizes(client, path: str) -> tuple[int, int, int, int]:
    """(html, html compressed, html + static files, the same compressed)."""
    with client.get(path) as response:
        html = response.get_data(as_text=True)
    statics = sorted(set(STATIC.findall(html)))
    plain = [size(client, p, {}) for p in [path, *statics]]
    packed = [size(client, p, PHONE_HTTP) for p in [path, *statics]]
    return plain[0], packed[0], sum(plain), sum(packed)


def kb(n: int) -> str:
    return f"{n / 1024:6.1f} KB"


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-netbench-") as tmp:
        app, token = build(f"sqlite:///{Path(tmp) / 'bench.sqlite'}")
        try:
            client = app.test_client()
            pages = {"home": "/", f"sheet ({HANDS} hands)": f"/m/{token}",
                     "entry page": f"/m/{token}/hands/new", "rules page": "/rules/diszitett"}
            print("(a) sizes, uncompressed → gzip (what a phone gets over http):")
            print(f"  {'page':18} {'HTML':>27} {'HTML + its static files':>32}")
            for name, path in pages.items():
                html, html_gz, total, total_gz = page_sizes(client, path)
                print(f"  {name:18} {kb(html)} → {kb(html_gz)} ({html / html_gz:4.1f}×)"
                      f"   {kb(total)} → {kb(total_gz)} ({total / total_gz:4.1f}×)")
        finally:
            app.extensions["scorekeeper_engine"].dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())

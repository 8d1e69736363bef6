"""Issue 22, "fast on bad Wi-Fi": every static URL a page names carries its file's hash, and such a URL is kept a
year (``immutable``), so a phone revalidates nothing on a page view; a changed file gets a new URL."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import url_for

from scorekeeper.web.static_urls import IMMUTABLE

from test_sheet import HAND_1015, new_match

pytestmark = pytest.mark.storage

STATIC = re.compile(r"/static/[^\"'\s)]+")


def static_url(app, filename: str) -> str:
    with app.test_request_context():
        return url_for("static", filename=filename)


def test_fingerprinted_static_url_is_kept_a_year(app, client):
    url = static_url(app, "entry.js")
    assert re.fullmatch(r"/static/entry\.js\?v=[0-9a-f]{12}", url)
    with client.get(url) as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == IMMUTABLE


def test_unfingerprinted_or_stale_static_url_is_revalidated(client):
    # Without the hash, or with an older file's, the answer could be any version: never kept unasked.
    for url in ("/static/entry.js", "/static/entry.js?v=000000000000"):
        with client.get(url) as response:
            assert response.status_code == 200
            assert "immutable" not in response.headers.get("Cache-Control", ""), url


def test_fingerprint_changes_when_the_file_changes(app, client, tmp_path):
    app.static_folder = str(tmp_path)
    sheet = tmp_path / "x.css"
    sheet.write_text("a { color: red }")
    first = static_url(app, "x.css")
    sheet.write_text("a { color: blue }")          # another size, so even a coarse mtime sees the change
    second = static_url(app, "x.css")
    assert first != second
    with client.get(first) as stale, client.get(second) as fresh:
        assert "immutable" not in stale.headers.get("Cache-Control", "")
        assert fresh.headers["Cache-Control"] == IMMUTABLE
        assert fresh.data == b"a { color: blue }"


def test_every_static_reference_on_every_page_is_fingerprinted(app, client, db):
    match = new_match(db, HAND_1015)
    pages = ["/", "/checker", "/rules", "/rules/diszitett", "/house/import", "/no-such-page",
             f"/m/{match.edit_token}", f"/v/{match.view_token}", f"/m/{match.edit_token}/hands/new",
             f"/m/{match.edit_token}/hands/1/edit", f"/m/{match.edit_token}/hands/1",
             f"/v/{match.view_token}/hands/1", f"/m/{match.edit_token}/hands/1/revisions",
             f"/m/{match.edit_token}/rules", f"/m/{match.edit_token}/checker"]
    seen = set()
    for page in pages:
        response = client.get(page)
        assert response.status_code == (404 if page == "/no-such-page" else 200), page
        html = response.get_data(as_text=True)
        urls = STATIC.findall(html)
        assert urls or page == "/no-such-page", page
        for url in urls:
            assert re.search(r"\?v=[0-9a-f]{12}$", url), (page, url)
            seen.add(url.split("?")[0])
    assert {"/static/entry.js", "/static/style.css", "/static/favicon.svg"} <= seen
    # The scripts and style sheets name no static file by a path of their own (an import, a url()): it would
    # bypass the fingerprint and be revalidated on every view.
    for path in Path(app.static_folder).glob("*.[cj]s*"):
        text = path.read_text()
        assert "/static/" not in text and "url(" not in text and not re.search(r"\bimport\b.*\bfrom\b", text), path

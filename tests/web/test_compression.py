"""Issue 22, "fast on bad Wi-Fi": text answers are compressed when the phone accepts it (gzip over the laptop's
http, br where the browser offers it), PDFs never, and compression changes nothing a reader or a form relies on."""

from __future__ import annotations

import gzip

import brotli
import pytest

from scorekeeper.security import CSP

from web_helpers import csrf_from
from test_sheet import HAND_1015, new_match

pytestmark = pytest.mark.storage

GZIP = {"Accept-Encoding": "gzip, deflate"}          # what Chromium sends over plain http


def test_home_page_is_gzipped_for_a_phone_that_accepts_it(client):
    plain = client.get("/")
    packed = client.get("/", headers=GZIP)
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    body = gzip.decompress(packed.data)
    assert len(packed.data) * 4 < len(body)
    assert int(packed.headers["Content-Length"]) == len(packed.data)
    # The same page but its CSRF token (per session): the form still works.
    assert csrf_from(body.decode()) and b"</html>" in body
    assert packed.headers["Content-Security-Policy"] == CSP


def test_br_is_chosen_when_offered_as_over_https(client):
    packed = client.get("/", headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert packed.headers["Content-Encoding"] == "br"
    assert b"</html>" in brotli.decompress(packed.data)


def test_static_css_and_js_are_gzipped(client):
    for path in ("/static/style.css", "/static/entry.js"):
        with client.get(path, headers=GZIP) as packed, client.get(path) as plain:     # closes the files
            assert packed.status_code == 200
            assert packed.headers["Content-Encoding"] == "gzip", path
            assert gzip.decompress(packed.data) == plain.data


def test_remembered_sheet_is_compressed_with_each_readers_own_csrf_token(app, db):
    match = new_match(db, HAND_1015)
    anna, bela = app.test_client(), app.test_client()
    pages = [gzip.decompress(c.get(f"/m/{match.edit_token}", headers=GZIP).data).decode() for c in (anna, bela)]
    assert csrf_from(pages[0]) != csrf_from(pages[1])
    assert "1015" in pages[0]


def test_pdf_is_never_compressed(client):
    pdf = client.get("/pad/diszitett.pdf?sides=2", headers=GZIP)
    assert pdf.status_code == 200
    assert pdf.headers.get("Content-Encoding") is None
    assert pdf.data.startswith(b"%PDF")


def test_small_answers_are_not_compressed(client):
    # The favicon is a few hundred bytes: a gzip header and the work would cost more than they save.
    with client.get("/static/favicon.svg", headers=GZIP) as icon:
        assert len(icon.data) < 500
        assert icon.headers.get("Content-Encoding") is None

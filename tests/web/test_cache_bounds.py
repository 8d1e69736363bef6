"""Every cache is bounded by weight (bytes, or hands × sides for scoresheets), and a query string the page does not
read never makes a new remembered page."""

from __future__ import annotations

import re
import secrets

import pytest

from scorekeeper.store import matches, replays
from scorekeeper.store.remembered import Remembered

API = "/api/v1"
HAND = {"sides": [{"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
                  {"name": "Béla", "melds": ["6 6 6"], "out": "none", "hand": "4"}]}


def new_match(client, hands: int = 0) -> str:
    token = client.post(f"{API}/matches", json={"variant": "diszitett",
                                                "sides": [{"name": "Anna"}, {"name": "Béla"}]}).json["edit_token"]
    for version in range(hands):
        assert client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": HAND}).status_code == 201
    return token


def test_random_query_strings_keep_one_remembered_page_and_never_reach_another_reader(app, client):
    token = new_match(client, hands=1)
    pages = app.extensions["scorekeeper_pages"]
    for _ in range(200):
        assert client.get(f"/m/{token}?r={secrets.token_hex(8)}").status_code == 200
    assert len(pages) == 1
    clean = client.get(f"/m/{token}").get_data(as_text=True)
    assert len(pages) == 1
    back = re.search(r'name="next" value="([^"]*)"', clean).group(1)
    assert back == f"/m/{token}"                   # the language switch returns to the page, not to ?r=…


def test_the_page_cache_is_bounded_by_bytes(app, client):
    pages = app.extensions["scorekeeper_pages"]
    pages.limit = 60_000                           # a few sheets' worth
    tokens = [new_match(client, hands=2) for _ in range(12)]
    sizes = [len(client.get(f"/m/{t}").data) for t in tokens]
    assert sum(sizes) > pages.limit                # more than fits: some must have been forgotten
    assert pages.weight <= pages.limit and 0 < len(pages) < len(tokens)
    assert client.get(f"/m/{tokens[-1]}").status_code == 200           # still served, remembered or not


def test_remembered_pdfs_are_bounded_by_bytes(app, client):
    pdfs = app.extensions["scorekeeper_pdfs"]
    tokens = [new_match(client) for _ in range(3)]
    first = client.get(f"/m/{tokens[0]}/sheet.pdf").data
    pdfs.limit = int(len(first) * 2.5)             # room for two
    for token in tokens[1:]:
        assert client.get(f"/m/{token}/sheet.pdf").status_code == 200
    assert len(pdfs) == 2 and pdfs.weight <= pdfs.limit


def test_remembered_pads_are_bounded_by_bytes(client, monkeypatch):
    from scorekeeper import pdf

    monkeypatch.setattr(pdf, "_pads", Remembered[bytes](10**9))
    first = client.get("/pad/diszitett.pdf?sides=2").data
    pdf._pads.limit = int(len(first) * 2.5)
    for sides in (3, 4, 2, 3):
        assert client.get(f"/pad/diszitett.pdf?sides={sides}").status_code == 200
    assert pdf._pads.weight <= pdf._pads.limit and len(pdf._pads) <= 2


def test_scoresheets_are_bounded_by_hands_times_sides(app, client, monkeypatch):
    monkeypatch.setattr(replays._sheets, "limit", 40)
    replays._sheets.clear()
    short = [new_match(client, hands=3) for _ in range(3)]          # (3 + 1) × 2 = 8 each
    for token in short:
        client.get(f"{API}/matches/{token}")
    assert replays._sheets.weight <= 40
    long = new_match(client, hands=19)                                # (19 + 1) × 2 = 40: pushes the others out
    client.get(f"{API}/matches/{long}")
    assert replays._sheets.weight <= 40 and len(replays._sheets) <= 2
    replays._sheets.clear()


def test_remembered_forgets_the_least_recently_used_and_keeps_nothing_too_heavy():
    kept = Remembered[bytes](100)
    kept.put("a", b"x" * 40)
    kept.put("b", b"x" * 40)
    assert kept.get("a") is not None                # "a" is now the most recently used
    kept.put("c", b"x" * 40)
    assert kept.get("b") is None and kept.get("a") is not None and kept.get("c") is not None
    assert kept.weight <= 100
    kept.put("d", b"x" * 500)                       # heavier than the whole bound: not kept, nothing evicted
    assert kept.get("d") is None and len(kept) == 2
    kept.put("a", b"x" * 10)                        # replacing an entry replaces its weight
    assert kept.weight == 10 + 1 + 40 + 1


@pytest.mark.parametrize("args, query, path", [
    ((), "?r=1&lang=hu", "/x"),
    (("variant",), "?variant=b&z=1&variant=a", "/x?variant=b&variant=a"),
])
def test_page_path_keeps_only_the_arguments_the_page_reads(app, args, query, path):
    from scorekeeper.web.match.pages import page_path

    with app.test_request_context("/x" + query):
        assert page_path(args) == path

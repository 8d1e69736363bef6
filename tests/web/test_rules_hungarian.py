"""The díszített rules page in Hungarian (issue 11 leftovers): a Hungarian page shows rules_ref/diszitett.hu.md,
marked Hungarian (issue 23: the article's lang is the file's), with its sources under "Források"; an English page
shows the English reference; a variant with no translation falls back to English, marked ``lang="en"`` with the
note that says so (tests/web/test_rules_languages.py does every language)."""

from __future__ import annotations

import re

from sweep_pages import english_fragments, english_on


def page(client, variant: str, lang: str) -> str:
    client.set_cookie("lang", lang)
    response = client.get(f"/rules/{variant}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def article(html: str) -> str:
    return re.search(r'<article class="card rules-body"[^>]*>.*?</article>', html, re.S).group(0)


def test_a_hungarian_page_shows_the_hungarian_reference_unmarked(client):
    html = page(client, "diszitett", "hu")
    body = article(html)
    assert body.startswith('<article class="card rules-body" lang="hu">')            # not lang="en"
    assert '<header class="rules-title" lang="hu"><h1 id=' in html and "Díszített kanaszta — szabályleírás" in html
    assert "A lapok értéke" in body and "| nagy zsoli | 50 |" not in body      # a rendered table
    assert re.search(r"<td>nagy zsoli</td>\s*<td>50</td>", body)
    assert ">Források</h2>" in body
    assert "Sources" not in body and "not yet translated" not in html
    assert "még nincs lefordítva" not in html
    assert english_on(html, english_fragments()) == []


def test_an_english_page_shows_the_english_reference(client):
    body = article(page(client, "diszitett", "en"))
    assert "Card values" in body and "A lapok értéke" not in body and ">Sources</h2>" in body


def test_the_international_rules_are_hungarian_too(client):
    # issue 23: every shipped variant has its Hungarian page (the fallback to English with a note is tested on a
    # made-up variant in tests/web/test_rules_languages.py)
    html = page(client, "international", "hu")
    assert 'class="card rules-body" lang="hu"' in html and "még nincs lefordítva" not in html
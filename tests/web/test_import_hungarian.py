"""An import's refusal on a Hungarian page (issue 11, leftovers): the reason is said in Hungarian, the part of
the file stays its path (the file's own terms), and only a reason the rules core has no phrase for is left in
English, marked ``lang="en"``. The CLI and ``str()`` keep the English (tests/cli/test_transfer_cli.py)."""

from __future__ import annotations

import copy
import json
import re
from html import unescape

import pytest

from test_transfer import ILLEGAL, _export, _legacy, _set, rows, upload

pytestmark = pytest.mark.storage


def refusal(client, body) -> tuple[str, str | None]:
    """The refusal's detail as text, and its lang attribute (None: the page's language)."""
    client.set_cookie("lang", "hu")
    response = upload(client, body)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Ez a fájl nem importálható." in unescape(html)
    span = re.search(r'<span class="detail"( lang="(\w+)")?>(.*?)</span>', html, re.S)
    return " ".join(unescape(span.group(3)).split()), span.group(2)


@pytest.mark.parametrize("change, said", [
    (_set("format", "something-else"), "format: ez nem a pontszámláló játszma-exportja"),
    (_set("events.1.hand_number", 1),
     "events[1].hand_number: 1 leosztás után ez nem adható hozzá 1. leosztásként"),
    (_set("events.0.token", "x"), "events[0].token: ismeretlen mező: 'token'"),
    (_set("events.2.hand_number", 5), "events[2] (5. leosztás javítása): nincs 5. leosztás; a játszmában 2 "
                                      "leosztás van"),
    (_set("title", 7), "title: a címnek szövegnek kell lennie"),
    # a refused hand: the reason and each of the core's problems in Hungarian
    (_set("events.1.entry", ILLEGAL), "events[1] (2. leosztás hozzáadása): a leosztás szabálytalan: "),
    # a core error with a phrase of its own (a side without a name) comes through in Hungarian too
    (_set("sides.1.name", ""), "sides[1].name: "),
], ids=["format", "hand_number", "unknown_field", "edit_past_the_end", "title", "illegal_hand", "core_phrase"])
def test_a_refusal_is_said_in_hungarian(app, client, db, change, said):
    body = json.dumps(change(copy.deepcopy(_export(db))), ensure_ascii=False)
    before = rows(app)
    detail, lang = refusal(client, body)
    assert detail.startswith(said), detail
    assert lang is None                       # Hungarian: not marked English
    assert "hand" not in detail.split(": ", 1)[1] and "the " not in detail
    assert rows(app) == before


def test_an_unreadable_file_is_refused_in_hungarian(client):
    empty = "a fájl üres; válassz egy játszmafájlt, amelyet a pontszámláló exportált"
    assert refusal(client, b"") == (empty, None)
    detail, lang = refusal(client, b"{not json")
    assert detail.startswith("nem érvényes JSON (1. sor, 2. oszlop): ") and lang is None


def test_a_reason_the_core_says_in_english_only_is_marked_english(app, client, db):
    """An unknown variant in a file from before matches were pinned: the core's VariantError has no phrase."""
    body = json.dumps(_legacy(_set("variant", "bridge"))(copy.deepcopy(_export(db))), ensure_ascii=False)
    detail, lang = refusal(client, body)
    assert detail.startswith("variant: ") and "bridge" in detail and lang == "en"


def test_an_english_page_and_the_cli_words_are_unchanged(app, client, db):
    body = json.dumps(_set("events.2.hand_number", 5)(copy.deepcopy(_export(db))), ensure_ascii=False)
    client.set_cookie("lang", "en")
    html = " ".join(unescape(upload(client, body).get_data(as_text=True)).split())
    assert "events[2] (edit of hand 5): hand 5 does not exist; the match has 2 hands" in html
    assert '<span class="detail">' in html            # an English page marks nothing

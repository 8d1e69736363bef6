"""A user's text is text on every page, whatever wraps it (issue 19, "Labels reach pages unescaped"): a penalty's
label in a hand record, a canasta kind's and a penalty's label in house rules reach the pages through Flask-Babel's
lazy strings, WTForms labels and choices, whose ``__html__`` used to hand them to Jinja as safe HTML."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.storage

API = "/api/v1"
PLANTED = '<meta http-equiv="refresh" content="0;url=https://example.invalid/">'
SHOWN = "&lt;meta http-equiv=&#34;refresh&#34;"


def _match(client, **body):
    body = {"variant": "international", "options": {"players": "2"}, **body}
    response = client.post(f"{API}/matches", json={"sides": [{"name": "Anna"}, {"name": "Béla"}], **body})
    assert response.status_code == 201, response.json
    return response.json


def _planted_nowhere(html: str) -> None:
    assert "<meta http-equiv" not in html


def test_a_penalty_label_of_a_hand_record_is_text_on_the_hand_page_by_either_link(client):
    created = _match(client, variant="diszitett", options={})
    hand = {"mode": "cards", "sides": [             # the README's hand, a penalty added
        {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "out": "none",
         "hand": "A", "penalties": [{"code": "planted", "points": -100, "label": PLANTED}]},
        {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}]}
    assert client.post(f"{API}/matches/{created['edit_token']}/hands",
                       json={"version": 0, "hand": hand}).status_code == 201
    for token, link in ((created["edit_token"], "m"), (created["view_token"], "v")):
        html = client.get(f"/{link}/{token}/hands/1").get_data(as_text=True)
        _planted_nowhere(html)
        assert SHOWN in html


def test_house_rule_labels_are_text_on_the_hand_forms(client):
    created = _match(client, rules={"penalties": {"out_of_turn_meld": {"label": PLANTED}},
                                    "canastas": {"natural_canasta": {"label": PLANTED}}})
    token = created["edit_token"]
    for mode in ("cards", "summary"):           # the penalty choices; the summary's canasta-kind counts
        html = client.get(f"/m/{token}/hands/new?mode={mode}").get_data(as_text=True)
        _planted_nowhere(html)
        assert SHOWN in html


# --- every user text, every page, the PDF ------------------------------------------------------------------------

# One planted tag per field, so a leak names its field: the pages must show each as text ("&lt;b&gt;title&lt;/b&gt;"),
# never as a tag. (PLANTED above, a meta refresh, is the attack; a <b> marks which field leaked.)
FIELDS = ("title", "side1", "side2", "player1", "player2", "player3", "player4", "house", "kind", "penalty",
          "code", "label", "preset")


def _tag(field: str) -> str:
    return f"<b>{field}</b>"


def _no_planted_tag(url: str, html: str) -> None:
    leaked = [field for field in FIELDS if _tag(field) in html]
    assert not leaked, (url, leaked)
    assert "<meta http-equiv" not in html, url


def _pdf_text(data: bytes) -> str:
    import io

    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_planted_markup_in_every_user_text_is_text_on_every_page_and_in_the_pdf(app, client, csrf):
    """Issue 19's acceptance: a title, side and player names, a house rules' name, a canasta kind's and a
    penalty's label, a hand's penalty code and label and a preset's name, each holding markup, are shown as text
    on every page of the match by either link, on the home page, the preset's page, and in the PDF."""
    sides = [{"name": _tag("side1"), "players": [_tag("player1"), _tag("player2")]},
             {"name": _tag("side2"), "players": [_tag("player3"), _tag("player4")]}]
    rules = {"penalties": {"out_of_turn_meld": {"label": _tag("penalty")}},
             "canastas": {"natural_canasta": {"label": _tag("kind")}}}
    created = _match(client, options={"players": "4"}, title=_tag("title"), house_name=_tag("house"), rules=rules,
                     sides=sides)
    edit, view = created["edit_token"], created["view_token"]
    hand = {"mode": "cards", "sides": [
        {"name": _tag("side1"), "melds": ["K K K K K K K", "5 5 5"], "out": "out", "hand": "",
         "penalties": [{"code": _tag("code"), "points": -100, "label": _tag("label") + PLANTED}]},
        {"name": _tag("side2"), "melds": ["Q Q Q"], "out": "none", "hand": "4"}]}
    saved = client.post(f"{API}/matches/{edit}/hands", json={"version": 0, "hand": hand})
    assert saved.status_code == 201, saved.json
    document = {"format": "scorekeeper-house-rules", "format_version": 1, "name": _tag("preset"),
                "variant": "international", "options": {"players": "4"}, "rules": rules}
    imported = client.post("/house/import", data={"csrf_token": csrf, "json": json.dumps(document)})
    assert imported.status_code == 303, imported.get_data(as_text=True)[:500]
    pages = [f"/m/{edit}", f"/v/{view}", f"/m/{edit}/hands/1", f"/v/{view}/hands/1", f"/m/{edit}/hands/1/revisions",
             f"/v/{view}/hands/1/revisions", f"/m/{edit}/hands/1/edit", f"/m/{edit}/hands/new?mode=cards",
             f"/m/{edit}/hands/new?mode=summary", f"/m/{edit}/rules", f"/v/{view}/rules", f"/m/{edit}/checker",
             f"/v/{view}/checker", "/", imported.headers["Location"]]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.get_data(as_text=True)
        _no_planted_tag(url, html)
    sheet = client.get(f"/m/{edit}").get_data(as_text=True)
    assert "&lt;b&gt;side1&lt;/b&gt;" in sheet and "&lt;b&gt;title&lt;/b&gt;" in sheet
    pdf = client.get(f"/m/{edit}/sheet.pdf")
    assert pdf.status_code == 200
    shown = _pdf_text(pdf.data)
    for field in ("title", "side1", "side2", "house"):       # the sheet's words; hand details are on the pages
        assert _tag(field) in shown, (field, shown[:400])

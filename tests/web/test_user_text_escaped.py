"""A user's text is text on every page, whatever wraps it (issue 19, "Labels reach pages unescaped"): a penalty's
label in a hand record, a canasta kind's and a penalty's label in house rules reach the pages through Flask-Babel's
lazy strings, WTForms labels and choices, whose ``__html__`` used to hand them to Jinja as safe HTML."""

from __future__ import annotations

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

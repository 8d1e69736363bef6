"""The toy rummy of tests/toy_rummy shown on the sheet (issue 20): its plug-in module registers the family and its
front (entry form, sheet cells, PDF, partials in its own template folder) and nothing else changes: a match is
created and played through the JSON API and the hand form, the sheet shows the toy scorer's numbers, the PDF
renders, and a hand that breaks its rules is refused with the problem named at its field."""

from __future__ import annotations

import importlib
import io
import re
import sys

import pytest
from pypdf import PdfReader

from scorekeeper.fronts import FRONTS, front
from scorekeeper.rules import FAMILIES, registry
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

API = "/api/v1"
PLUGIN = "tests.toy_rummy.plugin"
# Anna melds 7+8+9 and three kings (54), holds a 2: 52; Béla melds three queens (30), holds A and 5: 10.
HAND = {"sides": [{"name": "Anna", "melds": ["7h 8h 9h", "Kc Kd Ks"], "hand": "2c"},
                                   {"name": "Béla", "melds": ["Qc Qd Qh"], "hand": "Ad 5s"}]}


@pytest.fixture
def toy():
    """What SCOREKEEPER_PLUGINS=tests.toy_rummy.plugin does at start, for one test: the plug-in module run as it
    is, then its two registrations taken out again so no other test sees a third family (unless the whole run
    was started with the plug-in loaded)."""
    before = "toy_rummy" in FAMILIES, "toy_rummy" in FRONTS
    if PLUGIN in sys.modules:                # an earlier test ran it: run it again, its registrations are gone
        importlib.reload(sys.modules[PLUGIN])
    else:
        importlib.import_module(PLUGIN)
    yield front("toy_rummy")
    if not before[0]:
        FAMILIES.pop("toy_rummy", None)
    if not before[1]:
        FRONTS.pop("toy_rummy", None)


def create(client) -> dict:
    response = client.post(f"{API}/matches", json={"variant": "toy_rummy", "title": "Toy night",
                                                   "sides": [{"name": "Anna"}, {"name": "Béla"}]})
    assert response.status_code == 201, response.json
    return response.json


def add_hand(client, token: str, hand: dict):
    version = client.get(f"{API}/matches/{token}").json["match"]["version"]
    return client.post(f"{API}/matches/{token}/hands", json={"hand": hand, "version": version})


def cells(page: str) -> list[tuple[str, ...]]:
    """Each toy cell of the sheet: running total, melded, left in hand, hand score."""
    return re.findall(r'<td class="cell toy-cell[^"]*">.*?</span>(-?\d+)</strong>.*?class="melded">(\d+)<.*?'
                      r'class="in-hand">([^<]*)<.*?class="score">(-?\d+)<', page, re.S)


def test_the_plug_in_registers_a_family_and_its_front(toy):
    assert toy.family == "toy_rummy" and registry()["toy_rummy"].family == "toy_rummy"
    assert set(FRONTS) == set(FAMILIES)


def test_a_toy_match_is_shown_on_the_sheet_with_the_toy_scorers_numbers(toy, app, client):
    match = create(client)
    token = match["edit_token"]
    saved = add_hand(client, token, HAND)
    assert saved.status_code == 201, saved.json
    assert saved.json["result"]["totals"] == {"Anna": 52, "Béla": 10}
    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert "Toy night" in page and "Toy rummy" in page
    # One row, newest first: Anna 54 melded − 2 in hand = 52 (the best hand), Béla 30 − 20 = 10.
    assert [(t, m, re.sub(r"&#8239;|\D", "", h), s) for t, m, h, s in cells(page)] == [("52", "54", "2", "52"),
                                                                             ("10", "30", "20", "10")]
    totals = re.findall(r'<span class="who">([^<]+)</span> <span class="minimum">(-?\d+)</span>', page)
    assert totals == [("Anna", "52"), ("Béla", "10")]
    assert "game to 300" in page and "Enter hand 2" in page
    hand = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    assert re.search(r"hand score</dt><dd>52<", hand) and re.search(r"hand score</dt><dd>10<", hand)


def test_the_hand_form_saves_a_toy_hand_and_a_second_hand_adds_up(toy, client):
    token = create(client)["edit_token"]
    add_hand(client, token, HAND)
    form = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert "Hand 2" in form and 'name="side1-melds"' in form
    response = client.post(f"/m/{token}/hands/new", data={
        "csrf_token": csrf_from(form), "version": re.search(r'name="version"[^>]*value="(\d+)"', form).group(1),
        "save_key": re.search(r'name="save_key" value="([^"]+)"', form).group(1),
        "side0-melds": "10h Jh Qh Kh Ah", "side0-hand": "", "side1-melds": "", "side1-hand": "2c"})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = client.get(f"/m/{token}").get_data(as_text=True)
    # Newest first: Anna 55 (total 107), Béla −2 (total 8); then hand 1.
    assert [c[0] for c in cells(page)] == ["107", "8", "52", "10"]


def test_a_meld_that_is_no_meld_is_refused_naming_it(toy, client):
    token = create(client)["edit_token"]
    bad = {"sides": [{**HAND["sides"][0], "melds": ["7h 8s 9h"]}, HAND["sides"][1]]}
    refused = add_hand(client, token, bad)
    assert refused.status_code == 422
    problem, = refused.json["problems"]
    assert (problem["code"], problem["field"]) == ("not_a_meld", "sides[0].melds[0]")
    assert "not a group" in problem["message"]
    form = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    response = client.post(f"/m/{token}/hands/new", data={
        "csrf_token": csrf_from(form), "version": re.search(r'name="version"[^>]*value="(\d+)"', form).group(1),
        "side0-melds": "7h 8s 9h", "side0-hand": "Kc", "side1-melds": "Qc Qd Qh", "side1-hand": ""})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    # at the melds field of the side that laid it, the meld numbered
    assert re.search(r'id="side0-melds-error-1">Meld 1: Anna: not a group \(one rank, 3 or more', page)
    assert client.get(f"{API}/matches/{token}").json["hands"] == []


def test_the_pdf_sheet_shows_the_toy_ledger(toy, client):
    token = create(client)["edit_token"]
    add_hand(client, token, HAND)
    response = client.get(f"/m/{token}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "Toy night" in text and "Melded" in text
    assert re.search(r"1\s+54\s+−2\s+★52\s+52\s+30\s+−20\s+10\s+10", text), text

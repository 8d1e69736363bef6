"""Whose deal it is (issue 22): the new-match form's first dealer, the sheet's "Next deal" line on the sheet, the
read-only view, a hand's page and the PDF, the API's ``next_dealer``, export/import and the column a migration
added (old matches: their first player deals first)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from sqlalchemy import create_engine, insert, inspect, text

from scorekeeper import create_app
from scorekeeper.store import matches, migrate
from scorekeeper.store.db import Base
from test_api import API, README_HAND, add, new_match
from test_migrations import OLD, WHEN, schema_differences
from test_language_sweep import INTERNATIONAL as INTERNATIONAL_HAND
from test_pdf import pdf_text
from test_transfer import exported, fresh, fresh_app, upload  # noqa: F401 (fixtures)
from web_helpers import empty_database

pytestmark = pytest.mark.storage



def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def dealer_line(html: str) -> str:
    found = re.search(r'<p class="next-dealer">(.*?)</p>', html, re.S)
    return unescape(found.group(1).strip()) if found else ""


def field_error(html: str, field_id: str) -> str:
    start = html.index(f'id="{field_id}"')
    end = html.find("<label", start + 1)
    return unescape(" ".join(re.findall(r'class="field-error"[^>]*>([^<]*)<', html[start:end if end > 0 else None])))


def create(client, csrf, **form):
    data = {"csrf_token": csrf, "variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla",
            "sides-2-name": "Cili", **form}
    return client.post("/matches", data=data)


def stored(app, response):
    token = response.headers["Location"].rsplit("/", 1)[1]
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.find_match(session, token, editable=True)
        return token, match.first_dealer, matches.scoresheet(match)


# --- the new-match form ---------------------------------------------------------------------------------------

def test_the_new_match_form_asks_who_deals_first_by_row_defaulting_to_the_first_player(client):
    html = client.get("/").get_data(as_text=True)
    assert '<label for="first_dealer">Deals the first hand</label>' in html
    options = re.findall(r'<option (selected )?value="(\d)">Player (\d)</option>', html)
    assert [(v, n) for _s, v, n in options] == [(str(i), str(i)) for i in range(1, 7)]
    assert options[0][0] == "selected "


def test_a_partnership_form_lists_each_sides_players(client):
    html = client.get("/?variant=international").get_data(as_text=True)
    assert re.findall(r'value="(\d\.\d)">Side \d, player \d<', html) == ["1.1", "1.2", "2.1", "2.2"]


def test_keltis_asks_who_begins_the_first_game_it_has_no_dealer(client):
    assert "Begins the first game" in client.get("/?variant=keltis").get_data(as_text=True)


def test_the_chosen_row_deals_the_first_hand(app, client, csrf):
    response = create(client, csrf, first_dealer="3")
    assert response.status_code == 303
    _token, first, sheet = stored(app, response)
    assert first == "Cili" and sheet["next_dealer"] == "Cili"


def test_a_match_that_does_not_say_is_dealt_first_by_its_first_player(app, client, csrf):
    response = create(client, csrf)
    _token, _first, sheet = stored(app, response)
    assert sheet["next_dealer"] == "Anna" and sheet["match"]["seats"] == ["Anna", "Béla", "Cili"]


@pytest.mark.parametrize("value", ["5", "9", "x", "1.7"])
def test_a_first_dealer_row_without_a_player_is_a_400_naming_the_field(app, client, csrf, value):
    response = create(client, csrf, first_dealer=value)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Nobody is named in the row chosen to deal first" in field_error(html, "first_dealer")
    assert 'value="Cili"' in html                                   # what was typed comes back


def test_partners_sit_opposite_and_the_chosen_partner_deals_first(app, client, csrf):
    response = client.post("/matches", data={
        "csrf_token": csrf, "variant": "international", "sides-0-players-0": "Anna", "sides-0-players-1": "Cili",
        "sides-1-players-0": "Béla", "sides-1-players-1": "Dani", "first_dealer": "2.2"})
    assert response.status_code == 303
    token, first, sheet = stored(app, response)
    assert first == "Dani" and sheet["match"]["seats"] == ["Anna", "Béla", "Cili", "Dani"]
    assert client.post(f"{API}/matches/{token}/hands",
                       json={"version": 0, "hand": INTERNATIONAL_HAND}).status_code == 201
    assert dealer_line(client.get(f"/m/{token}").get_data(as_text=True)) == "Next deal: Anna."


# --- the sheet --------------------------------------------------------------------------------------------------

def test_the_sheet_and_the_read_only_view_say_who_deals_next_and_it_moves_each_hand(client):
    created = new_match(client, sides=[{"name": "Anna"}, {"name": "Béla"}], first_dealer="Béla")
    token, view = created["edit_token"], created["view_token"]
    assert dealer_line(client.get(f"/m/{token}").get_data(as_text=True)) == "Next deal: Béla."
    assert add(client, token, README_HAND, 0).status_code == 201
    for url in (f"/m/{token}", f"/v/{view}"):
        assert dealer_line(client.get(url).get_data(as_text=True)) == "Next deal: Anna."
    assert "Dealt by Béla" in text_of(client.get(f"/m/{token}/hands/1").get_data(as_text=True))


def test_the_sheet_says_it_in_hungarian(client):
    created = new_match(client, first_dealer="Béla")
    client.set_cookie("lang", "hu")
    html = client.get(f"/m/{created['edit_token']}").get_data(as_text=True)
    assert dealer_line(html) == "Következő osztó: Béla."


def test_the_dealers_name_is_escaped(client):
    created = new_match(client, sides=[{"name": "<b>Anna</b>"}, {"name": "Béla"}])
    html = client.get(f"/m/{created['edit_token']}").get_data(as_text=True)
    assert "<b>Anna</b>" not in html and dealer_line(html) == "Next deal: <b>Anna</b>."


def test_keltis_says_who_begins_the_next_game(client):
    created = new_match(client, variant="keltis", sides=[{"name": "Anna"}, {"name": "Béla"}], first_dealer="Béla")
    assert dealer_line(client.get(f"/m/{created['edit_token']}").get_data(as_text=True)) == \
        "Next game begins with Béla."


def test_the_pdf_sheet_names_the_next_dealer_and_who_dealt_each_hand(client):
    created = new_match(client, first_dealer="Béla")
    assert add(client, created["edit_token"], README_HAND, 0).status_code == 201
    printed = re.sub(r"\s+", " ", pdf_text(client.get(f"/m/{created['edit_token']}/sheet.pdf").data))
    assert "Deals next Anna" in printed and "Dealt by Béla" in printed


# --- the API ----------------------------------------------------------------------------------------------------

def test_the_api_takes_the_first_dealer_and_its_sheet_names_each_hands_dealer_and_the_next(client):
    created = new_match(client, first_dealer="Béla")
    assert created["sheet"]["next_dealer"] == "Béla" and created["sheet"]["match"]["first_dealer"] == "Béla"
    assert add(client, created["edit_token"], README_HAND, 0).status_code == 201
    sheet = client.get(f"{API}/matches/{created['edit_token']}").json
    assert [h["dealer"] for h in sheet["hands"]] == ["Béla"] and sheet["next_dealer"] == "Anna"
    assert (sheet["match"]["deal_passes"], sheet["match"]["dealer_role"]) == ("left", "deals")


@pytest.mark.parametrize("value", ["Zoé", 3, ["Anna"]])
def test_the_api_refuses_a_first_dealer_who_does_not_play_with_a_400_naming_the_field(client, value):
    response = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": [{"name": "Anna"}, {"name": "Béla"}],
                                                   "first_dealer": value})
    assert response.status_code == 400
    assert response.json["error"]["field"] == "first_dealer"
    assert "Anna, Béla" in response.json["error"]["message"]


# --- export and import ---------------------------------------------------------------------------------------------

def test_export_and_import_carry_the_first_dealer(app, client, fresh_app, fresh):  # noqa: F811
    created = new_match(client, first_dealer="Béla")
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.find_match(session, created["edit_token"], editable=True)
        data = exported(client, match)
    assert data["first_dealer"] == "Béla"
    response = upload(fresh, json.dumps(data, ensure_ascii=False))
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[1]
    assert fresh.get(f"{API}/matches/{token}").json["next_dealer"] == "Béla"


def test_an_export_written_before_the_first_dealer_existed_imports_with_the_first_player_dealing(
        app, client, fresh_app, fresh):  # noqa: F811
    created = new_match(client, first_dealer="Béla")
    with app.extensions["scorekeeper_sessions"]() as session:
        data = exported(client, matches.find_match(session, created["edit_token"], editable=True))
    del data["first_dealer"]
    token = upload(fresh, json.dumps(data)).headers["Location"].rsplit("/", 1)[1]
    assert fresh.get(f"{API}/matches/{token}").json["next_dealer"] == "Anna"


def test_an_import_naming_a_first_dealer_who_does_not_play_is_refused(app, client, fresh_app, fresh):  # noqa: F811
    created = new_match(client)
    with app.extensions["scorekeeper_sessions"]() as session:
        data = exported(client, matches.find_match(session, created["edit_token"], editable=True))
    data["first_dealer"] = "Zoé"
    response = upload(fresh, json.dumps(data))
    assert response.status_code == 400 and "first_dealer" in response.get_data(as_text=True)


# --- the migration --------------------------------------------------------------------------------------------------

@pytest.fixture
def url(tmp_path):
    import os
    found = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'old.sqlite'}"
    empty_database(found)
    return found


def test_revision_0005_adds_the_first_dealer_and_an_older_match_is_dealt_first_by_its_first_player(url, tmp_path):
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, "0004")
        with engine.begin() as connection:
            connection.execute(insert(OLD.tables["matches"]).values(
                id=1, edit_token="e" * 32, view_token="v" * 32, title="", variant="diszitett", options={},
                created_at=WHEN, version=0))
            for position, name in enumerate(("Anna", "Béla")):
                connection.execute(insert(OLD.tables["match_sides"]).values(
                    match_id=1, position=position, name=name, players=[name]))
        migrate.upgrade(engine)
        assert "first_dealer" in {c["name"] for c in inspect(engine).get_columns("matches")}
        assert schema_differences(engine, Base.metadata) == []
        with engine.connect() as connection:
            assert connection.execute(text("SELECT first_dealer FROM matches")).scalar() is None
    finally:
        engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x"}, instance_path=str(tmp_path / "i"))
    try:
        assert app.test_client().get(f"{API}/matches/{'e' * 32}").json["next_dealer"] == "Anna"
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def test_revision_0005_downgrades_to_0004_without_the_column(url):
    from alembic import command

    engine = create_engine(url)
    try:
        migrate.upgrade(engine)
        with engine.begin() as connection:
            command.downgrade(migrate._config(connection), "0004")
        assert "first_dealer" not in {c["name"] for c in inspect(engine).get_columns("matches")}
        migrate.upgrade(engine)
        assert schema_differences(engine, Base.metadata) == []
    finally:
        engine.dispose()


def test_a_rematch_keeps_the_first_dealer(client, db, csrf):
    old = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}],
                               first_dealer="Béla")
    response = client.post(f"/m/{old.edit_token}/rematch", data={"csrf_token": csrf})
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"{API}/matches/{token}").json["next_dealer"] == "Béla"

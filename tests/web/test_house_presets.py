"""Issue 13: named house-rules presets: saved from the form, listed on this phone, prefilled into the next match,
shared by link and file, imported back."""

from __future__ import annotations

import io
import json
import re

import pytest

from house_pages import form_values, presets_stored, stored_rules
from scorekeeper.store.db import init_db
from scorekeeper import create_app
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

BONUS = "house-canastas.red_canasta.bonus"
NAME = "Nagymama szabályai"


def save_preset(client, **changes: str) -> str:
    """Start a match with house rules saved under NAME; the preset's page (from the home page's list)."""
    values = form_values(client.get("/?variant=diszitett").get_data(as_text=True))
    values.update({"sides-0-name": "Anna", "sides-1-name": "Béla", "house-save-as": NAME,
                   "options-black_zsoli_canasta_bonus": "1000", **changes})
    assert client.post("/matches", data=values).status_code == 303
    home = client.get("/").get_data(as_text=True)
    return re.search(r'href="(/house/[A-Za-z0-9_-]+)"', home).group(1)


def test_a_saved_preset_has_a_page_with_every_change_and_its_options(app, client):
    page = save_preset(client, **{BONUS: "450", "house-match.target": "7500"})
    html = client.get(page).get_data(as_text=True)
    assert NAME in html and "Díszített" in html
    assert re.search(r">400</span>\s*<span[^>]*>→</span>.*?<strong>450</strong>", html, re.S)
    assert re.search(r">10000</span>\s*<span[^>]*>→</span>.*?<strong>7500</strong>", html, re.S)
    assert "1000" in html                                       # the option chosen with it
    assert f'href="/?house={page.rsplit("/", 1)[1]}"' in html   # start a match with these rules
    assert "Kept on this phone" in html


def test_the_preset_prefills_the_variant_options_and_fields_and_starts_the_same_rules(app, client):
    page = save_preset(client, **{BONUS: "450"})
    token = page.rsplit("/", 1)[1]
    html = client.get(f"/?house={token}").get_data(as_text=True)
    values = form_values(html)
    assert values[BONUS] == "450" and values["options-black_zsoli_canasta_bonus"] == "1000"
    assert values["house-from"] == token and "House rules: 1 change" in html
    values.update({"sides-0-name": "Cili", "sides-1-name": "Dani"})
    rules = stored_rules(app, client.post("/matches", data=values).headers["Location"])
    assert rules["house"]["name"] == NAME
    assert [c["key"] for c in rules["house"]["changes"]] == ["canastas.red_canasta.bonus"]
    assert rules["options"]["black_zsoli_canasta_bonus"] == "1000"
    assert presets_stored(app) == 1                              # using a preset stores no new one


def test_a_preset_round_trips_through_download_and_import_to_an_identical_document(app, client):
    page = save_preset(client, **{BONUS: "450", "house-opening.minimums-0-minimum": "90",
                                  "house-opening.minimums-1-from": "", "house-opening.minimums-1-minimum": "",
                                  "house-opening.minimums-2-from": "", "house-opening.minimums-2-minimum": "",
                                  "house-opening.minimums-3-from": "", "house-opening.minimums-3-minimum": ""})
    download = client.get(page + ".json")
    assert download.status_code == 200 and download.mimetype == "application/json"
    assert "attachment" in download.headers["Content-Disposition"]
    document = json.loads(download.data)
    assert document["format"] == "scorekeeper-house-rules" and document["name"] == NAME
    assert document["rules"]["canastas"]["red_canasta"]["bonus"] == 450
    second = app.test_client()                                  # another phone imports the file
    csrf = csrf_from(second.get("/house/import").get_data(as_text=True))
    response = second.post("/house/import", data={"csrf_token": csrf,
                                                   "file": (io.BytesIO(download.data), "rules.json")})
    assert response.status_code == 303
    imported = second.get(response.headers["Location"] + ".json")
    assert imported.data == download.data
    assert presets_stored(app) == 2
    assert NAME in second.get("/").get_data(as_text=True)      # kept on the importing phone


def test_pasted_text_imports_too(app, client):
    page = save_preset(client, **{BONUS: "450"})
    text = client.get(page + ".json").get_data(as_text=True)
    csrf = csrf_from(client.get("/house/import").get_data(as_text=True))
    response = client.post("/house/import", data={"csrf_token": csrf, "json": text})
    assert response.status_code == 303


@pytest.mark.parametrize("change, named", [
    (lambda d: d["rules"]["canastas"]["red_canasta"].update(size=[2, 2]), "canastas.red_canasta.size"),
    (lambda d: d.update(format="something else"), "format"),
    (lambda d: d.update(name="x" * 81), "name"),
])
def test_a_bad_preset_file_is_a_400_naming_the_field_and_nothing_is_stored(app, client, change, named):
    page = save_preset(client, **{BONUS: "450"})
    document = json.loads(client.get(page + ".json").data)
    change(document)
    before = presets_stored(app)
    csrf = csrf_from(client.get("/house/import").get_data(as_text=True))
    response = client.post("/house/import", data={"csrf_token": csrf, "file": (
        io.BytesIO(json.dumps(document).encode()), "rules.json")})
    assert response.status_code == 400
    assert named in response.get_data(as_text=True)
    assert presets_stored(app) == before


@pytest.mark.parametrize("data", [b"{not json", b"\xff\xfe garbage", b"", b"[]", b"x" * 70_000])
def test_an_unreadable_preset_file_is_a_400_and_nothing_is_stored(app, client, data):
    csrf = csrf_from(client.get("/house/import").get_data(as_text=True))
    response = client.post("/house/import", data={"csrf_token": csrf, "file": (io.BytesIO(data), "x.json")})
    assert response.status_code == 400
    assert 'id="import-problem"' in response.get_data(as_text=True)
    assert presets_stored(app) == 0


def test_a_bad_preset_file_is_refused_in_hungarian_on_a_hungarian_page(app, client):
    csrf = csrf_from(client.get("/house/import").get_data(as_text=True))
    response = client.post("/house/import", headers={"Accept-Language": "hu"},
                           data={"csrf_token": csrf, "json": "{nem json"})
    assert response.status_code == 400
    assert "Not valid JSON" not in response.get_data(as_text=True)


def test_the_share_link_opens_the_preset_on_a_second_phone_which_can_keep_it(app, client):
    page = save_preset(client, **{BONUS: "450"})
    html = client.get(page).get_data(as_text=True)
    link = re.search(r'id="house-link"[^>]*value="([^"]+)"', html).group(1)
    assert link.endswith(page) and "<svg" in html               # the link and its QR code
    phone = app.test_client()
    shared = phone.get(page)
    assert shared.status_code == 200 and NAME in shared.get_data(as_text=True)
    assert NAME not in phone.get("/").get_data(as_text=True)    # not kept until asked
    csrf = csrf_from(shared.get_data(as_text=True))
    assert phone.post(page + "/keep", data={"csrf_token": csrf}).status_code == 303
    assert NAME in phone.get("/").get_data(as_text=True)
    assert form_values(phone.get("/?house=" + page.rsplit("/", 1)[1]).get_data(as_text=True))[BONUS] == "450"


@pytest.mark.parametrize("path", ["/house/nothing-here", "/house/nothing-here.json", "/?house=nothing-here"])
def test_an_unknown_preset_is_a_404_or_the_plain_form(client, path):
    response = client.get(path)
    assert response.status_code == (200 if path.startswith("/?") else 404)


def test_a_forged_presets_cookie_is_an_empty_list(app, client):
    client.set_cookie("house_presets", "forged.value")
    assert 'id="house-presets"' not in client.get("/").get_data(as_text=True)


def test_import_is_rate_limited(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite'}", "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_IMPORT": "2 per minute"})
    init_db(app, drop=True)
    client = app.test_client()
    codes = [client.post("/house/import", data={"json": "{}"}).status_code for _ in range(3)]
    assert codes == [400, 400, 429]
    app.extensions["scorekeeper_engine"].dispose()


def test_revision_0004_adds_the_presets_table_and_downgrades_without_it(tmp_path):
    from sqlalchemy import create_engine, inspect

    from scorekeeper.store import migrate
    engine = create_engine(f"sqlite:///{tmp_path / 'm.sqlite'}")
    try:
        migrate.upgrade(engine)
        assert "house_presets" in inspect(engine).get_table_names()
        migrate.upgrade(engine, "0004")
        from alembic import command
        with engine.begin() as connection:
            command.downgrade(migrate._config(connection), "0003")
        assert "house_presets" not in inspect(engine).get_table_names()
    finally:
        engine.dispose()


def test_a_name_outside_latin_1_still_downloads(app, client):
    values = form_values(client.get("/?variant=diszitett").get_data(as_text=True))
    values.update({"sides-0-name": "Anna", "sides-1-name": "Béla", "house-save-as": "Nagyi őszi szabályai ✓",
                   BONUS: "450"})
    assert client.post("/matches", data=values).status_code == 303
    page = re.search(r'href="(/house/[A-Za-z0-9_-]+)"', client.get("/").get_data(as_text=True)).group(1)
    download = client.get(page + ".json")
    assert download.status_code == 200
    assert json.loads(download.data)["name"] == "Nagyi őszi szabályai ✓"
    assert download.headers["Content-Disposition"] == 'attachment; filename="Nagyi--szi-szab-lyai.json"'

"""Issue 13: the house-rules fields of the new-match form. Each test posts the page as a browser would (every
prefilled field as rendered, see house_pages.form_values) with only the fields a player touched changed."""

from __future__ import annotations

import json
import re

import pytest

from house_pages import field_errors, form_values, matches_stored, presets_stored, stored_rules
from scorekeeper.rules import registry
from scorekeeper.rules.tables.pinned import pin

pytestmark = pytest.mark.storage

START = -1_000_000_000
BONUS = "house-canastas.red_canasta.bonus"
MINIMUMS = "house-opening.minimums"


def page_values(client, query: str = "?variant=diszitett") -> dict[str, str]:
    values = form_values(client.get("/" + query).get_data(as_text=True))
    values.update({"sides-0-name": "Anna", "sides-1-name": "Béla"})
    return values


def house_block(app, response) -> dict | None:
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return stored_rules(app, response.headers["Location"]).get("house")


def test_the_untouched_prefill_is_no_change_and_pins_the_plain_rules(app, client):
    values = page_values(client)
    assert values[BONUS] == "400" and values["house-base"]       # prefilled with the variant's values
    response = client.post("/matches", data=values)
    rules = stored_rules(app, response.headers["Location"])
    assert "house" not in rules
    with app.app_context():
        assert json.loads(pin("diszitett", rules["options"])[0])["table"] == rules["table"]


def test_a_changed_field_becomes_exactly_that_change(app, client):
    values = page_values(client)
    values[BONUS] = "450"
    house = house_block(app, client.post("/matches", data=values))
    assert house["changes"] == [{"key": "canastas.red_canasta.bonus", "variant": 400, "house": 450}]


def test_a_bracket_table_cut_to_one_row_is_a_fixed_opening_minimum(app, client):
    values = page_values(client)
    values[f"{MINIMUMS}-0-minimum"] = "90"
    for row in (1, 2, 3):                          # the variant's other tiers left blank: removed
        values[f"{MINIMUMS}-{row}-from"] = values[f"{MINIMUMS}-{row}-minimum"] = ""
    house = house_block(app, client.post("/matches", data=values))
    assert [c["key"] for c in house["changes"]] == ["opening.minimums"]
    assert house["changes"][0]["house"] == [{"from": START, "minimum": 90}]


def test_a_row_added_in_the_empty_row_is_a_new_bracket(app, client):
    values = page_values(client)
    assert values[f"{MINIMUMS}-4-from"] == values[f"{MINIMUMS}-4-minimum"] == ""   # the row to add
    values.update({f"{MINIMUMS}-4-from": "11000", f"{MINIMUMS}-4-minimum": "150"})
    house = house_block(app, client.post("/matches", data=values))
    assert house["changes"][0]["house"][-1] == {"from": 11000, "minimum": 150}
    assert len(house["changes"][0]["house"]) == 5


def test_an_option_changed_in_the_same_post_is_not_a_house_change(app, client):
    values = page_values(client)
    values["options-opening_minimum"] = "90"       # the option decides the minimums the fields show for by_total
    rules = stored_rules(app, client.post("/matches", data=values).headers["Location"])
    assert "house" not in rules
    assert rules["options"]["opening_minimum"] == "90"
    assert rules["table"]["opening"]["minimums"] == [{"from": START, "minimum": 90}]


def test_an_option_and_a_field_changed_together_keep_only_the_field_as_house_rule(app, client):
    values = page_values(client)
    values.update({"options-opening_minimum": "75", BONUS: "450"})
    response = client.post("/matches", data=values)
    rules = stored_rules(app, response.headers["Location"])
    assert [c["key"] for c in rules["house"]["changes"]] == ["canastas.red_canasta.bonus"]
    assert rules["table"]["opening"]["minimums"] == [{"from": START, "minimum": 75}]


def test_a_canasta_smaller_than_a_meld_is_refused_at_its_field_and_nothing_is_stored(app, client):
    name, field_id = "house-canastas.red_canasta.size-0", "house-canastas-red_canasta-size"
    values = page_values(client)
    values[name] = values["house-canastas.red_canasta.size-1"] = value = "2"
    response = client.post("/matches", data=values)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert field_errors(html, field_id)
    assert '<details class="disclosure house" id="house" open' in html
    assert '<details class="disclosure house-group" id="house-group-canastas" open' in html
    assert '<details class="disclosure house-group" id="house-group-cards">' in html      # no error there
    assert form_values(html)[name] == value and form_values(html)["sides-0-name"] == "Anna"
    assert matches_stored(app) == 0


def test_opening_tiers_out_of_order_are_refused_at_the_opening_field(app, client):
    values = page_values(client)
    values[f"{MINIMUMS}-1-from"], values[f"{MINIMUMS}-2-from"] = "8000", "6000"
    response = client.post("/matches", data=values)
    assert response.status_code == 400
    assert field_errors(response.get_data(as_text=True), "house-opening-minimums")
    assert matches_stored(app) == 0


@pytest.mark.parametrize("garbage", ["abc", "4.5", "1e5", "99999999999999999999", "٣", "", "--4"])
def test_garbage_in_a_number_field_is_a_400_at_the_field(app, client, garbage):
    values = page_values(client)
    values[BONUS] = garbage
    values[f"{MINIMUMS}-1-minimum"] = garbage or "x"
    response = client.post("/matches", data=values)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert field_errors(html, "house-canastas-red_canasta-bonus")
    assert field_errors(html, "house-opening-minimums")
    assert matches_stored(app) == 0


def test_typed_spaces_and_a_minus_sign_are_read_as_the_number(app, client):
    values = page_values(client)
    values[BONUS] = " 1 000 "
    values["house-card_values.4"] = "\u22125"
    house = house_block(app, client.post("/matches", data=values))
    assert {c["key"]: c["house"] for c in house["changes"]} == {"card_values.4": -5,
                                                               "canastas.red_canasta.bonus": 1000}


def test_the_json_textarea_adds_changes_the_fields_do_not_show(app, client):
    values = page_values(client)
    values[BONUS] = "450"
    values["house-json"] = '{"twins": {"points": 150}}'
    house = house_block(app, client.post("/matches", data=values))
    assert {c["key"]: c["house"] for c in house["changes"]} == {"canastas.red_canasta.bonus": 450,
                                                               "twins.points": 150}


@pytest.mark.parametrize("text", ['{"canastas": {"red_canasta": {"bonus": 500}}}', "{not json", "[1, 2]"])
def test_a_json_textarea_that_clashes_or_does_not_read_is_a_400_at_the_textarea(app, client, text):
    values = page_values(client)
    values[BONUS] = "450"
    values["house-json"] = text
    response = client.post("/matches", data=values)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="house-json-error-1"' in html
    assert '<details class="disclosure house-group" id="house-advanced" open' in html
    assert matches_stored(app) == 0


def test_a_bad_key_in_the_json_textarea_is_refused_naming_it(app, client):
    values = page_values(client)
    values["house-json"] = '{"canastas": {"red_canasta": {"size": [2, 2]}}}'
    response = client.post("/matches", data=values)
    assert response.status_code == 400
    assert matches_stored(app) == 0


def test_a_name_saves_the_house_rules_as_a_preset_kept_on_this_phone(app, client):
    values = page_values(client)
    values.update({BONUS: "450", "house-save-as": "Nagymama szabályai"})
    response = client.post("/matches", data=values)
    assert house_block(app, response)["name"] == "Nagymama szabályai"
    assert presets_stored(app) == 1
    home = client.get("/").get_data(as_text=True)
    assert "Nagymama szabályai" in home and 'id="use-house"' in home


def test_a_name_too_long_is_refused_at_its_field_and_nothing_is_stored(app, client):
    values = page_values(client)
    values.update({BONUS: "450", "house-save-as": "x" * 81})
    response = client.post("/matches", data=values)
    assert response.status_code == 400
    assert 'id="house-save-as-error-1"' in response.get_data(as_text=True)
    assert matches_stored(app) == presets_stored(app) == 0


def test_a_forged_base_of_options_falls_back_to_the_defaults_without_a_500(app, client):
    values = page_values(client)
    values["house-base"] = '{"opening_minimum": "nonsense"'
    response = client.post("/matches", data=values)
    assert response.status_code == 303
    assert "house" not in stored_rules(app, response.headers["Location"])


def test_the_summary_counts_the_changes_when_the_form_comes_back(app, client):
    values = page_values(client)
    values.update({BONUS: "450", "house-card_values.4": "10", "sides-1-name": ""})   # one player: refused
    response = client.post("/matches", data=values)
    assert response.status_code == 400
    assert "House rules: 2 changes" in response.get_data(as_text=True)


def test_house_rules_posted_without_the_csrf_token_are_refused_and_nothing_is_stored(app, client):
    values = page_values(client)
    values.update({BONUS: "450", "house-save-as": "Nagyi"})
    del values["csrf_token"]
    assert client.post("/matches", data=values).status_code == 400
    assert matches_stored(app) == presets_stored(app) == 0


def _seated(values: dict[str, str], html: str) -> dict[str, str]:
    """Names in every name field of the rows the form needs (all rows up to the least it seats)."""
    least = len(re.findall(r'<label for="sides-\d+-name">(?:(?!optional).)*?</label>', html)) or 2
    names = iter(f"P{i}" for i in range(100))
    for key in list(values):
        found = re.fullmatch(r"sides-(\d+)-(name|players-\d+)", key)
        if found and int(found.group(1)) < max(least, 2):
            values[key] = next(names)
    return values


@pytest.mark.parametrize("variant", list(registry()))
def test_every_variants_untouched_prefill_posts_as_no_change(app, client, variant):
    html = client.get(f"/?variant={variant}").get_data(as_text=True)
    values = _seated(form_values(html), html)
    response = client.post("/matches", data=values)
    assert response.status_code == 303, field_problems(response.get_data(as_text=True))
    assert "house" not in stored_rules(app, response.headers["Location"])


def field_problems(html: str) -> list[str]:
    return re.findall(r'class="field-error"[^>]*>([^<]*)<', html)


def test_an_unreadable_field_and_a_contradiction_show_in_the_same_round(app, client):
    values = page_values(client)
    values.update({BONUS: "sok", "house-canastas.red_canasta.size-0": "2", "house-canastas.red_canasta.size-1": "2"})
    html = client.post("/matches", data=values).get_data(as_text=True)
    assert field_errors(html, "house-canastas-red_canasta-bonus")
    assert field_errors(html, "house-canastas-red_canasta-size")
    assert matches_stored(app) == 0

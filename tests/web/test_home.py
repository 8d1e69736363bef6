"""The new-match form: variant step (works without scripting), names, options, validation, CSRF."""

from __future__ import annotations

import re
from html import unescape

import pytest
from sqlalchemy import func, select

from scorekeeper.db import get_session
from scorekeeper.matches import find_match
from scorekeeper.models import Match


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def name_inputs(html: str) -> list[str]:
    return re.findall(r'name="(sides-\d+-(?:name|players-\d+))"', html)


def match_count(app) -> int:
    with app.app_context():
        return get_session().scalar(select(func.count()).select_from(Match))


def stored_match(app, location: str) -> dict:
    token = location.rsplit("/", 1)[1]
    with app.app_context():
        match = find_match(get_session(), token, editable=True)
        return {"variant": match.variant, "options": dict(match.options), "title": match.title,
                "sides": [(s.name, list(s.players)) for s in match.sides]}


def field_error(html: str, field_id: str) -> str:
    """The error paragraphs that follow one input, up to the next label."""
    start = html.index(f'id="{field_id}"')
    chunk = html[start:html.find("<label", start + 1) if html.find("<label", start + 1) > 0 else None]
    return unescape(" ".join(re.findall(r'class="field-error"[^>]*>([^<]*)<', chunk)))


# ------------------------------------------------------------------------------------------ the form

def test_home_shows_the_diszitett_form_with_six_name_rows_and_every_option(client):
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert name_inputs(html) == [f"sides-{i}-name" for i in range(6)]
    for option in ("black_zsoli_canasta_bonus", "opening_minimum", "negative_tax", "top_tie", "one_group_per_rank"):
        assert f'name="options-{option}"' in html
    assert 'href="/rules/diszitett"' in html
    assert "Bonus of a black zsoli-canasta" in text(html)           # the option's one-line help
    assert '<option selected value="200">' in html                    # its default is selected


@pytest.mark.parametrize("query, expected", [
    pytest.param("?variant=international", ["sides-0-players-0", "sides-0-players-1", "sides-0-name",
                                            "sides-1-players-0", "sides-1-players-1", "sides-1-name"],
                 id="four players: two partnerships of two"),
    pytest.param("?variant=international&players=2", ["sides-0-name", "sides-1-name"], id="two players"),
    pytest.param("?variant=international&players=3", ["sides-0-name", "sides-1-name", "sides-2-name"],
                 id="three players"),
    pytest.param("?variant=international&players=3_cutthroat", ["sides-0-name", "sides-1-name", "sides-2-name"],
                 id="cutthroat: three names, regrouped each hand"),
    pytest.param("?variant=international&players=6",
                 [f"sides-{s}-{f}" for s in (0, 1) for f in ("players-0", "players-1", "players-2", "name")],
                 id="six players: three a side"),
])
def test_variant_step_rerenders_the_name_fields_for_the_table_form(client, query, expected):
    html = client.get("/" + query).get_data(as_text=True)
    assert sorted(name_inputs(html)) == sorted(expected)


def test_variant_step_carries_the_table_form_into_the_create_form(client):
    html = client.get("/?variant=international&players=2").get_data(as_text=True)
    assert '<input type="hidden" name="options-players" value="2">' in html
    assert 'name="options-wild_limit"' in html
    assert 'href="/rules/international"' in html


@pytest.mark.parametrize("query", ["?variant=nope", "?variant=international&players=9"])
def test_unknown_variant_or_table_form_is_a_400_naming_it(client, query):
    response = client.get("/" + query)
    assert response.status_code == 400
    assert "is not a choice" in text(response.get_data(as_text=True)) or "unknown variant" in \
        text(response.get_data(as_text=True))


# ------------------------------------------------------------------------------------------ creating

@pytest.mark.parametrize("form, expected", [
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla", "sides-2-name": "Cili"},
                 {"variant": "diszitett", "sides": [("Anna", ["Anna"]), ("Béla", ["Béla"]), ("Cili", ["Cili"])]},
                 id="diszitett for three"),
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-3-name": "Dóra",
                  "options-black_zsoli_canasta_bonus": "1000", "title": "Friday"},
                 {"variant": "diszitett", "sides": [("Anna", ["Anna"]), ("Dóra", ["Dóra"])], "title": "Friday",
                  "options.black_zsoli_canasta_bonus": "1000"},
                 id="empty rows are skipped, options and title kept"),
    pytest.param({"variant": "international", "sides-0-players-0": "Anna", "sides-0-players-1": "Cili",
                  "sides-1-players-0": "Béla", "sides-1-players-1": "Dani", "sides-1-name": "Boys"},
                 {"variant": "international", "sides": [("Anna & Cili", ["Anna", "Cili"]),
                                                        ("Boys", ["Béla", "Dani"])], "options.players": "4"},
                 id="international partnerships, side name optional"),
    pytest.param({"variant": "international", "options-players": "2", "sides-0-name": "Anna",
                  "sides-1-name": "Béla", "options-two_player_canastas": "1"},
                 {"variant": "international", "sides": [("Anna", ["Anna"]), ("Béla", ["Béla"])],
                  "options.players": "2", "options.two_player_canastas": "1"},
                 id="international for two"),
])
def test_create_match_stores_it_and_redirects_to_the_sheet(app, client, csrf, form, expected):
    response = client.post("/matches", data={"csrf_token": csrf, **form})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert re.fullmatch(r"/m/[A-Za-z0-9_-]{32,}", location)
    stored = stored_match(app, location)
    for key, value in expected.items():
        got = stored["options"][key.split(".", 1)[1]] if key.startswith("options.") else stored[key]
        assert got == value
    assert client.get(location).status_code == 200


@pytest.mark.parametrize("form, field_id, message", [
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna"}, None, "needs 2–6 sides", id="one player"),
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Anna"}, "sides-1-name",
                 "two sides are named 'Anna'", id="same name twice"),
    pytest.param({"variant": "international", "sides-0-players-0": "Anna", "sides-0-players-1": "Béla",
                  "sides-1-players-0": "Béla", "sides-1-players-1": "Dani"}, "sides-1-players-0",
                 "plays in two sides", id="a player in two partnerships"),
    pytest.param({"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla",
                  "options-negative_tax": "sometimes"}, "options-negative_tax", "Not a valid choice",
                 id="option outside its choices"),
    pytest.param({"variant": "diszitett", "sides-0-name": "A" * 81, "sides-1-name": "Béla"}, "sides-0-name",
                 "80", id="name too long"),
])
def test_invalid_new_match_is_a_400_with_the_error_at_its_field_and_input_kept(app, client, csrf, form, field_id,
                                                                                message):
    response = client.post("/matches", data={"csrf_token": csrf, **form})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    if field_id:
        assert message in field_error(html, field_id)
    else:
        assert message in text(html[html.index('id="new-match"'):html.index("2. Players")])
    for key, value in form.items():
        if key.startswith("sides-"):
            assert f'value="{value}"' in html                          # what was typed is still there
    assert match_count(app) == 0


def test_unknown_variant_in_the_post_is_a_400(app, client, csrf):
    response = client.post("/matches", data={"csrf_token": csrf, "variant": "poker", "sides-0-name": "A"})
    assert response.status_code == 400
    assert "unknown variant" in text(response.get_data(as_text=True))
    assert match_count(app) == 0


@pytest.mark.parametrize("path, form", [
    ("/matches", {"variant": "diszitett", "sides-0-name": "Anna", "sides-1-name": "Béla"}),
    ("/lang", {"lang": "hu"}),
])
def test_post_without_csrf_token_is_refused(app, client, path, form):
    response = client.post(path, data=form)
    assert response.status_code == 400
    assert match_count(app) == 0
    assert "lang=" not in response.headers.get("Set-Cookie", "")


def test_post_with_a_wrong_csrf_token_is_refused(app, client, csrf):
    response = client.post("/matches", data={"csrf_token": csrf[:-4] + "AAAA", "variant": "diszitett",
                                             "sides-0-name": "Anna", "sides-1-name": "Béla"})
    assert response.status_code == 400
    assert match_count(app) == 0


def test_pages_use_no_inline_script_or_style(client):
    html = client.get("/?variant=international").get_data(as_text=True)
    assert "<style" not in html and " style=" not in html
    assert re.findall(r"<script(?![^>]*\ssrc=)", html) == []

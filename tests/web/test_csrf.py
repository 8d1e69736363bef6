"""CSRF on every form (issue 3, Safety): every route of the app that takes a POST, found from the URL map so a
new route cannot be forgotten, refuses a form without a valid token and changes nothing. The JSON API takes only
application/json bodies, which a cross-site HTML form cannot send: a form-encoded POST to it is refused too."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.store import matches
from scorekeeper.store.models import Match

pytestmark = pytest.mark.storage

MUTATING = {"POST", "PUT", "PATCH", "DELETE"}


def form_routes(app) -> list[tuple[str, str, str]]:
    return sorted((rule.endpoint, rule.rule, sorted(rule.methods & MUTATING)[0])
                  for rule in app.url_map.iter_rules() if rule.methods & MUTATING)


@pytest.fixture
def match(app):
    with app.extensions["scorekeeper_sessions"]() as session:
        found = matches.create_match(session, variant="diszitett", options=None,
                                     sides=[{"name": "Anna"}, {"name": "Béla"}])
        matches.add_hand(session, found, {"mode": "cards", "sides": [
            {"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
            {"name": "Béla", "hand": "5 5"}]}, based_on=found.version)
        return {"token": found.edit_token, "version": found.version}


def url_of(rule: str, match: dict) -> str:
    return rule.replace("<token>", match["token"]).replace("<int:number>", "1")


def test_the_url_map_has_the_form_routes_we_expect(app):
    endpoints = {endpoint for endpoint, _rule, _method in form_routes(app)}
    assert {"home.create_match", "home.set_language", "match.undo", "entry.new_hand", "entry.edit_hand",
            "checker.checker", "files.import_match", "api.add_hand", "api.edit_hand", "api.undo"} <= endpoints


@pytest.mark.parametrize("token", [None, "not-a-token"], ids=["no token", "forged token"])
def test_every_form_route_refuses_a_post_without_a_valid_token_and_changes_nothing(app, client, match, token):
    data = {"version": str(match["version"]), "confirm": "1", "variant": "diszitett", "sides-0-name": "X",
            "sides-1-name": "Y", "lang": "hu", "cards": "K K K", "side0-melds": "Q Q Q"}
    if token:
        data["csrf_token"] = token
    checked = 0
    for endpoint, rule, method in form_routes(app):
        if endpoint.startswith("api."):
            continue
        response = client.open(url_of(rule, match), method=method, data=data)
        assert response.status_code == 400, (endpoint, response.status_code)
        assert "CSRF" in response.get_data(as_text=True), endpoint
        checked += 1
    assert checked >= 7
    assert client.get_cookie("lang") is None                                  # the switch did not stick
    with app.extensions["scorekeeper_sessions"]() as session:
        stored = matches.find_match(session, match["token"], editable=True)
        assert stored.version == match["version"] and len(matches.current_entries(stored)) == 1
        assert len(session.scalars(select(Match)).all()) == 1   # no match created or imported


def test_every_api_route_refuses_a_cross_site_form_post(app, client, match):
    checked = 0
    for endpoint, rule, method in form_routes(app):
        if not endpoint.startswith("api."):
            continue
        response = client.open(url_of(rule, match), method=method,
                               data={"version": str(match["version"]), "variant": "diszitett"})
        assert response.status_code in (400, 415), (endpoint, response.status_code)
        checked += 1
    assert checked >= 5
    with app.extensions["scorekeeper_sessions"]() as session:
        assert session.scalars(select(Match.version)).all() == [match["version"]]

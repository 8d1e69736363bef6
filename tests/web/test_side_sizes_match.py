"""A new match of an even form seats each side's share (matches.create_match, POST /api/v1/matches and the
new-match form): seed 003 003_a7945a279b9f9fe4.txt l. 45 seats six as 3 + 3 or 2 + 2 + 2, never 3 + 2 + 1."""

import pytest
from sqlalchemy import func, select

from scorekeeper.store import matches
from scorekeeper.store.models import Match
from scorekeeper.rules import RecordError

pytestmark = pytest.mark.storage

API = "/api/v1"


def _sides(*sizes):
    return [{"name": f"S{i}", "players": [f"p{i}{k}" for k in range(n)]} for i, n in enumerate(sizes)]


def _count(app):
    with app.extensions["scorekeeper_sessions"]() as session:
        return session.scalar(select(func.count(Match.id)))


@pytest.mark.parametrize("sizes, field, message", [
    ((3, 2, 1), "sides[0].players", "played by 3 sides of 2 players; side 'S0' has 3"),
    ((2, 3, 1), "sides[1].players", "played by 3 sides of 2 players; side 'S1' has 3"),
])
def test_create_match_l45_refuses_uneven_sides_naming_the_side(app, sizes, field, message):
    with app.extensions["scorekeeper_sessions"]() as session:
        with pytest.raises(RecordError) as caught:
            matches.create_match(session, variant="classic_fr", options={"players": "6"}, sides=_sides(*sizes))
    assert caught.value.field == field and message in str(caught.value)
    assert _count(app) == 0


@pytest.mark.parametrize("variant, options, sizes", [
    ("classic_fr", {"players": "6"}, (3, 3)),
    ("classic_fr", {"players": "6"}, (2, 2, 2)),
    ("pennies_from_heaven", {}, (3, 3)),
    ("pennies_from_heaven", {"sides": "three_of_two"}, (2, 2, 2)),
    ("international", {"players": "5"}, (3, 2)),
])
def test_create_match_keeps_the_even_and_uneven_forms(app, variant, options, sizes):
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.create_match(session, variant=variant, options=options, sides=_sides(*sizes))
        assert [len(s.players) for s in match.sides] == list(sizes)


def test_api_create_match_l45_uneven_sides_is_400_naming_the_side(client, app):
    response = client.post(f"{API}/matches", json={"variant": "classic_fr", "options": {"players": "6"},
                                                   "sides": _sides(3, 2, 1)})
    assert response.status_code == 400, response.get_data(as_text=True)
    error = response.json["error"]
    assert error["field"] == "sides[0].players"
    assert "side 'S0' has 3" in error["message"]
    assert _count(app) == 0

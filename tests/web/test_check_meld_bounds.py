"""Issue 19, "no request costs more than a bounded amount of work": a meld check reads at most what a real opening
holds. 120,000 one-card melds sent as text took 9.7–18.4 s and answered 25 MB, since every meld got a verdict of
its own. Now the text is bounded before it is split (2,000 characters, as any card string), the melds by the deck
÷ the smallest meld and the cards by the deck (``canasta.limits.opening_melds``), on every front alike: the API's
check-meld, a match's, the checker page, a match's checker page (the CLI: tests/cli/test_check_meld_bounds_cli.py).
The work is asserted as cards read, never as time."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import cards as cards_module

API = "/api/v1"
# The request: 120,000 one-card melds, one a line as the checker's text box sends them.
FLOOD = "\n".join(["K"] * 120_000)
# Under 2,000 characters, yet past díszített's 37 melds (112 cards ÷ 3) and past its 112 cards.
MELDS_PAST = " | ".join(["K K K"] * 38)
CARDS_PAST = " ".join(["K"] * 113)


@pytest.fixture
def cards_read(monkeypatch):
    """How many card tokens were read (parse_cards reads each through parse_card)."""
    count = [0]
    real = cards_module.parse_card

    def counted(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(cards_module, "parse_card", counted)
    return count


def _csrf(client, path: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', client.get(path).get_data(as_text=True)).group(1)


def _match(client) -> str:
    return client.post(f"{API}/matches", json={"variant": "diszitett",
                                                "sides": [{"name": "Anna"}, {"name": "Béla"}]}).json["edit_token"]


@pytest.mark.parametrize("sent, says", [(FLOOD, "at most 2000 characters"), (MELDS_PAST, "at most 37 melds"),
                                        (CARDS_PAST, "at most 112 cards"), (["K"] * 113, "at most 112 entries")],
                         ids=["120000 melds as text", "38 melds", "113 cards", "113 tokens as a list"])
def test_api_check_meld_refuses_more_than_an_opening_holds_naming_cards(client, cards_read, sent, says):
    for path, body in ((f"{API}/check-meld", {"variant": "diszitett", "cards": sent}),
                       (f"{API}/matches/{_match(client)}/check-meld", {"cards": sent})):
        response = client.post(path, json=body)
        assert response.status_code == 400, (path, response.status_code)
        assert response.json["error"]["field"] == "cards" and says in response.json["error"]["message"]
        assert len(response.data) < 2000                        # the answer stays small, not 25 MB
    assert cards_read[0] <= 2 * 113                             # nothing past one deck was ever read


def test_an_opening_of_the_most_melds_still_gets_its_verdict(client):
    most = " | ".join(["K K K"] * 37)           # díszített: 112 cards ÷ 3, the deck's worth of three-card melds
    response = client.post(f"{API}/check-meld", json={"variant": "diszitett", "cards": most})
    assert response.status_code == 200 and len(response.json["melds"]) == 37


@pytest.mark.parametrize("path", ["/checker", "match"])
def test_checker_pages_show_the_bound_at_the_cards_field(client, cards_read, path):
    if path == "match":
        path = f"/m/{_match(client)}/checker"
    response = client.post(path, data={"csrf_token": _csrf(client, path), "variant": "diszitett", "cards": FLOOD})
    assert response.status_code == 400
    error = re.search(r'id="cards-error"[^>]*>([^<]*)<', response.get_data(as_text=True)).group(1)
    assert "2000" in error
    assert cards_read[0] == 0

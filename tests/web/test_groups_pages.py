"""A group's pages (issue 24): made from a form, a roster the new-match page offers and fills, a typo taken as
the roster's player and said so, an existing match added by its edit link, merges, a read-only view without a
single form, bad links 404, limits 4xx, names escaped."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.store import groups
from test_api import new_match
from test_entry import create, text

pytestmark = pytest.mark.storage


def make_group(client, csrf, name="Vasárnap") -> str:
    response = client.post("/groups", data={"csrf_token": csrf, "name": name})
    assert response.status_code == 303, text(response.get_data(as_text=True))
    return response.headers["Location"].rsplit("/", 1)[1]


def roster_of(html: str) -> list[str]:
    block = html[html.index('class="roster"'):]
    block = block[:block.index("</ul>")]
    return [unescape(n) for n in re.findall(r"<li>([^<]*)</li>", block)]


def test_a_group_is_made_from_its_form_and_its_page_offers_to_start_a_match(client, csrf):
    assert "Name of the group" in client.get("/groups").get_data(as_text=True)
    token = make_group(client, csrf)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "<h1>Vasárnap</h1>" in page and f"/?group={token}" in page
    assert "QR code" in page and "No matches yet." in page


def test_the_roster_comes_from_the_matches_started_in_the_group_and_the_player_fields_offer_it(client, csrf):
    token = make_group(client, csrf)
    create(client, csrf, names=("Béla", "Anna"), group=token)
    form = client.get(f"/?group={token}").get_data(as_text=True)
    assert '<datalist id="group-roster"><option value="Anna"><option value="Béla"></datalist>' in form
    assert 'list="group-roster"' in form and f'name="group" value="{token}"' in form
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert roster_of(page) == ["Anna", "Béla"] and "Being played" in page


def test_a_typo_of_a_roster_name_is_that_player_and_the_sheet_says_so(client, csrf):
    token = make_group(client, csrf)
    create(client, csrf, names=("Béla", "Anna"), group=token)
    sheet = create(client, csrf, names=("Bela", "Anan"), group=token)
    shown = text(client.get(f"/m/{sheet}").get_data(as_text=True))
    assert "“Bela” became “Béla”" in shown and "“Anan” became “Anna”" in shown
    assert roster_of(client.get(f"/g/{token}").get_data(as_text=True)) == ["Anna", "Béla"]


def test_an_existing_match_is_added_by_its_edit_link_from_the_group_page(client, csrf):
    token = make_group(client, csrf)
    match = new_match(client, sides=[{"name": "Cili"}, {"name": "Dóra"}], title="Old <b>one</b>")
    refused = client.post(f"/g/{token}/add", data={"csrf_token": csrf, "match": match["urls"]["view"]})
    assert refused.status_code == 404 and "needs its edit link" in text(refused.get_data(as_text=True))
    added = client.post(f"/g/{token}/add", data={"csrf_token": csrf, "match": match["urls"]["sheet"]},
                        follow_redirects=True)
    page = added.get_data(as_text=True)
    assert "Old &lt;b&gt;one&lt;/b&gt; was added to the group." in page and "<b>one" not in page
    assert roster_of(page) == ["Cili", "Dóra"]


def test_merging_two_names_of_one_person_leaves_one_on_the_roster(client, csrf, app):
    token = make_group(client, csrf)
    create(client, csrf, names=("Béla", "Anna"), group=token)
    create(client, csrf, names=("Belus", "Anna"), group=token)
    with app.extensions["scorekeeper_sessions"]() as session:
        ids = {p.name: p.id for p in groups.roster(groups.find_group(session, token, editable=True))}
    page = client.post(f"/g/{token}/merge", data={"csrf_token": csrf, "merged": ids["Belus"], "into": ids["Béla"]},
                       follow_redirects=True).get_data(as_text=True)
    assert roster_of(page) == ["Anna", "Béla"] and "now one player: Béla" in page
    same = client.post(f"/g/{token}/merge", data={"csrf_token": csrf, "merged": ids["Anna"], "into": ids["Anna"]})
    assert same.status_code == 400


def test_the_read_only_link_shows_the_group_and_cannot_edit_it(client, csrf, app):
    token = make_group(client, csrf)
    create(client, csrf, names=("Béla", "Anna"), group=token)
    with app.extensions["scorekeeper_sessions"]() as session:
        view = groups.find_group(session, token, editable=True).view_token
    page = client.get(f"/gv/{view}").get_data(as_text=True)
    assert roster_of(page) == ["Anna", "Béla"] and "/g/" not in page and token not in page
    for action in ("add", "merge", "rename"):
        assert client.post(f"/g/{view}/{action}", data={"csrf_token": csrf}).status_code == 404
    assert client.get(f"/g/{view}").status_code == 404
    assert client.get(f"/?group={view}").get_data(as_text=True).count("group-roster") == 0


@pytest.mark.parametrize("token", ["nope", "x" * 200, "a.b"])
def test_a_bad_group_link_is_404(client, token):
    assert client.get(f"/g/{token}").status_code == 404
    assert client.get(f"/gv/{token}").status_code == 404


def test_group_limits_are_4xx_with_the_reason_at_the_field(client, csrf, monkeypatch):
    assert client.post("/groups", data={"csrf_token": csrf, "name": ""}).status_code == 400
    assert client.post("/groups", data={"csrf_token": csrf, "name": "x" * 1001}).status_code == 400
    token = make_group(client, csrf, "<script>x</script>")
    assert "&lt;script&gt;x&lt;/script&gt;" in client.get(f"/g/{token}").get_data(as_text=True)
    monkeypatch.setattr(groups, "MAX_MATCHES", 1)
    create(client, csrf, names=("Béla", "Anna"), group=token)
    match = new_match(client)
    full = client.post(f"/g/{token}/add", data={"csrf_token": csrf, "match": match["edit_token"]})
    assert full.status_code == 409 and "the most one group can hold" in text(full.get_data(as_text=True))


@pytest.mark.parametrize("lang", ["hu", "fr", "sv"])
def test_every_group_page_and_answer_speaks_the_page_language(client, csrf, app, lang):
    """Issue 23: every word of the group's pages, its read-only view, its errors and the notes of a started match
    in the page's language (the sweep's catalogue fragments)."""
    from sweep_pages import english_fragments, english_on

    heard = {"Accept-Language": lang}
    fragments = english_fragments(lang)
    token = make_group(client, csrf)
    create(client, csrf, names=("Béla", "Anna"), group=token)
    typo = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett", "group": token,
                                         "sides-0-name": "Bela", "sides-1-name": "Anna"}, headers=heard)
    with app.extensions["scorekeeper_sessions"]() as session:
        view = groups.find_group(session, token, editable=True).view_token
    pages = {"sheet with a renamed player": client.get(typo.headers["Location"], headers=heard),
             "new group": client.get("/groups", headers=heard),
             "group": client.get(f"/g/{token}", headers=heard),
             "read-only group": client.get(f"/gv/{view}", headers=heard),
             "new match in the group": client.get(f"/?group={token}", headers=heard),
             "no such group": client.get("/g/nope", headers=heard),
             "empty name": client.post("/groups", data={"csrf_token": csrf, "name": ""}, headers=heard),
             "add by the read-only link": client.post(f"/g/{token}/add", data={"csrf_token": csrf, "match": "x"},
                                                      headers=heard),
             "merge one name into itself": client.post(f"/g/{token}/merge", data={
                 "csrf_token": csrf, "merged": "1", "into": "1"}, headers=heard)}
    seen = {}
    for name, response in pages.items():
        page = response.get_data(as_text=True)
        assert f'<html lang="{lang}"' in page, name
        if english := english_on(page, fragments):
            seen[name] = english
    assert not seen, seen
    assert "“Bela”" not in pages["sheet with a renamed player"].get_data(as_text=True)


def test_a_rematch_of_a_groups_match_is_in_the_group_too(client, csrf):
    token = make_group(client, csrf)
    sheet = create(client, csrf, names=("Béla", "Anna"), group=token)
    response = client.post(f"/m/{sheet}/rematch", data={"csrf_token": csrf})
    assert response.status_code == 303
    rematch = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert f"/m/{rematch}" in page and f"/m/{sheet}" in page

"""The matches opened on this phone (home page), the sheet's share box with QR codes, and Rematch (issue 11,
item 3). The list lives in a signed cookie; its rows are read back through the client like a phone would."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import segno
from sqlalchemy import select

from scorekeeper.store import matches
from scorekeeper.store.models import Match
from scorekeeper.display.qr import ERROR_LEVEL
from scorekeeper.web.match import recent

pytestmark = pytest.mark.storage

ONE_HAND = {"mode": "cards", "sides": [
    {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"},
    {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}]}


def new_match(db, names=("Anna", "Béla"), hands=(), **kwargs):
    match = matches.create_match(db, variant=kwargs.pop("variant", "diszitett"), options=kwargs.pop("options", None),
                                 sides=[{"name": n} for n in names], **kwargs)
    for hand in hands:
        matches.add_hand(db, match, hand, based_on=match.version)
    return match


def opened(page: str) -> list[str]:
    """The links of the home page's list of matches on this phone, in order."""
    section = re.search(r'<section class="card" id="recent".*?</section>', page, re.S)
    return re.findall(r'<a href="(/[mv]/[^"]+)">', section.group(0)) if section else []


def cookie(client) -> str:
    found = client.get_cookie(recent.COOKIE)
    return found.value if found else ""


def home(client, **headers) -> str:
    response = client.get("/", headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


# ------------------------------------------------------------------------------------------ the list

def test_the_list_says_when_each_match_was_last_played_in_both_languages(client, db):
    from datetime import datetime

    from scorekeeper.store.models import HandEvent

    played, fresh = new_match(db, hands=[ONE_HAND]), new_match(db, names=("Cili", "Dani"))
    played.created_at = datetime(2026, 3, 1, 20, 0)
    db.scalars(select(HandEvent).where(HandEvent.match_id == played.id)).one().created_at = \
        datetime(2026, 3, 7, 22, 30, 5)                  # the last save, not the start, is when it was played
    fresh.created_at = datetime(2026, 4, 2, 23, 59)
    db.commit()
    client.get(f"/m/{played.edit_token}")
    client.get(f"/m/{fresh.edit_token}")
    page = home(client)
    rows = re.findall(r'<span class="recent-when">(.*?)</span>', page, re.S)
    assert [re.sub(r"\s+", " ", row).strip() for row in rows] == [
        'started <time datetime="2026-04-02T23:59:00Z" data-local="date">Apr 2, 2026</time>',
        'last played <time datetime="2026-03-07T22:30:05Z" data-local="date">Mar 7, 2026</time>']
    assert "localtime.js" in page                      # redrawn in the phone's zone
    hu = re.sub(r"\s+", " ", home(client, **{"Accept-Language": "hu"}))
    assert "kezdés: <time" in hu and ">2026. ápr. 2.</time>" in hu
    assert "utoljára játszva: <time" in hu and ">2026. márc. 7.</time>" in hu


def test_a_phone_that_opened_no_match_has_no_list(client):
    assert 'id="recent"' not in home(client)


def test_the_list_shows_the_matches_opened_most_recent_first_with_players_and_totals(client, db):
    first, second = new_match(db, hands=[ONE_HAND]), new_match(db, names=("Cili", "Dani"), title="Friday")
    client.get(f"/m/{first.edit_token}")
    client.get(f"/m/{second.edit_token}")
    page = home(client)
    assert opened(page) == [f"/m/{second.edit_token}", f"/m/{first.edit_token}"]
    assert "Friday" in page and "Cili <strong>0</strong>" in page
    # The seed's worked example: Anna 1015, Béla 570 after one hand.
    assert "Anna <strong>1,015</strong>" in page and "Béla <strong>570</strong>" in page and "1 hand" in page
    client.get(f"/m/{first.edit_token}")                # opened again: first again
    assert opened(home(client)) == [f"/m/{first.edit_token}", f"/m/{second.edit_token}"]


def test_the_cookie_keeps_a_bounded_number_of_links_and_stays_small(client, db):
    made = [new_match(db) for _ in range(recent.MOST + 3)]
    for match in made:
        client.get(f"/m/{match.edit_token}")
    assert len(cookie(client)) < 1200
    links = opened(home(client))
    assert links == [f"/m/{m.edit_token}" for m in reversed(made)][:recent.MOST]


def test_a_view_link_adds_only_the_view_link_and_never_replaces_an_edit_link(client, db):
    watched, played = new_match(db), new_match(db)
    client.get(f"/v/{watched.view_token}")
    page = home(client)
    assert opened(page) == [f"/v/{watched.view_token}"] and watched.edit_token not in page
    assert watched.edit_token not in cookie(client)
    assert "read-only" in page
    client.get(f"/m/{played.edit_token}")
    client.get(f"/v/{played.view_token}")               # the same match by its view link: one row, the edit link
    assert opened(home(client)) == [f"/m/{played.edit_token}", f"/v/{watched.view_token}"]


def test_a_match_that_is_gone_is_dropped_quietly(app, client, db):
    kept, gone = new_match(db), new_match(db)
    client.get(f"/m/{kept.edit_token}")
    client.get(f"/m/{gone.edit_token}")
    db.delete(db.scalars(select(Match).where(Match.id == gone.id)).one())
    db.commit()
    assert opened(home(client)) == [f"/m/{kept.edit_token}"]
    assert gone.edit_token not in cookie(client)        # the cookie was rewritten without it


@pytest.mark.parametrize("value", ["garbage", "W1sxLHRydWUsImFiYyJdXQ.forged-signature", "x" * 4000])
def test_an_unsigned_or_forged_cookie_is_no_list(client, db, value):
    match = new_match(db)
    client.set_cookie(recent.COOKIE, value)
    assert opened(home(client)) == []
    client.get(f"/m/{match.edit_token}")                # and opening a match starts a fresh list
    assert opened(home(client)) == [f"/m/{match.edit_token}"]


def test_a_cookie_signed_with_another_secret_lists_nothing(app, client, db):
    match = new_match(db)
    from itsdangerous import URLSafeSerializer
    client.set_cookie(recent.COOKIE, URLSafeSerializer("other", salt="recent-matches").dumps(
        [[match.id, True, match.edit_token]]))
    assert opened(home(client)) == []


def test_the_list_in_hungarian(client, db):
    match = new_match(db, hands=[ONE_HAND])
    client.get(f"/m/{match.edit_token}")
    page = home(client, **{"Accept-Language": "hu"})
    assert "Játszmák ezen a telefonon" in page and "1 leosztás" in page
    assert "Matches on this phone" not in page


# ------------------------------------------------------------------------------------------ share box

def qr_codes(page: str) -> dict[str, ET.Element]:
    """Each share box QR code, keyed by the input id of the link it sits under."""
    found = {}
    for block in re.findall(r'<div class="share-link">.*?</details>', page, re.S):
        link_id = re.search(r'<input id="([a-z-]+)"', block).group(1)
        svg = re.search(r"<svg.*?</svg>", block, re.S).group(0)
        found[link_id] = ET.fromstring(svg)
    return found


def encodes(svg: ET.Element, url: str) -> bool:
    """The drawn modules are those of ``url``'s QR code (segno is deterministic for one text and level)."""
    expected = ET.fromstring(segno.make(url, error=ERROR_LEVEL, micro=False).svg_inline(border=2, omitsize=True))
    return svg.find("path").get("d") == expected.find("path").get("d")


def test_the_edit_page_shares_both_links_with_a_qr_code_each(client, db):
    match = new_match(db)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    codes = qr_codes(page)
    assert set(codes) == {"view-link", "edit-link"}
    assert encodes(codes["view-link"], f"http://localhost/v/{match.view_token}")
    assert encodes(codes["edit-link"], f"http://localhost/m/{match.edit_token}")
    assert not encodes(codes["view-link"], f"http://localhost/m/{match.edit_token}")
    for svg in codes.values():                      # under the CSP: no style attribute, a name for screen readers
        assert all("style" not in el.attrib for el in svg.iter())
        assert svg.get("role") == "img" and svg.find("title").text.startswith("QR code of the")
    assert page.count('data-copy="') == 2 and page.count('data-share="') == 2
    assert 'src="/static/share.js?v=' in page and "Rematch" in page


def test_the_view_page_shares_only_the_view_link(client, db):
    match = new_match(db)
    page = client.get(f"/v/{match.view_token}").get_data(as_text=True)
    codes = qr_codes(page)
    assert set(codes) == {"view-link"}
    assert encodes(codes["view-link"], f"http://localhost/v/{match.view_token}")
    assert match.edit_token not in page and "Rematch" not in page and "/rematch" not in page


def test_the_share_box_in_hungarian(client, db):
    match = new_match(db)
    page = client.get(f"/m/{match.edit_token}", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    for word in ("A játszma megosztása", "Másolás", "QR-kód", "Visszavágó", "A szerkesztő link QR-kódja"):
        assert word in page
    for word in ("Share this match", ">Copy<", ">Rematch<"):
        assert word not in page


# ------------------------------------------------------------------------------------------ rematch

def stored(db, token: str) -> Match:
    db.expire_all()
    return db.scalars(select(Match).where(Match.edit_token == token)).one()


def test_rematch_starts_a_new_match_with_the_same_players_variant_and_options(client, db, csrf):
    old = new_match(db, names=("Anna", "Béla", "Cili"), hands=[], title="Friday",
                    options={"black_zsoli_canasta_bonus": "1000"})
    matches.add_hand(db, old, {"mode": "cards", "sides": [ONE_HAND["sides"][0], ONE_HAND["sides"][1],
                                                          {"name": "Cili", "hand": "5"}]}, based_on=0)
    response = client.post(f"/m/{old.edit_token}/rematch", data={"csrf_token": csrf})
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[1]
    new = stored(db, token)
    assert new.id != old.id and {new.edit_token, new.view_token}.isdisjoint({old.edit_token, old.view_token})
    assert (new.variant, new.title, new.options["black_zsoli_canasta_bonus"]) == ("diszitett", "Friday", "1000")
    assert new.options == stored(db, old.edit_token).options
    assert [(s.name, s.players) for s in new.sides] == [("Anna", ["Anna"]), ("Béla", ["Béla"]), ("Cili", ["Cili"])]
    assert new.version == 0 and new.events == []
    assert opened(home(client)) == []                      # landing on it (next GET) puts it in the list
    client.get(response.headers["Location"])
    assert opened(home(client))[0] == f"/m/{token}"


def test_rematch_keeps_partnerships(client, db, csrf):
    old = matches.create_match(db, variant="international", options={"players": "4"}, sides=[
        {"name": "Girls", "players": ["Anna", "Cili"]}, {"name": "Boys", "players": ["Béla", "Dani"]}])
    response = client.post(f"/m/{old.edit_token}/rematch", data={"csrf_token": csrf})
    new = stored(db, response.headers["Location"].rsplit("/", 1)[1])
    assert [(s.name, s.players) for s in new.sides] == [("Girls", ["Anna", "Cili"]), ("Boys", ["Béla", "Dani"])]


def test_rematch_needs_the_csrf_token_and_the_edit_link(client, db, csrf):
    match = new_match(db)
    count = len(db.scalars(select(Match)).all())
    assert client.post(f"/m/{match.edit_token}/rematch").status_code == 400
    assert client.post(f"/m/{match.view_token}/rematch", data={"csrf_token": csrf}).status_code == 404
    assert client.get(f"/m/{match.edit_token}/rematch").status_code == 405
    assert len(db.scalars(select(Match)).all()) == count


def test_rematch_draws_on_the_new_match_budget(tmp_path):
    """A loop on Rematch is a loop creating matches: it meets RATELIMIT_NEW_MATCH like the form and the API."""
    from scorekeeper import create_app
    from scorekeeper.store.db import init_db
    from web_helpers import csrf_from

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'limit.sqlite'}",
                      "SECRET_KEY": "t", "RATELIMIT_ENABLED": True, "RATELIMIT_NEW_MATCH": "2 per minute"})
    init_db(app, drop=True)
    with app.extensions["scorekeeper_sessions"]() as db:
        token = new_match(db).edit_token
    client = app.test_client()
    csrf = csrf_from(client.get(f"/m/{token}").get_data(as_text=True))
    statuses = [client.post(f"/m/{token}/rematch", data={"csrf_token": csrf}).status_code for _ in range(3)]
    app.extensions["scorekeeper_engine"].dispose()
    assert statuses == [303, 303, 429]


def rematch_form(client, token: str) -> dict[str, str]:
    page = client.get(f"/m/{token}").get_data(as_text=True)
    form = re.search(r'<form class="rematch".*?</form>', page, re.S).group(0)
    return dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))


def test_a_double_tap_on_rematch_starts_one_match(client, db, csrf):
    old = new_match(db)
    before = len(db.scalars(select(Match)).all())
    form = rematch_form(client, old.edit_token)
    first = client.post(f"/m/{old.edit_token}/rematch", data=form)
    second = client.post(f"/m/{old.edit_token}/rematch", data=form)            # the same form again
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    db.expire_all()
    assert len(db.scalars(select(Match)).all()) == before + 1
    token = first.headers["Location"].rsplit("/", 1)[1]
    assert token not in (old.edit_token, old.view_token) and len(token) >= 32     # as unguessable as any link


def test_each_served_sheet_has_a_rematch_key_of_its_own_so_a_later_rematch_is_a_new_match(client, db, csrf):
    old = new_match(db)
    one, two = rematch_form(client, old.edit_token), rematch_form(client, old.edit_token)   # one remembered page
    assert one["rematch_key"] != two["rematch_key"]
    assert "rematch-key-" not in client.get(f"/m/{old.edit_token}").get_data(as_text=True)
    first = client.post(f"/m/{old.edit_token}/rematch", data=one).headers["Location"]
    second = client.post(f"/m/{old.edit_token}/rematch", data=two).headers["Location"]
    assert first != second
    # a key is bound to its match: the same key on another match's form starts that match's own rematch
    other = new_match(db)
    third = client.post(f"/m/{other.edit_token}/rematch", data=one).headers["Location"]
    assert third not in (first, second)
    db.expire_all()
    assert stored(db, third.rsplit("/", 1)[1]).sides[0].name == other.sides[0].name


def test_a_rematch_racing_its_copy_lands_on_the_match_the_copy_stored(client, db, csrf, monkeypatch):
    from scorekeeper.web.match import views as match_views

    old = new_match(db)
    form = rematch_form(client, old.edit_token)
    found = iter([None])            # the copy's match is not there yet when looked for, then it is committed
    real = match_views.find_match
    monkeypatch.setattr(match_views, "find_match",
                        lambda session, token, editable: next(found, real(session, token, editable=editable)))
    first = client.post(f"/m/{old.edit_token}/rematch", data=form).headers["Location"]
    found = iter([None])
    second = client.post(f"/m/{old.edit_token}/rematch", data=form)
    assert second.status_code == 303 and second.headers["Location"] == first
    db.expire_all()
    assert len([m for m in db.scalars(select(Match)).all() if m.edit_token == first.rsplit("/", 1)[1]]) == 1


def test_a_rematch_keeps_the_house_rules(client, db, csrf):
    """Issue 13: a family that plays its own numbers plays them again in the rematch."""
    house = {"canastas": {"red_canasta": {"bonus": 450}}, "opening": {"minimums": [
        {"from": -1_000_000_000, "minimum": 90}]}}
    old = matches.create_match(db, variant="diszitett", options=None, house=house, house_name="Nagyi",
                               sides=[{"name": "Anna"}, {"name": "Béla"}])
    response = client.post(f"/m/{old.edit_token}/rematch", data={"csrf_token": csrf})
    new = stored(db, response.headers["Location"].rsplit("/", 1)[1])
    assert matches.house_of(new) == matches.house_of(old)
    assert matches.house_of(new)["name"] == "Nagyi" and new.rules_hash == old.rules_hash

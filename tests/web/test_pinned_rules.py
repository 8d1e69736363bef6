"""Every match is pinned to its rules (issue 10): an edit of the tables (SCOREKEEPER_RULES_REF, here a changed copy
of rules_ref) never changes an existing match — its sheet, its PDF and its export keep their totals — while a new
match is played under the new numbers; export → import carries the rules, and a tampered file is refused."""

from __future__ import annotations

import json
import shutil

import pytest
from sqlalchemy import func, select

from scorekeeper.store import matches, replays, transfer
from scorekeeper.store.models import Match
from scorekeeper.rules import RecordError
from scorekeeper.rules.tables import variants
from scorekeeper.rules.tables.pinned import canonical, digest, pin
from test_api import API, README_HAND
from test_transfer import upload

pytestmark = pytest.mark.storage

SIDES = [{"name": "Anna"}, {"name": "Béla"}]
OLD_TOTALS = {"Anna": 1015, "Béla": 570}           # Béla goes out: 100 for going out, in today's diszitett table
NEW_TOTALS = {"Anna": 1015, "Béla": 620}           # the 570 → 620, once going out is worth 150


@pytest.fixture
def tables(tmp_path, monkeypatch):
    """A copy of rules_ref the app reads (as SCOREKEEPER_RULES_REF would name it), and a way to change it."""
    folder = tmp_path / "rules_ref"
    shutil.copytree(variants.RULES_REF, folder)
    monkeypatch.setattr(variants, "RULES_REF", folder)
    monkeypatch.setattr(variants, "_RULES_CACHE", {})
    variants.registry.cache_clear()

    def change(name: str, old: str | None = None, new: str = "") -> None:
        """Replace ``old`` by ``new`` in table ``name`` (``old`` None: delete the table), then reload."""
        path = folder / name
        if old is None:
            path.unlink()
        else:
            text = path.read_text(encoding="utf-8")
            assert text.count(old) == 1, old
            path.write_text(text.replace(old, new), encoding="utf-8")
        variants._RULES_CACHE.clear()          # the tables reloaded, as a restarted server reads them
        variants.registry.cache_clear()
        replays._sheets.clear()                # and nothing remembered from before: every sheet is replayed
        replays._replays.clear()

    yield change
    variants.registry.cache_clear()


def new_match(client) -> str:
    created = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": SIDES})
    assert created.status_code == 201, created.json
    token = created.json["edit_token"]
    saved = client.post(f"{API}/matches/{token}/hands", json={"version": 0, "hand": README_HAND})
    assert saved.status_code == 201, saved.json
    return token


def sheet(client, token: str) -> dict:
    response = client.get(f"{API}/matches/{token}")
    assert response.status_code == 200
    return response.json


def pdf_context(app, token: str) -> tuple[dict[str, str], int]:
    """What the PDF sheet prints for the match behind ``token``: each standing's total, and its rules' out bonus."""
    from scorekeeper import pdf
    from scorekeeper.fronts import front_of

    with app.test_request_context(), app.extensions["scorekeeper_sessions"]() as session:
        match = matches.find_match(session, token, editable=True)
        rules = matches.rules_of(match)
        context = pdf.sheet_context(matches.scoresheet(match), rules, None, front_of(rules).pdf_sheet)
        return {s["name"]: s["total"] for s in context["standings"]}, context["rules"].out_bonus


def test_changing_a_bonus_in_the_tables_leaves_an_existing_match_as_it_was(app, client, tables):
    token = new_match(client)
    assert sheet(client, token)["totals"] == OLD_TOTALS
    before_export = client.get(f"/m/{token}/export.json").json

    tables("diszitett.toml", "[going_out]\nout = 100", "[going_out]\nout = 150")
    assert variants.get_rules("diszitett").out_bonus == 150          # the tables did change

    assert sheet(client, token)["totals"] == OLD_TOTALS              # the sheet
    assert pdf_context(app, token) == ({n: f"{t:,}" for n, t in OLD_TOTALS.items()}, 100)   # the PDF, grouped
    exported = client.get(f"/m/{token}/export.json").json           # the export
    assert exported["rules"] == before_export["rules"] and exported["rules"]["table"]["going_out"]["out"] == 100
    # A hand added now is scored under the match's rules too.
    saved = client.post(f"{API}/matches/{token}/hands", json={"version": 1, "hand": README_HAND})
    assert saved.json["totals"] == {"Anna": 2030, "Béla": 1140}

    fresh = new_match(client)                                        # a new match: the new number
    assert sheet(client, fresh)["totals"] == NEW_TOTALS


def test_export_and_import_keep_the_totals_after_the_tables_changed(app, client, tables):
    token = new_match(client)
    exported = client.get(f"/m/{token}/export.json").json
    assert exported["rules_hash"] == pin("diszitett", {})[1]
    tables("diszitett.toml", "[going_out]\nout = 100", "[going_out]\nout = 150")

    imported = upload(client, json.dumps(exported, ensure_ascii=False))
    assert imported.status_code == 303
    new_token = imported.headers["Location"].rsplit("/", 1)[1]
    assert sheet(client, new_token)["totals"] == OLD_TOTALS
    assert sheet(client, new_token)["match"]["rules_hash"] == exported["rules_hash"]
    again = client.get(f"/m/{new_token}/export.json").json          # and round again: the very same rules
    assert (again["rules"], again["rules_hash"]) == (exported["rules"], exported["rules_hash"])


def test_an_export_without_rules_is_played_under_todays_tables(app, client, tables):
    exported = client.get(f"/m/{new_match(client)}/export.json").json
    del exported["rules"], exported["rules_hash"]                   # as written before matches were pinned
    tables("diszitett.toml", "[going_out]\nout = 100", "[going_out]\nout = 150")
    imported = upload(client, json.dumps(exported, ensure_ascii=False))
    assert imported.status_code == 303
    assert sheet(client, imported.headers["Location"].rsplit("/", 1)[1])["totals"] == NEW_TOTALS


def test_an_import_of_a_variant_this_server_does_not_have_works_from_its_rules(app, client, tables):
    exported = client.get(f"/m/{new_match(client)}/export.json").json
    tables("diszitett.toml")                                          # the table is gone
    with pytest.raises(RecordError):
        variants.get_variant("diszitett")
    imported = upload(client, json.dumps(exported, ensure_ascii=False))
    assert imported.status_code == 303
    token = imported.headers["Location"].rsplit("/", 1)[1]
    assert sheet(client, token)["totals"] == OLD_TOTALS
    for page in ("", "/hands/new", "/hands/1/edit", "/hands/1", "/hands/1/revisions", "/sheet.pdf", "/export.json"):
        assert client.get(f"/m/{token}{page}").status_code == 200, page


def count(app) -> int:
    with app.extensions["scorekeeper_sessions"]() as session:
        return session.scalar(select(func.count()).select_from(Match))


@pytest.mark.parametrize("tamper", [
    pytest.param(lambda d: d["rules"]["table"]["going_out"].update(out=150), id="a bonus changed"),
    pytest.param(lambda d: d.update(rules_hash="f" * 64), id="the hash changed"),
])
def test_an_import_whose_rules_do_not_match_their_hash_is_refused_and_nothing_is_stored(app, client, tamper):
    exported = client.get(f"/m/{new_match(client)}/export.json").json
    tamper(exported)
    before = count(app)
    response = upload(client, json.dumps(exported, ensure_ascii=False))
    page = " ".join(response.get_data(as_text=True).split())
    assert response.status_code == 400
    assert "rules: the rules do not match rules_hash" in page
    assert count(app) == before


def test_a_consistent_but_impossible_rules_document_is_refused_by_the_schema(app, client):
    exported = client.get(f"/m/{new_match(client)}/export.json").json
    exported["rules"]["table"]["melds"]["max_wildz"] = 2
    exported["rules_hash"] = digest(canonical(exported["rules"]))   # a hash made to match: the schema still says no
    before = count(app)
    response = upload(client, json.dumps(exported, ensure_ascii=False))
    assert response.status_code == 400
    assert "rules.table: unknown key melds.max_wildz" in " ".join(response.get_data(as_text=True).split())
    assert count(app) == before
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.validate(exported)
    assert refused.value.part == "rules.table"


def test_the_remembered_sheet_is_keyed_by_the_rules_too(app, client):
    """A sheet is what the log gives under the match's rules: the same token and version under other rules (a
    match row whose rules were rewritten, as a later data migration may do) is replayed, not served from memory."""
    token = new_match(client)
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.find_match(session, token, editable=True)
        assert matches.scoresheet(match)["totals"] == OLD_TOTALS
        document = json.loads(match.rules_json)
        document["table"]["going_out"]["out"] = 150
        match.rules_json = canonical(document)
        match.rules_hash = digest(match.rules_json)
        assert matches.scoresheet(match)["totals"] == NEW_TOTALS
        assert matches.scoresheet(match)["match"]["rules_hash"] == match.rules_hash
        session.rollback()

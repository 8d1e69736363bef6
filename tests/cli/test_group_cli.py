"""``python -m scorekeeper import FILE`` with a group's file (issue 24, "Exports: the group's matches and event as
one file"): the same command that imports a match imports a group with its matches and club nights, printing the
group's new links and each club night's screen; a broken file exits 2 with one line naming the part and stores
nothing, as the API's import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from cli_helpers import run_cli
from scorekeeper import create_app
from scorekeeper.store import events, group_transfer, groups, matches

pytestmark = pytest.mark.storage

WIN = {"name": "Anna & Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}
LOSE = {"name": "Cili & Dani", "melds": ["Q Q Q"], "hand": "4"}


@pytest.fixture(scope="module")
def group_file(tmp_path_factory) -> Path:
    """A group with a club night of one table and one round of one hand, exported through an in-memory app.
    By hand: K×7 a natural canasta 500 + going out 100 + 70 = 670; Q Q Q 30 − a 4's 5 = 25."""
    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "test"})
    with app.test_request_context(), app.extensions["scorekeeper_sessions"]() as session:
        group = groups.create_group(session, "Csütörtök")
        event = events.create_event(session, group, "Klubest", {"tables": 1, "rounds": 1, "variant": "international",
                                                                "seating": "fixed", "hands": 1},
                                    [["Anna", "Béla"], ["Cili", "Dani"]])
        match = event.tables[0].match
        matches.add_hand(session, match, {"mode": "cards", "sides": [WIN, LOSE]}, based_on=match.version)
        path = tmp_path_factory.mktemp("group") / "group.json"
        path.write_text(group_transfer.export_json(session, group), encoding="utf-8")
    app.extensions["scorekeeper_engine"].dispose()
    return path


def counts(url: str) -> list[int]:
    engine = create_engine(url)
    with engine.connect() as conn:
        found = [conn.scalar(text(f"SELECT count(*) FROM {t}")) for t in ("groups", "matches", "events")]
    engine.dispose()
    return found


def test_import_of_a_group_file_stores_the_group_its_matches_and_club_night_and_prints_the_links(tmp_path,
                                                                                                   group_file):
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    proc = run_cli("import", str(group_file), cwd=tmp_path, env={"DATABASE_URL": url})
    assert proc.returncode == 0, proc.stderr
    edit, view, matches_line, night = proc.stdout.strip().splitlines()
    assert edit.startswith("edit: /g/") and view.startswith("view: /gv/") and matches_line == "matches: 1"
    assert night.startswith("club night 'Klubest': screen /e/")
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        group = groups.find_group(session, edit.rsplit("/", 1)[1], editable=True)
        [event] = events.of_group(session, group)
        assert event.token == night.rsplit("/", 1)[1]
        table = events.table_state(events.settings_of(event), event.tables[0])
        assert (table["ns"], table["ew"], table["finished"]) == (670, 25, True)
    app.extensions["scorekeeper_engine"].dispose()


def test_import_of_a_broken_group_file_exits_2_naming_the_part_and_stores_nothing(tmp_path, group_file):
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    data = json.loads(group_file.read_text(encoding="utf-8"))
    data["events"][0]["tables"][0]["match"] = 3
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    proc = run_cli("import", "bad.json", cwd=tmp_path, env={"DATABASE_URL": url})
    assert proc.returncode == 2, proc.stdout
    assert proc.stderr.startswith("error: bad.json: events[0].tables[0].match")
    assert "from 0 to 0" in proc.stderr and proc.stderr.count("\n") == 1
    assert counts(url) == [0, 0, 0]

"""Schema migrations: a database made by the release before migrations (its ``create_all``, no
``alembic_version``) keeps every row and replays the same sheet after the app upgraded it on start; the
migrations build exactly the schema of the models. On SQLite, and on PostgreSQL in .ci/run's second pass."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (JSON, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, UniqueConstraint,
                        create_engine, insert, inspect, select, text)
from sqlalchemy.orm import sessionmaker

from scorekeeper import create_app
from scorekeeper.store import matches, migrate
from scorekeeper.store.db import Base
from scorekeeper.store.models import HandEvent, Match, MatchSide
from scorekeeper.rules.tables.pinned import pin
from test_api import API, BIG_HAND, README_HAND
from web_helpers import empty_database

pytestmark = pytest.mark.storage

# The tables exactly as `git show main:scorekeeper/store/models.py` declared them (what create_all made until now).
OLD = MetaData()
Table("matches", OLD,
      Column("id", Integer, primary_key=True),
      Column("edit_token", String(64), nullable=False, unique=True, index=True),
      Column("view_token", String(64), nullable=False, unique=True, index=True),
      Column("title", String(200), nullable=False),
      Column("variant", String(40), nullable=False),
      Column("options", JSON, nullable=False),
      Column("created_at", DateTime, nullable=False),
      Column("version", Integer, nullable=False))
Table("match_sides", OLD,
      Column("id", Integer, primary_key=True),
      Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"), nullable=False, index=True),
      Column("position", Integer, nullable=False),
      Column("name", String(80), nullable=False),
      Column("players", JSON, nullable=False),
      UniqueConstraint("match_id", "position"))
Table("hand_events", OLD,
      Column("id", Integer, primary_key=True),
      Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"), nullable=False, index=True),
      Column("seq", Integer, nullable=False),
      Column("action", String(10), nullable=False),
      Column("hand_number", Integer, nullable=False),
      Column("entry", JSON, nullable=True),
      Column("created_at", DateTime, nullable=False),
      UniqueConstraint("match_id", "seq"))

OPTIONS = {"black_zsoli_canasta_bonus": "1000"}
# add 1, add 2, edit 1, undo 2, add 2 again: every kind of event, and a hand number used twice.
LOG = [("add", 1, README_HAND), ("add", 2, BIG_HAND), ("edit", 1, BIG_HAND), ("undo", 2, None), ("add", 2, README_HAND)]
WHEN = datetime(2026, 3, 1, 20, 15, 0)


@pytest.fixture
def url(tmp_path):
    """An empty database: a new SQLite file, or the PostgreSQL test database emptied."""
    found = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'old.sqlite'}"
    empty_database(found)
    return found


def old_release_database(url: str) -> dict[str, list[tuple]]:
    """The previous release's database with one match in it; every row, per table."""
    engine = create_engine(url)
    OLD.create_all(engine)
    tables = OLD.tables
    with engine.begin() as connection:
        match_id = connection.execute(insert(tables["matches"]).values(
            edit_token="e" * 32, view_token="v" * 32, title="Vasárnap", variant="diszitett", options=OPTIONS,
            created_at=WHEN, version=len(LOG))).inserted_primary_key[0]
        connection.execute(insert(tables["match_sides"]), [
            {"match_id": match_id, "position": 0, "name": "Anna", "players": ["Anna"]},
            {"match_id": match_id, "position": 1, "name": "Béla", "players": ["Béla"]}])
        connection.execute(insert(tables["hand_events"]), [
            {"match_id": match_id, "seq": seq, "action": action, "hand_number": number, "entry": entry,
             "created_at": WHEN} for seq, (action, number, entry) in enumerate(LOG, start=1)])
    rows = rows_of(engine)
    engine.dispose()
    return rows


TOKEN = "0123456789abcdef0123456789ab"      # a token's 28 characters after its one-letter mark, in seeded rows


def rows(engine, query: str) -> list[tuple]:
    """The rows one SQL query answers, as tuples (the migration tests read a table before and after a revision)."""
    with engine.connect() as connection:
        return [tuple(r) for r in connection.execute(text(query))]


def rows_of(engine) -> dict[str, list[tuple]]:
    with engine.connect() as connection:
        return {name: [tuple(r) for r in connection.execute(select(*table.c).order_by(table.c.id))]
                for name, table in OLD.tables.items()}


def expected_sheet() -> dict:
    """The same log replayed by the current code in a scratch database made from the models."""
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with sessionmaker(engine)() as session:
        match = Match(edit_token="scratch-" + "x" * 20, view_token="scratch-" + "y" * 20, title="Vasárnap",
                      variant="diszitett", options=OPTIONS, created_at=WHEN, version=len(LOG),
                      sides=[MatchSide(position=0, name="Anna", players=["Anna"]),
                             MatchSide(position=1, name="Béla", players=["Béla"])],
                      events=[HandEvent(seq=seq, action=a, hand_number=n, entry=e, created_at=WHEN)
                              for seq, (a, n, e) in enumerate(LOG, start=1)])
        session.add(match)
        session.commit()
        sheet = matches.scoresheet(match)
    engine.dispose()
    return sheet


def schema_differences(engine, metadata) -> list:
    with engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection), metadata)


def test_a_database_of_the_previous_release_is_upgraded_on_start_and_loses_nothing(url, tmp_path):
    before = old_release_database(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x"}, instance_path=str(tmp_path / "i"))
    engine = app.extensions["scorekeeper_engine"]
    try:
        assert rows_of(engine) == before                            # every row of every table, as it was
        with engine.connect() as connection:
            assert migrate.current(connection) == migrate.head()
            assert connection.execute(text("SELECT count(*) FROM hand_events WHERE save_key IS NULL")).scalar() == 5
            assert tuple(connection.execute(text("SELECT rules_json, rules_hash FROM matches")).one()) == \
                pin("diszitett", OPTIONS)                               # pinned to today's tables (0003)
        assert schema_differences(engine, Base.metadata) == []      # and now exactly the models' schema
        client = app.test_client()
        sheet, expected = client.get(f"{API}/matches/{'e' * 32}").json, expected_sheet()
        # the API's hands add who countersigned each (issue 24); an old log has no countersign
        assert [h.pop("confirmed_by") for h in sheet["hands"]] == [[], []]
        for part in ("hands", "totals", "next_opening_minimum", "match_over", "winner", "columns"):
            assert sheet[part] == expected[part], part
        # hand 1 added and corrected: 2; hand 2 added, undone, added again: the new hand 2 has 1 (issue 11: an
        # undone hand of the same number is another hand)
        assert [h["revisions"] for h in sheet["hands"]] == [2, 1]
        saved = client.post(f"{API}/matches/{'e' * 32}/hands", json={"version": 5, "hand": README_HAND},
                            headers={"Idempotency-Key": "after-upgrade"})
        assert saved.status_code == 201 and saved.json["number"] == 3
    finally:
        engine.dispose()


def test_the_first_revision_is_the_previous_release_schema_and_head_is_the_models(url):
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, migrate.FIRST_REVISION)
        assert schema_differences(engine, OLD) == []
        migrate.upgrade(engine)
        assert schema_differences(engine, Base.metadata) == []
        indexes = {i["name"]: i for i in inspect(engine).get_indexes("hand_events")}
        assert indexes["ix_hand_events_match_id_save_key"]["unique"]
    finally:
        engine.dispose()


def test_flask_db_upgrade_and_init_db_work_from_the_command_line(url, tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x"}, instance_path=str(tmp_path / "i"))
    runner = app.test_cli_runner()
    try:
        result = runner.invoke(args=["db", "upgrade"])
        assert result.exit_code == 0 and "head" in result.output
        result = runner.invoke(args=["init-db", "--drop"])
        assert result.exit_code == 0
        with app.extensions["scorekeeper_engine"].connect() as connection:
            assert migrate.current(connection) == migrate.head()
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def test_a_lock_file_left_by_a_dead_process_is_taken_over(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    lock = tmp_path / "db.sqlite.migrate-lock"
    lock.write_text("")
    past = time.time() - migrate.LOCK_STALE - 5
    os.utime(lock, (past, past))
    engine = create_engine(url)
    try:
        migrate.upgrade(engine)
        assert not lock.exists()
        with engine.connect() as connection:
            assert migrate.current(connection) == migrate.head()
    finally:
        engine.dispose()


def test_revision_0003_pins_every_match_to_the_rules_of_todays_tables_and_leaves_a_vanished_variant_unpinned(
        url, tmp_path):
    """A database at 0002 with matches in it: each known variant + options gets today's resolved rules and their
    hash; a match whose variant (or option) no longer exists is left unpinned, its rows untouched, and the
    migration still completes. Its pages answer with the unknown variant (a 4xx, not a 500)."""
    engine = create_engine(url)
    try:
        migrate.upgrade(engine, "0002")
        tables = OLD.tables
        made = [("diszitett", OPTIONS), ("keltis", {}), ("bridge", {}), ("diszitett", {"no_such_option": "1"})]
        with engine.begin() as connection:
            for n, (variant, options) in enumerate(made):
                connection.execute(insert(tables["matches"]).values(
                    edit_token=f"e{n}" * 16, view_token=f"v{n}" * 16, title="", variant=variant, options=options,
                    created_at=WHEN, version=0))
        before = rows_of(engine)
        migrate.upgrade(engine)
        assert rows_of(engine) == before
        with engine.connect() as connection:
            pinned = connection.execute(text("SELECT variant, rules_json, rules_hash FROM matches ORDER BY id")).all()
        assert [tuple(row[1:]) for row in pinned] == [pin("diszitett", OPTIONS), pin("keltis", {}), (None, None),
                                                      (None, None)]
        assert json.loads(pinned[0][1])["table"]["canastas"]["black_zsoli_canasta"]["bonus"] == 1000
    finally:
        engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x"}, instance_path=str(tmp_path / "i"))
    try:
        client = app.test_client()
        assert client.get(f"{API}/matches/{'e0' * 16}").status_code == 200
        for token, field in (("e2" * 16, "variant"), ("e3" * 16, "options.no_such_option")):
            response = client.get(f"{API}/matches/{token}")
            assert (response.status_code, response.json["error"]["field"]) == (400, field), response.json
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def test_revision_0003_downgrades_to_0002_without_the_rules_columns(url):
    from alembic import command

    engine = create_engine(url)
    try:
        migrate.upgrade(engine)
        with engine.begin() as connection:
            command.downgrade(migrate._config(connection), "0002")
        assert {"rules_json", "rules_hash"}.isdisjoint(c["name"] for c in inspect(engine).get_columns("matches"))
        with engine.connect() as connection:
            assert migrate.current(connection) == "0002"
        migrate.upgrade(engine)                                      # and up again
        assert schema_differences(engine, Base.metadata) == []
    finally:
        engine.dispose()

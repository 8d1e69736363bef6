"""The toy rummy as a game family: its schema, hooks and tables folder in one :class:`Family`. Registering it is
one line (:mod:`.plugin`); nothing in the package names it."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.rules.tables.families import Family
from tests.toy_rummy.record import parse_record
from tests.toy_rummy.rules import build_rules, table_problems
from tests.toy_rummy.schema import TOY_RUMMY
from tests.toy_rummy.score import score_hand

FAMILY = Family(name="toy_rummy", schema=TOY_RUMMY, build_rules=build_rules, table_problems=table_problems,
                parse_record=parse_record, score_hand=score_hand, tables=Path(__file__).resolve().parent / "rules_ref")

"""The canasta family: its hooks gathered from the modules that hold them (table, record, scoring)."""

from __future__ import annotations

from scorekeeper.rules.canasta.table import build_canasta_rules, canasta_table_problems
from scorekeeper.rules.tables.families import Family
from scorekeeper.rules.canasta.record import parse_canasta_record
from scorekeeper.rules.canasta.scoring import score_canasta_hand

FAMILY = Family(name="canasta", build_rules=build_canasta_rules, table_problems=canasta_table_problems,
                parse_record=parse_canasta_record, score_hand=score_canasta_hand)

"""Keltis, the card game (seed 001_314e6de91354a961.txt, digest section 3): rules, notation, validation, scoring.

The keltis family's hooks (:data:`FAMILY`, registered in :mod:`scorekeeper.rules`): :func:`build_rules` turns
``rules_ref/keltis.toml`` with its options applied into frozen :class:`KeltisRules` (:func:`table_problems` lists
what contradicts in them); :func:`parse_record` reads a
record of every player's final table; :func:`score_hand` checks it and scores each player at the end of a game.

Notation (issue 5): a colour row is a string of tokens in the order laid — ``0``…``10`` number cards, ``X`` a
closing card, ``G5`` the grey point card of value 5 laid on the row; the neutral grey row is a string of values;
wishing stones are a list of values 1–9. Malformed input raises :class:`RecordError` naming the field and token;
rule violations come back as :class:`Problem` values, and the result is still filled in.

Modules: :mod:`.table` (the rules), :mod:`.record` (notation and records), :mod:`.rows` (one colour row judged),
:mod:`.score` (the game scored).
"""

from __future__ import annotations

from scorekeeper.rules.tables.families import Family
from scorekeeper.rules.keltis.record import (CLOSING, GREY, NUMBER, KeltisRecord, PlayerTable, RowCard, parse_grey_row, parse_record,
                     parse_row, parse_stones)
from scorekeeper.rules.keltis.reference import KELTIS_BLOCKS
from scorekeeper.rules.keltis.schema import KELTIS
from scorekeeper.rules.keltis.rows import RowVerdict, check_row
from scorekeeper.rules.keltis.score import KeltisResult, KeltisSideResult, score_hand
from scorekeeper.rules.keltis.table import Colour, KeltisRules, build_rules, fold, table_problems

FAMILY = Family(name="keltis", schema=KELTIS, build_rules=build_rules, table_problems=table_problems,
                parse_record=parse_record, score_hand=score_hand, reference_blocks=KELTIS_BLOCKS,
                base_tables=("keltis",))

__all__ = ["CLOSING", "GREY", "NUMBER", "Colour", "FAMILY", "KeltisRecord", "KeltisResult", "KeltisRules",
           "KeltisSideResult", "PlayerTable", "RowCard", "RowVerdict", "build_rules", "check_row", "fold",
           "parse_grey_row", "parse_record", "parse_row", "parse_stones", "score_hand", "table_problems"]

"""The canasta family: its schema and hooks gathered from the modules that hold them (table, record, scoring,
reference blocks, house-rules form), and the groups its variants are listed in."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from scorekeeper.rules.canasta.reference import CANASTA_BLOCKS
from scorekeeper.rules.canasta.schema import CANASTA
from scorekeeper.rules.canasta.table import build_canasta_rules, canasta_table_problems
from scorekeeper.rules.tables import variants
from scorekeeper.rules.tables.families import Family
from scorekeeper.rules.tables.house_fields import canasta_house_fields
from scorekeeper.rules.canasta.record import parse_canasta_record
from scorekeeper.rules.canasta.scoring import score_canasta_hand
from scorekeeper.rules.canasta.limits import scoring_cost


def _base_of(variant_id: str, folder: Path) -> str | None:
    path = folder / f"{variant_id}.toml"
    try:
        stat = path.stat()
    except OSError:
        return None
    return _extends(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _extends(path: Path, mtime_ns: int, size: int) -> str | None:
    """The table a file extends, parsed once per version of the file: the home, checker and pad pages group every
    variant on each request, and parsing the tables again was most of their time."""
    try:
        with open(path, "rb") as f:
            base = tomllib.load(f).get("extends")
            return base if isinstance(base, str) else None
    except (OSError, tomllib.TOMLDecodeError):
        return None


def group_of(variant: variants.Variant) -> str:
    """The group a canasta variant is listed in, by the table it extends (``extends`` chain): the samba family
    (three packs and sequences), the house game, else seed 003's classic canasta and its family (issue 12)."""
    chain, current = [variant.id], variant.id
    while (base := _base_of(current, variants.RULES_REF)) and base not in chain:
        chain.append(base)
        current = base
    if "samba" in chain:
        return "samba"
    return "diszitett" if "diszitett" in chain else "classic"


FAMILY = Family(name="canasta", schema=CANASTA, build_rules=build_canasta_rules,
                table_problems=canasta_table_problems, parse_record=parse_canasta_record,
                score_hand=score_canasta_hand, reference_blocks=CANASTA_BLOCKS,
                groups=("diszitett", "classic", "samba"), group_of=group_of,
                base_tables=("diszitett", "international", "classic_fr", "samba"),
                # What a new entry of a map needs to be built (build_canasta_rules reads these without a default).
                entry_needs={"canastas": ("label", "bonus", "size"), "bonuses": ("label",),
                             "penalties": ("label", "points")},
                house_fields=canasta_house_fields, scoring_cost=scoring_cost)

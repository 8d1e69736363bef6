"""The groups the rules pages, the meld checker and the pads list the variants in (issue 12), worked out from each
table's family and its ``extends`` chain in ``rules_ref/``."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Iterable

from scorekeeper.rules.tables.variants import Variant


#: The groups the pages list the variants in (issue 12): the house game, the international and classic canasta of
#: seed 003 with the classic family built on it, the samba family (three packs and sequences), Keltis.
GROUPS = ("diszitett", "classic", "samba", "keltis")


def _base_of(variant_id: str, folder: Path) -> str | None:
    try:
        with open(folder / f"{variant_id}.toml", "rb") as f:
            return tomllib.load(f).get("extends")
    except (OSError, tomllib.TOMLDecodeError):
        return None


def group_of(variant: Variant) -> str:
    """The group a variant is listed in: by its family, then by the table it extends (``extends`` chain)."""
    from scorekeeper.rules.tables.variants import RULES_REF
    if variant.family != "canasta":
        return variant.family if variant.family in GROUPS else "classic"
    chain, current = [variant.id], variant.id
    while (base := _base_of(current, RULES_REF)) and base not in chain:
        chain.append(base)
        current = base
    if "samba" in chain:
        return "samba"
    return "diszitett" if "diszitett" in chain else "classic"


def grouped(variants: Iterable[Variant]) -> list[tuple[str, list[Variant]]]:
    """The variants in :data:`GROUPS` order (within a group: the base table first, then by name); empty groups left
    out, a group these names do not know last."""
    by_group: dict[str, list[Variant]] = {}
    for v in variants:
        by_group.setdefault(group_of(v), []).append(v)
    bases = {"diszitett", "international", "classic_fr", "samba", "keltis"}
    order = [g for g in GROUPS if g in by_group] + [g for g in by_group if g not in GROUPS]
    return [(g, sorted(by_group[g], key=lambda v: (v.id not in bases, v.id != "international", v.name)))
            for g in order]

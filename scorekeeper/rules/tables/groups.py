"""The groups the rules pages, the meld checker and the pads list the variants in (issue 12): each family says
which groups its variants fall in and which one a variant is in (``Family.groups``, ``Family.group_of``)."""

from __future__ import annotations

from typing import Iterable

from scorekeeper.rules.tables.families import FAMILIES, family
from scorekeeper.rules.tables.variants import Variant


def groups() -> tuple[str, ...]:
    """Every group, in the order the pages list them: the families' in the order they were registered (today the
    house game, the classic canasta of seed 003 with the classic family built on it, the samba family, Keltis)."""
    return tuple(g for fam in FAMILIES.values() for g in fam.listed_groups)


def group_of(variant: Variant) -> str:
    """The group a variant is listed in: its family's word on it."""
    return family(variant.family).group_of(variant)


def grouped(variants: Iterable[Variant]) -> list[tuple[str, list[Variant]]]:
    """The variants in :func:`groups` order (within a group: the base tables first in their family's order, then by
    name); empty groups left out, a group these names do not know last."""
    by_group: dict[str, list[Variant]] = {}
    for v in variants:
        by_group.setdefault(group_of(v), []).append(v)
    bases = [b for fam in FAMILIES.values() for b in fam.base_tables]
    known = groups()
    order = [g for g in known if g in by_group] + [g for g in by_group if g not in known]
    return [(g, sorted(by_group[g], key=lambda v: (bases.index(v.id) if v.id in bases else len(bases), v.name)))
            for g in order]

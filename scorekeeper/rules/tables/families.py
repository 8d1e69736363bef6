"""Game families and their hooks, python-chess style: each family is a :class:`Family` of real functions, and
:func:`register` adds it to :data:`FAMILIES`.

This module imports nothing of the families, so :mod:`.variants` (which builds rules through a family's hooks)
sits below them: the family modules import variants, never the other way round. The package
(``scorekeeper/rules/__init__.py``) registers the families it ships, canasta (:mod:`.canasta`) and keltis
(:mod:`.keltis`); a new family is a module with its hooks and one more ``register``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from scorekeeper.rules.errors import VariantError


@dataclass(frozen=True, kw_only=True, slots=True)
class Family:
    """A game family's hooks.

    - ``build_rules(variant, data, chosen)``: the variant's table with the chosen options applied -> a frozen rules
      object (a missing or mistyped entry may raise KeyError, TypeError, ValueError: ``variants._build`` reports it);
    - ``table_problems(rules)``: what contradicts in the built rules, as sentences (empty when they hold);
    - ``parse_record(data, rules=None)``: a record as decoded from JSON -> a frozen record with ``.rules``: the
      given rules (a match's pinned rules, :mod:`.pinned`), else those its ``variant`` and ``options`` name (raises
      :class:`RecordError`);
    - ``score_hand(record)``: a parsed record -> a result with ``ok``, ``problems``, ``totals``, ``match_over``,
      ``winner``, ``hand_winner`` and ``to_dict()``.
    """

    name: str
    build_rules: Callable[..., Any]
    table_problems: Callable[[Any], list[str]]
    parse_record: Callable[..., Any]
    score_hand: Callable[[Any], Any]

    def hook(self, which: str) -> Callable[..., Any]:
        return getattr(self, which)


FAMILIES: dict[str, Family] = {}


def register(*families: Family) -> None:
    """Make families known by name; a second family of one name would silently replace the first, so it is an
    error."""
    for fam in families:
        if FAMILIES.get(fam.name, fam) is not fam:
            raise VariantError(f"game family {fam.name!r} is already registered")
        FAMILIES[fam.name] = fam


def family(name: str) -> Family:
    try:
        return FAMILIES[name]
    except KeyError:
        raise VariantError(f"unknown variant family {name!r}; families are: " + ", ".join(FAMILIES)) from None

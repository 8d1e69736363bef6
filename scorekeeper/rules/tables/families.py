"""Game families and their hooks, python-chess style: each family is a :class:`Family` of real functions, and
:func:`register` adds it to :data:`FAMILIES`.

This module imports nothing of the families, so :mod:`.variants` (which builds rules through a family's hooks)
sits below them: the family modules import variants, never the other way round. The package
(``scorekeeper/rules/__init__.py``) registers the families it ships, canasta (:mod:`.canasta`) and keltis
(:mod:`.keltis`); a new family is a module with its hooks and one more ``register``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from scorekeeper.rules.errors import VariantError


class VariantInfo(Protocol):
    """What ``build_rules`` reads of the variant besides its table: the names its rules carry. A protocol, not
    :class:`.variants.Variant`, so that this module stays below variants (which imports it)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def seed(self) -> str: ...
    @property
    def reference(self) -> str: ...


RulesT = TypeVar("RulesT")
RecordT = TypeVar("RecordT")
ResultT = TypeVar("ResultT")


@dataclass(frozen=True, kw_only=True, slots=True)
class Family(Generic[RulesT, RecordT, ResultT]):
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
    build_rules: Callable[[VariantInfo, dict[str, Any], Mapping[str, str]], RulesT]
    # Sentences, or problems that print as sentences (canasta's TableProblem).
    table_problems: Callable[[RulesT], Sequence[object]]
    parse_record: Callable[[object, RulesT | None], RecordT]
    score_hand: Callable[[RecordT], ResultT]

    def hook(self, which: str) -> Callable[..., Any]:
        hook: Callable[..., Any] = getattr(self, which)
        return hook


#: A family as the registry holds it: which one a table names is known only when the table is read, so its
#: rules, records and results are whatever that family's hooks make.
AnyFamily = Family[Any, Any, Any]

FAMILIES: dict[str, AnyFamily] = {}


def register(*families: AnyFamily) -> None:
    """Make families known by name; a second family of one name would silently replace the first, so it is an
    error."""
    for fam in families:
        if FAMILIES.get(fam.name, fam) is not fam:
            raise VariantError(f"game family {fam.name!r} is already registered")
        FAMILIES[fam.name] = fam


def family(name: str) -> AnyFamily:
    try:
        return FAMILIES[name]
    except KeyError:
        raise VariantError(f"unknown variant family {name!r}; families are: " + ", ".join(FAMILIES)) from None

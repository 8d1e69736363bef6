"""Named scoring hooks: the one way a canasta table reaches Python, for a bonus data cannot say.

A table names a hook in ``[bonuses.<id>] hook = "<name>"``; the name must be a key of :data:`HOOKS` when the rules
are built (an unknown name is a load error naming the key). A hook gets the side's tally (:mod:`.tally`) and the
rules, and returns the item's points (0: no item). Register one with ``@hook("name")`` in a module the rules core
imports; keep it pure (no I/O), since a hand may be scored many times.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

if TYPE_CHECKING:
    from scorekeeper.rules.canasta.rules import Rules

Hook = Callable[[Mapping[str, int], "Rules"], int]

#: Every hook by name. Tables may only name these.
HOOKS: dict[str, Hook] = {}


def hook(name: str) -> Callable[[Hook], Hook]:
    """Register ``fn`` under ``name`` (a second function of the same name is an error: it would change scores of
    tables already written)."""
    def register(fn: Hook) -> Hook:
        if name in HOOKS and HOOKS[name] is not fn:
            raise ValueError(f"a scoring hook named {name!r} is already registered")
        HOOKS[name] = fn
        return fn
    return register


def call(name: str, tally: Mapping[str, int], rules: Rules) -> int:
    return int(HOOKS[name](tally, rules))

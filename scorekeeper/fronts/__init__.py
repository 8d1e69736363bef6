"""The fronts of the game families: :mod:`.registry` (what a front is, :func:`register_front`, :func:`front_of`)
and one module per family building its :class:`Front`. The shipped families register here, one line each; a
family from outside the package calls :func:`register_front` with its own ``Front`` (see the README)."""

from __future__ import annotations

from scorekeeper.fronts import canasta, keltis
from scorekeeper.fronts.registry import (FRONTS, EntryKit, Front, FrontTemplates, NoFront, Pages, front, front_of,
                                         register_front, template_folders)

__all__ = ["FRONTS", "EntryKit", "Front", "FrontTemplates", "NoFront", "Pages", "front", "front_of", "register_front",
           "template_folders"]

register_front(canasta.FRONT)
register_front(keltis.FRONT)

"""Where the files the package ships beside its code live: ``templates/``, ``static/`` and ``rules_ref/``.

In the source tree they stay at the top level (``rules_ref/README.md`` and the references are read and edited
there, and the fronts' partials live in ``templates/``). A built wheel carries copies of them inside the package,
under ``scorekeeper/_shipped/`` (``setup.py``'s build step copies them there), because a wheel installs only what
is under its packages: without them an installed app could not render a page or read a variant table. The
package's copy is looked for first, so an installed app never reads a checkout that happens to sit nearby; an
editable install (and a plain checkout on the path) has none, and reads the top-level folders.

Standard library only, like the rest of the rules core (it reads ``rules_ref/``).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[2]     # scorekeeper/
SHIPPED = ("templates", "static", "rules_ref")


def shipped(name: str) -> Path:
    """The folder ``name`` (one of :data:`SHIPPED`): the installed package's copy, else the source tree's."""
    if name not in SHIPPED:
        raise ValueError(f"not a shipped folder: {name!r}; shipped: {', '.join(SHIPPED)}")
    inside = _PACKAGE / "_shipped" / name
    return inside if inside.is_dir() else _PACKAGE.parent / name

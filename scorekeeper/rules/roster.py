"""Which roster name a typed player name means (issue 24: a group's players are the same person across matches).

Stdlib only. A name's key is what is left when case, accents and spacing are ignored ("Béla", "bela ", "BELA" are
one key), so two names with one key are always one player. A key that is not on the roster but differs from
exactly one roster key by one typo (one letter added, dropped, changed, or two neighbours swapped) is taken as
that player too: "Bella" is "Béla" at a family table. Keys under four letters never match by typo, since there
"Al" and "Ed" are one change apart and plainly two people; two roster keys a typo away leave the name new (it
cannot be told which one was meant), so the roster grows rather than guesses.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable, Mapping

TYPO_LEAST = 4          # a key this long or longer may match by one typo


def key_of(name: str) -> str:
    """The name with case, accents and runs of spaces ignored: NFKD, combining marks dropped, casefolded."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def one_typo_apart(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by exactly one edit: a letter inserted, deleted, replaced, or two
    neighbouring letters swapped (the optimal-string-alignment distance is 1)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1:]


def matched_key(name: str, keys: Iterable[str]) -> str | None:
    """The roster key ``name`` means: its own key when on the roster, else the one roster key a typo away (for
    keys of at least :data:`TYPO_LEAST` characters), else None: a new player."""
    key = key_of(name)
    known = set(keys)
    if key in known:
        return key
    if len(key) < TYPO_LEAST:
        return None
    near = [k for k in known if len(k) >= TYPO_LEAST and one_typo_apart(key, k)]
    return near[0] if len(near) == 1 else None


def canonical(name: str, names_by_key: Mapping[str, str]) -> str:
    """The roster's name for ``name`` (``names_by_key``: key → the roster's spelling), or ``name`` itself."""
    found = matched_key(name, names_by_key)
    return names_by_key[found] if found is not None else name

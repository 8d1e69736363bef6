"""The house-rules presets kept on this phone: their tokens in a signed cookie, like the matches' list
(:mod:`scorekeeper.web.match.recent`, whose docstring says why a signed cookie read by the server). Up to ``MOST`` tokens (a token is
32 characters, so the cookie stays well under 1 KiB); a preset gone from the database drops out quietly."""

from __future__ import annotations

import re

from flask import Response

from scorekeeper.store.db import get_session
from scorekeeper.store.models import HousePreset
from scorekeeper.store.presets import find_presets
from scorekeeper.web.match.recent import signed_items, store_signed

COOKIE = "house_presets"
SALT = "house-presets"
MOST = 12
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def remembered() -> list[str]:
    """The tokens this phone keeps, most recent first; an unreadable or forged cookie is an empty list."""
    return [t for t in signed_items(COOKIE, SALT) if isinstance(t, str) and _TOKEN.fullmatch(t)][:MOST]


def store(response: Response, tokens: list[str]) -> Response:
    return store_signed(response, COOKIE, SALT, tokens[:MOST])


def remember(response: Response, token: str) -> Response:
    """Put ``token`` first in this phone's list."""
    return store(response, [token, *(t for t in remembered() if t != token)])


def kept() -> tuple[list[HousePreset], list[str] | None]:
    """This phone's presets, most recent first, and the tokens to keep when some are gone (else ``None``)."""
    tokens = remembered()
    found = find_presets(get_session(), tokens)
    presets = [found[t] for t in tokens if t in found]
    return presets, ([p.token for p in presets] if len(presets) != len(tokens) else None)

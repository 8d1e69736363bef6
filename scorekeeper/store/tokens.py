"""What a secret link's token can be: ``secrets.token_urlsafe``'s alphabet, with room to spare. Anything else finds
nothing without asking the database, which PostgreSQL answers with an error for a NUL in a text (a 500 where a
wrong link is a 404: found by issue 22's live version answer's test on PostgreSQL)."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")


def could_be_token(text: object) -> bool:
    return isinstance(text, str) and _TOKEN.fullmatch(text) is not None

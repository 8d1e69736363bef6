"""What one client may make the server store in an hour: every write of the store (a match, a hand, a correction,
an undo, a preset, an imported match) is measured in bytes before it is written and refused past the client's
quota, nothing stored.

Rate limits count requests; a correction can carry a 49 kB hand as cheaply as a 2 kB one, so a loop within them
could still fill a disk (about 2.2 GB an hour). The store knows what it writes but not who asks (it is plain
functions over a session, used by the CLI too), so the front that knows the client installs a :class:`Meter`
(``scorekeeper.limiter`` does, keyed by the client's address); without one (the CLI, scripts) nothing is metered.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

# A row's keys, timestamps and index entries, besides its text: what a hand event costs with an empty entry.
ROW_BYTES = 100


class QuotaSpent(Exception):
    """This client stored as much as it may for now; nothing was stored. ``retry_after``: seconds until it may."""

    def __init__(self, retry_after: int, most: int) -> None:
        super().__init__(f"this address has stored as much as it may in an hour ({most // 1000} kB); nothing was "
                         f"stored — try again in {retry_after} seconds")
        self.retry_after, self.most = retry_after, most


class Meter(Protocol):
    def admit(self, size: int) -> None:
        """Raise :class:`QuotaSpent` unless ``size`` more bytes fit in the asking client's quota."""

    def spent(self, size: int) -> None:
        """Count ``size`` bytes the asking client has just had stored."""


_meter: Meter | None = None


def install(meter: Meter | None) -> None:
    global _meter
    _meter = meter


def size(*parts: Any) -> int:
    """The bytes ``parts`` take stored: text as UTF-8, anything else as the JSON a column holds, plus a row."""
    total = ROW_BYTES
    for part in parts:
        text = part if isinstance(part, str) else json.dumps(part, ensure_ascii=False, separators=(",", ":"))
        total += len(text.encode("utf-8", "surrogatepass"))
    return total


def admit(nbytes: int) -> None:
    if _meter is not None:
        _meter.admit(nbytes)


def spent(nbytes: int) -> None:
    if _meter is not None:
        _meter.spent(nbytes)

"""A bounded, thread-safe memory of computed things (rendered pages, PDFs, scoresheets), least recently used
forgotten first.

Bounded by weight, not by entries: one sheet of a thousand hands weighs as much as a hundred short ones, and a
loop that makes many small distinct entries must not grow a worker either. ``weigh`` says what one entry costs
(bytes of a page or a PDF, hands × sides of a scoresheet); the key's own size counts too when it is text.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any, Callable, Generic, Hashable, TypeVar

V = TypeVar("V")


def _key_weight(key: Any) -> int:
    if isinstance(key, (str, bytes)):
        return len(key)
    if isinstance(key, tuple):
        return sum(_key_weight(k) for k in key)
    return 8


class Remembered(Generic[V]):
    """At most ``limit`` in total weight; an entry heavier than ``limit`` alone is not kept at all."""

    def __init__(self, limit: int, weigh: Callable[[V], int] = len) -> None:    # type: ignore[assignment]
        self.limit, self.weigh = limit, weigh
        self.weight = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V) -> None:
        weight = self.weigh(value) + _key_weight(key)
        with self._lock:
            if key in self._items:
                self.weight -= self._items.pop(key)[1]
            if weight > self.limit:
                return
            self._items[key] = (value, weight)
            self.weight += weight
            while self.weight > self.limit:
                self.weight -= self._items.popitem(last=False)[1][1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.weight = 0

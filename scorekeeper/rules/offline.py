"""The offline scorer's entry point: what static/offline-worker.js calls inside Pyodide on a phone that chose
"Play offline on this phone" (issue 22), and what tests/core runs under CPython to prove the answers are the
server's.

JSON text in, JSON text out, so the worker passes strings across and no Python object leaks into JavaScript. No
rule is written here: a check is :func:`scorekeeper.rules.meld_check.check`, the very function behind the API's
``POST /api/v1/check-meld``, and its answer has that route's shape: ``{"status": 200, "data": verdict}``, or
``{"status": 400, "data": {"error": {...}}}`` for input the core cannot read. Messages are the core's English (the
page shows its own translated titles and words beside them, see static/offline.js).
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.rules.errors import NotationError, RecordError, ScorekeeperError
from scorekeeper.rules.meld_check import check

#: The request kinds a worker may ask; the entry page's preview is not among them (see the issue 22 report:
#: its form → entry conversion lives in WTForms on the server).
KINDS = ("check",)


def _error(exc: ScorekeeperError) -> dict[str, Any]:
    message = getattr(exc, "reason", None) or str(exc)
    error: dict[str, Any] = {"status": 400, "message": message, "code": "unreadable"}
    if isinstance(exc, NotationError):
        error["field"] = "cards"
    elif isinstance(exc, RecordError) and exc.field:
        error["field"] = exc.field
    return {"status": 400, "data": {"error": error}}


def _check(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise RecordError("the request must be a JSON object", field="")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):
        raise RecordError("options must be an object", field="options")
    variant = body.get("variant")
    if not isinstance(variant, str):
        raise RecordError("the variant must be a name such as \"diszitett\"", field="variant")
    return check(variant, body.get("cards", ""), options=options,
                 opening_minimum=body.get("opening_minimum"), going_out=body.get("going_out") is True,
                 opening_canasta=body.get("opening_canasta"))


def answer(kind: str, payload: str) -> str:
    """The answer to one request of the page, as JSON text: ``kind`` is one of :data:`KINDS`, ``payload`` the
    JSON body the page would have posted to the server."""
    try:
        body = json.loads(payload)
        if kind != "check":
            raise RecordError(f"unknown request {kind!r}; asks: {', '.join(KINDS)}", field="kind")
        reply: dict[str, Any] = {"status": 200, "data": _check(body)}
    except ValueError as exc:                # json's and the core's (ScorekeeperError is a ValueError)
        reply = _error(exc if isinstance(exc, ScorekeeperError) else RecordError(f"unreadable JSON: {exc}"))
    return json.dumps(reply, ensure_ascii=False)

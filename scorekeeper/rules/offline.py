"""The offline scorer's entry point: what static/offline-worker.js calls inside Pyodide on a phone that chose
"Play offline on this phone" (issue 22), and what tests/core runs under CPython to prove the answers are the
server's.

JSON text in, JSON text out, so the worker passes strings across and no Python object leaks into JavaScript. No
rule is written here: a check is :func:`scorekeeper.rules.meld_check.check`, the very function behind the API's
``POST /api/v1/check-meld``, a preview :func:`scorekeeper.rules.canasta.hand_form.preview`, the very function behind
the entry page's ``POST /m/<token>/hands/preview``; the answer has the route's shape: ``{"status": 200, "data": …}``, or
``{"status": 400, "data": {"error": {...}}}`` for input the core cannot read.

Issue 23: the answer speaks the page's language (``lang``) as the server's does. The server writes its word table
for that language down as a phrasebook (web/offline.py, rules/speech.py), the worker hands it over once with
:func:`learn`, and each problem's sentence and each unreadable card's reason is said with it by rules/speech.py,
the very code that says them on the server. English, or a language whose phrasebook was not learnt: the core's
English messages.
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.rules import bounds, speech
from scorekeeper.rules.canasta.hand_form import ENTRY_MODES, preview
from scorekeeper.rules.cards import language
from scorekeeper.rules.errors import NotationError, RecordError, ScorekeeperError
from scorekeeper.rules.meld_check import check
from scorekeeper.rules.tables.pinned import rules_from_json

#: The request kinds a worker may ask: the checker's meld check, and the entry page's preview of the next hand
#: (the server's own preview function, rules/canasta/hand_form.py, with the match's /m/<token>/offline.json).
KINDS = ("check", "preview")

#: Rules documents already read, by hash: a phone previews one match, each read costs a parse of its tables.
_RULES: dict[str, Any] = {}
#: The word tables learnt, by language (one per page; a phone whose page changes language learns the other too).
_WORDS: dict[str, speech.WordTable] = {}


def learn(lang: str, phrasebook: str) -> None:
    """The words of ``lang`` for the answers that follow: ``phrasebook`` is the JSON text the server wrote for it
    (GET /offline/words-<lang>-<hash>.json)."""
    _WORDS[lang] = speech.from_phrasebook(json.loads(phrasebook))


def _error(exc: ScorekeeperError, words: speech.WordTable | None) -> dict[str, Any]:
    message = speech.say_error(exc, words) if words else getattr(exc, "reason", None) or str(exc)
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
                 opening_canasta=body.get("opening_canasta"), lang=_lang(body))


def _lang(body: dict[str, Any]) -> str:
    """The page's language the worker passes (``"lang"``), whose card letters and words the cards are read in
    (issue 23); a phone whose page sends none reads English, as before."""
    lang = body.get("lang", "en")
    if not isinstance(lang, str):
        raise RecordError("lang must be a language such as \"fr\"", field="lang")
    try:
        return language(lang)
    except ValueError as exc:
        raise RecordError(str(exc), field="lang") from None


def _rules(text: Any, expected: Any) -> Any:
    if not isinstance(expected, str):
        raise RecordError("the match's rules must come with their hash", field="rules_hash")
    if expected not in _RULES:
        # A stored match keeps the ranges of the day it was made, as the server reads it (store/replays.rules_of).
        with bounds.relaxed():
            _RULES[expected] = rules_from_json(text, expected)
    return _RULES[expected]


def _preview(body: Any) -> dict[str, Any]:
    """``body``: ``{"match": <the match's offline.json>, "mode": "cards" | "summary", "fields": {name: value}}``
    (the hand form's fields as the page would post them)."""
    if not isinstance(body, dict) or not isinstance(body.get("match"), dict):
        raise RecordError("the request must hold the match's offline state", field="match")
    match, fields, mode = body["match"], body.get("fields"), body.get("mode", "cards")
    if mode not in ENTRY_MODES:
        raise RecordError(f"mode must be one of {', '.join(ENTRY_MODES)}", field="mode")
    if not isinstance(fields, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in fields.items()):
        raise RecordError("the fields must be an object of texts", field="fields")
    state = match.get("state")
    if not isinstance(state, dict):
        raise RecordError("the match's offline state has no state", field="match")
    try:
        return preview(_rules(match.get("rules"), match.get("rules_hash")), state, mode, fields, lang=_lang(body))
    except (KeyError, TypeError, AttributeError) as exc:    # a state that is not the server's offline.json
        raise RecordError(f"the match's offline state is not readable: {exc!r}", field="match") from None


def answer(kind: str, payload: str, lang: str = "en") -> str:
    """The answer to one request of the page, as JSON text: ``kind`` is one of :data:`KINDS`, ``payload`` the
    JSON body the page would have posted to the server, ``lang`` the page's language (its sentences are said with
    the phrasebook :func:`learn` was given for it)."""
    words = _WORDS.get(lang) if lang != "en" else None
    try:
        body = json.loads(payload)
        if kind not in KINDS:
            raise RecordError(f"unknown request {kind!r}; asks: {', '.join(KINDS)}", field="kind")
        if kind == "check":
            data = _check(body)
            reply: dict[str, Any] = {"status": 200, "data": speech.spoken(data, words) if words else data}
        else:                                # a preview's answer is numbers and counts: no sentence to say
            reply = {"status": 200, "data": _preview(body)}
    except ValueError as exc:                # json's and the core's (ScorekeeperError is a ValueError)
        reply = _error(exc if isinstance(exc, ScorekeeperError) else RecordError(f"unreadable JSON: {exc}"), words)
    return json.dumps(reply, ensure_ascii=False)

"""Reading JSON that a person sent (an API body, a record file, an export, a house table), with what was wrong
said in the app's words.

Python's own reasons ("Expecting ',' delimiter", "'utf-8' codec can't decode byte 0xff…", "Exceeds the limit
(4300 digits) for integer string conversion", "maximum recursion depth exceeded…") are English only, name
Python's internals and were quoted to players (issue 19, "Smaller"); here every refusal is a phrase the fronts
translate, with the line and column where the parser stopped. The nesting is measured before parsing, so 20,000
``[`` cost one linear scan instead of the parser's recursion, and values JSON allows but no table or record can
hold (``NaN``, ``Infinity``, ``1e999``, integers of thousands of digits) are refused here, not deep in the
core. Standard library only, like the rest of the core.
"""

from __future__ import annotations

import json
import math
from typing import Any

from scorekeeper.rules.bounds import JSON_DEPTH_MAX
from scorekeeper.rules.errors import ScorekeeperError
from scorekeeper.rules.phrases import Phrase, phrase

DEPTH_MAX = JSON_DEPTH_MAX


class JsonUnreadable(ScorekeeperError):
    """Text that is not the JSON we take. ``says`` is the reason as a phrase; ``line``/``column`` (1-based) and
    ``position`` (0-based character) locate it when the parser knows where, else None."""

    def __init__(self, says: Phrase, *, line: int | None = None, column: int | None = None,
                 position: int | None = None) -> None:
        self.says, self.line, self.column, self.position = says, line, column, position
        super().__init__(says.render())


# CPython's json messages (Lib/json/decoder.py, Modules/_json.c) -> ours, each a whole sentence with where the
# parser stopped (its line and column are filled in). A message not listed (a newer Python's) is told as "cannot
# be read here", never quoted.
_DECODER_WORDS: tuple[tuple[str, Phrase], ...] = (
    ("Expecting value", phrase("not valid JSON at line %(line)s, column %(column)s: a value was expected (text in "
                               "double quotes, a number, true, false, null, […] or {…})")),
    ("Expecting ',' delimiter",
     phrase("not valid JSON at line %(line)s, column %(column)s: a comma was expected between two values")),
    ("Expecting ':' delimiter",
     phrase("not valid JSON at line %(line)s, column %(column)s: a colon was expected after a field name")),
    ("Expecting property name enclosed in double quotes",
     phrase("not valid JSON at line %(line)s, column %(column)s: a field name in double quotes was expected (no "
            "comma after the last field)")),
    ("Illegal trailing comma",
     phrase("not valid JSON at line %(line)s, column %(column)s: a comma stands after the last value")),
    ("Unterminated string",
     phrase("not valid JSON at line %(line)s, column %(column)s: a text is not closed by a double quote")),
    ("Invalid control character",
     phrase("not valid JSON at line %(line)s, column %(column)s: a text holds a line break or tab; write it as "
            "\\n or \\t")),
    ("Invalid \\uXXXX escape",
     phrase("not valid JSON at line %(line)s, column %(column)s: a \\u escape needs four hexadecimal digits")),
    ("Invalid \\escape",
     phrase("not valid JSON at line %(line)s, column %(column)s: a backslash starts an escape JSON does not have")),
    ("Extra data",
     phrase("not valid JSON at line %(line)s, column %(column)s: something follows the end of the JSON value")),
)
_UNKNOWN = phrase("not valid JSON at line %(line)s, column %(column)s: this cannot be read here")


def _decoder_reason(message: str, line: int, column: int) -> Phrase:
    says = next((says for prefix, says in _DECODER_WORDS if message.startswith(prefix)), _UNKNOWN)
    return Phrase(says.template, (("line", line), ("column", column)))


def _where(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def _too_deep(text: str, most: int) -> int | None:
    """The position of the first bracket nested deeper than ``most`` (outside strings), or None."""
    level, in_string, escaped = 0, False, False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            if level > most:
                return i
        elif ch in "]}":
            level -= 1
    return None


def _constant(name: str) -> Any:
    raise JsonUnreadable(phrase("not valid JSON: %(value)s is not a number", value=name))


def _float(text: str) -> float:
    value = float(text)
    if math.isinf(value):                # 1e999: JSON's grammar allows it, no number of a table reaches it
        raise JsonUnreadable(phrase("not valid JSON: the number %(value)s is too large", value=text[:40]))
    return value


def read_json(raw: str | bytes, *, depth: int = DEPTH_MAX) -> Any:
    """The value of ``raw`` (bytes are UTF-8, a leading BOM is skipped), or :class:`JsonUnreadable`."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonUnreadable(phrase("not UTF-8 text: byte %(byte)s cannot be read", byte=exc.start + 1),
                                 position=exc.start) from None
    text = raw.removeprefix("\ufeff")
    if (deep := _too_deep(text, depth)) is not None:
        line, column = _where(text, deep)
        raise JsonUnreadable(phrase("not valid JSON at line %(line)s, column %(column)s: nested deeper than %(most)s levels",
                                    line=line, column=column, most=depth), line=line, column=column,
                             position=deep)
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_float)
    except JsonUnreadable:
        raise                            # a constant or a float refused above (a ValueError too)
    except json.JSONDecodeError as exc:
        raise JsonUnreadable(_decoder_reason(exc.msg, exc.lineno, exc.colno), line=exc.lineno, column=exc.colno,
                             position=exc.pos) from None
    except ValueError:                   # int(): more than 4,300 digits (sys.get_int_max_str_digits)
        raise JsonUnreadable(phrase("not valid JSON: a number has more than 4,300 digits")) from None
    except RecursionError:               # not reached past the scan above; kept for a lowered recursion limit
        raise JsonUnreadable(phrase("not valid JSON: nested deeper than %(most)s levels", most=depth)) from None

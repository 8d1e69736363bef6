"""rules/json_text.py: JSON a person sent is refused in the app's words, never Python's (issue 19, "Smaller")."""

from __future__ import annotations

import pytest

from scorekeeper.rules.json_text import JsonUnreadable, read_json

# Words of Python's own messages that must never reach a player.
PYTHON_WORDS = ("Expecting", "delimiter", "codec", "can't decode", "Exceeds the limit", "recursion",
                "int_max_str_digits", "property name", "Extra data", "NoneType", "Invalid")

BAD = [
    pytest.param('{"a" 1}', "line 1, column 6: a colon was expected after a field name", id="colon"),
    pytest.param("[1,", "line 1, column 4: a value was expected", id="value"),
    pytest.param("[1 2]", "line 1, column 4: a comma was expected between two values", id="comma"),
    pytest.param('{"a": 1,}', "line 1, column 9: a field name in double quotes was expected", id="trailing-comma"),
    pytest.param('"abc', "a text is not closed by a double quote", id="unterminated"),
    pytest.param('"a\tb"', "a text holds a line break or tab", id="control"),
    pytest.param('"\\x"', "a backslash starts an escape JSON does not have", id="escape"),
    pytest.param('"\\u12"', "a \\u escape needs four hexadecimal digits", id="unicode-escape"),
    pytest.param("[1] [2]", "line 1, column 5: something follows the end of the JSON value", id="extra"),
    pytest.param("NaN", "NaN is not a number", id="nan"),
    pytest.param("[-Infinity]", "-Infinity is not a number", id="infinity"),
    pytest.param('{"x": 1e999}', "the number 1e999 is too large", id="1e999"),
    pytest.param("9" * 5000, "more than 4,300 digits", id="long-int"),
    pytest.param(b"\xff{}", "not UTF-8 text: byte 1", id="utf8"),
    pytest.param("[" * 20000, "line 1, column 21: nested deeper than 20 levels", id="20000-brackets"),
]


@pytest.mark.parametrize("raw, says", BAD)
def test_unreadable_json_is_said_in_the_apps_words_with_where(raw, says):
    with pytest.raises(JsonUnreadable) as caught:
        read_json(raw)
    message = str(caught.value)
    assert says in message
    assert not any(word in message for word in PYTHON_WORDS), message
    assert caught.value.says.template.startswith(("not valid JSON", "not UTF-8"))   # a msgid, translated


def test_nesting_is_measured_outside_strings_only():
    assert read_json('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": [[1]]}') == {
        "a": "[" * 34, "b": [[1]]}
    assert read_json("[" * 20 + "]" * 20) is not None


def test_good_json_reads_as_json_does():
    assert read_json(b'\xef\xbb\xbf{"n": 1.5, "k": [true, null, "\\u00e9"]}') == {"n": 1.5, "k": [True, None, "é"]}

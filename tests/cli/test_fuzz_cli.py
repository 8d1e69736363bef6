"""Fuzzing the command line (issue 9): whatever the input, the exit code is 0, 1 or 2 (never 3, a bug) and never
a traceback. In-process (click's runner) so a hundred inputs take a second; tests/cli/test_cli_inputs.py checks
the exit codes themselves as a process gives them (tests/cli/cli_helpers.py), and test_cli.py runs the real
subprocess."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import example, given, settings, strategies as st

from scorekeeper import cli

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None)
ODD = ["\ud800", "\x00", "²", "9" * 5000, "K K K", "JK 2 2", "3h", "", "Anna", "9999-12-31T23:59:59-01:00"]
text = st.sampled_from(ODD) | st.text(max_size=8)
number = st.one_of(st.integers(-5, 200), st.sampled_from([10**400, -10**400, 2**63, 10**20]))
value = st.recursive(st.one_of(st.none(), st.booleans(), number, text),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                     max_leaves=10)
side = st.fixed_dictionaries({"name": st.sampled_from(["Anna", "Béla", "A\ud800"])}, optional={
    "melds": st.lists(st.sampled_from(["K K K K K K K", "5 5 5", "J J 2", "x"]) | value, max_size=3),
    "hand": text | value, "red_threes": number, "twins": number, "out": st.sampled_from(["none", "out"]) | text,
    "penalties": st.lists(st.fixed_dictionaries({"code": text}, optional={"points": number}), max_size=2),
    "rows": st.dictionaries(st.sampled_from(["green", "red"]), text, max_size=2), "stones": value})
record = st.fixed_dictionaries({"variant": st.sampled_from(["diszitett", "international", "keltis"]) | text},
                               optional={"sides": st.lists(side, max_size=3), "options": value,
                                         "totals_before": value})


def _encode(data) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def assert_no_crash(result) -> None:
    # The runner turns an uncaught exception into exit code 1, the code of "breaks the rules": look at it.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output[-500:], result.exception)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@FUZZ
@given(st.one_of(record.map(_encode), value.map(_encode), st.binary(max_size=40)))
@example(_encode({"variant": "diszitett", "sides": [{"name": "A", "penalties": [{"code": "x", "points": 10**400}]}]}))
@example(b'{"variant": "diszitett", "sides": [{"name": "A", "twins": ' + b"1" * 5000 + b"}]}")
def test_score_never_crashes(raw):
    assert_no_crash(CliRunner().invoke(cli.main, ["score"], input=raw))


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(variant=st.sampled_from(["diszitett", "keltis", "nope"]) | text, cards=st.lists(text, min_size=1, max_size=3),
       minimum=st.none() | text, option=st.none() | text)
@example(variant="diszitett", cards=["K K K"], minimum="²", option=None)
def test_check_meld_never_crashes(variant, cards, minimum, option):
    args = ["check-meld", "--variant", variant, *(["--opening-minimum", minimum] if minimum is not None else []),
            *(["-o", option] if option is not None else []), "--", *cards]
    assert_no_crash(CliRunner().invoke(cli.main, args))


# Issue 19: house rules of every shape (a one-item pair, a list for a word, 1e999, a key with a space, nesting past
# the parser's recursion) answered exit 3 ("internal error") where they are bad input: exit 2 naming the key.
from tests.house_fuzz import as_text, deep, house_partials  # noqa: E402


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(partial=house_partials(), raw=st.none() | deep, variant=st.sampled_from(["diszitett", "samba", "keltis"]))
@example(partial={"canastas": {"red_canasta": {"size": [7]}}}, raw=None, variant="diszitett")
@example(partial={"twins": {"points": float("inf")}}, raw=None, variant="diszitett")
def test_variants_show_with_house_rules_never_crashes(partial, raw, variant):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.json"
        path.write_text(as_text(partial) if raw is None else raw, encoding="utf-8")
        assert_no_crash(CliRunner().invoke(cli.main, ["variants", "--show", variant, "--rules", str(path)]))
    record = '{"variant": "' + variant + '", "sides": [{"name": "A"}], "rules": ' + as_text(partial) + "}"
    assert_no_crash(CliRunner().invoke(cli.main, ["score"], input=record.encode()))

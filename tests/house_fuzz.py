"""House partials for the fuzzers (issue 19): valid house tables of several shapes, then one value replaced by
anything JSON can say (a one-item pair, a list where a word goes, 1e999, a key with a space, deep nesting). Shared
by tests/web/test_fuzz_inputs.py (the house form, its JSON box, the preset import, the API) and
tests/cli/test_fuzz_cli.py (``variants --show --rules``)."""

from __future__ import annotations

import copy
import json

from hypothesis import strategies as st

VALID = [
    {"canastas": {"red_canasta": {"bonus": 450, "size": [7, 7]}}},
    {"canastas": {"black_canasta": {"jokers": [0, 0]}, "red_canasta": {"wilds": [0, 0]}}},
    {"taxation": {"negative": "taxed", "brackets": [{"from": -1_000_000_000, "method": "none"}]}},
    {"opening": {"minimums": [{"from": -1_000_000_000, "minimum": 90}]}},
    {"deck": {"packs": 3, "jokers": 6}, "red_threes": {"totals": [0, 100, 200, 300, 400, 500, 1000]}},
    {"penalties": {"late": {"label": "late", "points": -100}}, "twins": {"points": 150}},
    {"melds": {"group": {"max_wilds_by_size": {"3": 1, "7": 3}}}, "match": {"target": 5000}},
    {"canastas": {"house": {"label": "house", "size": [8, 99], "bonus": 900, "when": [{"count": "canastas",
                                                                                         "at_least": 1}]}}},
]
ODD_KEYS = ["k k", "k-1", "a.b", "", "x" * 41, "kő", "__proto__", "0"]
ODD_VALUES = [[0], [7], [], [1, 2, 3], [3, 1], {}, None, True, "x", 1e999, -1e999, 1.5, 10**400, -10**400,
              {"k k": 1}, [[[[[]]]]], "\ud800"]
leaf = st.one_of(st.sampled_from(ODD_VALUES), st.integers(-20, 2000), st.text(max_size=6))
anything = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(ODD_KEYS) | st.text(max_size=5), inner, max_size=3), max_leaves=8)


def paths(node, path=()):
    """Every path into decoded JSON (keys and list indexes), the root's () first: where a fuzzer mutates."""
    yield path
    if isinstance(node, dict):
        for key, child in node.items():
            yield from paths(child, (*path, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            yield from paths(child, (*path, i))


@st.composite
def house_partials(draw) -> dict:
    """A valid house partial with one value replaced, one key renamed, or left as it is."""
    partial = copy.deepcopy(draw(st.sampled_from(VALID)))
    places = [p for p in paths(partial) if p]
    path = draw(st.sampled_from(places))
    *parent_path, last = path
    parent = partial
    for part in parent_path:
        parent = parent[part]
    how = draw(st.sampled_from(["value", "key", "keep"]))
    if how == "value":
        parent[last] = draw(anything)
    elif how == "key" and isinstance(parent, dict):
        parent[draw(st.sampled_from(ODD_KEYS))] = parent.pop(last)
    return partial


def as_text(partial) -> str:
    """JSON text as a client sends it: 1e999 written as such (json.dumps would write Infinity), a lone surrogate
    kept (the app refuses it)."""
    return json.dumps(partial, ensure_ascii=True).replace("-Infinity", "-1e999").replace("Infinity", "1e999")


deep = st.integers(21, 9000).map(lambda n: "[" * n + "]" * n)

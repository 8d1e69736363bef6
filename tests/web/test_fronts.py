"""The fronts registry (scorekeeper/fronts/): every game family has one entry, the fronts and the templates ask it
instead of comparing family names, a family from outside the package can register its own, and the hand form's
keypad is read from the rules' deck (scorekeeper/display/keypad.py)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper import fronts
from scorekeeper.display import keypad
from scorekeeper.rules import FAMILIES, get_rules, registry

pytestmark = pytest.mark.storage

PACKAGE = Path(scorekeeper.__file__).parent
TEMPLATES = PACKAGE.parent / "templates"
# The fronts: they show a family's matches and must not know the families by name.
FRONT_MODULES = sorted([*PACKAGE.glob("web/**/*.py"), *PACKAGE.glob("pdf/*.py"), *PACKAGE.glob("api/*.py"),
                        *PACKAGE.glob("display/*.py")])
# What the tap keypad offers today's decks (English page): the notation it types, what a screen reader says.
# Díszített has no red three key (issue 11): its red threes are counted, never melded nor left in hand.
NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", "2": "deuce"}
OLD_KEYS = [(r, r, NAMES.get(r, r)) for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")] + [
    ("JK", "JK", "joker"), ("3♥", "3h", "red three"), ("3♠", "3", "black three")]
KEYS = {"international": OLD_KEYS, "diszitett": [k for k in OLD_KEYS if k[1] != "3h"]}


def test_every_family_and_every_variant_has_a_front():
    assert set(fronts.FRONTS) == set(FAMILIES)
    for variant in registry().values():
        entry = fronts.front_of(variant)
        assert entry.family == variant.family
        assert all(callable(f) for f in (entry.hand_cells, entry.comparable, entry.keypad, entry.labels,
                                         entry.pdf_sheet, entry.entry.form, entry.entry.to_entry))


def test_a_family_without_a_front_is_a_clear_error():
    with pytest.raises(fronts.NoFront, match="'samba'.*fronts exist for: canasta, keltis"):
        fronts.front("samba")


def _family_names_compared(path: Path) -> list[str]:
    """``x == "keltis"``-like comparisons and ``is_keltis``-like helpers in one module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            names = [s.value for s in sides if isinstance(s, ast.Constant) and s.value in FAMILIES]
            names += [e.value for s in sides if isinstance(s, (ast.Tuple, ast.List, ast.Set)) for e in s.elts
                      if isinstance(e, ast.Constant) and e.value in FAMILIES]
            found += [f"{path.name}:{node.lineno} compares with {n!r}" for n in names]
        if isinstance(node, (ast.Name, ast.Attribute)) and getattr(node, "id", getattr(node, "attr", "")) in (
                "FAMILY", "is_keltis", "PAD_FAMILIES"):
            found.append(f"{path.name}:{node.lineno} uses {getattr(node, 'id', getattr(node, 'attr', ''))}")
    return found


def test_no_front_branches_on_the_family_name():
    assert [hit for path in FRONT_MODULES for hit in _family_names_compared(path)] == []


def test_the_family_check_finds_a_branch(tmp_path):
    """The check above can fail: a module comparing a family name is named."""
    branch = tmp_path / "branchy.py"
    branch.write_text('def f(rules):\n    return rules.family == "keltis" or rules.family in ("canasta",)\n')
    assert _family_names_compared(branch) == ["branchy.py:2 compares with 'keltis'",
                                              "branchy.py:2 compares with 'canasta'"]


def _imports_of(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


@pytest.mark.parametrize("path", [*sorted(PACKAGE.glob("pdf/*.py")), *PACKAGE.glob("api/*.py"),
                                  *sorted(PACKAGE.glob("display/*.py"))], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_pdf_and_api_import_nothing_of_the_web_front(path):
    assert not [m for m in _imports_of(path) if m.lstrip(".").startswith("web") or "scorekeeper.web" in m]


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("pdf/*.py")), ids=lambda p: p.name)
def test_the_pdf_is_given_its_builders_and_never_imports_the_registry(path):
    """fronts imports pdf's family modules; pdf importing fronts back (even as ``from .. import fronts``, which
    the cycle test reads as an import of the package) would close a cycle."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names]
    assert not [m for m in _imports_of(path) if "fronts" in m] and "fronts" not in names


# ------------------------------------------------------------------------------------------ templates

_TAG = re.compile(r"\{%-?\s*(?:if|elif)\b(.*?)-?%\}|\{\{-?(.*?)-?\}\}", re.S)


def _family_tests(path: Path) -> list[str]:
    """Jinja conditions (``{% if %}``, ``{% elif %}``, ``x if y else z``) that name a family, or a variable only a
    family test needs (``keltis``, ``family``)."""
    text, found = path.read_text(encoding="utf-8"), []
    for tag in _TAG.finditer(text):
        condition = tag.group(1) if tag.group(1) is not None else (tag.group(2) if " if " in tag.group(2) else "")
        words = set(re.findall(r"[A-Za-z_]+", re.sub(r"(['\"]).*?\1", lambda m: m.group(0) if m.group(0)[1:-1] in
                                                                          FAMILIES else "", condition)))
        hits = sorted(words & ({*FAMILIES, "family", "keltis", "games"} | {f"'{f}'" for f in FAMILIES}))
        if hits:
            line = text.count("\n", 0, tag.start()) + 1
            found.append(f"{path.relative_to(path.parents[1]) if path.parent != TEMPLATES else path.name}:{line} "
                         f"tests {', '.join(hits)}")
    return found


def test_no_template_tests_the_family():
    """The pages render the partials and words their front names (scorekeeper/fronts/registry.py Pages): a
    template that asked which family it shows would need editing for every new family."""
    assert [hit for path in sorted(TEMPLATES.rglob("*.html")) for hit in _family_tests(path)] == []


def test_the_template_check_finds_a_family_test(tmp_path):
    (tmp_path / "t").mkdir()
    branchy = tmp_path / "t" / "branchy.html"
    branchy.write_text('{% if keltis %}a{% endif %}\n{{ "x" if v.family == "canasta" else "y" }}\n'
                       '{%- elif row["keltis"] -%}b\n{{ _("Keltis") }} {% if front.plays_games %}c{% endif %}')
    assert _family_tests(branchy) == ["t/branchy.html:1 tests keltis", "t/branchy.html:2 tests canasta, family",
                                      "t/branchy.html:3 tests keltis"]


def _static_named(kind: str) -> set[str]:
    return {name for entry in fronts.FRONTS.values() for name in getattr(entry.pages, kind)}


def test_the_scripts_and_styles_of_a_family_come_from_its_front():
    """entry.html once chose keltis.js or preview.js itself: no template links a file a front brings."""
    named = _static_named("entry_scripts") | _static_named("entry_styles") | _static_named("sheet_styles")
    assert named >= {"keltis.js", "preview.js", "keltis.css", "preview.css"}
    linked = {path.name: set(re.findall(r"filename=['\"]([^'\"]+)['\"]", path.read_text(encoding="utf-8")))
              for path in sorted(TEMPLATES.rglob("*.html"))}
    hardwired = sorted((name, file) for name, files in linked.items() for file in files & named)
    assert hardwired == []


@pytest.mark.parametrize("variant, script, other", [("diszitett", "preview.js", "keltis.js"),
                                                    ("keltis", "keltis.js", "preview.js")])
def test_the_entry_page_loads_the_script_its_front_names(client, csrf, variant, script, other):
    from test_entry import create

    page = client.get(f"/m/{create(client, csrf, variant)}/hands/new").get_data(as_text=True)
    assert f"/static/{script}" in page and f"/static/{other}" not in page


def test_every_partial_a_front_names_exists():
    for entry in fronts.FRONTS.values():
        named = [getattr(entry.pages, f) for f in ("words", "entry_side", "entry_modes", "entry_data",
                                                   "sheet_legend", "sheet_cell", "sheet_detail", "standings",
                                                   "revision")]
        folders = [TEMPLATES, *([entry.template_folder] if entry.template_folder else [])]
        assert [n for n in named if n is not None and not any((f / n).is_file() for f in folders)] == [], entry.family


# ------------------------------------------------------------------------------------------ a plugged-in family

def test_a_family_from_outside_registers_its_front_and_partials(app, tmp_path, monkeypatch):
    """What tests/toy_rummy (issue 20) does: one register_front with a template folder of its own; the app finds
    the family's partials there, beside its own templates."""
    monkeypatch.setattr(fronts.registry, "FRONTS", dict(fronts.FRONTS))
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "_standings.html").write_text("toy standings for {{ who }}")
    toy = replace(fronts.front("canasta"), family="toy", template_folder=tmp_path,
                  pages=replace(fronts.front("canasta").pages, standings="toy/_standings.html"))
    fronts.register_front(toy)
    assert fronts.registry.front("toy") is toy
    with app.test_request_context():
        from flask import render_template_string
        page = render_template_string("{% include front.pages.standings %} / {% import front.pages.words as w %}"
                                      "{{ w.entries() }}", front=toy, who="Anna")
    assert page == "toy standings for Anna / Hands"
    fronts.register_front(toy)                         # the same front again: nothing changes
    with pytest.raises(scorekeeper.rules.ScorekeeperError, match="'toy' is already registered"):
        fronts.register_front(replace(toy, plays_games=True))


@pytest.mark.parametrize("variant", ["diszitett", "international"])
def test_the_keypad_of_todays_decks_is_unchanged(variant):
    keys = fronts.front_of(get_rules(variant)).keypad(get_rules(variant))
    assert [(str(face), token, str(name)) for face, token, name in keys] == KEYS[variant]


def test_the_diszitett_keypad_offers_no_red_three_where_one_can_only_be_an_error():
    """Díszített: red threes are laid out at once (in_hand = "impossible") and never melded, so a 3♥ key could
    only type a card the form refuses; international keeps it (a red three left in hand is a penalty)."""
    assert not keypad.deck_spec(get_rules("diszitett")).red_three_key
    assert keypad.deck_spec(get_rules("international")).red_three_key
    assert "3h" not in [token for _f, token, _n in keypad.keypad(get_rules("diszitett"))]


def test_the_keys_show_hungarian_letters_on_a_hungarian_page_but_type_the_notation(app):
    with app.test_request_context(headers={"Accept-Language": "hu"}):
        keys = {token: (str(face), str(name)) for face, token, name in keypad.keypad(get_rules("diszitett"))}
    assert keys["J"][0] == "B" and keys["Q"][0] == "D" and keys["A"][0] == "Á" and keys["JK"][0] == "NZ"
    assert keys["K"][0] == "K" and keys["JK"][1] == "nagy zsoli" and keys["3"][1] == "fekete hármas"


def test_the_keypad_reads_the_deck():
    """A deck without jokers has no joker key: the keys follow keypad.deck_spec, not a fixed list."""
    rules = replace(get_rules("international"), jokers=0)
    keys = [token for _label, token, _name in keypad.keypad(rules)]
    assert "JK" not in keys and keys[:11] == ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert keypad.deck_spec(rules).wilds == ("2",)


def test_keltis_has_no_card_keypad_and_plays_games():
    keltis = fronts.front("keltis")
    assert keltis.keypad(get_rules("keltis")) == () and keltis.plays_games
    assert not fronts.front("canasta").plays_games


def test_a_deck_whose_deuces_are_natural_keys_the_deuce_as_a_rank():
    """Italian canasta (seed 003, S45): only jokers are wild, so the 2 is a rank like the others."""
    rules = replace(get_rules("international"), wilds=frozenset({"JK"}))
    spec = keypad.deck_spec(rules)
    assert spec.naturals[-1] == "2" and spec.wilds == ("JK",)


def test_suit_keys_come_with_sequences_only():
    """A table that allows sequences ([melds.sequence]) gets one key per suit, typed as "~" and the letter (the
    form's script adds it to the last card); a table of groups only has none."""
    plain = get_rules("international")
    assert not any(token.startswith("~") for _l, token, _n in keypad.keypad(plain))
    shapes = {**plain.shapes, "sequence": plain.shapes["group"]}
    suited = replace(plain, shapes=shapes)
    assert [token for _l, token, _n in keypad.keypad(suited)][-4:] == ["~c", "~d", "~h", "~s"]

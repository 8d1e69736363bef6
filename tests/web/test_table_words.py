"""The variant tables' words are msgids: every word a table holds (variant name, canasta kinds, penalties,
option labels, help and choice labels, Keltis colours) is extracted from the TOML by the babel.cfg extractor
(scorekeeper/rules/tables/words.py), has a Hungarian translation, and a Hungarian page shows none of them in
English: the new-match form, the meld checker, the rules pages' option tables, the sheet, the hand forms."""

from __future__ import annotations

import io
import re
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.rules.tables.words import extract, folder_words, table_words
from test_entry import create, post_hand

ROOT = Path(__file__).resolve().parents[2]
RULES_REF = ROOT / "rules_ref"
PO = ROOT / "scorekeeper" / "translations" / "hu" / "LC_MESSAGES" / "messages.po"


def hungarian() -> dict[str, str]:
    with PO.open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale="hu") if m.id and not m.fuzzy}


def words_of(variant: str, *prefixes: str) -> dict[str, str]:
    return {key: word for key, word in folder_words(RULES_REF)[f"{variant}.toml"].items()
            if key.startswith(prefixes)}


def visible(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def english_left(page: str, words: dict[str, str]) -> list[str]:
    """The table words shown in English on a page in Hungarian (a word Hungarian spells alike, such as "Keltis"
    or "−5", is no sign of English)."""
    hu = hungarian()
    text = visible(page)
    return sorted(word for word in words.values() if hu[word] != word
                  and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.I))


# --- the extractor and the catalogue ------------------------------------------------------------------------

def test_the_extractor_finds_every_kind_of_table_word_with_its_line_and_key():
    source = (RULES_REF / "international.toml").read_bytes()
    found = list(extract(io.BytesIO(source), [], [], {}))
    by_key = {comments[0].removeprefix("rules table: "): (line, word) for line, _f, word, comments in found}
    assert by_key["name"][1] == "International canasta"
    assert by_key["canastas.mixed_canasta.label"][1] == "mixed canasta"
    assert by_key["penalties.failed_going_out.label"][1] == "asked to go out and then could not"
    assert by_key["options.wild_limit.label"][1] == "Wild card limit"
    assert by_key["options.wild_limit.help"][1].startswith("At least 2 naturals")
    assert by_key["options.players.choices.3_cutthroat._label"][1] == "3 players, cutthroat"
    lines = source.decode().splitlines()
    assert all(word in lines[line - 1] for line, word in by_key.values())     # the line a translator is sent to
    keltis = dict(table_words({"colours": {"green": {"aliases": ["zöld"]}}, "options": {}}))
    assert keltis == {"colours.green": "green"}


def test_every_word_of_the_tables_has_a_hungarian_translation():
    hu = hungarian()
    words = {word for table in folder_words(RULES_REF).values() for word in table.values()}
    assert len(words) >= 60
    assert sorted(w for w in words if not hu.get(w)) == []


def test_a_choice_label_is_no_patch_and_a_mistyped_one_is_a_load_error(tmp_path):
    from scorekeeper.rules import get_variant
    from scorekeeper.rules.canasta.schema import CANASTA
    from scorekeeper.rules.tables.schema import problems

    spec = get_variant("international").option("wild_limit")
    assert spec.choice_labels["swedish_half"] == "at most half (Swedish)"
    assert dict(spec.patches["swedish_half"]) == {"melds.group.wild_relation": "at_most_half"}
    bad = {"options": {"x": {"default": "a", "label": 3, "choices": {"a": {"_label": ["a"]}}}}}
    assert sorted(problems(bad, CANASTA)) == ["options.x.choices.a._label must be a string, not ['a']",
                                              "options.x.label must be a string, not 3"]


# --- the pages in Hungarian ----------------------------------------------------------------------------------

OPTION_WORDS = ("options.",)


@pytest.mark.parametrize("variant", ["international", "diszitett", "keltis"])
def test_the_new_match_form_shows_its_options_in_hungarian(client, variant):
    page = client.get(f"/?variant={variant}", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    # an option's decision and its sources are the rules page's (issue 23), not the form's
    words = {key: word for key, word in words_of(variant, *OPTION_WORDS, "name").items() if ".decision" not in key}
    assert english_left(page, words) == []
    hu = hungarian()
    shown = [w for w in words.values() if hu[w] in visible(page)]
    assert len(shown) >= len(words) - 2         # the shape options' choices are on the first step only
    assert "Swedish half" not in page and "Wild limit" not in page      # no option id dressed up as English


def test_the_shape_step_names_the_table_forms_in_hungarian(client):
    page = client.get("/?variant=international", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    assert "3 játékos, „cutthroat” (egy a kettő ellen)" in visible(page)
    assert "Asztali felállás" in visible(page)


def test_the_meld_checker_shows_the_options_of_every_variant_in_hungarian(client):
    page = client.get("/checker", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    for variant in ("international", "diszitett"):
        assert english_left(page, words_of(variant, *OPTION_WORDS, "name")) == []
    assert "legfeljebb a fele (svéd)" in visible(page) and "Nemzetközi kanaszta" in visible(page)
    assert '"red_canasta": "piros kanaszta"' in unescape(page)         # the live check's words (checker.js)


@pytest.mark.parametrize("variant", ["international", "diszitett", "keltis"])
def test_the_options_table_of_a_rules_page_is_hungarian(client, variant):
    page = client.get(f"/rules/{variant}", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    options = page[page.index('id="app-options"'):]          # the reference above it is written in English
    options = re.sub(r"<code[^>]*>.*?</code>", "", options)   # ids as the CLI and the API take them
    assert english_left(options, words_of(variant, *OPTION_WORDS)) == []
    assert 'lang="en"' not in options


def test_the_sheet_and_the_hand_names_the_variant_and_its_canastas_in_hungarian(client, csrf):
    token = create(client, csrf, variant="international", names=(("Anna", "Cili"), ("Béla", "Dani")))
    hand = {"side0-melds": "5 5 5 5 5 5 5\nK K K K K 2 2", "side0-out": "out", "side0-hand": "",
            "side1-hand": "4"}
    assert post_hand(client, csrf, token, hand).status_code == 303
    client.set_cookie("lang", "hu")
    sheet = visible(client.get(f"/m/{token}").get_data(as_text=True))
    assert "Nemzetközi kanaszta" in sheet and "International canasta" not in sheet
    detail = visible(client.get(f"/m/{token}/hands/1").get_data(as_text=True))
    assert "tiszta kanaszta" in detail and "vegyes kanaszta" in detail
    assert "natural canasta" not in detail and "mixed canasta" not in detail


@pytest.mark.parametrize("variant, english, hungarian_word", [
    ("diszitett", "red canasta", "piros kanaszta"),
    ("international", "natural canasta", "tiszta kanaszta"),
])
def test_the_summary_form_counts_canastas_by_their_hungarian_names(client, csrf, variant, english, hungarian_word):
    """The summary form labelled each canasta count with the table's English label on a Hungarian page."""
    names = ("Anna", "Béla") if variant == "diszitett" else (("Anna", "Cili"), ("Béla", "Dani"))
    token = create(client, csrf, variant=variant, names=names)
    client.set_cookie("lang", "hu")
    page = visible(client.get(f"/m/{token}/hands/new?mode=summary").get_data(as_text=True))
    assert hungarian_word in page and english not in page


def test_a_keltis_game_form_names_its_colours_in_hungarian(client, csrf):
    token = create(client, csrf, variant="keltis")
    client.set_cookie("lang", "hu")
    page = visible(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    hu = hungarian()
    for colour in words_of("keltis", "colours.").values():
        assert hu[colour] in page
    assert english_left(page, words_of("keltis", "colours.")) == []


@pytest.mark.parametrize("variant", ["international", "diszitett", "keltis"])
def test_the_new_match_forms_more_links_land_on_their_option_on_the_rules_page(client, variant):
    """Each option on the new-match form links to rules#<option>; the options table gives that row its id, once."""
    home = client.get(f"/?variant={variant}").get_data(as_text=True)
    anchors = set(re.findall(rf'href="/rules/{variant}#([a-z_0-9]+)"', home))
    rules = client.get(f"/rules/{variant}").get_data(as_text=True)
    ids = re.findall(r'\sid="([^"]+)"', rules)
    assert anchors and sorted({i for i in ids if ids.count(i) > 1}) == []
    assert anchors <= set(ids)

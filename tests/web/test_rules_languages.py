"""Every rules page in four languages (issue 23): a variant with a translation in the page's language
(rules_ref/<id>.<lang>.md) shows it, its article marked with the file's language; a variant with none shows its
English page, marked English, with a whole sentence in the page's language that says so; the options table says
each decision and its sources (footnotes, seeds named by their titles) in the page's language on every page."""

from __future__ import annotations

import re
import shutil

import pytest

from scorekeeper.rules import registry
from scorekeeper.rules.tables import variants
from scorekeeper.rules.tables.reference import regenerate, translated_path
from scorekeeper.rules.tables.sources import seed_title
from scorekeeper.rules.tables.variants import RULES_REF

from scorekeeper.languages import LANGUAGES as ALL
# The rules pages that must exist: every shipped variant in every language (the English reference and its three
# translations). A variant added later joins this table with the languages it is translated into; until then its
# page shows the English with a note (test_a_made_up_untranslated_variant_...).
PAGES: dict[str, tuple[str, ...]] = {
    "bolivia": ALL, "brazilian": ALL, "canasta_libre": ALL, "chile": ALL, "classic_fr": ALL, "cuban": ALL,
    "diszitett": ALL, "escalera_sevens": ALL, "hollywood": ALL, "international": ALL, "italian": ALL,
    "keltis": ALL, "mexicana": ALL, "pennies_from_heaven": ALL, "samba": ALL, "uruguay": ALL,
}
NOT_TRANSLATED = {
    "hu": "Ez az oldal még nincs lefordítva magyarra, ezért angolul látható.",
    "fr": "Cette page n'est pas encore traduite en français ; elle est affichée en anglais.",
    "sv": "Den här sidan är ännu inte översatt till svenska; den visas på engelska.",
}


def page(client, variant: str, lang: str) -> str:
    client.set_cookie("lang", lang)
    response = client.get(f"/rules/{variant}")
    assert response.status_code == 200, (variant, lang)
    return response.get_data(as_text=True)


def article(html: str) -> str:
    return re.search(r'<article class="card rules-body"[^>]*>.*?</article>', html, re.S).group(0)


def test_the_table_of_pages_names_every_shipped_variant():
    assert sorted(PAGES) == sorted(registry())


def reference_file(variant: str, lang: str):
    english = RULES_REF / registry()[variant].reference
    return english if lang == "en" else translated_path(english, lang)


def test_every_rules_page_exists_in_every_language_of_the_table():
    missing = [str(reference_file(variant, lang).relative_to(RULES_REF.parent))
               for variant, langs in sorted(PAGES.items()) for lang in langs
               if not reference_file(variant, lang).is_file()]
    assert missing == [], f"{len(missing)} rules pages missing: " + ", ".join(missing)


@pytest.fixture
def folder(tmp_path, monkeypatch, app):
    """A copy of rules_ref the app reads (as SCOREKEEPER_RULES_REF would name it), with a made-up variant that
    has no translation, and no translation of díszített's but a small French one written here."""
    copy = tmp_path / "rules_ref"
    shutil.copytree(RULES_REF, copy, ignore=shutil.ignore_patterns("*.hu.md", "*.fr.md", "*.sv.md"))
    (copy / "madeup.toml").write_text('extends = "international"\nid = "madeup"\nname = "Made-up canasta"\n'
                                      'reference = "madeup.md"\n', "utf-8")
    (copy / "madeup.md").write_text("# Made-up canasta — rules reference\n\n*Source: seed 003.*\n\n"
                                    "## Dealing\n\nEleven cards each (seed 002).\n", "utf-8")
    french = ("# Díszített kanaszta — mémento des règles\n\n*Source: seed `000_ffd5dc848dea5381.txt`.*\n\n"
              "## Les cartes\n\nLa valeur des cartes (seed 003 l. 47) :\n\n<!-- numbers:card_values -->\n"
              "<!-- /numbers -->\n")
    (copy / "diszitett.fr.md").write_text(regenerate(french, variants.get_variant("diszitett"), "diszitett.fr.md",
                                                     "fr"), "utf-8")
    monkeypatch.setattr(variants, "RULES_REF", copy)
    monkeypatch.setattr(variants, "_RULES_CACHE", {})
    variants.registry.cache_clear()
    app.config["RULES_REF"] = str(copy)
    yield copy
    variants.registry.cache_clear()


def test_a_made_up_untranslated_variant_shows_its_english_page_with_a_note_on_a_french_page(client, folder):
    html = page(client, "madeup", "fr")
    assert '<html lang="fr"' in html
    body = article(html)
    assert body.startswith('<article class="card rules-body" lang="en">')
    assert 'class="rules-title" lang="en"' in html and "Eleven cards each" in body
    assert NOT_TRANSLATED["fr"] in html.replace("&#39;", "'")
    assert NOT_TRANSLATED["sv"] not in html
    # the English file's sources are named in English (its language), under the English heading
    assert ">Sources</h2>" in body and seed_title("003", "en") in body


@pytest.mark.parametrize("lang", ["hu", "sv"])
def test_the_note_is_a_whole_sentence_in_the_pages_language(client, folder, lang):
    html = page(client, "madeup", lang).replace("&#39;", "'")
    assert NOT_TRANSLATED[lang] in html
    assert [s for k, s in NOT_TRANSLATED.items() if k != lang and s in html] == []


def test_an_english_page_has_no_note(client, folder):
    html = page(client, "madeup", "en")
    assert article(html).startswith('<article class="card rules-body" lang="en">')
    assert not any(sentence in html for sentence in NOT_TRANSLATED.values())
    assert "not yet translated" not in html


def test_a_translated_page_shows_its_file_marked_with_its_language_and_its_sources_in_it(client, folder):
    html = page(client, "diszitett", "fr")
    body = article(html)
    assert body.startswith('<article class="card rules-body" lang="fr">')
    assert 'class="rules-title" lang="fr"' in html and "not yet translated" not in html
    assert not any(sentence in html for sentence in NOT_TRANSLATED.values())
    assert re.search(r"<td>8, 9, 10, V, D, R</td>\s*<td>10</td>", body)          # the blocks in French
    # sources_apart: the source line listed under the French heading, the citation a footnote, by French titles
    assert ">Sources</h2>" in body
    assert seed_title("000", "fr") in body and seed_title("003", "fr") + ", l." in body
    assert "Comment jouer à Canasta" in body and "000_ffd5" not in body and "seed" not in body


def test_a_page_in_a_language_the_variant_lacks_falls_back_to_english_with_the_note(client, folder):
    html = page(client, "diszitett", "sv")
    assert article(html).startswith('<article class="card rules-body" lang="en">')
    assert NOT_TRANSLATED["sv"] in html


def decision_cell(html: str, option: str) -> str:
    row = re.search(rf'<td id="{option}">.*?</tr>', html, re.S).group(0)
    return re.search(r'<td [^>]*class="decision">(.*?)</td>', row, re.S).group(1)


def footnotes(html: str) -> str:
    return re.search(r'<ol class="decision-sources help">(.*?)</ol>', html, re.S).group(1)


@pytest.mark.parametrize("lang, summary, source", [
    ("en", "when red threes count plus", "l. 71 states it for the set only"),
    ("hu", "mikor érnek pluszt a piros hármasok", "l. 71 csak a teljes sorozatra mondja ki"),
    ("fr", "quand les triples rouges comptent en plus", "l. 71 ne le dit que pour la série"),
    ("sv", "när röda treor räknas plus", "r. 71 säger det bara för hela uppsättningen"),
])
def test_a_decision_and_its_source_are_said_in_the_pages_language(client, app, lang, summary, source):
    html = page(client, "samba", lang).replace("&#39;", "'")
    cell = decision_cell(html, "red_three_sign")
    assert "<code>S39</code>" in cell and summary in cell and re.search(r"<sup>\d+</sup>", cell)
    assert source in footnotes(html)


@pytest.mark.parametrize("lang", ["en", "hu", "fr", "sv"])
def test_a_decisions_seeds_are_named_by_their_titles_in_the_pages_language(client, app, lang):
    notes = footnotes(page(client, "international", lang)).replace("&#39;", "'")
    assert seed_title("003", lang) in notes and seed_title("004", lang) in notes
    assert not re.search(r"\bseeds? \d{3}", notes)


def test_a_decision_of_ids_only_shows_its_ids_and_no_summary(client, app):
    option = registry()["keltis"].options[0]
    assert re.fullmatch(r"K\d", option.decision)
    cell = decision_cell(page(client, "keltis", "fr"), option.name)
    assert cell.strip() == f"<code>{option.decision}</code>"

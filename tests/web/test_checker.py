"""Meld checker page (the form path that works with scripting off) and the rules pages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper import service



@pytest.fixture
def csrf(client):
    """A CSRF token read from the checker's own form (so these tests do not depend on the home page)."""
    html = client.get("/checker").get_data(as_text=True)
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)


def text_of(html: str) -> str:
    """The page's visible words, tags stripped and spaces collapsed."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def verdict_of(html: str) -> str:
    start = html.index(">", html.index('id="verdict"')) + 1
    return text_of(html[start:html.index("</section>", start)])


def field_error(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>([^<]*)<', html)
    assert match, f"no element {element_id}"
    return unescape(match.group(1)).strip()


def check(client, csrf, **form):
    return client.post("/checker", data={"csrf_token": csrf, "variant": "diszitett", **form})


def test_checker_page_offers_the_meld_variants_keypad_and_notation_help(client):
    response = client.get("/checker")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    for variant in service.variants():
        offered = f'<option value="{variant["id"]}"' in html
        assert offered == (variant.get("family", "canasta") == "canasta"), variant["id"]
    for card in ("4", "10", "J", "A", "2", "JK", "3h", "3"):
        assert f'data-card="{card}"' in html
    assert 'aria-live="polite"' in html and "checker.js" in html
    assert "NZ = nagy zsoli (joker)" in unescape(html)


def test_get_with_variant_preselects_it(client):
    html = client.get("/checker?variant=international").get_data(as_text=True)
    assert '<option value="international" selected>' in html


@pytest.mark.parametrize("cards, label, card_value, bonus", [
    ("J J J J 2 2 2", "black canasta", 100, 300),
    ("8 8 8 8 8 8 8", "red canasta", 70, 400),
    ("Á Á Á", "group of aces", 60, None),
    ("JK JK JK JK JK JK JK", "red zsoli-canasta", 350, 500),
])
def test_legal_meld_shows_kind_and_values(client, csrf, cards, label, card_value, bonus):
    response = check(client, csrf, cards=cards)
    verdict = verdict_of(response.get_data(as_text=True))
    assert response.status_code == 200
    assert verdict.startswith("Legal")
    assert label in verdict
    assert f"Card value {card_value}" in verdict
    assert (f"Canasta bonus {bonus}" in verdict) == (bonus is not None)


def test_illegal_meld_lists_too_many_wilds_with_its_cards(client, csrf):
    response = check(client, csrf, cards="J J 2 2 2")
    html = response.get_data(as_text=True)
    verdict = verdict_of(html)
    assert response.status_code == 200
    assert verdict.startswith("Not legal")
    assert 'data-code="too_many_wilds"' in html
    assert "a group of 5 may hold at most two wild cards; this has three wild cards" in verdict
    assert "Too many wild cards" in verdict


def test_every_problem_is_listed(client, csrf):
    html = check(client, csrf, cards="K K Q 3h").get_data(as_text=True)
    codes = re.findall(r'data-code="([a-z_]+)"', html)
    assert "threes_not_meldable" in codes and "mixed_ranks" in codes


@pytest.mark.parametrize("cards, token", [("J J X", "'X'"), ("K K 11", "'11'"), ("Q Q 3x", "'3x'")])
def test_bad_token_is_named_next_to_the_cards(client, csrf, cards, token):
    response = check(client, csrf, cards=cards)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert token in field_error(html, "cards-error")
    assert f'value="{cards}"' in html           # what was typed stays in the box
    assert verdict_of(html) == ""


@pytest.mark.parametrize("form, field, words", [
    ({"cards": ""}, "cards-error", "Enter the cards"),
    ({"cards": "K K K", "variant": "bridge"}, "variant-error", "bridge"),
    ({"cards": "K K K", "opening_minimum": "fifty"}, "opening-error", "fifty"),
    ({"cards": "K K K", "opening_minimum": "-50"}, "opening-error", "-50"),
    ({"cards": "K K K", "opening_minimum": "5²"}, "opening-error", "5²"),
    ({"cards": "K K K", "opening_minimum": "9" * 5000}, "opening-error", "whole number"),
    ({"cards": "K K K", "opening_minimum": "10005"}, "opening-error", "10005"),
])
def test_bad_form_fields_are_400_with_the_message_by_the_field(client, csrf, form, field, words):
    response = check(client, csrf, **form)
    assert response.status_code == 400
    assert words in field_error(response.get_data(as_text=True), field)


def test_bad_option_choice_is_400(client, csrf):
    response = check(client, csrf, cards="K K K", opt_diszitett_black_zsoli_canasta_bonus="5")
    assert response.status_code == 400
    assert "'5' is not a choice for black_zsoli_canasta_bonus" in unescape(response.get_data(as_text=True))


def test_variant_option_changes_the_verdict(client, csrf):
    cards = "2 2 JK JK 2 2 JK"                   # black zsoli-canasta: 200 by default, 1000 by option D1
    default = verdict_of(check(client, csrf, cards=cards).get_data(as_text=True))
    chosen = verdict_of(check(client, csrf, cards=cards,
                              opt_diszitett_black_zsoli_canasta_bonus="1000").get_data(as_text=True))
    assert "black zsoli-canasta" in default and "Canasta bonus 200" in default
    assert "Canasta bonus 1,000" in chosen


def test_post_without_csrf_token_is_refused(client):
    response = client.post("/checker", data={"variant": "diszitett", "cards": "J J J J 2 2 2"})
    assert response.status_code == 400
    assert "black canasta" not in response.get_data(as_text=True)


def test_post_with_wrong_csrf_token_is_refused(client, csrf):
    assert check(client, csrf + "x", cards="J J J").status_code == 400


@pytest.mark.parametrize("cards, minimum, going_out, legal, opening", [
    ("K K K K", "50", False, False, 40),          # 40 < 50
    ("A A A", "50", False, True, 60),
    ("K K K K", "50", True, True, 40),           # opening and going out at once: the minimum is met
    ("K K K | 5 5 2", "50", False, False, 45),   # an opening of two melds counts their sum
    ("K K K | A A A", "90", False, True, 90),
])
def test_opening_minimum(client, csrf, cards, minimum, going_out, legal, opening):
    form = {"cards": cards, "opening_minimum": minimum, **({"going_out": "on"} if going_out else {})}
    response = check(client, csrf, **form)
    html = response.get_data(as_text=True)
    verdict = verdict_of(html)
    assert response.status_code == 200
    assert verdict.startswith("Legal" if legal else "Not legal")
    assert f"Opening value{':' if '|' in cards else ''} {opening} (minimum {minimum})" in verdict
    assert ('data-code="opening_minimum_not_reached"' in html) == (not legal)


def test_without_opening_minimum_the_opening_value_is_not_shown(client, csrf):
    assert "Opening value" not in verdict_of(check(client, csrf, cards="A A A").get_data(as_text=True))


def test_international_meld_checked_by_its_own_rules(client, csrf):
    verdict = verdict_of(check(client, csrf, variant="international", cards="K K 2 2 JK").get_data(as_text=True))
    assert verdict.startswith("Legal")          # international allows 2 naturals with 3 wilds


# --- rules pages --------------------------------------------------------------------------------------------

def test_rules_index_lists_every_variant(client):
    response = client.get("/rules")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    for variant in service.variants():
        assert f'href="/rules/{variant["id"]}"' in html
        assert variant["name"] in unescape(html)


@pytest.mark.parametrize("variant", [v["id"] for v in service.variants()])
def test_rules_page_renders_headings_and_options_table(app, client, variant):
    info = next(v for v in service.variants() if v["id"] == variant)
    source = (app.config["RULES_REF"] + "/" + info["reference"])
    with open(source, encoding="utf-8") as f:
        headings = [line.lstrip("#").strip() for line in f if re.match(r"#{1,3} ", line)]
    response = client.get(f"/rules/{variant}")
    html = unescape(response.get_data(as_text=True))
    assert response.status_code == 200
    for heading in headings:
        assert re.search(rf"<h[1-3] id=\"[^\"]+\">{re.escape(heading)}</h[1-3]>", html), heading
    assert "<table tabindex=\"0\">" in html       # the Markdown tables are tables, a keyboard scrolls them
    table = html[html.index('class="options-table"'):]
    for option in info["options"]:
        assert f"<code>{option['name']}</code>" in table
        assert option["help"] in table
        assert f'<code class="default">{option["default"]}</code>' in table
        for choice in option["choices"]:
            assert f">{choice}</code>" in table


def test_rules_page_shows_the_generated_numbers_without_their_markers(client):
    """rules_ref/*.md mark the blocks written from the tables with HTML comments, which the page (escaping raw
    HTML) would show as text."""
    html = unescape(client.get("/rules/international").get_data(as_text=True))
    assert "numbers:" not in html and "<!--" not in html
    assert "<td>natural canasta</td>\n<td>7 or more</td>\n<td>500</td>" in html


def test_unknown_variant_rules_page_is_404(client):
    response = client.get("/rules/bridge")
    assert response.status_code == 404
    assert "bridge" in response.get_data(as_text=True)


def test_rules_markdown_cannot_inject_html(app, client, tmp_path):
    (tmp_path / "diszitett.md").write_text(
        "# Title\n\n<script>alert(1)</script>\n\nSome <b onclick=\"x()\">bold</b> and [a link](javascript:alert(1))"
        " and [ok](https://example.org)\n", encoding="utf-8")
    app.config["RULES_REF"] = str(tmp_path)
    html = client.get("/rules/diszitett").get_data(as_text=True)
    body = html[html.index('class="card rules-body"'):html.index("</article>")]
    assert "<script>" not in body and "&lt;script&gt;" in body
    assert "<b " not in body and "&lt;b onclick" in body
    assert 'href="javascript' not in body and "a link</a>" in body
    assert 'href="https://example.org"' in body


@pytest.mark.parametrize("path", ["/checker", "/checker?variant=international"])
def test_checker_ids_are_unique_and_every_control_has_a_label(client, path):
    html = client.get(path).get_data(as_text=True)
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    for target in re.findall(r'<label for="([^"]+)"', html):
        assert re.search(rf'<(input|select|textarea)\b[^>]*\sid="{re.escape(target)}"', html), target
    # The "going out" checkbox has no id: the label around it names it (and makes the whole row its target).
    assert re.search(r'<label class="check"><input type="checkbox" name="going_out"[^>]*> Going out now</label>',
                     html)


def test_checker_links_the_site_icon(client):
    html = client.get("/checker").get_data(as_text=True)
    assert re.search(r'<link rel="icon" href="/static/favicon\.svg\?v=[0-9a-f]{12}" type="image/svg\+xml">', html)


def test_a_reference_that_became_unreadable_after_the_tables_loaded_is_no_page_not_a_500(app, client, tmp_path):
    """Issue 19: the tables' loader refuses a missing or non-UTF-8 reference; one changed under a running server
    (here: the pages' folder holds a Latin-1 copy) is a 404, not the 500 its rules page answered."""
    import shutil

    folder = tmp_path / "rules_ref"
    shutil.copytree(app.config["RULES_REF"], folder)
    (folder / "hollywood.md").write_bytes("# Hollywood, á\n".encode("latin-1"))
    app.config["RULES_REF"] = str(folder)
    assert client.get("/rules/hollywood").status_code == 404
    assert client.get("/rules/samba").status_code == 200


@pytest.mark.parametrize("language, said", [
    ("en", "Too many wild cards: a group of 8 may hold no wild cards; this has one wild card 2"),
    ("hu", "egy 8 lapos csoportban nem lehet zsoli; ebben egy zsoli van 2"),
])
def test_issue21_the_checker_says_one_wild_card_in_words_not_this_has_1_2(client, csrf, language, said):
    """Issue 21: the count came bare before the offending cards the checker shows after the sentence, so a meld
    with one deuce read "this has 1 2"; the count is said in words with the card it counts, in both languages."""
    client.set_cookie("lang", language)
    verdict = verdict_of(check(client, csrf, cards="K K K K K K K 2").get_data(as_text=True))
    assert said in verdict
    assert not re.search(r"\b\d+ 2\b", verdict), verdict


@pytest.mark.parametrize("body, english, hungarian", [
    ({"variant": "canasta_libre", "cards": "7 7 7 7 7 7 7 7 7"}, "this meld holds nine 7s; the deck has only eight 7s",
     "ebben a lerakásban kilenc 7-es van, a pakliban csak nyolc 7-es van"),
    ({"variant": "bolivia", "cards": "7h 8h 2"}, "a meld needs at least three natural cards, this has two natural cards",
     "egy lerakáshoz legalább három természetes lap kell, ebben két természetes lap van"),
    ({"variant": "bolivia", "cards": "K 2"}, "a group needs at least three cards, this has two cards",
     "egy csoporthoz legalább három lap kell, ebben két lap van"),
    ({"variant": "samba", "cards": "7h Jh Kh"}, "these ranks leave four gaps in the sequence, and no wild card fills them",
     "ezek között az értékek között négy hézag marad a sorban, és nincs zsoli, amely kitöltené"),
])
def test_issue21_counts_of_cards_are_words_with_their_card_in_the_api_both_languages(client, body, english,
                                                                                     hungarian):
    """Issue 21: every count of the checker's sentences that stood next to a rank or a card ("9 7s", "1 wild
    cards") is a number word with its card, plural right ("nine 7s", "one wild card"); in Hungarian the noun
    stays singular after the number ("két lap")."""
    en = [p["message"] for p in client.post("/api/v1/check-meld", json=body).get_json()["problems"]]
    hu = [p["message"] for p in client.post("/api/v1/check-meld", json=body,
                                            headers={"Accept-Language": "hu"}).get_json()["problems"]]
    assert english in en and hungarian in hu, (en, hu)

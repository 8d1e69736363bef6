"""Issue 12 on the printed and read-only fronts: for each of seed 003's variants, a match with one stored hand
shows on the sheet, its PDF sheet and its blank pad render, the pad prints the variant's own tables; the rules
pages and the meld checker list every variant grouped by family, with each option's decision."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.store import matches

NEW = ["classic_fr", "canasta_libre", "uruguay", "chile", "cuban", "mexicana", "pennies_from_heaven",
       "escalera_sevens", "samba", "hollywood", "bolivia", "brazilian", "italian"]
HU = {"Accept-Language": "hu"}

# A stock-exhausted hand (nobody went out; in Escalera with sevens every player keeps a card: three each, for
# Pennies from Heaven's sides of three): A melds a natural canasta of kings and three queens, keeps 4 4 4, has one
# red three; B melds four 5s and keeps 4 4 4. Card values (classic_fr's, every table keeps them): K, Q = 10,
# 5, 4 = 5. A's cards: 70 + 30 − 15 = 85; B's: 20 − 15 = 5. A's red three: +100 where one canasta turns it plus, −100 where the table asks for more
# (the samba family: two canastas, S39; Pennies from Heaven's own sign condition). The natural canasta: 500,
# Mexicana 1000 (S29).
HAND = {"mode": "cards", "sides": [
    {"name": "A", "melds": ["K K K K K K K", "Q Q Q"], "hand": "4 4 4", "red_threes": 1},
    {"name": "B", "melds": ["5 5 5 5"], "hand": "4 4 4"}]}
A_SCORE = {v: 100 + 500 + 85 for v in NEW} | {"mexicana": 100 + 1000 + 85} | {
    v: -100 + 500 + 85 for v in ("pennies_from_heaven", "samba", "hollywood", "bolivia", "italian")}

# Each pad's own numbers, as the variant's table gives them (rules_ref/<id>.toml and its reference page), grouped
# as an English page writes them (issue 23: 1,000).
PAD_TEXT = {
    "classic_fr": ["5,000", "double ending", "100 each, all 4: 800"],
    "canasta_libre": ["free canasta", "1,000", "mixed canasta, three wild cards"],
    "uruguay": ["wild canasta", "2,000"],
    "chile": ["escalera", "1,500", "wild canasta", "2,500", "6: 1,000"],
    "cuban": ["2: 300", "3: 500", "4: 1,000", "4,000", "black threes set aside", "game to 7,500"],
    "mexicana": ["natural canasta", "1,000", "Going out needs 2 canastas"],
    "pennies_from_heaven": ["8: 1,000", "canasta of sevens", "20,000", "at least 1 canasta of sevens"],
    "escalera_sevens": ["escalator", "Bolivia", "round of 4 deals", "Nobody goes out"],
    "samba": ["samba (seven in sequence)", "1,500", "5: 1,000", "6: 1,000", "7,000 and more"],
    "hollywood": ["mixed sequence canasta", "1,000"],
    "bolivia": ["bolivia", "2,500", "15,000", "at least 1 sequence canastas"],
    "brazilian": ["a canasta", "a canasta + 200", "a natural canasta", "5: 1,000", "6: 1,200"],
    "italian": ["canasta of 2s", "3,000", "4: 800", "6: 1,200", "12,000"],
}


def pdf_text(body: bytes, tmp_path) -> str:
    """The PDF's text as pdftotext reads it (reading order: a table cell's wrapped lines follow each other)."""
    path = tmp_path / "file.pdf"
    path.write_bytes(body)
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(out.split())


def stored_match(app, variant: str, options=None, sides=None, hand=HAND) -> tuple[str, dict]:
    with app.extensions["scorekeeper_sessions"]() as db:
        per = 3 if variant == "pennies_from_heaven" else 2
        sides = sides or [{"name": n, "players": [f"{n}{i}" for i in range(per)]} for n in ("A", "B")]
        match = matches.create_match(db, variant=variant, options=options, sides=sides)
        matches.add_hand(db, match, hand, based_on=match.version)
        return match.edit_token, matches.scoresheet(match)


@pytest.mark.parametrize("variant", NEW)
def test_one_stored_hand_shows_on_the_sheet_its_pdf_and_the_hand_page(app, client, tmp_path, variant):
    token, sheet = stored_match(app, variant)
    assert sheet["totals"] == {"A": A_SCORE[variant], "B": 5}
    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert f"{A_SCORE[variant]:,}" in page          # grouped as an English page writes it (issue 23)
    for lang in ({}, HU):
        response = client.get(f"/m/{token}/sheet.pdf", headers=lang)
        assert response.status_code == 200 and response.data.startswith(b"%PDF")
    text = pdf_text(client.get(f"/m/{token}/sheet.pdf").data, tmp_path)
    assert f"{A_SCORE[variant]:,}" in text and "natural canasta K K K K K K K (70 + " in text


@pytest.mark.parametrize("variant", NEW)
def test_each_pad_prints_the_variants_own_tables(client, tmp_path, variant):
    for lang in ({}, HU):
        response = client.get(f"/pad/{variant}.pdf", headers=lang)
        assert response.status_code == 200 and response.data.startswith(b"%PDF"), (variant, lang)
    text = pdf_text(client.get(f"/pad/{variant}.pdf").data, tmp_path)
    missing = [t for t in PAD_TEXT[variant] if t not in text]
    assert not missing, (missing, text[:1500])
    assert ("Going out needs" in text) == (variant != "escalera_sevens")     # S20: nobody goes out there


def test_brazilian_pad_prints_the_canasta_openings_in_hungarian_too(client, tmp_path):
    text = pdf_text(client.get("/pad/brazilian.pdf", headers=HU).data, tmp_path)
    assert "egy kanaszta + 200" in text and "egy tiszta kanaszta" in text, text[:1500]


def test_classic_three_sides_of_two_pad_and_sheet_say_7500(app, client, tmp_path):
    """C1: the match-over decision of classic_fr's form 6 with three sides uses 7500 (targets_by_sides); the
    scoresheet reported the table's 10 000. The sheet, its PDF and the pad say 7500."""
    sides = [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in ("A", "B", "C")]
    three = {"mode": "cards", "sides": HAND["sides"] + [{"name": "C", "melds": ["6 6 6"], "hand": "4"}]}
    token, sheet = stored_match(app, "classic_fr", {"players": "6"}, sides, three)
    assert sheet["target"] == 7500
    assert "game to 7,500" in client.get(f"/m/{token}").get_data(as_text=True)
    assert "game to 7,500" in pdf_text(client.get(f"/m/{token}/sheet.pdf").data, tmp_path)
    pad = client.get("/pad/classic_fr.pdf?opt_players=6")
    assert pad.status_code == 200
    assert "game to 7,500" in pdf_text(pad.data, tmp_path)
    assert client.get("/pad/classic_fr.pdf?opt_players=nine").status_code == 400


def test_brazilian_sheet_says_the_canasta_the_next_opening_needs(app, client, tmp_path):
    """Brazilian canasta from 9000: the next opening needs a natural canasta, not "0" (S62)."""
    with app.extensions["scorekeeper_sessions"]() as db:
        match = matches.create_match(db, variant="brazilian", options=None, sides=[
            {"name": "A", "players": ["A1", "A2"]}, {"name": "B", "players": ["B1", "B2"]}])
        for _ in range(15):      # 15 × 685 = 10 275: from 9000, a natural canasta
            matches.add_hand(db, match, HAND, based_on=match.version)
        token = match.edit_token
    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert re.search(r'class="minimum">a natural canasta<', page), page
    assert "egy tiszta kanaszta" in client.get(f"/m/{token}", headers=HU).get_data(as_text=True)
    text = pdf_text(client.get(f"/m/{token}/sheet.pdf").data, tmp_path)
    assert "a natural canasta" in text and "NC" in text


def test_escalera_sheet_says_the_match_is_decided_by_rounds(app, client):
    token, _ = stored_match(app, "escalera_sevens")
    assert "decided after each round of 4 deals" in client.get(f"/m/{token}").get_data(as_text=True)


def test_rules_index_is_grouped_by_family(client):
    page = client.get("/rules").get_data(as_text=True)
    heads = re.findall(r'<h2 id="group-(\w+)-title">', page)
    assert heads == ["diszitett", "classic", "samba", "keltis"]
    samba = page[page.index('id="group-samba"'):page.index('id="group-keltis"')]
    for variant in ("samba", "hollywood", "bolivia", "brazilian", "italian"):
        assert f'href="/rules/{variant}"' in samba
    assert 'href="/rules/cuban"' not in samba


@pytest.mark.parametrize("variant", NEW)
def test_each_rules_page_lists_its_options_with_their_decisions(client, variant):
    from scorekeeper.rules import get_variant
    for lang in ({}, HU):
        page = client.get(f"/rules/{variant}", headers=lang).get_data(as_text=True)
        for option in get_variant(variant).options:
            ids = option.decision.split(":")[0]
            row = re.search(rf'<td id="{option.name}">.*?</tr>', page, re.S)
            assert row and f"<code>{ids}</code>" in row.group(0), (variant, option.name)


def test_the_checker_groups_its_variants(client):
    page = client.get("/checker").get_data(as_text=True)
    select = re.search(r'<select id="variant".*?</select>', page, re.S).group(0)
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', select, re.S)
    assert [g for g, _ in groups] == ["Díszített kanaszta", "International and classic canasta",
                                      "The samba family: three packs, sequences"]
    assert 'value="samba"' in groups[2][1] and 'value="cuban"' in groups[1][1]
    assert "keltis" not in select


@pytest.mark.parametrize("variant, cards, kind", [
    ("samba", "5h 6h 7h 8h 9h 10h Jh", "samba (seven in sequence)"),
    ("uruguay", "2 2 JK JK 2 2 JK", "wild canasta"),
])
def test_the_web_checker_judges_sequences_and_wild_melds(client, csrf, variant, cards, kind):
    page = client.post("/checker", data={"csrf_token": csrf, "variant": variant, "cards": cards})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    verdict = html[html.index('id="verdict"') if 'id="verdict"' in html else 0:]
    assert kind in verdict and "Not legal" not in verdict


def test_the_home_page_lists_a_pad_per_variant_by_family(client):
    page = client.get("/").get_data(as_text=True)
    pads = page[page.index('id="pads"'):]
    for variant in NEW + ["diszitett", "international", "keltis"]:
        assert f'href="/pad/{variant}.pdf"' in pads
    assert pads.count('class="pad-group"') == 4
    assert 'action="/pad/classic_fr.pdf"' in pads and 'name="opt_players"' in pads
    assert 'action="/pad/pennies_from_heaven.pdf"' in pads and 'name="opt_sides"' in pads


def test_pennies_three_sides_of_two_pad_has_three_columns(client, tmp_path):
    """Pennies from Heaven's option is named "sides", like the pad's column count: the form's choice comes as
    opt_sides and prints three sides (S64, 'six contre trois' read as three sides of two)."""
    two = pdf_text(client.get("/pad/pennies_from_heaven.pdf").data, tmp_path)
    three = pdf_text(client.get("/pad/pennies_from_heaven.pdf?opt_sides=three_of_two").data, tmp_path)
    assert two.count("side and players") == 2 and three.count("side and players") == 3


@pytest.mark.parametrize("variant, side, item, label, printed, hu_label", [
    # l. 89 double ending (S7): 500 natural canasta + 100 going out + 100 double ending + cards 70 + 30 = 800
    ("classic_fr", {"out": "out", "double_out": True, "hand": ""}, 100, "double ending", "double ending 100",
     "dupla kimenés"),
    # Cuban black threes set aside (S25): 2 × 5; 500 + 10 + cards 70 + 30 − 5 (a 4 kept) = 605
    ("cuban", {"black_threes_taken": 2, "hand": "4"}, 10, "black threes set aside × 2",
     "2 × black threes set aside 10", None),
])
def test_the_hand_detail_shows_the_double_ending_and_black_threes_taken(app, client, tmp_path, variant, side, item,
                                                                       label, printed, hu_label):
    hand = {"mode": "cards", "sides": [{"name": "A", "melds": ["K K K K K K K", "Q Q Q"], **side},
                                       {"name": "B", "melds": ["5 5 5 5"], "hand": "4 4 4"}]}
    token, sheet = stored_match(app, variant, hand=hand)
    assert sheet["totals"]["A"] == {"classic_fr": 800, "cuban": 605}[variant]
    page = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    assert re.search(rf"<dt>{label}</dt><dd>{item}</dd>", page), page
    if hu_label:
        assert f"<dt>{hu_label}</dt>" in client.get(f"/m/{token}/hands/1", headers=HU).get_data(as_text=True)
    assert printed in pdf_text(client.get(f"/m/{token}/sheet.pdf").data, tmp_path)


def test_a_decisions_sources_are_footnotes_not_the_summary(client):
    """S38's decision reads "the set of red threes (l. 71 says five; …)": the page shows the summary, and where it
    came from as a numbered footnote under the table (a player reads the game, not the seed's line numbers)."""
    page = client.get("/rules/samba").get_data(as_text=True)
    row = re.search(r'<td id="red_three_set">.*?</tr>', page, re.S).group(0)
    cell = re.search(r'class="decision">(.*?)</td>', row, re.S).group(1)
    assert "<code>S38</code> the set of red threes<sup>" in cell and "l. 71" not in cell
    number = re.search(r"<sup>(\d+)</sup>", cell).group(1)
    note = re.search(rf'<li id="decision-source-{number}">(.*?)</li>', page, re.S).group(1)
    assert "l. 71 says five" in note
    # issue 23: on a Hungarian page too, said in Hungarian
    hungarian = client.get("/rules/samba", headers=HU).get_data(as_text=True)
    assert "a piros hármasok sorozata<sup>" in hungarian and "l. 71: öt;" in hungarian

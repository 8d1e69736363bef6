"""The PDF match sheet and the blank score pads, read back the way a person would: text extracted from the PDF
(pypdf, and poppler's pdftotext for the line layout), every page rendered to PNG with pdftoppm.

Matches are built with scorekeeper.store.matches directly; the PDFs are fetched through the client. Poppler is
installed by .ci/run; without it these tests fail loudly instead of skipping.
"""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.dates import format_date
from pypdf import PdfReader

from scorekeeper.store import matches

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NAMES = ("Anna", "Béla", "Cili", "Győző Űrhajós")


def played_hands(count: int, names=NAMES, seed: int = 7) -> list[dict]:
    """``count`` legal díszített hands for up to four players, varied like real play: each hand one player
    goes out (concealed every fifth hand) with canastas and red threes, the others hold melds and cards
    (black threes, jokers). Four players reach about 7 500 each after 30 hands; no one passes 10 000
    before hand 60."""
    rnd = random.Random(seed)
    hands = []
    for h in range(count):
        ranks = RANKS[:]
        rnd.shuffle(ranks)
        winner = (h * 3 + h // 4) % len(names)
        sides = []
        for i, name in enumerate(names):
            a, b, spare = ranks[2 * i], ranks[2 * i + 1], ranks[8 + i % 3]
            if i == winner:
                melds = ([" ".join([a] * 7), " ".join([b] * 4 + ["2"] * 3)] if h % 3
                         else [" ".join([a] * 8), f"{b} {b} {b} JK"])
                sides.append({"name": name, "melds": melds, "out": "concealed" if h % 5 == 0 else "out",
                              "hand": "", "red_threes": h % 3})
            else:
                melds = [f"{a} {a} {a} JK", f"{b} {b} {b}"] if (h + i) % 3 else [" ".join([a] * 6 + ["JK"])]
                sides.append({"name": name, "melds": melds, "hand": f"{spare} JK" if (h + i) % 2 else "3",
                              "red_threes": 1 if (h + i) % 4 == 0 else 0})
        hands.append({"mode": "cards", "sides": sides})
    return hands


# The seed's worked example (digest section 1): base 900, card value 115, hand score 1015; Béla goes out: 570.
HAND_1015 = {"mode": "cards", "sides": [
    {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"},
    {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}]}
# Anna: 4 red threes 800, seven gold canastas, a red zsoli-canasta, out from hand: 6690. Twice ends the match.
BIG = {"name": "Anna", "melds": ["A A A A A A A A", "K K K K K K K K", "Q Q Q Q Q Q Q Q", "J J J J J J J J",
                                 "10 10 10 10 10 10 10 10", "9 9 9 9 9 9 9 9", "8 8 8 8 8 8 8 8",
                                 "JK JK JK JK JK JK JK"], "red_threes": 4, "out": "concealed", "hand": ""}
HAND_BIG = {"mode": "cards", "sides": [BIG, {"name": "Béla", "hand": "5 5"}]}
SUMMARY = {"mode": "summary", "sides": [
    {"name": "Anna", "canastas": {"red_canasta": 1}, "melded_points": 100, "hand_points": 0, "out": "out"},
    {"name": "Béla", "hand_points": 30}]}


def new_match(db, hands=(), names=("Anna", "Béla"), variant="diszitett", options=None, title="", sides=None):
    match = matches.create_match(db, variant=variant, options=options, title=title,
                                 sides=sides or [{"name": n} for n in names])
    for hand in hands:
        matches.add_hand(db, match, hand, based_on=match.version)
    return match


def fetch_pdf(client, url: str, **headers) -> bytes:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    return response.data


def pdf_text(data: bytes) -> str:
    """pypdf's text, with the true minus sign read as a hyphen."""
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).replace("\u2212", "-")


def poppler(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} (poppler-utils) is missing: .ci/run installs it; apt-get install poppler-utils")
    return path


def layout_lines(data: bytes, tmp_path: Path) -> list[str]:
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    out = subprocess.run([poppler("pdftotext"), "-layout", str(source), "-"], capture_output=True, check=True,
                         timeout=60)
    return out.stdout.decode("utf-8").replace("\u2212", "-").splitlines()


def page_count(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def numbers(line: str) -> list[int]:
    """The line's numbers, read through an English page's grouping (issue 23: 1,050)."""
    return [int(n.replace(",", "")) for n in re.findall(r"-?\d+(?:,\d{3})*", line)]


def in_order(expected: list[int], values: list[int]) -> bool:
    """``expected`` appears in ``values`` in this order (other numbers may come between)."""
    rest = iter(values)
    return all(any(v == e for v in rest) for e in expected)


# --- the sheet ------------------------------------------------------------------------------------------


def test_sheet_pdf_is_served_on_both_links_inline_with_a_readable_file_name(client, db):
    match = new_match(db, [HAND_1015], title="Szombati játszma")
    for url in (f"/m/{match.edit_token}/sheet.pdf", f"/v/{match.view_token}/sheet.pdf"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        disposition = response.headers["Content-Disposition"]
        assert disposition.startswith("inline") and "szombati-jatszma-" in disposition
    assert client.get(f"/m/{match.view_token}/sheet.pdf").status_code == 404       # a view token cannot edit
    assert client.get("/v/not-a-token/sheet.pdf").status_code == 404


def test_every_running_total_of_the_scoresheet_is_in_its_hand_row(client, db, tmp_path):
    match = new_match(db, played_hands(12, NAMES), names=NAMES)
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    sheet = matches.scoresheet(match)
    lines = layout_lines(data, tmp_path)
    for hand in sheet["hands"]:
        row = next(line for line in lines if re.match(rf"\s*{hand['number']}\s+\d", line))
        expected = [hand["result"]["totals"][name] for name in sheet["columns"]]
        assert in_order(expected, numbers(row)), (hand["number"], expected, row)
    text = pdf_text(data)
    for name in sheet["columns"]:
        assert f"{sheet['totals'][name]:,}" in text and name in text      # grouped as English writes it


def test_each_hand_row_shows_base_card_value_hand_score_taxed_score_total_and_minimum(client, db, tmp_path):
    # Anna 6690 after hand 1 (5000–6999: halved, minimum 75); hand 2's 1015 is taxed to 510 → 7200 (minimum 90).
    match = new_match(db, [HAND_BIG, HAND_1015])
    lines = layout_lines(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf"), tmp_path)
    header = next(line for line in lines if "Base" in line and "Taxed" in line)
    assert header.split() == ["#"] + ["Base", "Cards", "Hand", "Taxed", "Total", "Min."] * 2
    row1 = next(line for line in lines if re.match(r"\s*1\s+5,700", line))
    row2 = next(line for line in lines if re.match(r"\s*2\s+900", line))
    assert row1.split() == ["1", "5,700", "990", "★6,690", "·", "6,690", "75", "0", "-10", "-10", "·", "-10", "50"]
    assert row2.split() == ["2", "900", "115", "★1,015", "510", "7,200", "90", "500", "70", "570", "·", "560", "50"]


def test_header_names_variant_changed_options_players_and_date(client, db):
    match = new_match(db, [HAND_1015], title="Kedd esti kanaszta", options={"black_zsoli_canasta_bonus": "1000"})
    text = pdf_text(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf"))
    for expected in ("Kedd esti kanaszta", "Díszített kanaszta", "Black zsoli-canasta bonus: 1,000", "Anna, Béla",
                     f"started {format_date(match.created_at, 'medium', locale='en')}", "1 hand"):
        assert expected in text
    assert "Negative tax" not in text                  # options left at their defaults are not listed


def test_a_hungarian_sheet_names_the_changed_options_in_hungarian(client, db):
    """Option labels are table words (rules_ref/*.toml ``label``): the PDF says them in the page's language."""
    match = new_match(db, [HAND_1015], options={"black_zsoli_canasta_bonus": "1000", "top_tie": "play_on"})
    client.set_cookie("lang", "hu")
    text = pdf_text(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf"))
    assert "Fekete zsolikanaszta jutalma: 1000" in text      # Hungarian groups from five digits
    assert "zsoli canasta bonus" not in text and "Top tie" not in text and "play on" not in text.lower()


def test_partnership_sheet_lists_players_and_prints_penalties(client, db):
    hand = {"mode": "cards", "sides": [
        {"name": "Anna & Cili", "melds": ["K K K K K K K", "Q Q Q 2"], "red_threes": 1, "out": "out",
         "hand": {"Anna": "", "Cili": "5 6"}},
        {"name": "Béla & Dani", "melds": ["A A A"], "hand": {"Béla": "4", "Dani": "JK"},
         "penalties": [{"code": "out_of_turn_meld"}]}]}
    match = new_match(db, [hand], variant="international",
                      sides=[{"name": "Anna & Cili", "players": ["Anna", "Cili"]},
                             {"name": "Béla & Dani", "players": ["Béla", "Dani"]}])
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")).split())
    assert "Anna & Cili (Anna, Cili)" in text and "Béla & Dani (Béla, Dani)" in text
    assert "Pen." in text and "Taxed" not in text       # a penalty column; international has no taxation
    assert "penalty: melded before the partner's answer to 'may I go out?' -100" in text
    assert "810" in text and "-95" in text


def test_hand_details_print_melds_with_kinds_red_threes_twins_and_how_the_hand_ended(client, db):
    match = new_match(db, [HAND_1015, SUMMARY])
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")).split())
    for expected in ("black canasta J J J J 2 2 2 (100 + 300)", "red canasta 5 5 5 5 5 5 5 (35 + 400)",
                     "red threes 100, twins 100", "card value 115 (135 - 20)", "hand score 1,015",
                     "red canasta K K K K K K K (70 + 400) — going out 100", "hand score 570",
                     "red canasta 400, going out 100"):         # the summary hand: its canastas as entered
        assert expected in text, expected
    concealed = new_match(db, [HAND_BIG])
    text = " ".join(pdf_text(fetch_pdf(client, f"/m/{concealed.edit_token}/sheet.pdf")).split())
    assert "red threes 800" in text and "going out from hand 100" in text
    assert "gold canasta A A A A A A A A (160 + 600)" in text and "red zsoli-canasta" in text


def test_finished_match_prints_the_winner_and_the_final_standings(client, db, tmp_path):
    match = new_match(db, [HAND_BIG, HAND_BIG])
    sheet = matches.scoresheet(match)
    assert sheet["match_over"] and sheet["winner"] == "Anna"
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    text = " ".join(pdf_text(data).split())
    assert f"Anna wins with {sheet['totals']['Anna']:,} points!" in text and "Final standings" in text
    standings = [line.split() for line in layout_lines(data, tmp_path) if re.match(r"\s*[12]\.\s", line)]
    assert [row[:3] for row in standings][:2] == [["1.", "Anna", "★"], ["2.", "Béla", str(sheet["totals"]["Béla"])]]


def test_every_page_renders_to_png_and_pages_grow_with_the_hands(client, db, tmp_path):
    short = new_match(db, played_hands(3, NAMES), names=NAMES)
    long = new_match(db, played_hands(40, NAMES), names=NAMES)
    counts = {}
    for name, match in (("short", short), ("long", long)):
        data = fetch_pdf(client, f"/v/{match.view_token}/sheet.pdf")
        (tmp_path / f"{name}.pdf").write_bytes(data)
        subprocess.run([poppler("pdftoppm"), "-r", "30", "-png", str(tmp_path / f"{name}.pdf"),
                        str(tmp_path / name)], check=True, timeout=120)
        pngs = sorted(tmp_path.glob(f"{name}-*.png"))
        assert len(pngs) == page_count(data)
        assert all(p.stat().st_size > 1000 and p.read_bytes().startswith(b"\x89PNG") for p in pngs)
        counts[name] = page_count(data)
    assert counts["short"] == 1 and counts["long"] > counts["short"] + 1


def test_pages_are_numbered_n_of_total(client, db):
    match = new_match(db, played_hands(40, NAMES), names=NAMES)
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    pages = PdfReader(io.BytesIO(data)).pages
    total = len(pages)
    for n, page in enumerate(pages, start=1):
        assert f"{n} / {total}" in page.extract_text()


def test_hungarian_sheet_has_hungarian_words_and_keeps_the_accents(client, db, tmp_path):
    hand = {"mode": "cards", "sides": [{**HAND_1015["sides"][0], "name": "Győző Űrhajós"}, HAND_1015["sides"][1]]}
    match = new_match(db, [hand], names=("Győző Űrhajós", "Béla"))
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf", **{"Accept-Language": "hu"})
    text = " ".join(pdf_text(data).split())
    layout = "\n".join(layout_lines(data, tmp_path))
    for expected in ("Győző Űrhajós", "Leosztások", "Alap", "Pontverseny", "fekete kanaszta", "piros hármasok"):
        assert expected in text, expected
    assert "Győző Űrhajós" in layout
    english = " ".join(pdf_text(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")).split())
    assert "Hands" in english and "Leosztások" not in english


def test_six_players_are_printed_in_two_tables_with_every_total(client, db, tmp_path):
    names = ("A1", "B2", "C3", "D4", "E5", "F6")
    hand = {"mode": "cards", "sides": [
        {"name": "A1", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
        *({"name": n, "melds": [f"{r} {r} {r} JK"], "hand": "4"} for n, r in zip(names[1:], "56789"))]}
    match = new_match(db, [hand, hand], names=names)
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    lines = layout_lines(data, tmp_path)
    assert sum(1 for line in lines if "Base" in line and "Total" in line) == 2
    sheet = matches.scoresheet(match)
    text = pdf_text(data)
    for name in names:
        assert name in text and f"{sheet['totals'][name]:,}" in text      # an English page groups: 1,140


def test_names_are_printed_literally_not_as_markup(client, db):
    match = new_match(db, [], names=("Anna", "<b>Béla & co</b>"))
    text = pdf_text(fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf"))
    assert "<b>Béla & co</b>" in text and "No hands yet." in text


def test_the_pdf_does_not_change_the_cached_scoresheet(client, db):
    match = new_match(db, [HAND_1015])
    before = repr(matches.scoresheet(match))
    fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    assert repr(matches.scoresheet(match)) == before


def test_scoresheet_page_links_to_the_pdf_and_the_export(client, db):
    match = new_match(db, [HAND_1015])
    edit = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    view = client.get(f"/v/{match.view_token}").get_data(as_text=True)
    assert f'href="/m/{match.edit_token}/sheet.pdf"' in edit and f'href="/m/{match.edit_token}/export.json"' in edit
    assert f'href="/v/{match.view_token}/sheet.pdf"' in view and f'href="/v/{match.view_token}/export.json"' in view
    assert match.edit_token not in view


# --- blank score pads -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant, columns, minimums, taxed", [
    ("diszitett", ["Base", "Cards", "Hand", "Taxed", "Total"] * 4,
     [("below 5,000", "50"), ("5,000 – 6,999", "75"), ("7,000 – 8,999", "90"), ("9,000 and more", "120")], True),
    ("international", ["Base", "Cards", "Hand", "Total"] * 2,
     [("below 0", "15"), ("0 – 1,499", "50"), ("1,500 – 2,999", "90"), ("3,000 and more", "120")], False),
])
def test_blank_pad_has_the_variants_columns_and_its_tables(client, tmp_path, variant, columns, minimums, taxed):
    data = fetch_pdf(client, f"/pad/{variant}.pdf")
    assert page_count(data) == 1
    lines = layout_lines(data, tmp_path)
    header = next(line for line in lines if line.split()[:2] == ["#", "Base"])
    assert header.split() == ["#"] + columns
    text = " ".join(pdf_text(data).split())
    assert "Opening minimum" in text and all(f"{span} {value}" in text for span, value in minimums)
    assert ("Taxation" in text and "½ (halved)" in text and "1/10 (a tenth)" in text) is taxed
    assert "red canasta" in text or "natural canasta" in text
    rows = [line for line in lines if re.match(r"\s*\d+\s*$", line)]
    assert len(rows) >= 25                                  # many empty numbered rows to write in


def test_blank_pad_for_six_players_and_bad_side_counts(client, tmp_path):
    lines = layout_lines(fetch_pdf(client, "/pad/diszitett.pdf?sides=6"), tmp_path)
    assert sum(1 for line in lines if line.split()[:2] == ["#", "Base"]) == 2
    for url, status in (("/pad/diszitett.pdf?sides=9", 400), ("/pad/diszitett.pdf?sides=x", 400),
                        ("/pad/international.pdf?sides=3", 400), ("/pad/bridge.pdf", 404)):
        response = client.get(url)
        assert response.status_code == status, url
        assert response.mimetype == "text/html"


def test_hungarian_blank_pad(client):
    text = " ".join(pdf_text(fetch_pdf(client, "/pad/diszitett.pdf", **{"Accept-Language": "hu"})).split())
    for expected in ("Díszített kanaszta", "Nyitó", "Adó", "Alap"):
        assert expected in text, expected


def test_home_page_offers_the_import_form_and_the_pads(client):
    page = client.get("/").get_data(as_text=True)
    assert 'action="/import"' in page and 'enctype="multipart/form-data"' in page and 'type="file"' in page
    assert 'href="/pad/diszitett.pdf"' in page and 'href="/pad/international.pdf"' in page

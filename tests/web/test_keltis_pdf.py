"""The Keltis PDF sheet and blank pad (issue 5), read back like tests/web/test_pdf.py: text from the PDF (pypdf,
poppler's pdftotext for the line layout) and every page rendered with pdftoppm.

The games are legal Keltis tables entered through scorekeeper.store.matches; the numbers below are worked by hand
from the digest (section 3): rows by length 1 → −4 … 9+ → 10, grey row 1 a card, stones 0 → −4 … 5+ → 10.
"""

from __future__ import annotations

import io
import random
import re
import subprocess

from pypdf import PdfReader

from scorekeeper.store import matches
from scorekeeper.rules import get_variant

from test_pdf import fetch_pdf, layout_lines, new_match, page_count, pdf_text, poppler

PLAYERS = ("Anna", "Béla", "Győző Űrhajós")
# Anna 7 + 2 (rows) + 3 (grey) + 4 (three stones) = 16; Béla 1 + 6 + 0 (two stones) = 7; Győző −4 + 1 − 4 = −7.
GAME_1 = {"mode": "cards", "sides": [
    {"name": "Anna", "rows": {"green": "0 1 2 3 3 4 5 X", "red": "10 9 8 G8 7"}, "grey": "3 5 2", "stones": [1, 2, 3]},
    {"name": "Béla", "rows": {"blue": "9 7 7 4", "yellow": "3 3 6 G6 8 X X"}, "stones": [4, 9]},
    {"name": "Győző Űrhajós", "rows": {"pink": "5"}, "grey": "10"}]}
# Anna −3 + 1 + 0 = −2 (14); Béla 3 + 4 = 7 (14): a tie; Győző 1 − 1 = 0 (−7).
GAME_2 = {"mode": "cards", "sides": [
    {"name": "Anna", "rows": {"pink": "1 2"}, "grey": "7", "stones": [5, 6]},
    {"name": "Béla", "rows": {"green": "10 9 8 7 6 5"}, "stones": [1, 2, 3]},
    {"name": "Győző Űrhajós", "rows": {"red": "0 1 3 X"}, "stones": [7]}]}
ROW_POINTS = {  # game → player → [(colour, cards as laid, length, points)] for every row laid
    1: {"Anna": [("green", "0 1 2 3 3 4 5 X", 8, 7), ("red", "10 9 8 G8 7", 5, 2)],
        "Béla": [("yellow", "3 3 6 G6 8 X X", 7, 6), ("blue", "9 7 7 4", 4, 1)],
        "Győző Űrhajós": [("pink", "5", 1, -4)]},
    2: {"Anna": [("pink", "1 2", 2, -3)], "Béla": [("green", "10 9 8 7 6 5", 6, 3)],
        "Győző Űrhajós": [("red", "0 1 3 X", 4, 1)]}}
DECK = [0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10]
COLOURS = ("green", "yellow", "red", "pink", "blue")


def keltis_games(count: int, names, seed: int = 5) -> list[dict]:
    """``count`` legal Keltis games: each colour's cards shared out among some players as rising or falling
    rows (some closed, some with a grey card on their last value), the grey cards and stones left over dealt
    round."""
    rnd = random.Random(seed)
    games = []
    for _g in range(count):
        sides = {n: {"name": n, "rows": {}, "grey": [], "stones": []} for n in names}
        greys = list(range(11))
        rnd.shuffle(greys)
        for colour in COLOURS:
            cards = DECK[:]
            rnd.shuffle(cards)
            cards, closers = cards[:rnd.randint(4, 16)], 2
            takers = rnd.sample(list(names), k=rnd.randint(1, len(names)))
            for t, name in enumerate(takers):
                row = [str(v) for v in sorted(cards[t::len(takers)], reverse=rnd.random() < .5)]
                if not row:
                    continue
                if greys and str(greys[-1]) == row[-1]:
                    row.append(f"G{greys.pop()}")
                if closers and rnd.random() < .4:
                    k = rnd.randint(1, closers)
                    closers -= k
                    row += ["X"] * k
                sides[name]["rows"][colour] = " ".join(row)
        for value in greys[:rnd.randint(0, 8)]:
            sides[rnd.choice(names)]["grey"].append(value)
        stones = list(range(1, 10))
        rnd.shuffle(stones)
        for value in stones[:rnd.randint(2, 9)]:
            sides[rnd.choice(names)]["stones"].append(value)
        games.append({"mode": "cards", "sides": [{**s, "grey": " ".join(map(str, s["grey"]))}
                                                 for s in sides.values()]})
    return games


def keltis_match(db, games, names=PLAYERS, title="Keltis est"):
    return new_match(db, games, names=names, variant="keltis", title=title)


def num(points: int) -> str:
    return str(points)


def flat(data: bytes) -> str:
    return " ".join(pdf_text(data).split())


# --- the sheet ------------------------------------------------------------------------------------------


def test_keltis_sheet_has_each_game_score_and_running_total_in_its_ledger_row(client, db, tmp_path):
    match = keltis_match(db, [GAME_1, GAME_2])
    sheet = matches.scoresheet(match)
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    lines = layout_lines(data, tmp_path)
    header = next(line for line in lines if "Rows" in line and "Stones" in line)
    assert header.split() == ["#"] + ["Rows", "Grey", "Stones", "Game", "Total"] * 3
    # Per player: rows, grey, stones, game (★ the best game), running total.
    assert next(l for l in lines if re.match(r"\s*1\s+9\s", l)).split() == \
        ["1", "9", "3", "4", "★16", "16", "7", "0", "0", "7", "7", "-4", "1", "-4", "-7", "-7"]
    assert next(l for l in lines if re.match(r"\s*2\s+-3\s", l)).split() == \
        ["2", "-3", "1", "0", "-2", "14", "3", "0", "4", "★7", "14", "1", "0", "-1", "0", "-7"]
    final = next(l for l in lines if l.split()[:1] == ["Total"])
    assert final.split() == ["Total", "14", "Total", "14", "Total", "-7"]
    text = flat(data)
    for name in PLAYERS:
        assert name in text and str(sheet["totals"][name]).replace("-", "-") in text


def test_keltis_sheet_details_show_every_row_as_laid_with_length_and_points(client, db, tmp_path):
    match = keltis_match(db, [GAME_1, GAME_2])
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    layout = "\n".join(layout_lines(data, tmp_path))
    for game, players in ROW_POINTS.items():
        for name, rows in players.items():
            for colour, cards, length, points in rows:
                assert re.search(rf"{colour}\s+{re.escape(cards)}\s+{length}\s+{points}(\s|$)", layout, re.M), \
                    (game, name, colour)
    text = flat(data)
    for expected in ("Game 1", "Game 2", "Games in detail", "Cards as laid", "grey row 3 5 2 3 3",
                     "stones 1 2 3 3 4", "stones 4 9 2 0", "stones – 0 -4", "colour rows 9", "game score 16",
                     "game score -7", "G5 the grey point card 5"):
        assert expected in text, expected


def test_keltis_tie_shares_the_win_in_the_banner_and_the_standings(client, db, tmp_path):
    match = keltis_match(db, [GAME_1, GAME_2])
    assert matches.scoresheet(match)["winner"] == ["Anna", "Béla"]
    data = fetch_pdf(client, f"/v/{match.view_token}/sheet.pdf")
    text = flat(data)
    assert "After 2 games a shared win with 14 points: Anna, Béla" in text
    standings = [l.split() for l in layout_lines(data, tmp_path) if re.match(r"\s*[123]\.\s", l)]
    assert [row[:4] for row in standings[:2]] == [["1.", "Anna", "★", "14"], ["1.", "Béla", "★", "14"]]
    assert standings[2][:2] == ["3.", "Győző"]
    single = keltis_match(db, [GAME_1])
    assert "After 1 game Anna wins with 16 points!" in flat(fetch_pdf(client, f"/m/{single.edit_token}/sheet.pdf"))


def test_keltis_sheet_for_five_players_renders_every_page_with_every_total(client, db, tmp_path):
    names = ("Anna", "Béla", "Cili", "Dóra", "Győző Űrhajós")
    match = keltis_match(db, keltis_games(6, names), names=names)
    sheet = matches.scoresheet(match)
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf")
    pdf = tmp_path / "k.pdf"
    pdf.write_bytes(data)
    subprocess.run([poppler("pdftoppm"), "-r", "30", "-png", str(pdf), str(tmp_path / "k")], check=True, timeout=120)
    pngs = sorted(tmp_path.glob("k-*.png"))
    assert len(pngs) == page_count(data) > 1
    assert all(p.stat().st_size > 1000 for p in pngs)
    lines = layout_lines(data, tmp_path)
    assert sum(1 for l in lines if l.split()[:2] == ["#", "Rows"]) == 2          # 3 + 2 players, stacked
    text = pdf_text(data)
    for hand in sheet["hands"]:
        for side in hand["result"]["sides"]:
            assert str(side["total"]) in text and str(side["score"]) in text
            for row in side["rows"]:
                if row["cards"]:
                    assert " ".join(row["cards"]) in text
    # A game's tables are never split across two pages: each page has every player's game score of each
    # game that starts on it, and no game score of a game started on an earlier page.
    for n, page in enumerate(PdfReader(io.BytesIO(data)).pages, start=1):
        words = page.extract_text()
        scores = re.findall(r"game score\s*[\u2212-]?\d", words)
        assert len(scores) == len(names) * len(re.findall(r"Game \d+", words)), n


def test_hungarian_keltis_sheet_keeps_the_accents(client, db, tmp_path):
    match = keltis_match(db, [GAME_1])
    data = fetch_pdf(client, f"/m/{match.edit_token}/sheet.pdf", **{"Accept-Language": "hu"})
    text = flat(data)
    assert "Győző Űrhajós" in text and "Pontverseny" in text
    assert "Győző Űrhajós" in "\n".join(layout_lines(data, tmp_path))


# --- the blank pad --------------------------------------------------------------------------------------


def test_blank_keltis_pad_has_per_player_columns_and_the_scoring_tables_of_the_rules(client, tmp_path):
    data = fetch_pdf(client, "/pad/keltis.pdf")
    assert page_count(data) == 1
    rules = get_variant("keltis").rules(None)
    lines = layout_lines(data, tmp_path)
    header = next(l for l in lines if l.split()[:2] == ["#", "Cards"])
    assert header.split() == ["#"] + ["Cards", "Points"] * 4
    def after(word: str) -> list[list[str]]:
        """The tokens after ``word`` on each line holding it (the title shares the lines of the tables)."""
        return [l.split()[l.split().index(word) + 1:] for l in lines if word in l.split()]

    last, most = len(rules.row_length_points) - 1, len(rules.stone_points) - 1
    assert [str(n) for n in range(1, last)] + [f"{last}+"] in after("Cards")
    assert [num(p) for p in rules.row_length_points[1:]] in after("Points")
    assert [str(n) for n in range(most)] + [f"{most}+"] in after("Stones")
    assert [num(p) for p in rules.stone_points] in after("Points")
    text = flat(data)
    for expected in ("Keltis", "Score pad", "Colour row: points by its number of cards", "Grey row: 1 point",
                     "green", "yellow", "red", "pink", "blue", "wishing stones", "game score", "running total"):
        assert expected in text, expected
    assert text.count("game score") >= 3                    # three games to write in
    png = tmp_path / "pad.pdf"
    png.write_bytes(data)
    subprocess.run([poppler("pdftoppm"), "-r", "30", "-png", str(png), str(tmp_path / "pad")], check=True)
    assert len(list(tmp_path.glob("pad-*.png"))) == 1


def test_keltis_pad_side_counts_language_and_home_link(client, tmp_path):
    lines = layout_lines(fetch_pdf(client, "/pad/keltis.pdf?sides=5"), tmp_path)
    assert next(l for l in lines if l.split()[:2] == ["#", "Cards"]).split() == ["#"] + ["Cards", "Points"] * 5
    two = layout_lines(fetch_pdf(client, "/pad/keltis.pdf?sides=2"), tmp_path)
    assert next(l for l in two if l.split()[:2] == ["#", "Cards"]).split() == ["#"] + ["Cards", "Points"] * 2
    for url in ("/pad/keltis.pdf?sides=6", "/pad/keltis.pdf?sides=1"):
        assert client.get(url).status_code == 400, url
    hungarian = fetch_pdf(client, "/pad/keltis.pdf", **{"Accept-Language": "hu"})
    assert page_count(hungarian) == 1 and "Pontozólap" in flat(hungarian)
    assert 'href="/pad/keltis.pdf"' in client.get("/").get_data(as_text=True)

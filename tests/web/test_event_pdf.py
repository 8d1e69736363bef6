"""A club night's PDFs (issue 24): the standings (public, on the screen's token) and each round's table cards and
score slips (on the group's edit link only), read back like tests/web/test_keltis_pdf.py: pypdf's text, pages
rendered with pdftoppm (to /tmp/pdf24/, to look at), and each card's QR code read back module by module from the
rendered page and compared with segno's code of the table's match edit link (no QR decoder is installed here).

The event: 2 tables x 2 Swiss rounds of 1 hand of international canasta, hands entered through the API with
test_event_api's helpers (a winning side scores 665, the other 5). Worked by hand from the burraco preset
(rules_ref/events/victory_points.toml, burraco_3_hands): a difference of 660 takes the row [655, 16, 4].
  Round 1 (seed order): table 1 pair 1 (Anna & Béla) beats pair 2 (Cili & Dani) 665-5: 16-4 VP;
                        table 2 pair 4 (Gabi & Hédi) beats pair 3 (Emma & Feri) 665-5: 16-4 VP.
  Round 2 (Swiss, 1st v 2nd, 3rd v 4th): pair 1 beats pair 4, pair 3 beats pair 2, each 665-5: 16-4 VP.
  Final: pair 1 16+16 = 32 VP, for 1330, against 10, +1320;
         pair 4 16+4 = 20 VP, for 670, against 670, 0;  pair 3 4+16 = 20 VP, 670/670, 0;
         pair 2 4+4 = 8 VP, for 10, against 1330, -1320.
  Pairs 4 and 3 tie on VP and difference: head to head, pair 4 beat pair 3 in round 1 (16 VP to 4), so
  the order is pair 1, pair 4, pair 3, pair 2, ranks 1-4.
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
import segno
from pypdf import PdfReader

from test_api import API
from test_event_api import create, hand, settings
from test_groups_api import new_group
from test_limits import limited_app
from test_pdf import fetch_pdf, page_count, pdf_text, poppler

from scorekeeper.web.group import event_pdf

# words, pages and PDFs: run on SQLite only (.ci/run: the `storage` tests run again on PostgreSQL)

SHOTS = Path("/tmp/pdf24")


def flat(data: bytes) -> str:
    return " ".join(pdf_text(data).split())


def table_of(event: dict, round_number: int, entrant: int) -> tuple[dict, bool]:
    """The table of ``round_number`` where ``entrant`` sits, and whether it sits North–South."""
    for t in event["rounds"][round_number - 1]["tables"]:
        if entrant in (t["ns"], t["ew"]):
            return t, t["ns"] == entrant
    raise AssertionError(entrant)


def played_night(client) -> tuple[dict, dict]:
    """The module docstring's event, both rounds played: (the group, the event as its edit link reads it)."""
    group = new_group(client)
    event = create(client, group["edit_token"]).json
    hand(client, table_of(event, 1, 1)[0], ns_wins=True)       # pair 1 NS beats pair 2
    hand(client, table_of(event, 1, 4)[0], ns_wins=False)      # pair 4 EW beats pair 3
    event = client.post(f"{API}/events/{event['edit_token']}/rounds", json={}).json
    for winner in (1, 3):
        table, ns = table_of(event, 2, winner)
        hand(client, table, ns_wins=ns)
    return group, client.get(f"{API}/events/{event['edit_token']}").json


def render(data: bytes, name: str, page: int = 1) -> Path:
    """Page ``page`` as PNG in /tmp/pdf24/ (to look at) at 60 dpi: see a4."""
    SHOTS.mkdir(exist_ok=True)
    source = SHOTS / f"{name}.pdf"
    source.write_bytes(data)
    subprocess.run([poppler("pdftoppm"), "-png", "-r", "60", "-f", str(page), "-l", str(page), "-singlefile",
                    str(source), str(SHOTS / name)], check=True, timeout=60)
    return SHOTS / f"{name}.png"


def a4(path: Path) -> bool:
    """The PNG is an A4 portrait page at 60 dpi: 210 x 297 mm is 496.1 x 701.6 pixels, poppler rounds up."""
    head = path.read_bytes()[16:24]
    return (int.from_bytes(head[:4], "big"), int.from_bytes(head[4:], "big")) in ((496, 702), (497, 702))


def printed_qr(data: bytes, page: int, name: str) -> list[list[bool]]:
    """The QR code printed on the card of ``page``, read back module by module from the page rendered at 200 dpi
    (no QR decoder is installed here: no zbar, no OpenCV). The card's code stands right of its words, below the
    card's top line: the first row of dark pixels between 100 and 198 mm from the page's left edge (the card's
    border is at 199-200 mm) and below 14 mm (the border's top is at 12-12.7 mm) is the code's top edge, where
    its two upper finder patterns give its left and right edges (it is square) and their top run of 7 dark
    modules the module's size. Each module is read at its centre."""
    source = SHOTS / f"{name}.pdf"
    SHOTS.mkdir(exist_ok=True)
    source.write_bytes(data)
    subprocess.run([poppler("pdftoppm"), "-gray", "-r", "200", "-f", str(page), "-l", str(page), "-singlefile",
                    str(source), str(SHOTS / name)], check=True, timeout=60)
    magic, size, _depth, pixels = (SHOTS / f"{name}.pgm").read_bytes().split(b"\n", 3)
    assert magic == b"P5"
    width, _height = map(int, size.split())
    mm = width / 210

    def dark(x: float, y: float) -> bool:
        return pixels[int(y) * width + int(x)] < 128

    left, right = int(100 * mm), int(198 * mm)
    top = next(y for y in range(int(14 * mm), int(120 * mm)) if any(dark(x, y) for x in range(left, right)))
    row = [x for x in range(left, right) if dark(x, top)]
    first, last = row[0], row[-1]
    run = next(x for x in range(first, last + 1) if not dark(x, top)) - first     # a finder's 7 modules
    count = round((last - first + 1) / (run / 7))
    return [[dark(first + (i + .5) * (last - first + 1) / count, top + (j + .5) * (last - first + 1) / count)
             for i in range(count)] for j in range(count)]


def test_the_standings_pdf_ranks_by_vp_then_head_to_head_and_lists_every_rounds_results(client):
    _group, event = played_night(client)
    assert [s["entrant"] for s in event["standings"]] == [1, 4, 3, 2]          # the API agrees with the hand work
    data = fetch_pdf(client, f"/e/{event['token']}/standings.pdf")
    text = flat(data)
    assert "Csütörtök" in text and "Vasárnapi kanaszta" in text
    for words in ("2 tables", "2 rounds", "1 hand per round", "Swiss (by the standings)",
                  "Victory points: Burraco 0–20, 3-hand round"):
        assert words in text, words
    # rank, entrant, VP, for, against, difference, played, byes (English groups thousands: 1,330)
    standings = text.split("Played Byes", 1)[1]
    rows = ["1 Anna & Béla 32 1,330 10 1,320 2 0", "2 Gabi & Hédi 20 670 670 0 2 0",
            "3 Emma & Feri 20 670 670 0 2 0", "4 Cili & Dani 8 10 1,330 -1,320 2 0"]
    assert all(row in standings for row in rows), standings[:400]
    assert [standings.index(row) for row in rows] == sorted(standings.index(row) for row in rows)
    assert "Provisional" not in text
    # every round's tables: table, NS, EW, match points, VP
    round_1 = text.split("Round 1", 1)[1].split("Round 2", 1)[0]
    assert "1 Anna & Béla Cili & Dani 665 – 5 16 – 4" in round_1
    assert "2 Emma & Feri Gabi & Hédi 5 – 665 4 – 16" in round_1
    assert page_count(data) == 1
    assert a4(render(data, "standings"))


def test_the_standings_pdf_says_provisional_while_a_table_plays_and_is_linked_from_the_screen_and_night_page(client):
    group = new_group(client)
    event = create(client, group["edit_token"], settings={**settings(), "scale": [[0, 10, 10], [100, 20, 0]]}).json
    hand(client, event["rounds"][0]["tables"][0], ns_wins=True)
    url = f"/e/{event['token']}/standings.pdf"
    assert url in client.get(f"/e/{event['token']}").get_data(as_text=True)
    assert url in client.get(f"/g/{group['edit_token']}/night").get_data(as_text=True)
    text = flat(fetch_pdf(client, url))
    assert "Provisional: some tables are still playing." in text and "Victory points: own scale" in text
    assert "2 Emma & Feri Gabi & Hédi 0 – 0 playing" in text                  # table 2 has no result yet
    assert client.get("/e/nosuchevent/standings.pdf").status_code == 404


def test_the_round_sheet_has_a_card_and_a_slip_per_table_with_the_matchs_edit_link_as_qr_code(client, monkeypatch):
    group, event = played_night(client)
    coded: list[str] = []
    real = event_pdf.qr_svg

    def recording(url: str, title: str):
        coded.append(url)
        return real(url, title)

    monkeypatch.setattr(event_pdf, "qr_svg", recording)
    night = client.get(f"/g/{group['edit_token']}/night").get_data(as_text=True)
    url = f"/g/{group['edit_token']}/night/{event['token']}/round/2.pdf"
    assert url in night and url.replace("/2.pdf", "/1.pdf") in night
    data = fetch_pdf(client, url)
    assert page_count(data) == 2                                                # one table per page
    pages = [" ".join(p.split()) for p in pdf_text(data).split("Score slip")]
    text = flat(data)
    tables = event["rounds"][1]["tables"]
    for t in tables:
        ns, ew = " & ".join(t["ns_players"]), " & ".join(t["ew_players"])
        assert f"Table {t['table']}Round 2 of 2" in text                        # two lines, pypdf joins them
        assert f"North–South {ns} East–West {ew}" in text                       # the card
        assert f"North–South: {ns} East–West: {ew}" in text                     # the slip
        assert t["match_edit_token"] in text.replace(" ", "")                   # the link as text
    assert text.count("1 hand per round") == 2 and text.count("Match points VP") == 2
    assert text.count("North–South East–West — countersigned by an opponent") == 2
    assert len(pages) == 3
    # The QR codes: segno is given each table's match edit URL, the same address the card prints as text...
    assert coded == [t["match_edit"] for t in tables]
    assert all(u.startswith("http://localhost/m/") for u in coded)
    # and each page's printed code is, module for module, the QR code of its table's edit link
    for page, t in enumerate(tables, start=1):
        expected = [[bool(m) for m in line] for line in
                    segno.make(t["match_edit"], error="m", micro=False).matrix_iter(border=0)]
        assert printed_qr(data, page, f"round-2-qr-{page}") == expected
    assert a4(render(data, "round-2"))


def test_the_round_sheet_is_only_on_the_groups_edit_link_and_only_for_a_seated_round(client):
    group = new_group(client)
    event = create(client, group["edit_token"]).json
    good = f"/g/{group['edit_token']}/night/{event['token']}/round/1.pdf"
    assert client.get(good).status_code == 200
    for wrong in (f"/g/{group['edit_token']}/night/{event['token']}/round/2.pdf",    # not seated yet
                  f"/g/{group['edit_token']}/night/{event['token']}/round/0.pdf",
                  f"/g/{group['edit_token']}/night/{event['token']}/round/x.pdf",
                  f"/g/{event['token']}/night/{event['token']}/round/1.pdf",         # the screen's token
                  f"/g/{group['view_token']}/night/{event['token']}/round/1.pdf",    # the read-only link
                  f"/g/{new_group(client)['edit_token']}/night/{event['token']}/round/1.pdf"):   # another group
        assert client.get(wrong).status_code == 404, wrong
    assert "/round/" not in client.get(f"/e/{event['token']}").get_data(as_text=True)


def test_a_french_club_night_prints_its_french_words_and_hungarian_and_swedish_theirs(client):
    group, event = played_night(client)
    french = {"Accept-Language": "fr"}
    text = flat(fetch_pdf(client, f"/e/{event['token']}/standings.pdf", **french))
    assert "Classement" in text and "Table" in text and "1 330" in text.replace("\u202f", " ")
    sheet = flat(fetch_pdf(client, f"/g/{group['edit_token']}/night/{event['token']}/round/1.pdf", **french))
    assert "Feuille de marque" in sheet and "contresigné" in sheet
    assert "Score slip" not in sheet and "Standings" not in text
    for language, words in (("hu", ("Állás", "Pontozócédula", "ellenjegyzi")),
                            ("sv", ("Ställning", "Protokoll", "kontrasignerat"))):
        both = flat(fetch_pdf(client, f"/e/{event['token']}/standings.pdf", **{"Accept-Language": language}))
        both += flat(fetch_pdf(client, f"/g/{group['edit_token']}/night/{event['token']}/round/1.pdf",
                               **{"Accept-Language": language}))
        assert all(w in both for w in words) and "Score slip" not in both, language
    render(fetch_pdf(client, f"/g/{group['edit_token']}/night/{event['token']}/round/1.pdf", **french),
           "round-1-fr")


@pytest.mark.parametrize("length, rows, words", [({"hands": 20}, 20, "20 hands per round"),
                                                 ({"minutes": 60}, 8, "60 minutes per round")])
def test_a_slip_has_a_row_per_hand_or_eight_for_a_timed_round_and_still_fits_its_tables_page(client, length,
                                                                                            rows, words):
    group = new_group(client)
    made = create(client, group["edit_token"], settings={**settings(), "hands": None, **length})
    assert made.status_code == 201, made.json
    data = fetch_pdf(client, f"/g/{group['edit_token']}/night/{made.json['token']}/round/1.pdf")
    assert page_count(data) == 2                                 # 20 rows of 5.2 mm still leave room on A4
    text = pdf_text(data)
    assert words in text
    slip = text.split("Score slip", 1)[1].split("Match points", 1)[0]
    assert [int(n) for n in slip.split("Total")[-1].split()] == list(range(1, rows + 1))


def test_the_club_nights_pdfs_draw_on_the_pdf_budget(tmp_path):
    """RATELIMIT_PDF is shared by every PDF (limiter.limit): with 2 a minute, a pad and the standings use it up
    and the round sheet is refused."""
    app = limited_app(tmp_path, RATELIMIT_PDF="2 per minute")
    client = app.test_client()
    group = new_group(client)
    event = create(client, group["edit_token"]).json
    assert client.get("/pad/diszitett.pdf").status_code == 200
    assert client.get(f"/e/{event['token']}/standings.pdf").status_code == 200
    assert client.get(f"/g/{group['edit_token']}/night/{event['token']}/round/1.pdf").status_code == 429
    app.extensions["scorekeeper_engine"].dispose()


def test_a_slip_too_long_for_its_cards_page_moves_whole_to_the_next_page(client):
    """The longest a slip gets: two 80-character roster names a pair, 200-character event and group names, 20
    hands. It cannot fit under its card, so it starts the next page whole: its 20 rows and both signatures on
    one page."""
    group = new_group(client, name=("Győző Űrhajós kanasztaklubja " * 7)[:200])
    pairs = [[(c * 3 + " Hosszúnevű Játékos" * 4)[:80], (c * 3 + " Másik Nagyonhosszú Nevű" * 3)[:80]]
             for c in "ABCD"]
    made = create(client, group["edit_token"], name="Csütörtöki nagyon hosszú nevű klubest " * 5, entrants=pairs,
                  settings={**settings(), "hands": 20})
    assert made.status_code == 201, made.json
    data = fetch_pdf(client, f"/g/{group['edit_token']}/night/{made.json['token']}/round/1.pdf")
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]
    slips = [p for p in pages if "Score slip" in p]
    assert len(slips) == 2
    for slip in slips:
        assert "20" in slip.split("Total")[-1].split() and "countersigned by an opponent" in slip

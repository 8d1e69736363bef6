"""PDF sheet speed: ``python bench/pdf_bench.py`` (about 15 s; no asserts on time).

Builds a 30-hand, four-player díszített match (legal hands entered through ``scorekeeper.store.matches``, the same
generator as tests/web/test_pdf.py) on an in-memory SQLite app, then in one process, warm (fonts and the print
stylesheet loaded, the scoresheet cached — as in a running server):

  (a) the match sheet PDF, ``scorekeeper.pdf.sheet_pdf(scoresheet, rules)``: template + WeasyPrint, every page;
  (b) the floor: WeasyPrint rendering a one-line page through the same ``html_to_pdf`` (same stylesheet, same
      font configuration, page numbers in the margin).

Prints the median of each (and the best, to tell a noisy machine from real cost), the ratio a/b, and whether
the target (a/b ≤ 3) is met. Then (c): the same sheet as the app serves it on its link a second time for the
same match version (GET …/sheet.pdf: the file is remembered per version, language and day), against the floor —
that is what a player waits for after the first download, not a new rendering.

Last, (d) a lower bound that no design of the sheet can beat: only the text the issue requires, with nothing
around it: the numbers of the hands table (one line per hand) and the detail of each hand (one line per side),
as one unstyled ``<pre>`` block (no header, no rules, no standings, no chart), rendered the same way. Every sheet
must print at least these characters, so its ratio to the floor bounds what any layout of the sheet could reach;
the numbers of the hands table alone are shown as well.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from markupsafe import escape

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))          # played_hands: the tests' legal-hand generator

REPEATS_SHEET = 9
REPEATS_FLOOR = 25
TARGET_RATIO = 3.0
PLAYERS = ("Anna", "Béla", "Cili", "Győző Űrhajós")
FLOOR_HTML = "<!doctype html><html lang=\"en\"><body><p>Score sheet</p></body></html>"


def timed(call, repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def main() -> int:
    from pypdf import PdfReader

    from scorekeeper import create_app, pdf
    from scorekeeper.fronts import front_of
    from scorekeeper.store import matches
    from test_pdf import played_hands

    tmp = tempfile.TemporaryDirectory(prefix="scorekeeper-pdfbench-")
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp.name}/bench.sqlite", "SECRET_KEY": "bench"})
    with app.test_request_context(headers={"Accept-Language": "en"}):
        session = app.extensions["scorekeeper_sessions"]()
        match = matches.create_match(session, variant="diszitett", options=None,
                                     sides=[{"name": p} for p in PLAYERS], title="Bench: 30 hands")
        for hand in played_hands(30, PLAYERS):
            matches.add_hand(session, match, hand, based_on=match.version)
        sheet, rules = matches.scoresheet(match), matches.rules_of(match)
        build = front_of(rules).pdf_sheet
        assert len(sheet["hands"]) == 30 and not sheet["match_over"]

        body = pdf.sheet_pdf(sheet, rules, None, build)                # warm-up: fonts, stylesheet, templates
        pdf.html_to_pdf(FLOOR_HTML)
        pages = len(PdfReader(__import__("io").BytesIO(body)).pages)

        context = pdf.sheet_context(sheet, rules, None, build)
        numbers = [text for l in context["ledgers"] for _, text in l.rows]
        lines = numbers + [f"{hand['number']} {side['name']} {side['text']}"
                           for hand in context["details"] for side in hand["sides"]]
        bare_html = f"<!doctype html><html lang=\"en\"><body><pre>{escape(chr(10).join(lines))}</pre></body></html>"
        pdf.html_to_pdf(bare_html)
        html_times = timed(lambda: pdf.sheet_html(sheet, rules, None, build), REPEATS_SHEET)
        sheet_times = timed(lambda: pdf.sheet_pdf(sheet, rules, None, build), REPEATS_SHEET)
        floor_times = timed(lambda: pdf.html_to_pdf(FLOOR_HTML), REPEATS_FLOOR)
        bare_times = timed(lambda: pdf.html_to_pdf(bare_html), REPEATS_SHEET)
        numbers_html = f"<!doctype html><html lang=\"en\"><body><pre>{escape(chr(10).join(numbers))}</pre></body></html>"
        numbers_times = timed(lambda: pdf.html_to_pdf(numbers_html), REPEATS_SHEET)
        token = match.edit_token
        session.close()
    client = app.test_client()
    url = f"/m/{token}/sheet.pdf"
    assert client.get(url, headers={"Accept-Language": "en"}).status_code == 200     # the first download renders
    served_times = timed(lambda: client.get(url, headers={"Accept-Language": "en"}), REPEATS_FLOOR)
    app.extensions["scorekeeper_engine"].dispose()
    tmp.cleanup()

    sheet_ms, floor_ms = statistics.median(sheet_times) * 1000, statistics.median(floor_times) * 1000
    ratio = sheet_ms / floor_ms
    print(f"match: díszített, {len(PLAYERS)} players, 30 hands -> {pages} A4 pages, {len(body) / 1024:.0f} KiB")
    print(f"(a) sheet PDF      median {sheet_ms:8.1f} ms   best {min(sheet_times) * 1000:8.1f} ms   "
          f"(of which template {statistics.median(html_times) * 1000:.1f} ms)   n={REPEATS_SHEET}")
    print(f"(b) one-line floor median {floor_ms:8.1f} ms   best {min(floor_times) * 1000:8.1f} ms   "
          f"n={REPEATS_FLOOR}")
    print(f"ratio a/b: {ratio:.1f}x   target <= {TARGET_RATIO:.0f}x: {'met' if ratio <= TARGET_RATIO else 'NOT met'}")
    served_ms = statistics.median(served_times) * 1000
    print(f"(c) served again   median {served_ms:8.1f} ms   (GET {url.split('/')[-1]} for the same version)   "
          f"n={REPEATS_FLOOR}")
    print(f"ratio c/b: {served_ms / floor_ms:.2f}x   (the rendering above happens once per version and language)")
    bare_ms = statistics.median(bare_times) * 1000
    numbers_ms = statistics.median(numbers_times) * 1000
    print(f"(d) lower bound    median {bare_ms:8.1f} ms   (only the required text: {len(numbers)} lines of the hands "
          f"table + {len(lines) - len(numbers)} of detail, one unstyled <pre>)   n={REPEATS_SHEET}")
    print(f"ratio d/b: {bare_ms / floor_ms:.1f}x   (no layout of the sheet can print this text faster; the "
          f"{len(numbers)} lines of numbers alone: {numbers_ms:.1f} ms = {numbers_ms / floor_ms:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

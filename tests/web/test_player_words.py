"""Issue 11, item 10: developer words off the pages players read, and what a correction and a revision say."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from scorekeeper.store import matches
from scorekeeper import service
from scorekeeper.rules.tables.sources import seed_title
from scorekeeper.web.checker import sources_apart
from test_entry import SEED_HAND, SMALL_HAND, create, post_hand

RULES_REF = Path(__file__).resolve().parents[2] / "rules_ref"
HU = {"Accept-Language": "hu"}
SEED_OF = {"diszitett": "000", "keltis": "001", "international": "002"}


def shown(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@pytest.mark.parametrize("variant", ["diszitett", "international", "keltis"])
def test_rules_pages_keep_the_sources_for_a_footnote_at_the_end(client, variant):
    """The .md cites seed files for the developers; the page a player reads names none in its text: the
    citations are footnote marks and the source lines are listed under "Sources" at the end."""
    assert "seed" in (RULES_REF / f"{variant}.md").read_text(encoding="utf-8")
    html = client.get(f"/rules/{variant}").get_data(as_text=True)
    body = html[html.index("<article"):html.index("</article>")]
    text, end = body.split('<h2 id="sources">Sources</h2>')
    assert not re.search(r"\bseeds?\b", shown(text), re.I), re.findall(r".{40}seed.{20}", shown(text), re.I)
    # issue 21: the sources are named by their titles (rules_ref/sources/seeds.toml), not by their files
    assert seed_title(SEED_OF[variant]) in shown(end)
    assert not re.search(r"\.txt|\bseed", shown(end)), shown(end)


def test_a_citation_in_a_sentence_becomes_a_footnote_and_repeats_share_one():
    text, sources = sources_apart("A rule (seed 002).\n\n*Source: seed 000_ab.txt.*\n\nMore (seed 002). "
                                  "Options: `2`: seed 002; `1`: seed 004.\n")
    read = text.split("## Sources")[0]
    assert "seed" not in read and read.count("[^source-1]") == 3 and read.count("[^source-2]") == 1
    assert "## Sources\n\n- seed 000_ab.txt.\n" in text
    assert sources == ["seed 000_ab.txt.", "seed 002", "seed 004"]


def test_no_option_help_or_label_speaks_of_the_seed():
    for variant in service.variants():
        for option in variant["options"]:
            words = " ".join([option.get("help", ""), option.get("label", ""), *option.get("choice_labels", {}).values()])
            assert not re.search(r"\bseeds?\b", words, re.I), (variant["id"], option["name"], words)


def test_a_correction_says_corrected_not_saved(client, csrf):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND).status_code == 303
    first = client.get(f"/m/{token}").get_data(as_text=True)
    assert "Hand 1 saved." in first
    assert post_hand(client, csrf, token, SMALL_HAND, version=1, number=1).status_code == 303
    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert "Hand 1 corrected." in page and "Hand 1 saved." not in page


def test_the_revision_count_counts_only_the_hands_own_entries(app, client):
    """Hand 2 entered, undone, then a new hand 2 entered once: the new hand 2 has 1 revision, not 2; hand 1,
    entered and corrected, has 2."""
    entry = {"mode": "cards", "sides": [{"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
                                        {"name": "Béla", "hand": "5 5"}]}
    with app.extensions["scorekeeper_sessions"]() as db:
        match = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
        for step in ("add", "edit", "add", "undo", "add"):
            if step == "add":
                matches.add_hand(db, match, entry, based_on=match.version)
            elif step == "edit":
                matches.edit_hand(db, match, 1, entry, based_on=match.version)
            else:
                matches.undo_last(db, match, based_on=match.version)
        hands = matches.scoresheet(match)["hands"]
        token = match.edit_token
    assert [h["revisions"] for h in hands] == [2, 1]
    # The revisions link is on the hand's page (the sheet's hand number leads there): hand 2 has none to show.
    first = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    second = client.get(f"/m/{token}/hands/2").get_data(as_text=True)
    assert f"/m/{token}/hands/1/revisions" in first and f"/m/{token}/hands/2/revisions" not in second


def test_revision_times_are_shown_in_the_phones_zone_with_utc_named_without_script(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    html = client.get(f"/m/{token}/hands/1/revisions", headers=HU).get_data(as_text=True)
    stamp = re.search(r'<time datetime="([^"]+)" data-local>([^<]+)</time>', html)
    assert stamp and stamp.group(1).endswith("Z") and stamp.group(2).endswith(" UTC")    # no script: UTC, named
    assert "/static/localtime.js" in html and "data-local-note=" in html
    assert "telefon" in unescape(re.search(r'data-local-note="([^"]+)"', html).group(1))


def test_the_home_page_prints_a_diszitett_pad_for_2_to_6_players(client):
    """The blank díszített pad had 4 columns though the game seats 6: the home page asks how many."""
    html = client.get("/").get_data(as_text=True)
    form = re.search(r'<form class="pad-size" method="get" action="/pad/diszitett.pdf">.*?</form>', html, re.S)
    assert form, "no choice of the díszített pad's size"
    assert re.findall(r'<option value="(\d)"', form.group(0)) == ["2", "3", "4", "5", "6"]
    assert '<option value="4" selected>' in form.group(0) and "6 players" in form.group(0)
    # two sides in its default form: no choice of sides; its player-count forms are chosen by its players option
    international = re.findall(r'<form class="pad-size" method="get" action="/pad/international.pdf">.*?</form>',
                               html, re.S)
    assert len(international) == 1 and 'name="opt_players"' in international[0] and 'name="sides"' not in international[0]


@pytest.mark.parametrize("variant", sorted(p.stem for p in RULES_REF.glob("*.toml")))
@pytest.mark.parametrize("headers", [{}, HU], ids=["en", "hu"])
def test_no_rules_page_shows_a_test_or_source_file_path_to_players(client, variant, headers):
    """The samba family's pages ended their worked examples with "(tests/core/test_samba.py::test_l71_…)": a
    developer's path in the player's text, and at 360 px a line that widened the whole page to ~600 px."""
    html = client.get(f"/rules/{variant}", headers=headers).get_data(as_text=True)
    body = html[html.index("<article"):html.index("</article>")]
    assert not re.search(r"tests/|\.py\b|::test_", shown(body)), re.findall(r".{30}(?:tests/|\.py).{30}", shown(body))


# A file name a player must never read: a seed's (``002_7cd961f2d9c875a7.txt``), a reference's or a table's
# (``classic_fr.md``, ``italian.toml``), a test's or a module's path (issue 21: the pages cited the seeds by file).
FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt|\b[\w.-]+\.(?:md|toml|py|txt)\b|tests/|::test_")


def file_names(text: str) -> list[str]:
    return [text[max(0, m.start() - 30):m.end() + 30] for m in FILE_NAME.finditer(text)]


def hrefs(html: str) -> list[str]:
    """Links too: a reference's link to another variant (``[Samba](samba.md)``) pointed at a file name."""
    return [h for h in re.findall(r'href="([^"]*)"', html) if FILE_NAME.search(h)]


@pytest.mark.parametrize("variant", sorted(p.stem for p in RULES_REF.glob("*.toml")))
@pytest.mark.parametrize("headers", [{}, HU], ids=["en", "hu"])
def test_issue21_no_page_a_player_reads_names_a_seed_reference_or_table_file(app, client, tmp_path, variant,
                                                                               headers):
    """Issue 21: a player reads a source's name ("Canasta — the international rules, Hungarian edition"), never
    its file: not on the rules page (text, footnotes, sources, decisions, links), not on a match's rules page or
    meld checker, not on the checker, the rules index or the home page, not in the printed pad."""
    from test_variants_print import pdf_text
    with app.extensions["scorekeeper_sessions"]() as db:
        per = {"pennies_from_heaven": 3, "diszitett": 1, "keltis": 1}.get(variant, 2)
        sides = [{"name": n, "players": [f"{n}{i}" for i in range(per)]} if per > 1 else {"name": n}
                 for n in ("A", "B")]
        token = matches.create_match(db, variant=variant, options=None, sides=sides).edit_token
    urls = [f"/rules/{variant}", f"/m/{token}/rules", f"/m/{token}", "/rules", "/", f"/?variant={variant}"]
    if variant != "keltis":
        urls += [f"/checker?variant={variant}", f"/m/{token}/checker"]
    for url in urls:
        response = client.get(url, headers=headers)
        assert response.status_code == 200, url
        html = response.get_data(as_text=True)
        assert not file_names(shown(html)), (url, file_names(shown(html)))
        assert not hrefs(html), (url, hrefs(html))
    for pdf in (f"/pad/{variant}.pdf", f"/m/{token}/sheet.pdf"):
        text = pdf_text(client.get(pdf, headers=headers).data, tmp_path)
        assert not file_names(text), (pdf, file_names(text))

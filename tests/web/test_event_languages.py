"""The club night in every language and every shape (issue 24, "Club night"): the organiser's form and the
screen /e/<token> in Hungarian, French and Swedish, for pairs (international canasta) and individuals (the
two-player díszített), seated by Mitchell, Swiss or fixed tables, and with one entrant fewer than the tables seat
(2N - 1: someone sits out each round and the screen says who, in the page's language). No page shows English of
the catalogue (tests/web/sweep_pages.py)."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from flask_babel import gettext

from sweep_pages import english_fragments, english_on
from test_groups_api import new_group

# words, pages and PDFs: run on SQLite only (.ci/run: the `storage` tests run again on PostgreSQL)

LANGS = ("hu", "fr", "sv")
PAIRS = [("Anna", "Béla"), ("Cili", "Dani"), ("Emma", "Feri"), ("Gabi", "Hédi")]
SOLO = [("Anna",), ("Béla",), ("Cili",), ("Dani",)]
SHAPES = {"pairs": ("international", PAIRS), "individuals": ("diszitett", SOLO)}
# One word of each page per language, written here by hand (the catalogue could be wrong in the same way as
# the page): the screen's "Standings" head and the form's "Start a club night" button.
STANDINGS = {"hu": "Állás", "fr": "Classement", "sv": "Ställning"}
START = {"hu": "Klubest indítása", "fr": "Lancer une soirée de club", "sv": "Starta en klubbkväll"}
ROUND_ONE = {"hu": "1. forduló / 2", "fr": "Manche 1 sur 2", "sv": "Rond 1 av 2"}


@lru_cache(maxsize=None)
def fragments(lang):
    return english_fragments(lang)


def night(client, csrf, token, lang, kind, seating, entrants):
    variant, _ = SHAPES[kind]
    form = {"csrf_token": csrf, "name": "Csütörtök", "variant": variant, "entrants": kind, "seating": seating,
            "rounds": "2", "hands": "3", "scale": "burraco_3_hands"}
    for i, names in enumerate(entrants):
        form[f"a{i}"] = names[0]
        if len(names) > 1:
            form[f"b{i}"] = names[1]
    done = client.post(f"/g/{token}/night", data=form, headers={"Accept-Language": lang})
    assert done.status_code == 303, done.get_data(as_text=True)
    page = client.get(done.headers["Location"], headers={"Accept-Language": lang}).get_data(as_text=True)
    screen = re.search(r'href="(/e/[^"]+)"', page).group(1)
    return page, client.get(screen, headers={"Accept-Language": lang})


@pytest.mark.parametrize("seating", ["mitchell", "swiss", "fixed"])
@pytest.mark.parametrize("kind", ["pairs", "individuals"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_night_form_and_screen_speak_the_pages_language_for_every_shape(client, csrf, lang, kind, seating):
    token = new_group(client)["edit_token"]
    form = client.get(f"/g/{token}/night", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}"' in form and START[lang] in form
    assert english_on(form, fragments(lang)) == []
    _, entrants = SHAPES[kind]
    page, screen = night(client, csrf, token, lang, kind, seating, entrants)
    assert ROUND_ONE[lang] in page and english_on(page, fragments(lang)) == []
    text = screen.get_data(as_text=True)
    assert screen.status_code == 200 and STANDINGS[lang] in text and ROUND_ONE[lang] in text
    assert english_on(text, fragments(lang)) == []
    # every entrant on the screen: a pair as "Anna & Béla", an individual by name; four entrants, two tables
    shown = [" &amp; ".join(names) for names in entrants]
    assert all(name in text for name in shown)
    assert len(re.findall(r'<tr><th scope="row">\d+</th>', text)) == 2


@pytest.mark.parametrize("seating", ["mitchell", "swiss"])
@pytest.mark.parametrize("kind", ["pairs", "individuals"])
@pytest.mark.parametrize("lang", LANGS)
def test_three_entrants_at_two_tables_leave_one_out_and_the_screen_says_who_in_its_language(client, csrf, app, lang,
                                                                                           kind, seating):
    """2N - 1 = 3 entrants at N = 2 tables: one table plays, one entrant sits out. Mitchell round 1: NS 1 and 2
    stay at tables 1 and 2, EW entrant 3 meets NS 1 at table 1, so entrant 2 has no opponent (seating.mitchell);
    Swiss round 1 in seed order pairs 1 v 2 and the last seed, 3, sits out (seating.swiss)."""
    token = new_group(client)["edit_token"]
    _, entrants = SHAPES[kind]
    _, screen = night(client, csrf, token, lang, kind, seating, entrants[:3])
    text = screen.get_data(as_text=True)
    out = entrants[1] if seating == "mitchell" else entrants[2]
    with app.test_request_context(headers={"Accept-Language": lang}):
        said = gettext("Sits out this round: %(name)s", name=" & ".join(out))
    assert said.replace("&", "&amp;") in text and "Sits out" not in text
    assert len(re.findall(r'<tr><th scope="row">\d+</th>', text)) == 1
    assert english_on(text, fragments(lang)) == []

"""The hand form of seed 003's variants (issue 12): the side fields of SEED003_DIGEST.md §7 where the rules have
them, kept through a correction; sides of three players; the summary's canasta kinds."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import get_variant
from test_entry import create, post_hand, side_results, state, text

pytestmark = pytest.mark.storage

CUBAN_HAND = {"mode": "cards", "sides": [      # A: K×7 natural (500) + Q Q Q, out (100), a red three (cuban: 100)
    {"name": "A", "melds": ["K K K K K K K", "Q Q Q"], "hand": "", "out": "out", "red_threes": 1,
     "double_out": True, "black_threes_taken": 2},
    {"name": "B", "melds": ["8 8 8"], "hand": "4 5", "out": "none", "red_threes": 0}]}


def api_match(client, variant, sides, options=None):
    created = client.post("/api/v1/matches", json={"variant": variant, "options": options or {}, "sides": sides})
    assert created.status_code == 201, created.get_json()
    return created.get_json()["edit_token"]


def pairs():
    return [{"name": "A", "players": ["a1", "a2"]}, {"name": "B", "players": ["b1", "b2"]}]


def test_cuban_form_asks_for_the_double_ending_and_black_threes_taken(client):
    token = api_match(client, "cuban", pairs())
    html = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert 'id="side0-double_out"' in html and 'id="side1-double_out"' in html
    assert 'name="side0-black_threes_taken"' in html
    assert "Both partners went out" in text(html) and "Black threes set aside" in text(html)


@pytest.mark.parametrize("variant", ["samba", "classic_fr", "escalera_sevens"])
def test_no_black_threes_taken_outside_cuban_and_no_double_ending_where_it_earns_nothing(client, variant):
    token = api_match(client, variant, pairs())
    html = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert "black_threes_taken" not in html
    # classic_fr scores the double ending (100); samba's earns nothing and nobody goes out in escalera_sevens
    assert ('id="side0-double_out"' in html) is (variant == "classic_fr")


def test_no_double_ending_for_a_side_of_one_player(client):
    token = api_match(client, "classic_fr", [{"name": "A"}, {"name": "B"}], {"players": "2"})
    assert "double_out" not in client.get(f"/m/{token}/hands/new").get_data(as_text=True)


def test_a_correction_through_the_form_keeps_the_double_ending_and_black_threes_taken(app, client, csrf):
    token = api_match(client, "cuban", pairs())
    saved = client.post(f"/api/v1/matches/{token}/hands", json={"version": 0, "hand": CUBAN_HAND})
    assert saved.status_code == 201, saved.get_json()
    before = side_results(state(app, token)["sheet"], 1)["A"]["score"]
    html = client.get(f"/m/{token}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*id="side0-double_out"', html)
    assert re.search(r'<input[^>]*id="side0-black_threes_taken-2"[^>]*checked', html)
    assert not re.search(r'<input checked[^>]*id="side1-double_out"', html)
    # The form as shown, B's hand corrected: what a browser posts back (a checked box sends "y").
    fields = {"side0-melds": "K K K K K K K\nQ Q Q", "side0-hand": "", "side0-out": "out",
              "side0-red_threes": "1", "side0-double_out": "y", "side0-black_threes_taken": "2",
              "side1-melds": "8 8 8", "side1-hand": "4 6", "side1-out": "none", "side1-red_threes": "0",
              "side1-black_threes_taken": "0"}
    assert post_hand(client, csrf, token, fields, version=1, number=1).status_code == 303
    after = state(app, token)
    a, b = after["entries"][0]["sides"]
    assert (a["double_out"], a["black_threes_taken"]) == (True, 2)
    assert "double_out" not in b and "black_threes_taken" not in b
    # the double ending's 100 is still scored, as before the correction
    assert side_results(after["sheet"], 1)["A"]["score"] == before


def test_unticking_the_double_ending_takes_its_bonus_away(app, client, csrf):
    token = api_match(client, "cuban", pairs())
    client.post(f"/api/v1/matches/{token}/hands", json={"version": 0, "hand": CUBAN_HAND})
    before = side_results(state(app, token)["sheet"], 1)["A"]["score"]
    fields = {"side0-melds": "K K K K K K K\nQ Q Q", "side0-hand": "", "side0-out": "out",
              "side0-red_threes": "1", "side0-black_threes_taken": "2",
              "side1-melds": "8 8 8", "side1-hand": "4 5", "side1-out": "none", "side1-red_threes": "0"}
    assert post_hand(client, csrf, token, fields, version=1, number=1).status_code == 303
    after = state(app, token)
    assert "double_out" not in after["entries"][0]["sides"][0]
    assert side_results(after["sheet"], 1)["A"]["score"] == before - get_variant("cuban").rules().double_out_bonus


def test_a_double_ending_with_cards_in_hand_is_shown_at_the_checkbox(app, client, csrf):
    token = api_match(client, "cuban", pairs())
    fields = {"side0-melds": "K K K K K K K\nQ Q Q", "side0-hand": "4", "side0-out": "out",
              "side0-double_out": "y", "side1-melds": "8 8 8", "side1-hand": "4 5", "side1-out": "none"}
    response = post_hand(client, csrf, token, fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    after = html[html.index('id="side0-double_out"'):]
    assert "double ending" in text(after[:after.index("</fieldset>")])
    assert state(app, token)["entries"] == []


def test_where_nobody_goes_out_the_form_offers_no_going_out(app, client, csrf):
    token = api_match(client, "escalera_sevens", pairs())
    html = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    assert 'type="radio" name="side0-out"' not in html and 'name="side0-out" value="none"' in html
    assert "Nobody goes out in this game" in text(html)
    fields = {"side0-melds": "5h 6h 7h 8h 9h 10h Jh", "side0-hand": "4 6", "side0-out": "none",
              "side1-melds": "8 8 8", "side1-hand": "4 5", "side1-out": "none"}
    assert post_hand(client, csrf, token, fields).status_code == 303
    # 1500 escalator + 55 − 10 in hand; the hand number comes from the match, never from the form (S20)
    assert side_results(state(app, token)["sheet"], 1)["A"]["score"] == 1545
    tampered = post_hand(client, csrf, token, {**fields, "side0-hand": "", "side0-out": "out"}, version=1)
    assert tampered.status_code == 400 and len(state(app, token)["entries"]) == 1


PENNIES_OUT = {"melds": "7 7 7 7 7 7 7\nJK JK 2 2 2 2 2\nK K K K K K K\nQ Q Q Q Q Q 2", "hand": "", "out": "out",
               "red_threes": "2"}    # the four kinds (S66): 1500 + 1000 + 500 + 300, out 100, 2 red threes 200


@pytest.mark.parametrize("shape, players", [({}, (("Anna", "Cili", "Emma"), ("Béla", "Dani", "Feri"))),
                                            ({"options-sides": "three_of_two"},
                                             (("Anna", "Cili"), ("Béla", "Dani"), ("Emma", "Feri")))])
def test_pennies_from_heaven_in_both_table_forms_from_the_new_match_page_to_a_scored_hand(app, client, csrf, shape,
                                                                                          players):
    page = text(client.get("/?variant=pennies_from_heaven&" + "&".join(
        f"{k[8:]}={v}" for k, v in shape.items())).get_data(as_text=True))
    assert page.count("Player 3") == (2 if not shape else 0)
    token = create(client, csrf, "pennies_from_heaven", players, **shape)
    html = client.get(f"/m/{token}/hands/new").get_data(as_text=True)
    for i in range(len(players)):               # every side a partnership: each may end doubly
        assert f'id="side{i}-double_out"' in html and f'id="side{i}-red_threes-8"' in html   # 8 red threes
    fields = {f"side0-{k}": v for k, v in PENNIES_OUT.items()}
    for i in range(1, len(players)):
        fields.update({f"side{i}-melds": "8 8 8", f"side{i}-hand": "4 5", f"side{i}-out": "none"})
    assert post_hand(client, csrf, token, fields).status_code == 303
    sides = state(app, token)["sheet"]["hands"][0]["result"]["sides"]
    assert [s["score"] for s in sides] == [3985] + [20] * (len(players) - 1)
    assert [s["name"] for s in sides] == [" & ".join(p) for p in players]


NEW_VARIANTS = ("classic_fr", "canasta_libre", "uruguay", "chile", "cuban", "mexicana", "pennies_from_heaven",
                "escalera_sevens", "samba", "hollywood", "bolivia", "brazilian", "italian")


@pytest.mark.parametrize("variant", NEW_VARIANTS)
def test_the_summary_lists_every_canasta_kind_of_the_table_in_both_languages(client, variant):
    from babel.messages.pofile import read_po
    from scorekeeper.translations import __path__ as translations        # noqa: F401  (the package's folder)
    rules = get_variant(variant).rules()
    trio = variant == "pennies_from_heaven"
    token = api_match(client, variant, [{"name": "A", "players": ["a1", "a2", "a3"][:2 + trio]},
                                        {"name": "B", "players": ["b1", "b2", "b3"][:2 + trio]}])
    english = text(client.get(f"/m/{token}/hands/new?mode=summary").get_data(as_text=True))
    hungarian = text(client.get(f"/m/{token}/hands/new?mode=summary", headers={"Accept-Language": "hu"}
                                ).get_data(as_text=True))
    with open(f"{translations[0]}/hu/LC_MESSAGES/messages.po", "rb") as po:
        catalogue = read_po(po)
    for kind in rules.canastas:
        said = catalogue.get(kind.label).string
        assert kind.label[:1].upper() + kind.label[1:] in english or kind.label in english, kind.label
        assert said and said in hungarian, (kind.label, said)


def test_a_summary_hand_of_each_family_saves_with_its_score(app, client, csrf):
    # cuban (classic family): natural 500 + seven 2s 4000 + out 100 + double ending 100 + a red three 100 + two
    # black threes set aside 10 = 4810, melded 210 → 5020 (the card form's figure, test_variants_flow.py)
    cuban = api_match(client, "cuban", pairs())
    fields = {"side0-canastas-natural_canasta": "1", "side0-canastas-seven_deuces": "1", "side0-melded_points": "210",
              "side0-hand_points": "0", "side0-out": "out", "side0-red_threes": "1", "side0-double_out": "y",
              "side0-black_threes_taken": "2", "side1-melded_points": "30", "side1-hand_points": "10",
              "side1-out": "none"}
    assert post_hand(client, csrf, cuban, fields, mode="summary").status_code == 303
    assert [s["score"] for s in state(app, cuban)["sheet"]["hands"][0]["result"]["sides"]] == [5020, 20]
    # samba: samba 1500 + natural 500 + out 200 = 2200, melded 125 → 2325
    samba = api_match(client, "samba", pairs())
    fields = {"side0-canastas-samba": "1", "side0-canastas-natural_canasta": "1", "side0-melded_points": "125",
              "side0-out": "out", "side1-melded_points": "30", "side1-hand_points": "10", "side1-out": "none"}
    assert post_hand(client, csrf, samba, fields, mode="summary").status_code == 303
    assert [s["score"] for s in state(app, samba)["sheet"]["hands"][0]["result"]["sides"]] == [2325, 20]


@pytest.mark.parametrize("variant, gap", [("brazilian", "sequence of five cards or more"),
                                          ("cuban", "all four black threes")])
def test_the_summary_says_which_bonus_it_cannot_count(client, variant, gap):
    token = api_match(client, variant, pairs())
    summary = text(client.get(f"/m/{token}/hands/new?mode=summary").get_data(as_text=True))
    assert f"A summary cannot count: {gap}. Enter such a hand card by card." in summary
    assert "A summary cannot count" not in text(client.get(f"/m/{token}/hands/new").get_data(as_text=True))
    samba = api_match(client, "samba", pairs())
    assert "A summary cannot count" not in text(client.get(f"/m/{samba}/hands/new?mode=summary").get_data(as_text=True))


@pytest.mark.parametrize("variant, jokers, lows", [("samba", 6, 48), ("pennies_from_heaven", 8, 64)])
def test_value_group_counts_are_bounded_by_the_three_and_four_pack_decks(client, csrf, variant, jokers, lows):
    trio = variant == "pennies_from_heaven"
    token = api_match(client, variant, [{"name": "A", "players": ["a1", "a2", "a3"][:2 + trio]},
                                        {"name": "B", "players": ["b1", "b2", "b3"][:2 + trio]}])
    for field, most in (("g4_7", lows), ("gJK", jokers)):
        over = post_hand(client, csrf, token, {f"side0-melded_counts-{field}": str(most + 1)}, mode="summary")
        assert over.status_code == 400
        assert f"between 0 and {most}" in text(over.get_data(as_text=True)), field
    fine = post_hand(client, csrf, token, {"side0-melded_counts-g4_7": str(lows), "side0-melded_counts-gJK": str(jokers)},
                     mode="summary")
    assert "between 0 and" not in text(fine.get_data(as_text=True))

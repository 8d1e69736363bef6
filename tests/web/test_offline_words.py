"""Issue 23: the offline checker and preview speak the page's language. The server writes its word table for a
language down as a phrasebook (web/offline.py: /offline/words-<lang>-<hash>.json); the rules core, unpacked from the
zip a phone downloads and run by a bare CPython (no Flask, no Babel: as in Pyodide), says every sentence with it
byte for byte as the server's answer says it in that language (rules/speech.py is the one code both use)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask_babel import force_locale

from scorekeeper.display import words
from scorekeeper.rules import speech
from scorekeeper.rules.phrases import Phrase, named, word_kind
from scorekeeper.web.offline import phrasebook, phrasebook_msgids
from tests.phone_zip import answers_on_phone, unpack
from test_entry import create, post_hand
from test_preview import preview

from scorekeeper.languages import LANGUAGES
SPOKEN = ("hu", "fr", "sv")

# (request body as static/checker.js posts it) with problems whose sentences hold words: counts of cards (tally),
# ranks, an opening's minimum, sequences' gaps and suits, and input the core cannot read (a 400 with its reason)
CHECKS = [
    {"variant": "diszitett", "cards": "K K"},                                        # too_few_cards: tallies
    {"variant": "diszitett", "cards": "K K 2 2 2"},                                  # too_many_wilds
    {"variant": "diszitett", "cards": "K Q J"},                                      # mixed_ranks: ranks
    {"variant": "diszitett", "cards": "2 2 JK"},                                     # legal: a group of wild cards
    {"variant": "diszitett", "cards": "3 3 3", "going_out": True},                   # threes
    {"variant": "diszitett", "cards": "K K K | K K K 2", "opening_minimum": 90},     # two melds of a rank, minimum
    {"variant": "diszitett", "cards": "A A A A A A A A A A A A A"},                  # more aces than the deck holds
    {"variant": "samba", "cards": "4h 5h 7h"},                                       # a gap in a sequence
    {"variant": "samba", "cards": "4h 5d 6h"},                                       # a sequence of two suits
    {"variant": "samba", "cards": "Q Q Q Q Q Q 2", "opening_minimum": 150},
    {"variant": "international", "cards": "7 7 7 7 JK 2 2 2 2"},
    {"variant": "international", "cards": "K K X"},                                  # 400: not a card
    {"variant": "international", "cards": "K K 11"},
]


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory):
    return unpack(tmp_path_factory.mktemp("core"))


def book_of(app, lang: str) -> str:
    with app.test_request_context():
        return phrasebook(lang)[0].decode()


def without_labels(verdict: dict) -> dict:
    """A verdict without its meld ``label``: the API says it in the page's language, the page's checker names the
    kind itself (static/checker.js: label) and the phone's answer leaves the core's English there."""
    out = {k: v for k, v in verdict.items() if k != "label"}
    if "melds" in out:
        out["melds"] = [without_labels(m) if isinstance(m, dict) else m for m in out["melds"]]
    return out


def messages(verdict: dict) -> list[str]:
    return [p["message"] for p in verdict["problems"]] + [
        m for meld in verdict.get("melds", []) if isinstance(meld, dict) for m in messages(meld)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_checker_table_is_answered_offline_in_the_pages_language_as_the_api_answers_it(app, client, unpacked,
                                                                                         lang):
    online = [client.post("/api/v1/check-meld", json=body, headers={"Accept-Language": lang}) for body in CHECKS]
    book = None if lang == "en" else book_of(app, lang)
    phone = answers_on_phone(unpacked, "check", CHECKS, lang, book)
    english = answers_on_phone(unpacked, "check", CHECKS)
    for body, server, offline, core in zip(CHECKS, online, phone, english):
        assert offline["status"] == server.status_code, body
        if server.status_code == 200:
            assert without_labels(offline["data"]) == without_labels(server.json), body
            said, core_said = messages(offline["data"]), messages(core["data"])
        else:
            assert offline["data"]["error"]["message"] == server.json["error"]["message"], body
            said, core_said = [offline["data"]["error"]["message"]], [core["data"]["error"]["message"]]
        # not a vacuous equality: the phone's sentences are the page's language, not the core's English
        assert not said or (said == core_said) is (lang == "en"), (body, said)
    codes = {p["code"] for a in phone if a["status"] == 200 for p in a["data"]["problems"]}
    assert {"too_few_cards", "too_many_wilds", "mixed_ranks", "sequence_not_consecutive"} <= codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_preview_offline_is_the_servers_in_the_pages_language(app, client, csrf, unpacked, lang):
    """A preview's answer is numbers and counts of problems, no sentence: the same whatever the page's language."""
    token = create(client, csrf)
    fields = {"alone": "", "side0-melds": "K K K K K K K\nQ Q", "side0-out": "none", "side0-hand": "",
              "side1-melds": "9 9 9", "side1-hand": "4 5 X", "side1-out": "none"}
    client.set_cookie("lang", lang)
    server = preview(client, csrf, token, fields, mode="cards", version="0")
    assert server.status_code == 200
    state = client.get(f"/m/{token}/offline.json").json
    request = {"match": state, "mode": "cards", "fields": {"csrf_token": csrf, "version": "0", **fields}}
    book = None if lang == "en" else book_of(app, lang)
    phone = answers_on_phone(unpacked, "preview", [request], lang, book)[0]
    assert phone == {"status": 200, "data": server.json}


def _sample(name: str, turn: int) -> object:
    """A value for a placeholder of a phrase's template, by its word kind; ``turn`` varies it."""
    kind = word_kind(name)
    samples = {"rank": ["K", "7", "JK", "black3", "A"], "nth": [1, 2, 3, 11, 21],
               "names": [["Anna"], ["Anna", "Béla"], ["Anna", "Béla", "Cili"]], "colour": ["red", "blue", "yellow"],
               "variant": ["Samba", "Díszített canasta", "Bolivia"],
               "group": [["8", "9", "10", "J", "Q", "K"], ["A", "2"], ["JK"], ["4"]],
               "tally": [[2, "wild"], [1, "J"], [0, "card"], [5, "natural"], [1, "gap"], [13, "JK"], [3, "black3"]]}
    if kind is None:
        return [7, 1, 0, 120][turn % 4]
    values = samples[kind]
    return values[turn % len(values)]


@pytest.mark.parametrize("lang", SPOKEN)
def test_every_phrase_of_the_core_is_said_with_the_phrasebook_as_the_page_says_it(app, lang):
    """Every ``phrase("…")`` template of the rules core, its placeholders filled with words of each kind in turn,
    said by the page (display/words.py: say) and by the phone's table read back from the phrasebook."""
    with app.test_request_context():
        core = Path(speech.__file__).parent
        templates = speech.phrase_templates((str(p), p.read_text(encoding="utf-8")) for p in sorted(core.rglob("*.py")))
        assert templates and templates <= set(phrasebook_msgids())
        table = speech.from_phrasebook(json.loads(phrasebook(lang)[0]))
        translated = 0
        with force_locale(lang):
            for template in sorted(templates):
                for turn in range(3):
                    names = re.findall(r"%\((\w+)\)", template)
                    part = Phrase(template, tuple((n, _sample(n, turn)) for n in dict.fromkeys(names)))
                    english = f"Anna: {part.render()}"
                    problem = {"message": english,
                               "sentence": {"heads": [named("Anna").to_dict()], "phrases": [part.to_dict()]}}
                    page = words.say(problem)
                    assert speech.say(problem, table) == page, (template, turn)
                translated += page != english
        assert translated > 0.9 * len(templates)


@pytest.mark.parametrize("lang", SPOKEN)
def test_counts_of_every_card_are_said_with_the_phrasebook_as_the_page_says_them(app, lang):
    """Counts pick their form by the language's plural rule (French "1 carte", "2 cartes"; Hungarian one form)."""
    with app.test_request_context():
        table = speech.from_phrasebook(json.loads(phrasebook(lang)[0]))
        with force_locale(lang):
            page = words.page_table()
            for what in speech.COUNTED:
                for n in (0, 1, 2, 3, 12, 13, 21, 150, 1000):
                    assert speech.tally(table, (n, what)) == speech.tally(page, (n, what)), (what, n)
            assert speech.group(table, ["J", "Q"]) == speech.group(page, ["J", "Q"])
            assert speech.names(table, ["A", "B", "C"]) == speech.names(page, ["A", "B", "C"])


def test_the_phrasebook_is_served_by_language_and_hash_and_kept_a_year(app, client):
    with app.test_request_context():
        data, digest = phrasebook("fr")
    answer = client.get(f"/offline/words-fr-{digest}.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json" and answer.get_data() == data
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    book = answer.json
    assert book["lang"] == "fr" and book["and"] == "et" and book["counts"]["card"]["plural"] == "(n > 1)"
    assert client.get("/offline/words-fr-000000000000.json").status_code == 404
    assert client.get(f"/offline/words-en-{digest}.json").status_code == 404       # English: the core's own words
    assert client.get(f"/offline/words-xx-{digest}.json").status_code == 404


def test_the_offer_on_a_french_page_names_the_french_phrasebook_and_on_an_english_page_none(app, client):
    from tests.pyodide_files import fetched_pyodide
    from test_offline_routes import offer

    app.config["PYODIDE_DIR"] = str(fetched_pyodide())
    french = offer(client.get("/checker", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert french["lang"] == "fr" and re.fullmatch(r"/offline/words-fr-[0-9a-f]{12}\.json", french["words"])
    assert client.get(french["words"]).json["lang"] == "fr"
    english = offer(client.get("/checker", headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert english["lang"] == "en" and english["words"] is None


@pytest.mark.parametrize("lang", SPOKEN)
def test_every_msgid_the_catalogue_takes_from_the_rules_core_is_in_the_phrasebook(lang):
    """The phrasebook's templates are found by reading the core's ``phrase("…")`` calls (speech.phrase_templates);
    the catalogue's own extraction (``pybabel extract -k phrase``) must find no other."""
    from babel.messages.pofile import read_po

    catalogue = Path(words.__file__).parents[1] / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with catalogue.open("rb") as fh:
        core = {m.id for m in read_po(fh) if m.id and any(f.startswith("scorekeeper/rules/") for f, _ in m.locations)}
    assert core and not core - set(phrasebook_msgids())

"""Hungarian and English: Accept-Language, the sticky switch (POST /lang sets a cookie), and the catalog."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "scorekeeper" / "translations" / "hu" / "LC_MESSAGES"
# What `pybabel extract -k lazy_gettext -k _l -k phrase -k lazy_pgettext:1c,2` looks for (README in scorekeeper/translations/); `phrase`
# marks the rules core's sentences (scorekeeper/rules/phrases.py).
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "_l": None, "phrase": None, "lazy_pgettext": ((1, "c"), 2)}


def csrf_token(client) -> str:
    html = client.get("/checker").get_data(as_text=True)
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)


def nav(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html[html.index("<nav>"):html.index("</nav>")]))


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize("header, lang, words", [
    ("hu", "hu", ["Új játszma", "Szabályok"]),
    ("hu-HU,hu;q=0.9,en;q=0.5", "hu", ["Új játszma", "Szabályok"]),
    ("en", "en", ["New match", "Rules"]),
    ("en-GB,en;q=0.8,hu;q=0.5", "en", ["New match", "Rules"]),
    ("de", "en", ["New match", "Rules"]),       # neither language wanted: English
    (None, "en", ["New match", "Rules"]),
])
def test_accept_language_picks_the_page_language(client, header, lang, words):
    headers = {"Accept-Language": header} if header else {}
    html = client.get("/rules", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for word in words:
        assert word in nav(html)


def test_switch_sets_a_cookie_that_overrides_accept_language_and_sticks(client):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "hu", "next": "/rules"},
                           headers={"Accept-Language": "en"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/rules")
    assert "lang=hu" in response.headers["Set-Cookie"]
    for page in ("/rules", "/checker"):
        html = client.get(page, headers={"Accept-Language": "en"}).get_data(as_text=True)
        assert html_lang(html) == "hu" and "Szabályok" in nav(html)

    client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "en", "next": "/rules"},
                headers={"Accept-Language": "hu"})
    html = client.get("/rules", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    assert html_lang(html) == "en" and "Rules" in nav(html)


@pytest.mark.parametrize("lang", ["de", "", "HU", "hu;drop"])
def test_unknown_language_is_400_and_sets_no_cookie(client, lang):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": lang, "next": "/"})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]


def test_switch_without_csrf_token_is_refused(client):
    response = client.post("/lang", data={"lang": "hu", "next": "/"})
    assert response.status_code == 400
    assert "lang=" not in response.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("target", [
    "//evil.example/", "/\t/evil.example/", "/\n/evil.example/", "/\r/evil.example/", "/\\evil.example/",
    "\\\\evil.example/", "https://evil.example/", "/ /evil.example/", "/\x0b/evil.example/", "javascript:alert(1)",
    "/no-such-page", "evil.example",
])
def test_switch_returns_only_to_a_page_of_this_app(client, target):
    """Browsers strip tabs and newlines from a Location and read a backslash as a slash: ``/\t/evil.example/``
    became ``//evil.example/``. Only a path this app serves is a return address; anything else goes home."""
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "hu", "next": target})
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize("target", ["/rules", "/checker?variant=international", "/?variant=keltis"])
def test_switch_returns_to_the_page_it_came_from(client, target):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "hu", "next": target})
    assert response.status_code == 302 and response.headers["Location"] == target


def test_checker_speaks_hungarian(client):
    headers = {"Accept-Language": "hu"}
    token = csrf_token(client)
    page = unescape(client.get("/checker", headers=headers).get_data(as_text=True))
    assert "B = bubi (J), D = dáma (Q), Á = ász (A)" in page and "Lapjelölés" in page
    legal = unescape(client.post("/checker", headers=headers, data={
        "csrf_token": token, "variant": "diszitett", "cards": "J J J J 2 2 2"}).get_data(as_text=True))
    assert "Szabályos" in legal and "fekete kanaszta" in legal and "Lapérték" in legal
    illegal = unescape(client.post("/checker", headers=headers, data={
        "csrf_token": token, "variant": "diszitett", "cards": "B B ZS ZS ZS"}).get_data(as_text=True))
    assert "Szabálytalan" in illegal and "bubik csoportja" in illegal and "Túl sok zsoli" in illegal


def test_error_pages_and_rules_pages_in_hungarian(client):
    headers = {"Accept-Language": "hu"}
    missing = client.get("/rules/bridge", headers=headers)
    assert missing.status_code == 404 and html_lang(missing.get_data(as_text=True)) == "hu"
    rules = unescape(client.get("/rules/diszitett", headers=headers).get_data(as_text=True))
    assert "Beállítások ebben az alkalmazásban" in rules


# --- the catalog --------------------------------------------------------------------------------------------

def read_catalog():
    with open(CATALOG / "messages.po", "rb") as f:
        return read_po(f, locale="hu")


def test_every_message_is_translated_and_checks_out():
    catalog = read_catalog()
    untranslated = [m.id for m in catalog if m.id and not (all(m.string) if m.pluralizable else m.string)]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    broken = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert untranslated == [] and fuzzy == [] and broken == []


def _pairs(catalog) -> dict:
    def norm(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value
    def context(m):             # read_mo gives the context as bytes
        return m.context.decode() if isinstance(m.context, bytes) else m.context
    return {(context(m), norm(m.id)): norm(m.string) for m in catalog if m.id and not m.fuzzy}


def test_compiled_catalog_matches_the_po_file():
    """The .mo is committed (no build step on a fresh clone), so it must be compiled from the current .po."""
    with open(CATALOG / "messages.mo", "rb") as f:
        compiled = read_mo(f)
    assert _pairs(compiled) == _pairs(read_catalog())


def test_catalog_holds_every_string_of_the_templates_and_code():
    """Fails when a page gained a string after the last extraction: see scorekeeper/translations/README.md."""
    method_map = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2"),
                  ("rules_ref/*.toml", "scorekeeper.rules.tables.words:extract")]     # as babel.cfg maps them
    found = {(context, msgid if isinstance(msgid, str) else msgid[0])
             for _file, _line, msgid, _comments, context in extract_from_dir(
                 str(ROOT), method_map=method_map, keywords=KEYWORDS)}
    in_catalog = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_catalog() if m.id}
    assert sorted(found - in_catalog, key=repr) == []

"""Fuzzing every door input comes in through (issue 9): the new-match and hand-entry forms, the JSON API and the
import. Whatever is sent, the answer is never a 5xx and the app logs no exception; what was accepted renders.

Bounded (``max_examples``) so the whole file runs in about 20 s; derandomized so a failure reproduces.
"""

from __future__ import annotations

import copy
import io
import json
from urllib.parse import urlencode

from hypothesis import HealthCheck, example, given, settings, strategies as st

from test_api import README_HAND
from test_fuzz_pages import API, HUGE, ODD_TEXT
from tests.house_fuzz import paths as json_paths
from web_helpers import no_exception_logged

FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

text = st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=12),
                 st.sampled_from(["²", "٣", "9" * 5000, "1" * 309, "-1", "1e3", "0x10", " 7 ", "K K K", "JK"]))
number = st.one_of(st.integers(-5, 300), st.sampled_from(HUGE), st.floats(allow_nan=True))
scalar = st.one_of(st.none(), st.booleans(), number, text)
json_value = st.recursive(scalar, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                          st.dictionaries(text, inner, max_size=4)), max_leaves=12)


def _ok(response) -> None:
    assert response.status_code < 500, (response.status_code, response.get_data(as_text=True)[:300])


def post_form(client, url, form):
    """Form fields as a browser may send them: percent-encoded bytes, a lone surrogate as the invalid UTF-8 it
    would be (the test client's own encoder refuses it)."""
    body = urlencode(form, encoding="utf-8", errors="surrogatepass")
    return client.post(url, data=body, content_type="application/x-www-form-urlencoded")


def _match(client, variant="diszitett", sides=({"name": "Anna"}, {"name": "Béla"})) -> dict:
    return client.post(f"{API}/matches", json={"variant": variant, "sides": list(sides)}).json


# --- forms -------------------------------------------------------------------------------------------------

@FUZZ
@given(variant=st.sampled_from(["diszitett", "international", "keltis", "nope"]), title=text,
       names=st.lists(text, max_size=7), option=st.tuples(text, text))
@example(variant="diszitett", title="\x00", names=["An\x1bna", "Béla"], option=("players", "4"))
def test_the_new_match_form_never_fails(fuzz_app, fuzz_client, variant, title, names, option):
    form = {"variant": variant, "title": title, f"options-{option[0]}": option[1],
            **{f"sides-{i}-name": name for i, name in enumerate(names)}}
    response = post_form(fuzz_client, "/matches", form)
    _ok(response)
    if response.status_code == 303:
        _ok(fuzz_client.get(response.headers["Location"]))
    no_exception_logged(fuzz_app)


CANASTA_FIELDS = ["melds", "hand", "red_threes", "twins", "out", "pile_size", "penalties-0-code",
                  "penalties-0-points", "canastas-red_canasta", "melded_points", "hand_points"]
KELTIS_FIELDS = ["rows-green", "rows-red", "grey", "stones"]


@FUZZ
@given(keltis=st.booleans(), mode=st.sampled_from(["cards", "summary", "x"]), version=text | st.just("0"),
       fields=st.dictionaries(st.tuples(st.sampled_from([0, 1, 2]), st.sampled_from(CANASTA_FIELDS + KELTIS_FIELDS)),
                              text, max_size=5))
@example(keltis=False, mode="cards", version="0",
         fields={(0, "penalties-0-code"): "other", (0, "penalties-0-points"): "1" * 400})
@example(keltis=False, mode="cards", version="²", fields={})
def test_the_hand_form_never_fails(fuzz_app, fuzz_client, keltis, mode, version, fields):
    created = _match(fuzz_client, "keltis" if keltis else "diszitett")
    form = {"version": version, "side0-out": "none", "side1-out": "out",
            **{f"side{i}-{name}": value for (i, name), value in fields.items()}}
    response = post_form(fuzz_client, f"/m/{created['edit_token']}/hands/new?mode={mode}", form)
    _ok(response)
    for page in ("/m/{e}", "/v/{v}"):
        assert fuzz_client.get(page.format(e=created["edit_token"], v=created["view_token"])).status_code == 200
    if response.status_code == 303:
        _ok(fuzz_client.get(f"/m/{created['edit_token']}/hands/1/edit"))
    no_exception_logged(fuzz_app)


# --- the JSON API ----------------------------------------------------------------------------------------------

ROUTES = [("POST", "/score"), ("POST", "/check-meld"), ("POST", "/matches"), ("POST", "/matches/{t}/hands"),
          ("PUT", "/matches/{t}/hands/1"), ("POST", "/matches/{t}/undo")]


@FUZZ
@given(route=st.sampled_from(ROUTES), body=st.one_of(
    json_value,
    st.fixed_dictionaries({"variant": st.sampled_from(["diszitett", "keltis", "international"])},
                          optional={"sides": json_value, "options": json_value, "title": text, "cards": text,
                                    "opening_minimum": number, "totals_before": json_value}),
    st.fixed_dictionaries({"version": st.integers(0, 2) | number, "hand": json_value})))
def test_the_api_never_fails(fuzz_app, fuzz_client, route, body):
    created = _match(fuzz_client)
    fuzz_client.post(f"{API}/matches/{created['edit_token']}/hands", json={"version": 0, "hand": README_HAND})
    method, path = route
    response = fuzz_client.open(API + path.format(t=created["edit_token"]), method=method, json=body)
    _ok(response)
    assert response.is_json
    for page in ("/m/{e}", "/v/{v}", "/m/{e}/export.json"):
        assert fuzz_client.get(page.format(e=created["edit_token"], v=created["view_token"])).status_code == 200
    no_exception_logged(fuzz_app)


# --- the import --------------------------------------------------------------------------------------------------

_export_cache: dict = {}


def _export(client) -> dict:
    if not _export_cache:
        created = _match(client)
        for version in range(2):
            client.post(f"{API}/matches/{created['edit_token']}/hands", json={"version": version, "hand": README_HAND})
        _export_cache["data"] = client.get(f"/m/{created['edit_token']}/export.json").json
    return copy.deepcopy(_export_cache["data"])


@FUZZ
@given(st.data())
def test_the_import_of_a_mutated_export_never_fails(fuzz_app, fuzz_client, data):
    export = _export(fuzz_client)
    paths = [p for p in json_paths(export) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        node = export
        for key in path[:-1]:
            node = node[key] if isinstance(node, dict) or isinstance(key, int) and key < len(node) else None
            if node is None or not isinstance(node, (dict, list)):
                break
        else:
            if isinstance(node, dict) or (isinstance(node, list) and path[-1] < len(node)):
                node[path[-1]] = data.draw(st.one_of(json_value, st.sampled_from(
                    ["9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+01:00", 10**400, "\ud800"])))
    raw = json.dumps(export, ensure_ascii=data.draw(st.booleans())).encode("utf-8", "surrogatepass")
    response = fuzz_client.post("/import", data={"file": (io.BytesIO(raw), "m.json")},
                                content_type="multipart/form-data")
    _ok(response)
    if response.status_code == 303:
        sheet = response.headers["Location"]
        _ok(fuzz_client.get(sheet))
        _ok(fuzz_client.get(sheet + "/export.json"))
    no_exception_logged(fuzz_app)


# --- house rules (issue 19): the form's fields and JSON box, the preset import, the API's "rules" ----------------

from house_pages import form_values  # noqa: E402
from tests.house_fuzz import as_text, deep, house_partials  # noqa: E402

HOUSE_FIELDS = ["house-canastas.red_canasta.bonus", "house-canastas.red_canasta.size-0",
                "house-canastas.red_canasta.size-1", "house-opening.minimums-0-minimum",
                "house-opening.minimums-1-from", "house-taxation.brackets-1-method", "house-taxation.negative",
                "house-deck.packs", "house-save-as", "house-base"]
_house_page: dict = {}


def _house_form(client) -> dict:
    if not _house_page:
        _house_page.update(form_values(client.get("/?variant=diszitett").get_data(as_text=True)))
    return {**_house_page, "sides-0-name": "Anna", "sides-1-name": "Béla"}


@FUZZ
@given(partial=house_partials(), box=st.none() | deep | text,
       fields=st.dictionaries(st.sampled_from(HOUSE_FIELDS), text | st.sampled_from(["7", "99", "-1", "half"]),
                              max_size=3))
@example(partial={}, box='{"penalties": {"k-1": {"label": "x", "points": -1}}}', fields={})
@example(partial={}, box="[" * 9000 + "]" * 9000, fields={})
@example(partial={}, box=None, fields={"house-base": "[" * 1999 + "]" * 1999})      # the page's own hidden field
def test_the_house_form_and_its_json_box_never_fail(fuzz_app, fuzz_client, partial, box, fields):
    form = {**_house_form(fuzz_client), "house-json": as_text(partial) if box is None else box, **fields}
    response = post_form(fuzz_client, "/matches", form)
    _ok(response)
    if response.status_code == 303:
        _ok(fuzz_client.get(response.headers["Location"]))
    no_exception_logged(fuzz_app)


@FUZZ
@given(partial=house_partials(), raw=st.none() | deep | text, name=text | st.just("Mama"),
       variant=st.sampled_from(["diszitett", "international", "keltis", "nope"]))
@example(partial={"canastas": {"black_canasta": {"jokers": [0]}}}, raw=None, name="Mama", variant="diszitett")
def test_the_preset_import_never_fails(fuzz_app, fuzz_client, partial, raw, name, variant):
    document = ('{"format": "scorekeeper-house-rules", "format_version": 1, "name": ' + json.dumps(name)
                + ', "variant": "' + variant + '", "options": {}, "rules": ' + as_text(partial) + "}")
    response = post_form(fuzz_client, "/house/import", {"json": document if raw is None else raw})
    _ok(response)
    if response.status_code == 303:
        for suffix in ("", ".json"):
            _ok(fuzz_client.get(response.headers["Location"] + suffix))
    no_exception_logged(fuzz_app)


@FUZZ
@given(partial=house_partials(), variant=st.sampled_from(["diszitett", "international", "samba", "keltis"]))
@example(partial={"taxation": {"negative": []}}, variant="diszitett")
@example(partial={"twins": {"points": float("inf")}}, variant="diszitett")
def test_the_api_with_house_rules_never_fails(fuzz_app, fuzz_client, partial, variant):
    rules = as_text(partial)
    response = fuzz_client.post(f"{API}/matches", content_type="application/json", data=(
        '{"variant": "' + variant + '", "sides": [{"name": "Anna"}, {"name": "Béla"}], "rules": ' + rules + "}"))
    _ok(response)
    scored = fuzz_client.post(f"{API}/score", content_type="application/json", data=(
        '{"variant": "' + variant + '", "rules": ' + rules + ', "sides": ' + json.dumps(README_HAND["sides"]) + "}"))
    _ok(scored)
    if response.status_code == 201:
        edit, view = response.json["edit_token"], response.json["view_token"]
        _ok(fuzz_client.post(f"{API}/matches/{edit}/hands", json={"version": 0, "hand": README_HAND}))
        _ok(fuzz_client.post(f"{API}/matches/{view}/check-meld", json={"cards": "K K K K K K K"}))
        for page in (f"/m/{edit}", f"/v/{view}/rules", f"/m/{edit}/export.json"):
            assert fuzz_client.get(page).status_code == 200, page
    no_exception_logged(fuzz_app)

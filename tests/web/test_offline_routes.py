"""The offline scorer's downloads (issue 22, web/offline.py): only the pinned Pyodide's known files, with the types
a browser needs (WebAssembly streams only as application/wasm), kept a year under their versioned path, gzipped
where it pays; a 404 where this server has not fetched Pyodide, and then no offer on the page either. The rules
core zip answers by its hash only and holds no web code."""

from __future__ import annotations

import gzip
import io
import json
import re
import zipfile

import pytest

from scorekeeper.offline_files import FILES, VERSION, core_zip
from tests.pyodide_files import fetched_pyodide

BASE = f"/offline/pyodide/{VERSION}/"


@pytest.fixture
def fetched(app):
    app.config["PYODIDE_DIR"] = str(fetched_pyodide())
    return app


@pytest.fixture
def not_fetched(app, tmp_path):
    app.config["PYODIDE_DIR"] = str(tmp_path / "nothing-here")
    return app


def offer(page: str) -> dict | None:
    found = re.search(r"data-offline='([^']*)'", page)
    return json.loads(found.group(1).replace("&#34;", '"').replace("&amp;", "&")) if found else None


@pytest.mark.parametrize("name,mimetype", [("pyodide.js", "text/javascript"), ("pyodide.asm.js", "text/javascript"),
                                           ("pyodide.asm.wasm", "application/wasm"),
                                           ("python_stdlib.zip", "application/zip"),
                                           ("pyodide-lock.json", "application/json")])
def test_each_known_file_has_its_type_and_is_kept_a_year(fetched, client, name, mimetype):
    answer = client.get(BASE + name)
    assert answer.status_code == 200 and answer.mimetype == mimetype
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.get_data() == (fetched_pyodide() / name).read_bytes()


def test_the_wasm_goes_gzipped_to_a_phone_that_takes_gzip(fetched, client):
    answer = client.get(BASE + "pyodide.asm.wasm", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert answer.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in answer.headers["Vary"]
    body = answer.get_data()
    assert len(body) < 0.4 * (fetched_pyodide() / "pyodide.asm.wasm").stat().st_size
    assert gzip.decompress(body)[:4] == b"\0asm"


def test_the_runtime_script_is_compressed_by_flask_compress(fetched, client):
    answer = client.get(BASE + "pyodide.asm.js", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip"
    assert len(answer.get_data()) < 0.3 * (fetched_pyodide() / "pyodide.asm.js").stat().st_size


@pytest.mark.parametrize("path", ["package.json", "pyodide.mjs", "console.html", "..%2Fsecret_key", "pyodide.js.map",
                                  "../../secret_key"])
def test_a_name_outside_the_list_is_refused(fetched, client, path):
    assert client.get(BASE + path).status_code == 404


def test_another_version_is_refused(fetched, client):
    assert client.get("/offline/pyodide/0.26.0/pyodide.js").status_code == 404


def test_without_the_fetched_files_every_file_is_a_404_and_nothing_is_offered(not_fetched, client):
    for name in FILES:
        assert client.get(BASE + name).status_code == 404
    page = client.get("/checker").get_data(as_text=True)
    assert "offline-offer" not in page and "offline.js" not in page


def test_the_checker_offers_it_where_fetched_with_urls_that_answer(fetched, client):
    page = client.get("/checker").get_data(as_text=True)
    offered = offer(page)
    assert offered and "Play offline on this phone" in page and "/static/offline.js" in page
    assert re.fullmatch(r"Downloading the offline scorer \(\d MB\)…", offered["strings"]["downloading"])
    assert client.get(offered["index"] + "pyodide.js").status_code == 200
    assert client.get(offered["core"]).status_code == 200
    worker = client.get(offered["worker"])
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert "'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    assert "wasm-unsafe-eval" not in client.get("/checker").headers["Content-Security-Policy"]


def test_the_offer_is_in_hungarian_on_a_hungarian_page(fetched, client):
    page = client.get("/checker", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    offered = offer(page)
    assert "Play offline" not in page and "Downloading" not in offered["strings"]["downloading"]


def test_the_core_zip_answers_by_its_hash_only_and_holds_no_web_code(client):
    data, digest = core_zip()
    answer = client.get(f"/offline/core-{digest}.zip")
    assert answer.status_code == 200 and answer.mimetype == "application/zip" and answer.get_data() == data
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert client.get("/offline/core-000000000000.zip").status_code == 404
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert not [n for n in names if re.search(r"/(web|store|display|fronts|pdf)/|api\.py|cli\.py|service\.py", n)]
    sources = " ".join(zipfile.ZipFile(io.BytesIO(data)).read(n).decode() for n in names if n.endswith(".py"))
    assert not re.search(r"^\s*(from|import) (flask|sqlalchemy|wtforms|jinja2)", sources, re.M)

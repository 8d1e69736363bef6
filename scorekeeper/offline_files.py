"""The files a phone downloads to score offline (issue 22: "Play offline on this phone", over https): Pyodide,
fetched onto the server, and the rules core as one zip.

Pyodide is no Python dependency and never goes into git: a server that offers offline scoring downloads the
pinned npm tarball once (``python -m scorekeeper offline fetch``), checks it against the npm ``integrity`` pinned
here, and keeps only the files a stdlib-only program needs in ``instance/pyodide/<version>/``. The version and its
digest are written in this one place; the routes (web/offline.py) serve exactly :data:`FILES`.

The core zip (:func:`core_zip`) is ``scorekeeper.rules`` and the tables it reads, nothing of the web app.

Standard library only: the fetch runs from ``.ci/run``'s install stage, and tests/core builds the zip.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import zipfile
import os
import shutil
import tarfile
import tempfile
import urllib.request
from functools import lru_cache
from pathlib import Path

from scorekeeper.rules.tables.shipped import shipped

VERSION = "0.27.7"
TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
# `npm view pyodide@0.27.7 dist.integrity`: a tarball that does not match is refused, never unpacked
INTEGRITY = "sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA=="

#: What loadPyodide reads for a stdlib-only program (no packages): the loader, the runtime, the standard library
#: and the lock file it reads at start. The ES-module loader, source maps and typings are left in the tarball.
FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Kept gzipped beside the file as well (web/offline.py sends it when the phone takes gzip): 10 MB of wasm is
#: 3.2 MB gzipped, and squeezing it again for every phone would cost the server a second of CPU each time.
PRECOMPRESSED = ("pyodide.asm.wasm",)
MAX_TARBALL = 64 * 1024 * 1024


class FetchError(Exception):
    """The tarball could not be had or is not the pinned one: one line saying which."""


def folder(instance: str | os.PathLike[str]) -> Path:
    """Where the files of the pinned version live under an instance folder."""
    return Path(instance) / "pyodide" / VERSION


def present(directory: Path) -> bool:
    """Whether every file the offline scorer loads is there (the option is offered only then)."""
    return all((directory / name).is_file() for name in FILES) and all(
        (directory / f"{name}.gz").is_file() for name in PRECOMPRESSED)


def check_integrity(data: bytes, integrity: str) -> None:
    algorithm, _, expected = integrity.partition("-")
    if algorithm != "sha512":
        raise FetchError(f"unsupported integrity {integrity!r}")
    got = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if got != expected:
        raise FetchError(f"the tarball's sha512 is {got}, not the pinned {expected} (pyodide {VERSION}): refused")


def download(url: str = TARBALL) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            data: bytes = response.read(MAX_TARBALL + 1)
    except OSError as exc:
        raise FetchError(f"cannot download {url}: {exc}") from None
    if len(data) > MAX_TARBALL:
        raise FetchError(f"{url} is larger than {MAX_TARBALL // 2**20} MB; not the pinned tarball")
    return data


def unpack(data: bytes, target: Path, integrity: str = INTEGRITY) -> None:
    """The checked tarball's :data:`FILES` into ``target``, all at once: written into a sibling temporary folder
    and renamed into place, so a half-finished fetch never leaves a folder that :func:`present` accepts."""
    check_integrity(data, integrity)
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for name in FILES:
                try:
                    member = tar.getmember(f"package/{name}")
                except KeyError:
                    raise FetchError(f"the tarball has no package/{name}; not a Pyodide {VERSION} tarball") from None
                source = tar.extractfile(member)
                if source is None:
                    raise FetchError(f"package/{name} is not a file in the tarball")
                (work / name).write_bytes(source.read())
        for name in PRECOMPRESSED:
            (work / f"{name}.gz").write_bytes(gzip.compress((work / name).read_bytes(), compresslevel=9, mtime=0))
        work.chmod(0o755)
        if target.exists():            # an incomplete folder of an earlier try: replaced whole
            shutil.rmtree(target)
        os.replace(work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fetch(instance: str | os.PathLike[str], url: str = TARBALL, integrity: str = INTEGRITY) -> tuple[Path, bool]:
    """The pinned Pyodide in ``instance``: its folder, and whether it was downloaded now (False: already there)."""
    target = folder(instance)
    if present(target):
        return target, False
    unpack(download(url), target, integrity)
    return target, True


_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _core_files() -> list[tuple[str, Path]]:
    """(name in the zip, file): the rules package and the tables it reads, laid out as an installed wheel keeps
    them (``scorekeeper/_shipped/rules_ref``: rules/tables/shipped.py finds them there inside Pyodide)."""
    package = Path(__file__).resolve().parent          # scorekeeper/
    files = [(f"scorekeeper/{p.relative_to(package).as_posix()}", p)
             for p in sorted((package / "rules").rglob("*.py")) if "__pycache__" not in p.parts]
    tables = shipped("rules_ref")
    files += [(f"scorekeeper/_shipped/rules_ref/{p.relative_to(tables).as_posix()}", p)
              for p in sorted(tables.rglob("*")) if p.is_file() and p.suffix in (".toml", ".md")]
    return files


# The package's own __init__ is the web app's home: the phone gets a bare package, so nothing but the rules core
# (stdlib only) is in the zip.
_PACKAGE_INIT = '"""scorekeeper\'s rules core, as the offline scorer runs it on a phone (offline_files.py)."""\n'


@lru_cache(maxsize=1)
def core_zip() -> tuple[bytes, str]:
    """The zip and the first 12 hex digits of its SHA-256; built once per process, the same bytes every time
    (fixed dates, sorted names), so every worker of a server names it alike."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(zipfile.ZipInfo("scorekeeper/__init__.py", _ZIP_DATE), _PACKAGE_INIT)
        for name, path in _core_files():
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:12]

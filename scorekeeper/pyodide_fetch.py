"""Getting Pyodide onto a server for offline scoring (issue 22: "Play offline on this phone", over https).

Pyodide is no Python dependency and never goes into git: a server that offers offline scoring downloads the
pinned npm tarball once (``python -m scorekeeper offline fetch``), checks it against the npm ``integrity`` pinned
here, and keeps only the files a stdlib-only program needs in ``instance/pyodide/<version>/``. The version and its
digest are written in this one place; the routes (web/offline.py) serve exactly :data:`FILES`.

Standard library only: it runs before anything else is installed (``.ci/run``'s install stage).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import os
import shutil
import tarfile
import tempfile
import urllib.request
from pathlib import Path

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


def check_integrity(data: bytes, integrity: str = INTEGRITY) -> None:
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


def unpack(data: bytes, target: Path) -> None:
    """The checked tarball's :data:`FILES` into ``target``, all at once: written into a sibling temporary folder
    and renamed into place, so a half-finished fetch never leaves a folder that :func:`present` accepts."""
    check_integrity(data)
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for name in FILES:
                member = tar.getmember(f"package/{name}")
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


def fetch(instance: str | os.PathLike[str], url: str = TARBALL) -> tuple[Path, bool]:
    """The pinned Pyodide in ``instance``: its folder, and whether it was downloaded now (False: already there)."""
    target = folder(instance)
    if present(target):
        return target, False
    unpack(download(url), target)
    return target, True

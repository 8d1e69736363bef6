"""The rules core as a phone runs it (issue 22): the very zip /offline/core-<hash>.zip serves, unpacked, and
scorekeeper/rules/offline.py answered by a bare CPython (`python -S -I`: no site-packages, no checkout on the
path, so no Flask and no WTForms). Shared by the checker's and the preview's offline tests."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from scorekeeper.offline_files import core_zip

PROGRAM = ("import json, sys; sys.path.insert(0, sys.argv[1]); from scorekeeper.rules import offline; "
           "asked = json.load(sys.stdin); lang = asked['lang']; "
           "asked['phrasebook'] is None or offline.learn(lang, asked['phrasebook']); "
           "print(json.dumps([json.loads(offline.answer(sys.argv[2], json.dumps(r), lang)) for r in asked['requests']]))")


def unpack(folder: Path) -> Path:
    zipfile.ZipFile(io.BytesIO(core_zip()[0])).extractall(folder)
    return folder


def answers_on_phone(folder: Path, kind: str, requests: list[dict], lang: str = "en",
                     phrasebook: str | None = None) -> list[dict]:
    """Each request's answer of ``kind`` ("check", "preview"), in one fresh interpreter; on a page in ``lang``
    whose words (the server's /offline/words-<lang>-<hash>.json) the worker handed over first (issue 23)."""
    # the page's language goes into each body too, as static/offline.js sends it: the cards are read in its letters
    requests = [{"lang": lang, **r} if isinstance(r, dict) else r for r in requests]
    asked = {"lang": lang, "phrasebook": phrasebook, "requests": requests}
    done = subprocess.run([sys.executable, "-S", "-I", "-c", PROGRAM, str(folder), kind], input=json.dumps(asked),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)

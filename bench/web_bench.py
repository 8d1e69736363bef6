"""Web throughput: ``python bench/web_bench.py`` (about 25 s; needs gunicorn and Debian's wrk; no asserts on time).

Builds a throwaway SQLite database holding a 30-hand díszített match (4 players, legal hands entered through
:mod:`scorekeeper.store.matches`, so every total went through the rules core and taxation), starts gunicorn with 2
workers on 127.0.0.1 (a free port), and loads it from a second process, wrk, with 32 connections for 10 s on
  (a) the scoresheet of that match, GET /m/<edit_token>: what a phone at the table reloads after every hand.
      Each request reads the match's version from the database; the page is rendered once per version, language
      and path in each worker (scorekeeper/web/match/pages.py) and gets this reader's own CSRF token filled in;
  (b) a trivial route of the same app: GET /static/style.css, served by Flask's static view through the same
      middleware (security headers, session) — the app has no smaller page.
It prints both req/s, both p99 latencies and the ratio a/b, and whether the issue's targets are met
(ratio >= 0.5, p99 of (a) < 50 ms). gunicorn and the temporary files are removed whatever happens; only
127.0.0.1 is ever targeted, and every step has a time limit.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"
WORKERS = 2
CONNECTIONS = 32
THREADS = 2
DURATION_S = 10
HANDS = 30
TARGET_RATIO = 0.5
TARGET_P99_MS = 50.0
START_TIMEOUT_S = 20
WRK_TIMEOUT_S = DURATION_S + 30
TRIVIAL = "/static/style.css"

PLAYERS = ["Anna", "Béla", "Cili", "Dani"]

# Four roles, rotated over the players hand by hand. Each role is legal on its own and the four together fit the
# 112-card deck (no rank over 8 copies, 8 deuces, 4 red threes, 4 black threes). Hand scores: 600, 490, −70, 520.
ROLES = [
    {"melds": ["K K K K K K K", "9 9 9"], "out": "out", "hand": ""},
    {"melds": ["J J J J 2 2 2", "5 5 5"], "red_threes": 1, "hand": "A 4"},
    {"melds": ["Q Q Q 2"], "hand": "8 8 3"},
    {"melds": ["6 6 6 6 6 6 6"], "twins": 1, "hand": "7 10"},
]


def hand(number: int) -> dict:
    sides = []
    for i, name in enumerate(PLAYERS):
        role = ROLES[(i + number) % len(ROLES)]
        sides.append({"name": name, "out": "none", "red_threes": 0, "twins": 0, **role})
    return {"mode": "cards", "sides": sides}


def build_database(url: str) -> tuple[str, dict]:
    """The 30-hand match, entered hand by hand as the web pages do; returns its edit token and final totals."""
    from scorekeeper import create_app
    from scorekeeper.store import matches
    from scorekeeper.store.db import get_session

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench"})
    try:
        with app.app_context():
            session = get_session()
            match = matches.create_match(session, variant="diszitett", options=None,
                                         sides=[{"name": p} for p in PLAYERS], title="Bench: 30 hands")
            for number in range(HANDS):
                matches.add_hand(session, match, hand(number), based_on=match.version)
            sheet = matches.scoresheet(match)
            if len(sheet["hands"]) != HANDS or sheet["match_over"]:
                raise RuntimeError("the bench match must hold 30 hands and still be open")
            return match.edit_token, sheet["totals"]
    finally:
        app.extensions["scorekeeper_engine"].dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_until_up(proc: subprocess.Popen, url: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with status {proc.returncode} before answering")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer {url} within {START_TIMEOUT_S} s")


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        if response.status != 200:
            raise RuntimeError(f"{url} answered {response.status}")
        return response.read()


UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def run_wrk(url: str) -> dict:
    cmd = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{DURATION_S}s", "--latency", "--timeout", "5s", url]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=WRK_TIMEOUT_S, check=True).stdout
    rps = re.search(r"^Requests/sec:\s+([\d.]+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$", out, re.M)
    total = re.search(r"^\s+(\d+) requests in", out, re.M)
    if not (rps and p99 and total):
        raise RuntimeError(f"could not read wrk's output:\n{out}")
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:(.*)", out)
    return {"rps": float(rps.group(1)), "p99_ms": float(p99.group(1)) * UNITS_MS[p99.group(2)],
            "requests": int(total.group(1)), "non2xx": int(non2xx.group(1)) if non2xx else 0,
            "socket_errors": errors.group(1).strip() if errors else "", "raw": out}


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)               # graceful: the arbiter stops its workers
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def main() -> int:
    if not shutil.which("wrk"):
        print("wrk is missing: apt-get install -y wrk (as .ci/run does)", file=sys.stderr)
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-webbench-"))
    proc = log_file = None
    try:
        db_url = f"sqlite:///{tmp / 'bench.sqlite'}"
        started = time.perf_counter()
        token, totals = build_database(db_url)
        built = time.perf_counter() - started
        print(f"match: díszített, {len(PLAYERS)} players, {HANDS} hands, built in {built:.1f} s; "
              f"totals {', '.join(f'{k} {v}' for k, v in totals.items())}")

        port = free_port()
        base = f"http://{HOST}:{port}"
        env = {**os.environ, "DATABASE_URL": db_url}
        log_file = open(tmp / "gunicorn.log", "w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS), "--bind", f"{HOST}:{port}",
             "--no-control-socket", "--log-level", "warning", "--chdir", str(ROOT), "scorekeeper:create_app()"],
            env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=log_file,
            start_new_session=True)
        wait_until_up(proc, base + TRIVIAL)

        sheet_url, trivial_url = f"{base}/m/{token}", base + TRIVIAL
        body = fetch(sheet_url).decode()
        if f'id="hand-{HANDS}"' not in body or "Bench: 30 hands" not in body:
            raise RuntimeError("the scoresheet does not show the bench match")
        for _ in range(20):                            # warm both workers (templates, variant tables)
            fetch(sheet_url), fetch(trivial_url)
        print(f"gunicorn: {WORKERS} workers on {base}; wrk: {THREADS} threads, {CONNECTIONS} connections, "
              f"{DURATION_S} s each; scoresheet page {len(body) // 1024} KiB")

        a = run_wrk(sheet_url)
        b = run_wrk(trivial_url)
        for name, r in (("(a) scoresheet, 30 hands", a), (f"(b) trivial: {TRIVIAL}", b)):
            print(f"{name:<34} {r['rps']:9.1f} req/s   p99 {r['p99_ms']:7.2f} ms   ({r['requests']} requests)")
            if r["non2xx"] or r["socket_errors"]:
                print(f"   WARNING: {r['non2xx']} non-2xx responses; socket errors: {r['socket_errors'] or 'none'}")
        ratio = a["rps"] / b["rps"] if b["rps"] else 0.0
        ratio_ok, p99_ok = ratio >= TARGET_RATIO, a["p99_ms"] < TARGET_P99_MS
        print(f"ratio a/b: {ratio:.3f}   (target >= {TARGET_RATIO}: {'met' if ratio_ok else 'NOT met'})")
        print(f"p99 of (a): {a['p99_ms']:.2f} ms   (target < {TARGET_P99_MS:.0f} ms: {'met' if p99_ok else 'NOT met'})")
        print("targets: " + ("all met" if ratio_ok and p99_ok else "NOT all met"))
        return 0
    finally:
        if proc is not None:
            stop(proc)
        if log_file is not None:
            log_file.close()
            log = (tmp / "gunicorn.log").read_text(errors="replace").strip()
            if log:
                print("gunicorn log:\n" + log[-2000:], file=sys.stderr)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

"""What a page costs a phone on bad Wi-Fi (issue 22): sizes, requests, and three timings side by side, unthrottled
and throttled. Nothing is asserted; the figures and whether each target is met are printed.

(a) Sizes: each page the table opens — home, the 30-hand díszített sheet of bench/web_bench.py, the entry page of
    its next hand, the díszített rules page — fetched through the app (Flask's test client, in this process) as a
    phone over plain http asks (``Accept-Encoding: gzip, deflate``) and without any encoding: the HTML, then the
    HTML with every static file it links (a first visit), each uncompressed → compressed and the ratio.
(b) Requests per page view: Debian's Chromium, a returning phone (every page visited once before), counted from
    the DevTools protocol's Network events: the requests that went over the network, listed (a status other than
    200, e.g. a revalidation's 304, is shown).
(c) Timings, each the median of REPS repetitions, unthrottled and throttled (Chromium's own network emulation
    over the DevTools protocol: 400 ms latency, 50 KB/s down and up, the issue's bad Wi-Fi):
    - entry page until the keypad works: from navigation start until static/keypad.js marks the keypad ready
      (``data-keypad-ready``, set once its listeners are bound: a tap then lands in the melds field, which the
      first load of each condition checks with a tap). Warm (the browser cache of a returning phone, which is what
      the table meets from the second hand on) and cold (cache disabled: a phone's first visit);
    - Save until the new total: from the tap on Save until the text "total N" (English pages; N: the first
      player's new total, as the preview announced it) is visible outside the hand form — on the sheet after the
      redirect today, or wherever a fetch-based save shows it: the wait does not depend on a navigation;
    - preview lag: from a tap on a keypad rank key until the side's preview line shows new numbers.
    Times are taken inside the page (``performance.now()``, and wall-clock ``performance.timeOrigin + now()``
    across a navigation), so Playwright's own polling does not count.

The app is served as ``python -m scorekeeper serve`` serves it (``scorekeeper.serving.serve``: waitress) in a
subprocess on 127.0.0.1, on a throwaway SQLite file, with the rate limits as shipped except the hand saves' and
the previews' (the bench asks for more of both a second than a table does). ``--runs N`` repeats (b)–(c);
``--detail`` prints every request of one throttled cold and warm entry page, one preview and one save (asked, sent,
done, status, bytes), to see where the time goes. Chromium: /usr/bin/chromium with the flags of
tests/browser/conftest.py, a 390×844 touch phone.

Run: ``python bench/network_bench.py [--runs 3] [--detail]`` (about 1½ minutes a run).
"""

from __future__ import annotations

import argparse
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from abuse_bench import free_port, long_hand, stop_server, wait_until_up  # noqa: E402  (waitress in a subprocess)
from web_bench import HANDS, PLAYERS, build_database  # noqa: E402  (the same 30-hand match as the sheet's bench)

HOST = "127.0.0.1"
PHONE_HTTP = {"Accept-Encoding": "gzip, deflate"}      # Chromium over http: no br, no zstd
STATIC = re.compile(r'(?:src|href)="(/static/[^"]+)"')
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]    # tests/browser/conftest.py
PHONE = {"width": 390, "height": 844}
BAD_WIFI = {"offline": False, "latency": 400, "downloadThroughput": 51200, "uploadThroughput": 51200}
GOOD = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
TARGETS = {"keypad": 1.0, "save": 0.8, "preview": 0.6}       # seconds, throttled (issue 22)
REPS = 5
RANKS = ["K", "Q", "J", "10", "9", "8", "7"]                 # one new meld of three per preview repetition
WAIT_S = 30
# The bench asks one address for more saves (20 a minute) and previews (2 a second, 90 a minute) than a phone does:
# it opens the entry page five times in a second unthrottled, and each load asks for its first preview. A refused
# preview leaves the line empty until the next input, which the bench would wait for in vain. Other limits: shipped.
SERVER = """
import sys
sys.path.insert(0, {root!r})
from scorekeeper import create_app
from scorekeeper.serving import serve
app = create_app({{"DATABASE_URL": {url!r}, "SECRET_KEY": "bench", "RATELIMIT_ADD": "1000 per second",
                  "RATELIMIT_PREVIEW": "1000 per second"}})
serve(app, host={host!r}, port={port}, say=lambda line: None, qr=False)
"""

# Installed in every document before its own scripts. Records, in the page: when the keypad was marked ready; the
# Save tap and the first frame showing the wanted total outside the hand form (in sessionStorage, so the time
# survives the redirect to the sheet); a keypad key's tap and the first change of side 0's preview line after it.
PROBE = r"""
(() => {
  const b = window.__bench = {keypadReady: null, key: null, previewAt: null, before: null};
  const line = () => document.querySelector('h2 output[data-preview-side="0"]');
  new MutationObserver(() => {
    if (b.keypadReady === null && document.querySelector('[data-keypad-ready]')) b.keypadReady = performance.now();
    const out = line();
    if (b.key !== null && b.previewAt === null && out && out.textContent !== b.before
        && !out.classList.contains('preview-stale') && !out.textContent.startsWith('\u2014')) {
      b.previewAt = performance.now();
    }
  }).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                        attributeFilter: ['data-keypad-ready', 'class']});
  const wall = () => String(performance.timeOrigin + performance.now());
  document.addEventListener('click', e => {
    const t = e.target.closest ? e.target : e.target.parentElement;
    if (t.closest('[data-keypad] [data-card]')) {
      b.key = performance.now(); b.previewAt = null; b.before = line() ? line().textContent : null;
    }
    if (t.closest('#hand-form button[type=submit]') && sessionStorage.getItem('bench-want')) {
      sessionStorage.setItem('bench-t0', wall());
    }
  }, true);
  const count = (hay, text) => hay.split(text).length - 1;
  function shown(want) {
    if (!document.body) return false;
    const form = document.getElementById('hand-form');
    return count(document.body.innerText, want) > (form ? count(form.innerText, want) : 0);
  }
  function watch() {
    const want = sessionStorage.getItem('bench-want');
    if (want && sessionStorage.getItem('bench-t0') && !sessionStorage.getItem('bench-seen') && shown(want)) {
      sessionStorage.setItem('bench-seen', wall());
    }
    requestAnimationFrame(watch);
  }
  requestAnimationFrame(watch);
})();
"""


# --- (a) sizes ------------------------------------------------------------------------------------------------------

def size(client, path: str, headers: dict) -> int:
    with client.get(path, headers=headers) as response:
        if response.status_code != 200:
            raise RuntimeError(f"{path} answered {response.status_code}")
        return len(response.data)


def page_sizes(client, path: str) -> tuple[int, int, int, int]:
    """(html, html compressed, html + static files, the same compressed)."""
    with client.get(path) as response:
        html = response.get_data(as_text=True)
    statics = sorted(set(STATIC.findall(html)))
    plain = [size(client, p, {}) for p in [path, *statics]]
    packed = [size(client, p, PHONE_HTTP) for p in [path, *statics]]
    return plain[0], packed[0], sum(plain), sum(packed)


def kb(n: int) -> str:
    return f"{n / 1024:6.1f} KB"


def sizes(url: str, pages: dict[str, str]) -> None:
    from scorekeeper import create_app

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    try:
        client = app.test_client()
        print("(a) sizes, uncompressed → gzip (what a phone gets over http):")
        print(f"  {'page':18} {'HTML':>27} {'HTML + its static files':>32}")
        for name, path in pages.items():
            html, html_gz, total, total_gz = page_sizes(client, path)
            print(f"  {name:18} {kb(html)} → {kb(html_gz)} ({html / html_gz:4.1f}×)"
                  f"   {kb(total)} → {kb(total_gz)} ({total / total_gz:4.1f}×)")
    finally:
        app.extensions["scorekeeper_engine"].dispose()


# --- the browser ----------------------------------------------------------------------------------------------------

class Network:
    """The DevTools protocol's Network events of one page, by request: what went over the wire and when."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.requests: dict[str, dict[str, Any]] = {}
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.requestServedFromCache", self._cached)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.send("Network.enable")

    def _sent(self, e: dict) -> None:
        # a redirect reuses the request id: the redirected request is kept under its own key
        if e["requestId"] in self.requests and "redirectResponse" in e:
            old = self.requests.pop(e["requestId"])
            old.update(status=e["redirectResponse"]["status"], end=e["timestamp"],
                       bytes=e["redirectResponse"].get("encodedDataLength", 0))
            self.requests[e["requestId"] + f"-{len(self.requests)}"] = old
        self.requests[e["requestId"]] = {"url": e["request"]["url"], "method": e["request"]["method"],
                                         "start": e["timestamp"], "cache": False, "status": None,
                                         "end": None, "bytes": 0}

    def _cached(self, e: dict) -> None:
        if e["requestId"] in self.requests:
            self.requests[e["requestId"]]["cache"] = True

    def _response(self, e: dict) -> None:
        r = self.requests.get(e["requestId"])
        if r is not None:
            r["status"] = e["response"]["status"]
            r["cache"] = r["cache"] or e["response"].get("fromDiskCache", False)
            timing = e["response"].get("timing")
            if timing and timing.get("sendStart", -1) >= 0:     # sent: after waiting for one of 6 connections
                r["sent"] = timing["requestTime"] + timing["sendStart"] / 1000

    def _finished(self, e: dict) -> None:
        r = self.requests.get(e["requestId"])
        if r is not None:
            r["end"], r["bytes"] = e["timestamp"], e["encodedDataLength"]

    def conditions(self, throttled: bool, cache: bool = True) -> None:
        self.cdp.send("Network.emulateNetworkConditions", BAD_WIFI if throttled else GOOD)
        self.cdp.send("Network.setCacheDisabled", {"cacheDisabled": not cache})

    def clear(self) -> None:
        self.requests.clear()

    def wire(self) -> list[dict[str, Any]]:
        """The requests that went over the network, in order."""
        return sorted((r for r in self.requests.values() if not r["cache"]), key=lambda r: r["start"])

    def waterfall(self, title: str) -> None:
        listed = sorted(self.requests.values(), key=lambda r: r["start"])
        if not listed:
            return
        zero = listed[0]["start"]
        print(f"    {title} (ms: asked, sent, done):")
        for r in listed:
            end = f"{(r['end'] - zero) * 1000:6.0f}" if r["end"] else "     ?"
            path = re.sub(r"^https?://[^/]+", "", r["url"])
            sent = f"{(r['sent'] - zero) * 1000:6.0f}" if r.get("sent") and not r["cache"] else " " * 6
            print(f"      {(r['start'] - zero) * 1000:6.0f} {sent} →{end} ms  {r['method']:4} "
                  f"{r['status'] or '-'!s:3} "
                  f"{'   cache' if r['cache'] else str(r['bytes']).rjust(6) + ' B'}  {path[:70]}")


def what(request: dict[str, Any]) -> str:
    """A request in a few words: its method, the path's last part, and its status when not 200."""
    path = re.sub(r"^https?://[^/]+", "", request["url"]).split("?")[0]
    short = path if path == "/" else path.rstrip("/").rsplit("/", 1)[-1]
    return f"{request['method']} {short}" + ("" if request["status"] == 200 else f" ({request['status']})")


def until(page, expression: str, what: str) -> Any:
    """Polls ``expression`` in the page (surviving a navigation) until it is truthy; its value."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        try:
            value = page.evaluate(expression)
            if value:
                return value
        except Exception as exc:            # the page navigating while asked: ask the next one
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
        time.sleep(0.02)
    raise RuntimeError(f"timed out waiting for {what} on {page.url}")


def open_entry(page, url: str, check: bool = False) -> float:
    """Opens the entry page; seconds from navigation start until the keypad was marked ready (with ``check``,
    proven by a tap landing in the melds field)."""
    page.evaluate("localStorage.clear()")          # no restored draft: the page a player opens for a new hand
    page.goto(url, wait_until="commit")
    ready = until(page, "window.__bench && window.__bench.keypadReady", "the keypad's ready marker")
    if check:
        page.locator('[data-keypad] [data-card="K"]').tap()
        if "K" not in page.locator('[name="side0-melds"]').input_value():
            raise RuntimeError("a tap on the keypad's K did not land in the melds field after the ready marker")
        for _ in range(3):                         # and taken back: no draft is kept for the next load
            page.locator('[data-keypad] [data-action="back"]').tap()
    return ready / 1000


def preview_text(page, side: int) -> str:
    return page.locator(f'h2 output[data-preview-side="{side}"]').inner_text()


def settled_preview(page, complete: bool = True) -> list[str]:
    """Each side's preview line once it has drawn the form as it stands and stays so (``complete``: a hand
    that can be saved, not numbers "so far")."""
    last: list[str] = []
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        lines = [preview_text(page, i) for i in range(len(PLAYERS))]
        ok = page.evaluate("!document.querySelector(%r)" % ("h2 output.preview-stale, h2 output.preview-unsure"
                                                              if complete else "h2 output.preview-stale"))
        if ok and all("total" in line for line in lines) and lines == last:
            return lines
        last = lines
        time.sleep(0.5)
    raise RuntimeError(f"the preview did not settle: {last}")


def fill_hand(page, number: int) -> None:
    """A legal hand of long_hand's rotation (each player out in turn; the totals climb by ~20 a hand), typed
    into the card form's fields as the keypad leaves them."""
    for i, side in enumerate(long_hand(number)["sides"]):
        page.fill(f'[name="side{i}-melds"]', "\n".join(side["melds"]))
        page.fill(f'[name="side{i}-hand"]', side["hand"])
        # the radio as a choice would set it (a tap on it can land on the keypad over it at 390 × 844)
        page.locator(f'[name="side{i}-out"][value="{side["out"]}"]').evaluate(
            "r => { r.checked = true; r.dispatchEvent(new Event('change', {bubbles: true})); }")


def save(page, entry: str, number: int) -> float:
    """Seconds from the Save tap until the first player's new total is shown outside the hand form."""
    page.evaluate("localStorage.clear()")
    page.goto(entry)
    until(page, "window.__bench && window.__bench.keypadReady", "the keypad's ready marker")
    fill_hand(page, number)
    total = re.search(r"total (\S+)", settled_preview(page)[0]).group(1)
    page.evaluate("t => { sessionStorage.clear(); sessionStorage.setItem('bench-want', t); }", f"total {total}")
    page.locator('#hand-form button[type="submit"]').tap()
    seen = float(until(page, "sessionStorage.getItem('bench-seen')", f"'total {total}' after Save"))
    t0 = float(page.evaluate("sessionStorage.getItem('bench-t0')"))
    page.evaluate("sessionStorage.clear()")
    return (seen - t0) / 1000


def preview_lags(page, net: Network, detail: bool) -> list[float]:
    """Seconds from a rank key's tap until side 0's preview line shows new numbers, once per rank."""
    lags = []
    settled_preview(page, complete=False)
    for n, rank in enumerate(RANKS[:REPS]):
        time.sleep(0.7)              # a player's pause, and under the preview's limit of 2 a second
        net.clear()
        page.locator(f'[data-keypad] [data-card="{rank}"]').tap()
        shown = until(page, "window.__bench.previewAt !== null && window.__bench.previewAt - window.__bench.key",
                      "a new preview line")
        lags.append(shown / 1000)
        if detail and n == 0:
            time.sleep(0.3)
            net.waterfall("preview (a K tapped)")
    return lags


def condition(browser, base: str, token: str, throttled: bool, saved: list[int], detail: bool) -> dict:
    """One condition's medians (and every repetition), in a fresh context: a phone's empty cache."""
    # No service worker: the bench serves on 127.0.0.1, a secure context where static/sw.js would install, but
    # CDP's throttling applies to the page's own requests only, not to the worker's, so the figures would be the
    # worker's cache at full speed. The deployment the issue measures (a laptop on http://192.168.x.y) has no
    # service worker either.
    context = browser.new_context(viewport=PHONE, screen=PHONE, has_touch=True, is_mobile=True, locale="en-GB",
                                  service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())     # "leave the page?" of a form with input: leave
    try:
        net = Network(page)
        page.goto(f"{base}/")
        entry = f"{base}/m/{token}/hands/new?mode=cards"
        out: dict[str, list[float]] = {"cold": [], "keypad": [], "save": [], "preview": []}
        net.conditions(throttled, cache=False)
        for n in range(REPS):
            net.clear()
            out["cold"].append(open_entry(page, entry, check=n == 0))
            if detail and throttled and n == 1:
                net.waterfall("entry page, first visit (cold)")
        net.conditions(throttled, cache=True)
        for path in ("/", f"/m/{token}", f"/m/{token}/hands/new?mode=cards", "/rules/diszitett"):
            page.goto(base + path)              # the returning phone: each page once before
        for n in range(REPS):
            net.clear()
            out["keypad"].append(open_entry(page, entry, check=n == 0))
            if detail and throttled and n == 0:
                net.waterfall("entry page, warm")
        out["preview"] = preview_lags(page, net, detail and throttled)
        for n in range(REPS):
            net.clear()
            out["save"].append(save(page, entry, saved[0]))
            saved[0] += 1
            if detail and throttled and n == 0:
                page.wait_for_load_state("load")
                time.sleep(0.5)
                net.waterfall("fill, preview, Save → total shown")
        requests = {}
        net.conditions(False, cache=True)
        for name, path in (("home", "/"), ("sheet", f"/m/{token}"), ("entry page", "/m/{t}/hands/new?mode=cards"
                                                                     .format(t=token)), ("rules", "/rules/diszitett")):
            page.goto(base + path)
            page.wait_for_load_state("load")
            net.clear()
            page.goto(base + path)
            page.wait_for_load_state("load")
            time.sleep(0.6)                     # and what its scripts ask for after the load (the preview)
            requests[name] = [what(r) for r in net.wire()]
        return {"runs": out, "requests": requests}
    finally:
        context.close()


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(run: int, good: dict, bad: dict) -> None:
    print(f"\n(c) run {run}: medians of {REPS} (each repetition in brackets), seconds")
    print(f"  {'':34} {'unthrottled':>12} {'throttled':>11} {'target':>8}  met")
    rows = [("entry page until the keypad works", "keypad"), ("  the same, first visit (cold)", "cold"),
            ("Save until the new total", "save"), ("preview lag", "preview")]
    for label, key in rows:
        target = TARGETS.get(key)
        shown = f"≤ {target:.1f}" if target else "—"
        met = ("yes" if median(bad["runs"][key]) <= target else "NO") if target else ""
        print(f"  {label:34} {median(good['runs'][key]):12.2f} {median(bad['runs'][key]):11.2f} {shown:>8}  {met}")
    for label, key in rows:
        print(f"    {key:8} unthrottled {[round(v, 2) for v in good['runs'][key]]}"
              f"  throttled {[round(v, 2) for v in bad['runs'][key]]}")
    print("(b) requests over the network per page view, a returning phone, unthrottled:")
    for name, asked in good["requests"].items():
        print(f"  {name:10} {len(asked)}: {', '.join(asked)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--runs", type=int, default=1, help="repeat the browser part this many times")
    parser.add_argument("--detail", action="store_true", help="print the requests of one throttled page view")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))     # a killed bench still stops its server
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-netbench-"))
    server = None
    try:
        url = f"sqlite:///{tmp / 'bench.sqlite'}"
        token, _totals = build_database(url)
        sizes(url, {"home": "/", f"sheet ({HANDS} hands)": f"/m/{token}",
                    "entry page": f"/m/{token}/hands/new", "rules page": "/rules/diszitett"})
        port = free_port()
        server = subprocess.Popen([sys.executable, "-c", SERVER.format(root=str(ROOT), url=url, host=HOST,
                                                                        port=port)],
                                  start_new_session=True, stderr=subprocess.DEVNULL)
        wait_until_up(port, server)
        from playwright.sync_api import sync_playwright

        base, saved = f"http://{HOST}:{port}", [HANDS]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for run in range(1, args.runs + 1):
                    good = condition(browser, base, token, False, saved, False)
                    bad = condition(browser, base, token, True, saved, args.detail)
                    report(run, good, bad)
                    sys.stdout.flush()
            finally:
                browser.close()
    finally:
        stop_server(server)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

// static/countdown.js under Node's own test runner: the club night's time left (issue 24), counted to the
// server's end of the round with a fake page and clock. No rule is tested here: only the counting and the words.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const C = require("../../static/countdown.js");

const ENDS = "2026-11-26T20:25:00Z";
const AT = Date.parse("2026-11-26T20:00:00Z");

function element(attrs) {
  return { textContent: "The round ends at 20:25 UTC", getAttribute: (k) => (k in attrs ? attrs[k] : null) };
}

function page(...elements) {
  return { querySelectorAll: (selector) => (selector === "[data-countdown]" ? elements : []) };
}

const WORDS = { "data-countdown": ENDS, "data-countdown-left": "{time} left",
                "data-countdown-done": "Time is up" };

test("it is there for the page's scripts as well as for require()", () => {
  assert.equal(globalThis.ScorekeeperCountdown, C);
});

test("seconds left are rounded up, and never below 0", () => {
  assert.equal(C.secondsLeft(10_000, 0), 10);
  assert.equal(C.secondsLeft(10_000, 9_001), 1);        // 0.999 s left still shows 0:01
  assert.equal(C.secondsLeft(10_000, 10_000), 0);
  assert.equal(C.secondsLeft(10_000, 99_000), 0);
});

test("the time left reads M:SS under an hour and H:MM:SS from an hour", () => {
  assert.equal(C.clock(0), "0:00");
  assert.equal(C.clock(754), "12:34");                  // 12 * 60 + 34
  assert.equal(C.clock(3599), "59:59");
  assert.equal(C.clock(3725), "1:02:05");               // 3600 + 2 * 60 + 5
});

test("the words put the time left in the page's sentence, then say time is up", () => {
  const e = element(WORDS);
  assert.equal(C.words(e, AT, 0), "25:00 left");
  assert.equal(C.words(e, AT + 24 * 60_000 + 30_500, 0), "0:30 left");   // 29.5 s left -> 0:30
  assert.equal(C.words(e, Date.parse(ENDS), 0), "Time is up");
  assert.equal(C.words(element({ "data-countdown": "soon" }), AT, 0), null);   // unreadable: left as it is
});

test("a screen whose clock is 2 minutes slow counts to the server's time", () => {
  // the server drew the page at 20:00:00; this clock read 19:58:00 then: the server is 120 000 ms ahead
  const e = element({ ...WORDS, "data-countdown-now": "2026-11-26T20:00:00Z" });
  const offset = C.skew(e, AT - 120_000);
  assert.equal(offset, 120_000);
  assert.equal(C.words(e, AT - 120_000, offset), "25:00 left");
  assert.equal(C.skew(element(WORDS), AT), 0);          // no server time: this clock is trusted
});

test("a tick redraws every countdown of the page, a replaced element with its own skew", () => {
  const offsets = new WeakMap();
  const first = element({ ...WORDS, "data-countdown-now": "2026-11-26T20:00:00Z" });
  C.tick(page(first), AT, offsets);
  assert.equal(first.textContent, "25:00 left");
  C.tick(page(first), AT + 60_000, offsets);
  assert.equal(first.textContent, "24:00 left");
  // live.js put a fresh part in place, drawn by the server 1 min later; the skew is measured again
  const fresh = element({ ...WORDS, "data-countdown-now": "2026-11-26T20:01:00Z" });
  C.tick(page(fresh), AT + 60_000, offsets);
  assert.equal(fresh.textContent, "24:00 left");
});

test("text that did not change is not set again (the mutation observer's redraw settles)", () => {
  let sets = 0;
  const e = element(WORDS);
  let text = "";
  Object.defineProperty(e, "textContent", { get: () => text, set: (v) => { sets++; text = v; } });
  const offsets = new WeakMap();
  C.tick(page(e), AT, offsets);
  C.tick(page(e), AT + 100, offsets);                   // same second: nothing set
  assert.equal(sets, 1);
});

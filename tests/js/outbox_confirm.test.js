// static/outbox_records.js under Node's own test runner (`node --test tests/js/`): the opponent's countersign
// (issue 24) kept on the phone when no answer came, one record per hand, and what an answer from the queue means.
// The page around it (the row's note, the sending) runs in tests/browser/test_countersign_offline.py.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const O = require("../../static/outbox_records.js");

/* localStorage as the outbox uses it: length, key(i), getItem, setItem, removeItem. */
function storage(full) {
  const data = new Map();
  return {
    data,
    get length() { return data.size; },
    key(i) { return Array.from(data.keys())[i] ?? null; },
    getItem(k) { return data.has(k) ? data.get(k) : null; },
    setItem(k, v) { if (full) { throw new Error("QuotaExceededError"); } data.set(k, String(v)); },
    removeItem(k) { data.delete(k); },
  };
}

const PAGE = "/m/tok123/countersign";
/* A Confirm form of the countersign page (templates/countersign.html) as the script reads it. */
function confirmOf(number, key, at) {
  const fields = [["csrf_token", "csrf-1"], ["revision", "1"], ["save_key", key]];
  return O.confirmRecord(`/m/tok123/hands/${number}/confirm`,
                         { outbox: "confirm", outboxToken: "tok123", outboxHand: String(number), outboxPage: PAGE },
                         fields, at);
}

/* A hand the hand form kept (the record's shape before issue 24: no kind). */
function handRecord(key, at) {
  return { v: 1, url: "/m/tok123/hands/new", token: "tok123", key, at, sheet: "/m/tok123",
           fields: [["save_key", key], ["version", "4"]] };
}

test("a Confirm form becomes a countersign record under its save key, with its hand and its page", () => {
  const rec = confirmOf(1, "abc-1-1", 1000);
  assert.equal(rec.kind, O.CONFIRM);
  assert.equal(rec.key, "abc-1-1");
  assert.equal(rec.number, 1);
  assert.equal(rec.page, PAGE);
  assert.equal(rec.url, "/m/tok123/hands/1/confirm");
  assert.equal(O.field(rec, "revision"), "1");
});

test("a Confirm form without its save key, match, hand or page is left to the plain form", () => {
  const data = { outboxToken: "tok123", outboxHand: "2", outboxPage: PAGE };
  assert.equal(O.confirmRecord("/x", data, [["revision", "1"]], 0), null);
  assert.equal(O.confirmRecord("/x", { ...data, outboxToken: "" }, [["save_key", "k"]], 0), null);
  assert.equal(O.confirmRecord("/x", { ...data, outboxHand: "" }, [["save_key", "k"]], 0), null);
  assert.equal(O.confirmRecord("/x", { ...data, outboxPage: "" }, [["save_key", "k"]], 0), null);
});

test("kept without an answer: stored under the outbox's prefix, the match and the save key, waiting", () => {
  const store = storage(), kept = O.records(store);
  assert.equal(kept.parkConfirm(confirmOf(1, "abc-1-1", 1000)), true);
  assert.deepEqual(Array.from(store.data.keys()), ["scorekeeper.outbox:tok123:abc-1-1"]);
  assert.equal(kept.waiting().length, 1);
  assert.equal(kept.confirmWaiting("tok123", 1).key, "abc-1-1");
  assert.equal(kept.confirmWaiting("tok123", 2), null);
  assert.equal(kept.confirmWaiting("other", 1), null);
});

test("a second tap on the same hand keeps one record: the same key, or a reloaded page's new key, takes its place", () => {
  const store = storage(), kept = O.records(store);
  kept.parkConfirm(confirmOf(1, "abc-1-1", 1000));
  kept.parkConfirm(confirmOf(1, "abc-1-1", 2000));           // the same form again
  assert.equal(kept.waiting().length, 1);
  assert.equal(kept.waiting()[0].at, 1000, "its place in the queue is kept");
  kept.parkConfirm(confirmOf(1, "def-1-1", 3000));           // the page reloaded: a new save key
  assert.deepEqual(kept.waiting().map((r) => r.key), ["def-1-1"]);
  assert.equal(kept.waiting()[0].at, 1000);
  kept.parkConfirm(confirmOf(2, "def-2-1", 4000));           // another hand is another countersign
  assert.deepEqual(kept.waiting().map((r) => [r.number, r.key]), [[1, "def-1-1"], [2, "def-2-1"]]);
});

test("hands and countersigns wait in one queue, oldest first; only hands are counted as hands waiting", () => {
  const store = storage(), kept = O.records(store);
  kept.put(handRecord("hand-1", 500));
  kept.parkConfirm(confirmOf(3, "abc-3-1", 1000));
  kept.put(handRecord("hand-2", 1500));
  assert.deepEqual(kept.waiting().map((r) => r.key), ["hand-1", "abc-3-1", "hand-2"]);
  assert.equal(kept.hands(), 2);
  // a countersign never takes a hand's place: same match, other keys
  kept.parkConfirm(confirmOf(3, "abc-3-1", 2000));
  assert.equal(kept.waiting().length, 3);
});

test("sent and stored: dropped, so nothing is sent a second time", () => {
  const store = storage(), kept = O.records(store);
  kept.parkConfirm(confirmOf(1, "abc-1-1", 1000));
  const next = kept.waiting()[0];
  assert.equal(O.outcome(next, 200, true, "<html>…</html>", false), "stored");
  kept.drop(next);
  assert.equal(kept.waiting().length, 0);
  assert.equal(store.length, 0);
});

test("refused (409: the hand was corrected since) is kept out of the queue, never dropped, and never replaced", () => {
  const store = storage(), kept = O.records(store);
  const rec = confirmOf(1, "abc-1-1", 1000);
  kept.parkConfirm(rec);
  assert.equal(O.outcome(rec, 409, false, "<header data-countersign-page>…", false), "refuse");
  rec.refused = 409;
  kept.put(rec);
  assert.equal(kept.waiting().length, 0, "not sent again by itself");
  assert.equal(kept.all().length, 1, "still on the phone, to be shown");
  assert.equal(kept.confirmWaiting("tok123", 1), null);
  kept.parkConfirm(confirmOf(1, "new-1-2", 2000));            // tapped again on the corrected hand
  assert.deepEqual(kept.all().map((r) => [r.key, r.refused || 0]), [["abc-1-1", 409], ["new-1-2", 0]]);
});

test("busy answers wait for the next try; a 400 that is not the countersign page asks for a fresh token, once", () => {
  const rec = confirmOf(1, "abc-1-1", 1000);
  assert.equal(O.outcome(rec, 429, false, "<header data-countersign-page>", false), "wait");
  assert.equal(O.outcome(rec, 503, false, "", false), "wait");
  assert.equal(O.outcome(rec, 400, false, "<h1>Bad Request</h1> The CSRF token has expired.", false), "token");
  assert.equal(O.outcome(rec, 400, false, "<h1>Bad Request</h1>", true), "refuse");
  // the countersign page itself at 400 ("Choose the side you play for first."): refused, shown
  assert.equal(O.outcome(rec, 400, false, "<header class=\"sheet-head\" data-countersign-page>", false), "refuse");
});

test("a hand's verdicts are as before issue 24: its own page is the hand form", () => {
  const hand = handRecord("hand-1", 0);
  assert.equal(O.outcome(hand, 400, false, '<form id="hand-form">', false), "refuse");
  assert.equal(O.outcome(hand, 400, false, "<header data-countersign-page>", false), "token");
  assert.equal(O.outcome(hand, 409, false, '<form id="hand-form">', false), "refuse");
  assert.equal(O.outcome(hand, 503, false, "", false), "wait");
  assert.equal(O.outcome(hand, 303, true, "", false), "stored");
});

test("no room on the phone: the countersign is not kept (the plain form goes instead)", () => {
  const kept = O.records(storage(true));
  assert.equal(kept.parkConfirm(confirmOf(1, "abc-1-1", 1000)), false);
  assert.equal(kept.waiting().length, 0);
});

test("a refused record's notice is its kind's words, known to the queue on every page (the sheet has no confirm module)", () => {
  // templates/base.html's notices box: "refused" (a hand), "refused_confirm" (a countersign)
  assert.equal(O.refusedWords(handRecord("hand-1", 0)), "refused");
  assert.equal(O.refusedWords(confirmOf(1, "abc-1-1", 0)), "refused_confirm");
});

// static/connection.js under Node's own test runner: `node --test tests/js/`. The state logic only; the page's
// indicator is seen in tests/browser/test_offline_flow.py.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const C = require("../../static/connection.js");

test("a page starts online or offline as the browser says", () => {
  assert.equal(C.create(true).state, "online");
  assert.equal(C.create(false).state, "offline");
});

test("a failed request makes the page offline until an answer comes back", () => {
  const c = C.create(true);
  c.failed();
  assert.equal(c.state, "offline");
  c.succeeded();
  assert.equal(c.state, "online");
});

test("hands waiting while online are being sent; offline stays offline with the count kept", () => {
  const c = C.create(true);
  c.setWaiting(2);
  assert.equal(c.state, "sending");
  assert.equal(c.waiting, 2);
  c.failed();
  assert.equal(c.state, "offline");
  assert.equal(c.waiting, 2);
  c.succeeded();
  assert.equal(c.state, "sending");
  c.setWaiting(0);
  assert.equal(c.state, "online");
});

test("a nonsense count is no count", () => {
  const c = C.create(true);
  c.setWaiting(-3);
  assert.equal(c.waiting, 0);
  c.setWaiting("x");
  assert.equal(c.waiting, 0);
});

test("listeners hear each change once, not a repeat of the same state, and can stop listening", () => {
  const c = C.create(true);
  const heard = [];
  const stop = c.on((state, waiting) => heard.push([state, waiting]));
  c.succeeded();                       // already online: nothing to tell
  c.failed();
  c.failed();
  c.setWaiting(1);
  c.succeeded();
  stop();
  c.failed();
  assert.deepEqual(heard, [["offline", 0], ["offline", 1], ["sending", 1]]);
});

test("one listener's mistake does not stop the others", () => {
  const c = C.create(true);
  const heard = [];
  c.on(() => { throw new Error("broken module"); });
  c.on((state) => heard.push(state));
  c.failed();
  assert.deepEqual(heard, ["offline"]);
});

test("the indicator's words: the state, and the waiting hands in full", () => {
  const strings = { online: "Online", offline: "Offline", sending: "Sending", waiting_one: "{n} hand waiting",
    waiting_other: "{n} hands waiting" };
  assert.deepEqual(C.describe("online", 0, strings), { word: "Online", full: "Online", count: "" });
  assert.deepEqual(C.describe("offline", 1, strings), { word: "Offline", full: "Offline — 1 hand waiting", count: "1" });
  assert.equal(C.describe("sending", 3, strings).full, "Sending — 3 hands waiting");
});

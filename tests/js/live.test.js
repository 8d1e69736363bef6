// static/live.js under Node's own test runner: the poller of the live sheet (issue 22) with a fake clock, a fake
// fetch and a page that is shown or hidden, and the hand form's notice.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const L = require("../../static/live.js");

/* A fake page: timers run only when the test says, fetch answers from a queue, and every ask is recorded. */
function fakeEnv(answers) {
  const env = {
    now: 0, timers: [], asked: [], shown: true, failedCount: 0, succeededCount: 0,
    setTimeout(f, ms) { const t = { f, at: env.now + ms }; env.timers.push(t); return t; },
    clearTimeout(t) { env.timers = env.timers.filter((x) => x !== t); },
    visible() { return env.shown; },
    fetch(url, init) {
      env.asked.push({ url, etag: init.headers["If-None-Match"], cache: init.cache });
      const next = answers.shift();
      if (next instanceof Error) { return Promise.reject(next); }
      const headers = next.headers || {};
      return Promise.resolve({ status: next.status, headers: { get: (k) => headers[k] || null },
                               json: () => Promise.resolve(next.body) });
    },
    connection() { return { failed() { env.failedCount++; }, succeeded() { env.succeededCount++; } }; },
    /* let the clock run to the next timer and its ask settle; the wait it was scheduled with */
    async tick() {
      assert.equal(env.timers.length, 1, "exactly one ask is waiting");
      const t = env.timers.shift();
      const waited = t.at - env.now;
      env.now = t.at;
      await t.f();
      await new Promise((r) => setImmediate(r));
      return waited;
    },
  };
  return env;
}

const NEWER = { status: 200, headers: { ETag: '"6"' },
                body: { version: 6, hands: 5, last: { action: "add", number: 5 } } };

test("it is there for the page's scripts as well as for require()", () => {
  assert.equal(globalThis.ScorekeeperLive, L);
});

test("every 3 s it asks with the version it knows, and a 304 changes nothing", async () => {
  const env = fakeEnv([{ status: 304 }, { status: 304 }]);
  const changes = [];
  const p = L.poller(env, "/m/t/live", "5", (a) => changes.push(a));
  p.start();
  assert.equal(await env.tick(), 3000);
  assert.equal(await env.tick(), 3000);
  assert.deepEqual(env.asked.map((a) => a.etag), ['"5"', '"5"']);
  assert.equal(env.asked[0].cache, "no-store");
  assert.deepEqual(changes, []);
  assert.equal(env.timers.length, 1);
});

test("a new version is passed on once, and then asked for by its ETag", async () => {
  const env = fakeEnv([NEWER, { status: 304 }]);
  const changes = [];
  const p = L.poller(env, "/v/t/live", "5", (a) => changes.push(a));
  p.start();
  await env.tick();
  await env.tick();
  assert.equal(changes.length, 1);
  assert.equal(changes[0].last.number, 5);
  assert.deepEqual(env.asked.map((a) => a.etag), ['"5"', '"6"']);
});

test("the next ask waits for the page to take the change in", async () => {
  const env = fakeEnv([NEWER]);
  let done;
  const p = L.poller(env, "/m/t/live", "5", () => new Promise((r) => { done = r; }));
  p.start();
  const asking = env.timers.shift();
  const settled = asking.f();
  await new Promise((r) => setImmediate(r));
  assert.equal(env.timers.length, 0, "no ask while the page is being refreshed");
  assert.equal(p.state().busy, true);
  done();
  await settled;
  assert.equal(env.timers.length, 1);
});

test("hidden it asks nothing; shown again it asks at once", async () => {
  const env = fakeEnv([{ status: 304 }, NEWER]);
  const changes = [];
  const p = L.poller(env, "/m/t/live", "5", (a) => changes.push(a));
  p.start();
  await env.tick();
  env.shown = false;
  p.visibility();
  assert.equal(env.timers.length, 0, "no timer left running while hidden");
  env.shown = true;
  p.visibility();
  await new Promise((r) => setImmediate(r));
  assert.equal(env.asked.length, 2, "asked the moment it was shown");
  assert.equal(changes.length, 1);
  assert.equal(env.timers.length, 1);
});

test("a page hidden while its ask is out does not schedule another", async () => {
  const env = fakeEnv([{ status: 304 }]);
  const p = L.poller(env, "/m/t/live", "5", () => {});
  p.start();
  const t = env.timers.shift();
  const settled = t.f();
  env.shown = false;
  p.visibility();
  await settled;
  assert.equal(env.timers.length, 0);
});

test("errors back off 6, 12, 24 … up to 60 s, and an answer brings back 3 s", async () => {
  const down = new Error("offline");
  const env = fakeEnv([down, down, down, down, down, down, { status: 503 }, { status: 304 }, { status: 304 }]);
  const p = L.poller(env, "/m/t/live", "5", () => {});
  p.start();
  const waits = [];
  for (let i = 0; i < 9; i++) { waits.push(await env.tick()); }
  assert.deepEqual(waits, [3000, 6000, 12000, 24000, 48000, 60000, 60000, 60000, 3000]);
  assert.equal(env.failedCount, 7);
  assert.equal(env.succeededCount, 2);
});

test("a refused ask waits its Retry-After", async () => {
  const env = fakeEnv([{ status: 429, headers: { "Retry-After": "40" } }, { status: 304 }]);
  const p = L.poller(env, "/m/t/live", "5", () => {});
  p.start();
  await env.tick();
  assert.equal(await env.tick(), 40000);
});

test("a match that is gone (404) stops the asking", async () => {
  const env = fakeEnv([{ status: 404 }]);
  const p = L.poller(env, "/m/t/live", "5", () => {});
  p.start();
  await env.tick();
  assert.equal(env.timers.length, 0);
});

test("the wait after failures is the interval doubled each time, at most a minute", () => {
  assert.equal(L.nextDelay(0), 3000);
  assert.equal(L.nextDelay(1), 6000);
  assert.equal(L.nextDelay(10), 60000);
  assert.equal(L.nextDelay(1, "120"), 120000);
  assert.equal(L.nextDelay(1, "nonsense"), 6000);
});

const WORDS = { add: "Hand {n} was saved on another phone.", edit: "Hand {n} was corrected on another phone.",
                undo: "Hand {n} was removed on another phone.", more: "{n} changes since this form was opened." };

test("the hand form's notice says what the last save did, and the count when there were several", () => {
  assert.equal(L.notice(WORDS, { version: 6, last: { action: "add", number: 5 } }, 5),
               "Hand 5 was saved on another phone.");
  assert.equal(L.notice(WORDS, { version: 9, last: { action: "edit", number: 3 } }, 5),
               "Hand 3 was corrected on another phone. 4 changes since this form was opened.");
  assert.equal(L.notice(WORDS, { version: 7, last: { action: "undo", number: 5 } }, 6),
               "Hand 5 was removed on another phone.");
});

test("nothing is said for the form's own version or an answer it cannot read", () => {
  assert.equal(L.notice(WORDS, { version: 5, last: { action: "add", number: 5 } }, 5), null);
  assert.equal(L.notice(WORDS, { version: 6, last: null }, 5), null);
  assert.equal(L.notice(WORDS, { version: 6, last: { action: "rename", number: 1 } }, 5), null);
  assert.equal(L.notice(WORDS, null, 5), null);
});

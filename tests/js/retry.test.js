// static/retry.js under Node's own test runner (`node --test tests/js/`): the recovery after a Wi-Fi blip of
// issue 22, with time, visibility, the `online` event and the network played by the test.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const R = require("../../static/retry.js");

/* A page's environment whose clock only moves when the test says so. */
function fakeEnv() {
  const env = {
    now: 0, timers: [], listeners: {}, visibleNow: true, reached: [],
    setTimeout(fn, ms) { const t = { at: env.now + ms, fn }; env.timers.push(t); return t; },
    clearTimeout(t) { env.timers = env.timers.filter((x) => x !== t); },
    visible() { return env.visibleNow; },
    listen(name, fn) { (env.listeners[name] = env.listeners[name] || []).push(fn); },
    fire(name) { (env.listeners[name] || []).forEach((fn) => fn()); },
    connection() {
      return { failed() { env.reached.push(false); }, succeeded() { env.reached.push(true); } };
    },
    async advance(ms) {
      const until = env.now + ms;
      for (;;) {
        await settle();
        const due = env.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) { break; }
        env.timers = env.timers.filter((t) => t !== due);
        env.now = due.at;
        due.fn();
      }
      env.now = until;
      await settle();
    },
  };
  return env;
}

async function settle() { for (let i = 0; i < 20; i++) { await Promise.resolve(); } }

/* A network the test opens and closes; each call is remembered with its input, pending until answered. */
function network() {
  const net = { calls: [] };
  net.send = (input, signal) => new Promise((resolve, reject) => {
    const call = { input, resolve, reject, signal, aborted: false };
    if (signal) {
      signal.addEventListener("abort", () => { call.aborted = true; const e = new Error("aborted"); e.name = "AbortError"; reject(e); });
    }
    net.calls.push(call);
  });
  net.last = () => net.calls[net.calls.length - 1];
  return net;
}

function channel(env, net, extra) {
  const seen = { answers: [], failures: [] };
  const r = R.request(Object.assign({
    env, send: net.send,
    answer: (value, input) => seen.answers.push([value, input]),
    failed: (error, input, attempt) => seen.failures.push([input, attempt]),
  }, extra || {}));
  return { r, seen };
}

test("it is there for the page's scripts as well as for require()", () => {
  assert.equal(globalThis.ScorekeeperRetry, R);
});

test("a failed request is sent again by itself with growing pauses, and its answer then arrives", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net);
  r.ask("A");
  net.last().reject(new TypeError("Failed to fetch"));
  await env.advance(0);
  assert.deepEqual(seen.failures, [["A", 1]]);
  assert.equal(net.calls.length, 1);
  await env.advance(999);
  assert.equal(net.calls.length, 1, "not before the first pause");
  await env.advance(1);
  assert.equal(net.calls.length, 2);
  net.last().reject(new TypeError("Failed to fetch"));
  await env.advance(1999);
  assert.equal(net.calls.length, 2, "the second pause is longer");
  await env.advance(1);
  assert.equal(net.calls.length, 3);
  net.last().resolve("verdict");
  await env.advance(0);
  assert.deepEqual(seen.answers, [["verdict", "A"]]);
  assert.equal(r.failing, false);
  await env.advance(60000);
  assert.equal(net.calls.length, 3, "nothing more is sent once answered");
});

test("the pauses stop growing at the longest one", async () => {
  const env = fakeEnv(), net = network(), { r } = channel(env, net, { delays: [10, 20] });
  r.ask("A");
  for (const wait of [10, 20, 20, 20]) {
    net.last().reject(new Error("down"));
    const before = net.calls.length;
    await env.advance(wait - 1);
    assert.equal(net.calls.length, before);
    await env.advance(1);
    assert.equal(net.calls.length, before + 1);
  }
});

test("a retry sends the newest input, never the one that failed", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net);
  r.ask("old");
  net.last().reject(new Error("down"));
  await env.advance(0);
  r.ask("new");                 // typed while the Wi-Fi was down: sent at once
  assert.equal(net.last().input, "new");
  net.last().reject(new Error("still down"));
  await env.advance(30000);
  assert.deepEqual(net.calls.map((c) => c.input).slice(1), Array(net.calls.length - 1).fill("new"));
  net.last().resolve(42);
  await env.advance(0);
  assert.deepEqual(seen.answers, [[42, "new"]]);
});

test("the online event sends again at once, without waiting for the pause", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net);
  r.ask("A");
  for (let i = 0; i < 4; i++) { net.last().reject(new Error("down")); await env.advance(30000); }
  net.last().reject(new Error("down"));
  await env.advance(0);
  const before = net.calls.length;
  env.fire("online");
  assert.equal(net.calls.length, before + 1);
  net.last().resolve("back");
  await env.advance(0);
  assert.deepEqual(seen.answers, [["back", "A"]]);
  env.fire("online");
  assert.equal(net.calls.length, before + 1, "an answered input is not sent again");
});

test("a hidden page does not retry; it asks again when it is looked at", async () => {
  const env = fakeEnv(), net = network(), { r } = channel(env, net);
  r.ask("A");
  env.visibleNow = false;
  net.last().reject(new Error("down"));
  await env.advance(120000);
  assert.equal(net.calls.length, 1);
  env.fire("online");
  assert.equal(net.calls.length, 1, "not even when online: nobody looks");
  env.visibleNow = true;
  env.fire("visibilitychange");
  assert.equal(net.calls.length, 2);
});

test("newer input aborts the request in flight, whose late answer is never shown", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net);
  r.ask("first");
  const first = net.last();
  r.ask("second");
  assert.equal(first.aborted, true);
  net.last().resolve("for second");
  first.resolve("for first");
  await env.advance(0);
  assert.deepEqual(seen.answers, [["for second", "second"]]);
  assert.deepEqual(seen.failures, [], "an abort for newer input is no failure");
});

test("with wait, one request at a time: the newest input follows the one in flight, whose answer is dropped", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net, { wait: true });
  r.ask(1);
  r.ask(2);
  r.ask(3);
  assert.equal(net.calls.length, 1);
  assert.equal(net.calls[0].aborted, false);
  net.calls[0].resolve("one");
  await env.advance(0);
  assert.equal(net.calls.length, 2);
  assert.equal(net.last().input, 3);
  net.last().resolve("three");
  await env.advance(0);
  assert.deepEqual(seen.answers, [["three", 3]]);
});

test("with wait, a request that hangs and then fails lets the newest input go at once", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net, { wait: true });
  r.ask(1);
  r.ask(2);
  net.calls[0].reject(new Error("timed out"));
  await env.advance(0);
  assert.equal(net.last().input, 2);
  assert.deepEqual(seen.failures, [], "the failed input was not the newest one");
});

test("a send that throws is a failure to retry, not a dead channel", async () => {
  const env = fakeEnv();
  let calls = 0;
  const answers = [];
  const r = R.request({ env, send: () => { calls += 1; if (calls === 1) { throw new Error("boom"); } return "ok"; },
                        answer: (v) => answers.push(v) });
  r.ask("A");
  await env.advance(1000);
  assert.deepEqual(answers, ["ok"]);
});

test("fetch gives up after its timeout, and says so to the connection indicator", async () => {
  const env = fakeEnv();
  let signal;
  env.fetch = (url, options) => new Promise((_, reject) => {
    signal = options.signal;
    signal.addEventListener("abort", () => { const e = new Error("aborted"); e.name = "AbortError"; reject(e); });
  });
  const result = R.fetch("/x", { method: "POST" }, 8000, env).then(() => "answered", (e) => e.name);
  await env.advance(7999);
  assert.equal(signal.aborted, false);
  await env.advance(1);
  assert.equal(await result, "TimeoutError");
  assert.deepEqual(env.reached, [false]);
});

test("fetch reports any answer as the server reached, and clears its timer", async () => {
  const env = fakeEnv();
  env.fetch = () => Promise.resolve({ status: 429 });
  const response = await R.fetch("/x", {}, 8000, env);
  assert.equal(response.status, 429);
  assert.deepEqual(env.reached, [true]);
  assert.equal(env.timers.length, 0);
});

test("fetch follows the caller's abort, which is no network failure", async () => {
  const env = fakeEnv();
  env.fetch = (url, options) => new Promise((_, reject) => {
    options.signal.addEventListener("abort", () => { const e = new Error("aborted"); e.name = "AbortError"; reject(e); });
  });
  const mine = new AbortController();
  const result = R.fetch("/x", { signal: mine.signal }, 8000, env).then(() => "answered", (e) => e.name);
  mine.abort();
  assert.equal(await result, "AbortError");
  assert.deepEqual(env.reached, []);
});

test("fetch works on a page without the connection indicator", async () => {
  const env = fakeEnv();
  env.connection = () => undefined;
  env.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
  await assert.rejects(R.fetch("/x", {}, 8000, env), TypeError);
});

test("cancel drops the request in flight and the retry: an emptied input gets no late answer", async () => {
  const env = fakeEnv(), net = network(), { r, seen } = channel(env, net);
  r.ask("A");
  net.last().reject(new Error("down"));
  await env.advance(0);
  r.ask("B");
  const inFlight = net.last();
  r.cancel();
  assert.equal(inFlight.aborted, true);
  await env.advance(60000);
  env.fire("online");
  assert.equal(net.calls.length, 2);
  assert.deepEqual(seen.answers, []);
  assert.equal(r.failing, false);
});

/* Requests that survive a Wi-Fi blip (issue 22: "preview, checker and player bar recover by themselves after a
   blip and mark numbers they could not refresh"). Before, one failed fetch stopped the entry page's meld checks
   for good and a hung one kept the preview busy for ever; this is the one place that knows how to ask again.

   - ScorekeeperRetry.fetch(url, options[, ms[, env]]): fetch with a timeout (8 s by default: on bad Wi-Fi a hung
     request must not block the next one), aborted as well by options.signal. It tells the connection indicator
     (static/connection.js, when the page has it) whether the server could be reached: any answer counts,
     whatever its status; a network error or a timeout does not.
   - ScorekeeperRetry.request({send, answer, failed, delays}): a channel that holds only the newest input.
     ask(input) sends it (after the one in flight, which is aborted unless wait is set, and whose answer is then
     dropped); when send's promise rejects, the newest input (never an old one) is sent again with backoff while
     the page is visible, at once when it becomes visible again or the browser says it is back online.
     answer(value, input) gets the answer for the newest input only; failed(error, input, attempt) each failure;
     cancel() forgets the input, the one in flight and any retry.

   A plain script that also exports itself for Node's test runner (tests/js/retry.test.js); the environment
   (timers, visibility, events) can be given so the tests can drive time. No game rule here. */
(function (root) {
  "use strict";
  var TIMEOUT = 8000;
  var DELAYS = [1000, 2000, 4000, 8000, 15000, 30000];

  function connection(env, ok) {
    var c = env.connection ? env.connection() : root.ScorekeeperConnection;
    if (c && typeof c[ok ? "succeeded" : "failed"] === "function") { c[ok ? "succeeded" : "failed"](); }
  }

  function timedFetch(url, options, ms, env) {
    env = env || defaults();
    options = options || {};
    var own = typeof AbortController === "function" ? new AbortController() : null;
    var outer = options.signal, timedOut = false;
    var timer = own ? env.setTimeout(function () { timedOut = true; own.abort(); }, ms || TIMEOUT) : null;
    function follow() { own.abort(); }
    if (own && outer) {
      if (outer.aborted) { own.abort(); } else { outer.addEventListener("abort", follow); }
    }
    var copy = {};
    Object.keys(options).forEach(function (k) { copy[k] = options[k]; });
    if (own) { copy.signal = own.signal; }
    function done() {
      if (timer !== null) { env.clearTimeout(timer); }
      if (own && outer) { outer.removeEventListener("abort", follow); }
    }
    return (env.fetch || root.fetch)(url, copy).then(function (response) {
      done();
      connection(env, true);
      return response;
    }, function (error) {
      done();
      if (timedOut) { error = new Error("timed out after " + (ms || TIMEOUT) + " ms"); error.name = "TimeoutError"; }
      // Our own abort (newer input) says nothing about the network.
      if (!(outer && outer.aborted)) { connection(env, false); }
      throw error;
    });
  }

  function defaults() {
    var doc = root.document;
    return {
      setTimeout: function (fn, ms) { return root.setTimeout(fn, ms); },
      clearTimeout: function (id) { root.clearTimeout(id); },
      visible: function () { return !doc || doc.visibilityState !== "hidden"; },
      listen: function (name, fn) {
        if (name === "visibilitychange") { if (doc) { doc.addEventListener(name, fn); } }
        else if (root.addEventListener) { root.addEventListener(name, fn); }
      }
    };
  }

  function request(spec) {
    var env = spec.env || defaults();
    var delays = spec.delays || DELAYS;
    var latest, hasInput = false;       // the newest input, sent or not
    var current = null;                 // {input, controller} of the request in flight
    var dirty = false;                  // latest not answered yet
    var failures = 0, timer = null;

    function later(ms) {
      env.clearTimeout(timer);
      timer = env.setTimeout(function () { timer = null; go(); }, ms);
    }

    function go() {
      if (!hasInput || !dirty) { return; }
      if (current) {
        if (spec.wait) { return; }      // the answer in flight is dropped; go() again when it ends
        if (current.controller) { current.controller.abort(); }
        current = null;
      }
      env.clearTimeout(timer);
      timer = null;
      var input = latest;
      var mine = { input: input, controller: typeof AbortController === "function" ? new AbortController() : null };
      current = mine;
      dirty = false;
      var sent;
      try { sent = Promise.resolve(spec.send(input, mine.controller ? mine.controller.signal : undefined)); }
      catch (error) { sent = Promise.reject(error); }
      sent.then(function (value) {
        if (current !== mine) { return; }
        current = null;
        failures = 0;
        if (dirty) { go(); return; }     // newer input came meanwhile: its answer is the one to show
        if (spec.answer) { spec.answer(value, input); }
      }, function (error) {
        if (current !== mine) { return; }   // aborted for newer input, which is on its way
        current = null;
        if (dirty) { go(); return; }
        dirty = true;                       // still unanswered: the newest input is asked again
        failures += 1;
        if (spec.failed) { spec.failed(error, input, failures); }
        if (env.visible()) { later(delays[Math.min(failures, delays.length) - 1]); }
      });
    }

    function now() {                    // the connection is back, or the page is looked at again
      if (dirty && !current && env.visible()) { go(); }
    }
    env.listen("online", now);
    env.listen("visibilitychange", now);

    return {
      ask: function (input) { latest = input; hasInput = true; dirty = true; go(); },
      cancel: function () {             // nothing to ask any more (the input was emptied): no late answer either
        hasInput = false;
        dirty = false;
        failures = 0;
        env.clearTimeout(timer);
        timer = null;
        if (current && current.controller) { current.controller.abort(); }
        current = null;
      },
      retry: now,
      get failing() { return failures > 0; },
      get busy() { return current !== null; }
    };
  }

  var api = {
    fetch: timedFetch,
    request: request,
    TIMEOUT: TIMEOUT,
    DELAYS: DELAYS
  };
  root.ScorekeeperRetry = api;
  if (typeof module !== "undefined" && module.exports) { module.exports = api; }
}(typeof window !== "undefined" ? window : globalThis));

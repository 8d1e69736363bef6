/* The time left in a club night's round of minutes (issue 24), on the organiser's screen. No rule here: the
   server says when the round ends (the element's data-countdown, ISO UTC: store/events.py, events/clock.py) and
   what its clock read when it drew the page (data-countdown-now), so a screen whose clock is off still counts to
   the server's time. Every half second each [data-countdown] element shows data-countdown-left with {time}
   replaced by the time left (M:SS, or H:MM:SS), then data-countdown-done. Elements are found afresh each time:
   static/live.js replaces the page's part when a hand is saved, and a mutation observer redraws the new
   element at once. Without scripting the element keeps the server's "ends at HH:MM UTC".

   A plain script, like live.js: the page loads it with `defer`, and Node's test runner require()s it
   (tests/js/countdown.test.js). */
(function (root, build) {
  "use strict";
  var countdown = build();
  root.ScorekeeperCountdown = countdown;
  if (typeof module === "object" && module.exports) { module.exports = countdown; }
  if (typeof document === "object" && document.querySelector) { countdown.startPage(root, document); }
}(typeof globalThis === "object" ? globalThis : this, function () {
  "use strict";

  var EVERY = 500;      // half a second: the shown second never lags the true one by a whole second

  /* Whole seconds from `now` to `ends` (milliseconds), rounded up so 0 shows only once the end is reached. */
  function secondsLeft(ends, now) {
    return Math.max(0, Math.ceil((ends - now) / 1000));
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  /* 754 -> "12:34"; 3725 -> "1:02:05". */
  function clock(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return h > 0 ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }

  /* How far the server's clock is ahead of this one (ms), from the element's server time at `seenAt`. */
  function skew(element, seenAt) {
    var server = Date.parse(element.getAttribute("data-countdown-now") || "");
    return isNaN(server) ? 0 : server - seenAt;
  }

  /* The element's words at `now` (this clock's ms), or null when its end cannot be read. `offset`: skew(). */
  function words(element, now, offset) {
    var ends = Date.parse(element.getAttribute("data-countdown") || "");
    if (isNaN(ends)) { return null; }
    var left = secondsLeft(ends, now + offset);
    if (left === 0) { return element.getAttribute("data-countdown-done") || "0:00"; }
    return (element.getAttribute("data-countdown-left") || "{time}").replace("{time}", clock(left));
  }

  /* Redraw every [data-countdown] of `doc` at `now`; `offsets` remembers each element's skew from when it was
     first seen (a WeakMap: a replaced element is forgotten). Text is set only when it changes, so the
     mutation observer's own redraw settles. */
  function tick(doc, now, offsets) {
    var found = doc.querySelectorAll("[data-countdown]");
    for (var i = 0; i < found.length; i++) {
      var element = found[i];
      if (!offsets.has(element)) { offsets.set(element, skew(element, now)); }
      var text = words(element, now, offsets.get(element));
      if (text !== null && element.textContent !== text) { element.textContent = text; }
    }
  }

  function startPage(root, doc) {
    if (typeof WeakMap !== "function") { return; }
    var offsets = new WeakMap();
    var run = function () { tick(doc, Date.now(), offsets); };
    run();
    root.setInterval(run, EVERY);
    if (typeof root.MutationObserver === "function" && doc.body) {
      new root.MutationObserver(run).observe(doc.body, {childList: true, subtree: true});
    }
  }

  return {secondsLeft: secondsLeft, clock: clock, skew: skew, words: words, tick: tick, startPage: startPage};
}));

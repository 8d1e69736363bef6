/* Every phone sees the sheet live (issue 22). While the page is visible it asks the match's version answer
   (scorekeeper/web/match/live.py, the element's data-live-url) every 3 s with If-None-Match, so an unchanged match
   costs a 304 with no body; hidden, it asks nothing, and it asks at once when shown again. Errors back off
   (6, 12, 24 … 60 s); a 429 waits its Retry-After.

   On a change:
   - the scoresheet and the read-only view fetch their own page and put its [data-live-part] regions (standings,
     hands, chart, undo) in place of theirs, keeping the scroll position (anchored on what is on screen), the
     open <details> and the focused field. Not a reload: a reload would close the open QR code, drop the share
     box's state and, on a slow Wi-Fi, blank the page the table is reading;
   - the hand form never reloads (typed work is sacred): it says "Hand 5 was saved on another phone" with a link
     to the sheet in a new tab. Saving then goes through the stale-form answer (web/entry/clash.py) as before.
   Without scripting nothing here runs: a reload shows the new hand, as before.

   A plain script, like notation.js: the pages load it with `defer`, and Node's test runner require()s it
   (tests/js/live.test.js) to test the poller with a fake clock and fetch. */
(function (root, build) {
  "use strict";
  var live = build();
  root.ScorekeeperLive = live;
  if (typeof module === "object" && module.exports) { module.exports = live; }
  if (typeof document === "object" && document.querySelector) { live.startPage(root, document); }
}(typeof globalThis === "object" ? globalThis : this, function () {
  "use strict";

  var INTERVAL = 3000;          // the "within ~3 s"
  var MOST = 60000;             // the longest wait after errors

  /* How long to wait before the next ask: after an answer, the interval; after `failures` failed asks in a row,
     twice as long each time up to a minute; a refusal's Retry-After (seconds) when it says more. */
  function nextDelay(failures, retryAfter) {
    var wait = failures > 0 ? Math.min(MOST, INTERVAL * Math.pow(2, failures)) : INTERVAL;
    var told = parseInt(retryAfter, 10);
    return told > 0 ? Math.max(wait, told * 1000) : wait;
  }

  /* The notice of the hand form: what the last save did, and how many saves came since the form's version
     (the count only when more than one). `words`: the page's strings (live.live_strings); null when the
     answer says nothing newer than the form. */
  function notice(words, answer, formVersion) {
    if (!answer || !answer.last || !(answer.version > formVersion)) { return null; }
    var said = words[answer.last.action];
    if (!said) { return null; }
    var text = said.replace("{n}", String(answer.last.number));
    var since = answer.version - formVersion;
    if (since > 1 && words.more) { text += " " + words.more.replace("{n}", String(since)); }
    return text;
  }

  /* The poller. `env`: fetch(url, init) → Promise of {status, headers.get, json()}; setTimeout/clearTimeout;
     visible() → whether the page is seen; connection (optional, window.ScorekeeperConnection). `onChange(answer)`
     is called once per new version; it may return a Promise, and the next ask waits for it. */
  function poller(env, url, version, onChange) {
    var etag = version === null || version === undefined ? null : '"' + version + '"';
    var timer = null, busy = false, failures = 0, stopped = false;

    function connection(what) {
      var c = env.connection && env.connection();
      if (c && typeof c[what] === "function") { try { c[what](); } catch (e) { /* not ours to break */ } }
    }

    function schedule(delay) {
      if (timer !== null) { env.clearTimeout(timer); }
      timer = null;
      if (!stopped && env.visible()) { timer = env.setTimeout(ask, delay); }
    }

    function failed(retryAfter) {
      failures += 1;
      connection("failed");
      schedule(nextDelay(failures, retryAfter));
    }

    function ask() {
      timer = null;
      if (busy || stopped || !env.visible()) { return Promise.resolve(); }
      busy = true;
      var headers = etag ? { "If-None-Match": etag } : {};
      return Promise.resolve().then(function () {
        return env.fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" });
      }).then(function (response) {
        if (response.status === 304) { return null; }
        if (response.status === 404) { stopped = true; return null; }
        if (response.status !== 200) { throw { retryAfter: response.headers.get("Retry-After") }; }
        return response.json().then(function (answer) {
          var tag = response.headers.get("ETag");
          etag = tag || '"' + answer.version + '"';
          return onChange(answer);
        });
      }).then(function () {
        busy = false;
        failures = 0;
        connection("succeeded");
        schedule(INTERVAL);
      }, function (error) {
        busy = false;
        failed(error && error.retryAfter);
      });
    }

    return {
      ask: ask,
      /* the page was shown or hidden: ask at once when shown, stop asking when hidden */
      visibility: function () {
        if (env.visible()) {
          if (!busy) { if (timer !== null) { env.clearTimeout(timer); timer = null; } ask(); }
        } else if (timer !== null) {
          env.clearTimeout(timer);
          timer = null;
        }
      },
      start: function () { schedule(INTERVAL); },
      stop: function () { stopped = true; schedule(0); },
      state: function () { return { etag: etag, failures: failures, waiting: timer !== null, busy: busy }; }
    };
  }

  /* ---- the page (browser only) ---- */

  /* What the reader is looking at: the first shown element with an id whose top is on screen, and where it is
     (a hidden element has no box: its top of 0 would say nothing). */
  function anchorOf(doc, win) {
    if ((win.scrollY || 0) === 0) { return null; }
    var candidates = doc.querySelectorAll("main [id]");
    for (var i = 0; i < candidates.length; i++) {
      var box = candidates[i].getBoundingClientRect();
      if (box.top >= 0 && (box.width || box.height)) { return { id: candidates[i].id, top: box.top }; }
    }
    return null;
  }

  function swapParts(doc, win, html) {
    var fresh = new win.DOMParser().parseFromString(html, "text/html");
    var old = doc.querySelectorAll("[data-live-part]"), next = fresh.querySelectorAll("[data-live-part]");
    if (old.length !== next.length || !old.length) { return false; }
    var anchor = anchorOf(doc, win);
    var active = doc.activeElement, focusId = active && active.id, focusName = active && active.name;
    for (var i = 0; i < old.length; i++) {
      var opened = {};
      old[i].querySelectorAll("details").forEach(function (d, n) { opened[d.id || n] = d.open; });
      next[i].querySelectorAll("details").forEach(function (d, n) {
        var key = d.id || n;
        if (key in opened) { d.open = opened[key]; }
      });
      var had = active && old[i].contains(active);
      var adopted = doc.importNode(next[i], true);
      old[i].replaceWith(adopted);
      if (had) {
        var again = (focusId && doc.getElementById(focusId)) ||
                    (focusName && adopted.querySelector("[name='" + focusName + "']"));
        if (again) { again.focus({ preventScroll: true }); }
      }
    }
    if (anchor) {
      var now = doc.getElementById(anchor.id);
      if (now) { win.scrollBy(0, now.getBoundingClientRect().top - anchor.top); }
    }
    return true;
  }

  function sheetChanged(doc, win, page) {
    return function () {
      return win.fetch(page, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
        if (response.status !== 200) { throw { retryAfter: response.headers.get("Retry-After") }; }
        return response.text();
      }).then(function (html) {
        // a page of another shape (never seen: both have the same parts): the plain sheet, not a re-post
        if (!swapParts(doc, win, html)) { win.location.assign(page); }
      });
    };
  }

  function formChanged(doc, box, words) {
    var form = doc.getElementById(box.dataset.liveForm || "hand-form");
    var said = box.querySelector("[data-live-said]"), shown = box.querySelector("[data-live-shown]");
    var hide = box.querySelector("[data-live-hide]");
    if (hide) { hide.addEventListener("click", function () { shown.hidden = true; }); }
    var last = null;
    function say(answer) {
      var input = form && form.querySelector("input[name=version]");
      var text = notice(words, answer, input ? parseInt(input.value, 10) : 0);
      if (!text) { shown.hidden = true; return; }
      said.textContent = text;       // text, never markup: the words come from the page, the numbers from JSON
      shown.hidden = false;
    }
    // A hand this phone's outbox stored moves the form's version on (static/outbox.js): a notice the poll gave
    // for it in the meantime was about this phone's own hand, and goes.
    doc.addEventListener("scorekeeper:saved", function () { if (last) { say(last); } });
    return function (answer) { last = answer; say(answer); };
  }

  function startPage(win, doc) {
    var box = doc.querySelector("[data-live-url]");
    if (!box || !win.fetch || !win.Promise) { return null; }
    var onChange;
    if (box.hasAttribute("data-live-notice")) {
      var words = {};
      try { words = JSON.parse(box.dataset.liveStrings || "{}"); } catch (e) { return null; }
      onChange = formChanged(doc, box, words);
    } else {
      onChange = sheetChanged(doc, win, box.dataset.livePage || win.location.pathname);
    }
    var form = doc.getElementById(box.dataset.liveForm || "");
    var versionInput = form && form.querySelector("input[name=version]");
    var version = versionInput ? versionInput.value : box.dataset.liveVersion;
    var env = {
      fetch: function (url, init) { return win.fetch(url, init); },
      setTimeout: function (f, ms) { return win.setTimeout(f, ms); },
      clearTimeout: function (t) { win.clearTimeout(t); },
      visible: function () { return doc.visibilityState !== "hidden"; },
      connection: function () { return win.ScorekeeperConnection; }
    };
    var p = poller(env, box.dataset.liveUrl, version, onChange);
    doc.addEventListener("visibilitychange", p.visibility);
    p.start();
    return p;
  }

  return { poller: poller, nextDelay: nextDelay, notice: notice, startPage: startPage, INTERVAL: INTERVAL };
}));

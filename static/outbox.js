/* The outbox (issue 22, "Nothing waits on the network"): a hand saved without an answer from the server is kept on
   this phone and sent by itself when the connection is back, exactly once. No browser error page ever replaces
   the hand form.

   - With scripting, the hand form (#hand-form: a new hand or a correction) is posted with fetch. An answer is
     followed as the plain form would be: a redirect (the hand is stored) goes to the sheet, where the server's
     flash says "Hand N saved."; any other answer (a refused form: 400/409/422/429/503) is the server's page,
     asked for by a plain post of the same fields (it carries the typed input, as without scripting).
   - No answer (network error, 10 s without one, or a browser that knows it is offline): the posted fields go
     into localStorage under scorekeeper.outbox:<match token>:<save_key> with the URL and the time. The form
     stays, with its input, and says "Saved on this phone — will send when the Wi-Fi is back (1 hand waiting)"
     and "Enter the next hand". The draft (static/draft.js) stays until a page lists the save key as saved; the
     page does not ask "leave?" for a hand that is in the outbox.
   - Sending, from any page of the app: on load, on the online event, when another module's request succeeds,
     and on a timer with backoff (2 s doubling to a minute) while hands wait. Oldest first, one at a time, under
     a short lock in localStorage (two tabs never send the same hand at once; Web Locks do not exist on the plain
     http deployment). The server's save key makes a repeat harmless: a re-sent hand is answered as its first
     save and stored once. A CSRF refusal (the session's token changed) fetches the form page for a fresh token,
     once, with the same save key.
   - Two hands saved offline one after the other were typed on the same version of the match: when the first is
     stored, the second (chained to it by `after`) goes in on top of it, not as a clash; if anything else
     changed the match meanwhile, the server refuses it as stale, as today.
   - A clash found on sending (409 stale or duplicate, 422 illegal, any other refusal) takes the hand out of the
     automatic queue: "A hand waiting on this phone was not accepted. Open it" shows the server's refused page
     with the input, where the player decides. It is never dropped silently and never sent again by itself.
     Busy answers (429, 503) only wait for the next try.

   Every kind of record waits in the one queue above: hands (this file) and the opponent's countersigns (issue 24:
   static/outbox_confirm.js, loaded by the countersign page only), oldest first under the one lock. A record's
   kind decides how it ends (the page's row, the form's note) through the hooks its module registers; a record
   sent from a page without its module (a countersign sent from the sheet) still ends right: dropped when stored,
   with the server's message atop the page; kept and shown ("… was not accepted. Open it") when refused. The
   header's indicator and the offline sheet count hands only. No rule here: the server decides what is stored.

   Shared with the kinds' modules (and static/snapshot.js), window.ScorekeeperOutbox:
     works                     whether this page can keep and send (localStorage and fetch); if not, plain forms
     waiting()                 how many hands wait (static/snapshot.js)
     send()                    send what waits now (the queue's kick)
     later()                   send on the backoff timer (after parking a record)
     records                   the records in this phone's localStorage (static/outbox_records.js's records())
     strings, connection       the words of base.html's notices box; static/connection.js (or a stand-in)
     post(url, fields, follow) one POST with the 10 s timeout: a promise of {response, html}
     stored(answer)            whether that answer says stored (a redirect, or the hand form's short answer)
     postNatively(url, fields) the server's own page for these fields, by a plain post (stops this page's outbox)
     flashes(html)             the messages of a page the server answered; notice(text, link) one atop this page
     ending(kind, {stored(rec, html, said), refused(rec)})   how a record of that kind ends on this page; the
                               queue has dropped (stored) or kept out (refused) the record and shows the words

   The records in localStorage and the verdict on an answer are static/outbox_records.js (pure, tested under
   Node: tests/js/outbox_confirm.test.js); this file is the page's side. */
(function () {
  "use strict";
  var R = window.ScorekeeperOutboxRecords;
  if (!R) { return; }                // its records' script did not load: every form stays a plain form
  var RECORD = R.RECORD, records = R.records, outcome = R.outcome;
  var field = R.field, setField = R.setField, isHand = R.isHand;
  var HAND = "hand";                // the hand form's records have no kind; their endings are registered under this

  /* Which form a count takes, by the page language's plural rule (issue 23: French "0 main", like "1 main"). */
  function isOne(n) {
    try { return new Intl.PluralRules(document.documentElement.lang || undefined).select(n) === "one"; }
    catch (e) { return n === 1; }
  }
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  var connection = window.ScorekeeperConnection || { failed: function () {}, succeeded: function () {},
    setWaiting: function () {}, on: function () { return function () {}; } };
  var box = document.querySelector("[data-outbox-notices]");
  var strings = {};
  try { strings = JSON.parse((box && box.dataset.outboxStrings) || "{}"); } catch (e) { strings = {}; }
  var form = document.getElementById("hand-form");

  var LOCK = "scorekeeper.outbox-lock";
  var TIMEOUT = 10000;              // the issue: about 10 s without an answer is no answer
  var LOCK_FOR = 20000;             // longer than one send with its timeout
  var me = Math.random().toString(36).slice(2);
  var stopped = false, running = false, retryTimer = null, delay = 2000;

  function plural(n, one, other) { return String((isOne(n) ? strings[one] : strings[other]) || "").replace("{n}", String(n)); }

  /* ---- the stored hands (and countersigns) ---- */
  var kept = records(store), all = kept.all, waiting = kept.waiting, put = kept.put, drop = kept.drop;
  function count() { connection.setWaiting(kept.hands()); }      // the indicator counts hands

  /* ---- one request, with a timeout ---- */
  function post(url, fields, follow) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) { controller.abort(); } }, TIMEOUT);
    var body = new URLSearchParams();
    fields.forEach(function (f) { body.append(f[0], f[1]); });
    return fetch(url, { method: "POST", body: body, credentials: "same-origin", redirect: follow ? "follow" : "manual",
                        // the player's own tap wants the short answer; a hand sent in the background follows
                        // the redirect, whose page carries (and so uses up) the flashed message
                        headers: follow ? { "Accept": "text/html" } : { "Accept": "text/html", "X-Scorekeeper-Save": "1" },
                        signal: controller ? controller.signal : undefined })
      .then(function (response) {
        return response.text().then(function (html) { clearTimeout(timer); return { response: response, html: html }; });
      }, function (error) { clearTimeout(timer); throw error; });
  }
  /* Stored: the server's short answer (scorekeeper/web/entry/views.py, FETCHED_SAVE: the message and the new
     totals, one round trip after Save), or a redirect as the plain form gets. */
  function saved(answer) {
    if ((answer.response.headers.get("Content-Type") || "").indexOf("application/json") !== 0) { return null; }
    try {
      var data = JSON.parse(answer.html);
      return data && data.saved === true ? data : null;
    } catch (e) { return null; }
  }
  function stored(answer) {
    return answer.response.type === "opaqueredirect" || answer.response.redirected || saved(answer) !== null;
  }

  /* The server's own page for these fields, by a plain post (a real navigation, as the form without scripting
     makes): a refused save's page carries the input and the server's explanation, asked again under the same save
     key, so nothing is stored twice. Not the fetched answer written over this document: that kept this page's
     timers and listeners alive under the next page's scripts (two pollers, two outboxes). */
  function postNatively(url, fields) {
    stop();
    var plain = document.createElement("form");
    plain.method = "post";
    plain.action = url;
    plain.hidden = true;
    fields.forEach(function (f) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = f[0];
      input.value = f[1];
      plain.appendChild(input);
    });
    document.body.appendChild(plain);
    HTMLFormElement.prototype.submit.call(plain);
  }
  function stop() {
    stopped = true;
    clearTimeout(retryTimer);
  }

  /* ---- what the player reads ---- */
  function notice(text, link) {
    if (!box) { return null; }
    var p = document.createElement("p");
    p.className = "flash outbox-notice";
    p.appendChild(document.createTextNode(text));
    if (link) { p.appendChild(document.createTextNode(" ")); p.appendChild(link); }
    box.appendChild(p);
    return p;
  }
  function flashes(html) {
    try {
      var page = new DOMParser().parseFromString(html, "text/html");
      return Array.prototype.map.call(page.querySelectorAll("main .flash"), function (p) { return p.textContent.trim(); })
        .filter(Boolean);
    } catch (e) { return []; }
  }
  var refusedShown = {};
  function showRefused() {
    all().filter(function (r) { return r.refused; }).forEach(function (rec) {
      if (refusedShown[rec.id]) { return; }
      var open = document.createElement("a");
      open.href = rec.url;
      open.textContent = strings.open || "Open it";
      open.addEventListener("click", function (event) {
        event.preventDefault();
        drop(rec);                       // the refused page holds the input from now on (a draft of its own)
        postNatively(rec.url, rec.fields);
      });
      refusedShown[rec.id] = notice(strings[R.refusedWords(rec)] || "", open);
      if (refusedShown[rec.id]) { refusedShown[rec.id].classList.add("error"); }
    });
  }

  /* ---- sending the waiting hands, oldest first, one at a time ---- */
  function lock() {
    var now = Date.now(), held = null;
    try { held = JSON.parse(store.getItem(LOCK)); } catch (e) { held = null; }
    if (held && held.owner !== me && held.until > now) { return false; }
    try { store.setItem(LOCK, JSON.stringify({ owner: me, until: now + LOCK_FOR })); } catch (e) { return false; }
    return true;
  }
  function mine() {
    try { var held = JSON.parse(store.getItem(LOCK)); return !!held && held.owner === me; } catch (e) { return false; }
  }
  function unlock() { if (mine()) { try { store.removeItem(LOCK); } catch (e) { /* expires */ } } }
  function later() {
    clearTimeout(retryTimer);
    if (stopped || !waiting().length) { return; }
    retryTimer = setTimeout(kick, delay);
    delay = Math.min(delay * 2, 60000);
  }
  function kick() {
    count();
    if (stopped || running || !store) { return; }
    if (!waiting().length) { return; }
    if (navigator.onLine === false) { later(); return; }
    if (!lock()) { later(); return; }
    running = true;
    // another tab may have written the lock in the same moment: whoever holds it after a beat sends
    setTimeout(function () {
      var next = waiting()[0];
      if (!mine() || !next) { running = false; if (next) { later(); } count(); return; }
      send(next, false).then(function (goOn) {
        running = false;
        unlock();
        count();
        if (goOn) { delay = 2000; kick(); } else { later(); }
      });
    }, 60);
  }
  function send(rec, freshToken) {
    return post(rec.url, rec.fields, true).then(function (answer) {
      connection.succeeded();
      var verdict = outcome(rec, answer.response.status, stored(answer), answer.html, freshToken);
      if (verdict === "stored") { finish(rec, answer.html); return true; }
      if (verdict === "token") {
        return token(rec).then(function (ok) { return ok ? send(rec, true) : refuse(rec, answer); });
      }
      if (verdict === "wait") { return false; }     // busy, not refused: the next try
      return refuse(rec, answer);
    }, function () {
      connection.failed();
      return false;
    });
  }
  function token(rec) {            // a fresh CSRF token from the form's own page, same save key
    var url = rec.page || rec.url.replace(/[?&]carry=1/, "");      // a countersign's: its page
    return fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (r) {
      return r.text();
    }).then(function (html) {
      var found = /name="csrf_token"[^>]*value="([^"]+)"/.exec(html) || /value="([^"]+)"[^>]*name="csrf_token"/.exec(html);
      if (!found) { return false; }
      setField(rec, "csrf_token", found[1]);
      put(rec);
      return true;
    }, function () { return false; });
  }
  /* ---- how a record sent from the queue ends: the queue's part, then its kind's (see the top of the file) ---- */
  var endings = {};
  function ending(rec) { return endings[isHand(rec) ? HAND : rec.kind] || {}; }
  function finish(rec, html) {
    drop(rec);
    var said = flashes(html).join(" "), end = ending(rec);
    if (end.stored) { end.stored(rec, html, said); }
    if (said) { notice(said); }
  }
  function refuse(rec, answer) {
    rec.refused = answer.response.status;
    put(rec);
    var end = ending(rec);
    if (end.refused) { end.refused(rec); }
    showRefused();
    return true;
  }
  /* A hand stored from the queue (the server's message is shown by finish). */
  function handStored(rec, html, said) {
    // a hand typed after this one on the same version goes in on top of it (see the top of the file)
    var after = String((parseInt(field(rec, "version"), 10) || 0) + 1);
    all().forEach(function (other) {
      if (other.after === rec.key) { setField(other, "version", after); other.after = null; put(other); }
    });
    // This page's form, typed on the version the stored hand was (the next hand in place, or this very hand, whose
    // save key answers as stored if sent again): it now stands on top of the stored hand. The form's version says so, and static/live.js (told by the event) does not call this phone's own hand another's.
    var version = form && form.elements.version;
    if (version && form.dataset.outboxToken === rec.token && /\/hands\/new/.test(form.action) &&
        version.value === field(rec, "version")) {
      version.value = after;
    }
    document.dispatchEvent(new CustomEvent("scorekeeper:saved", { detail: { token: rec.token } }));
    if (form && note && field(rec, "save_key") === currentKey()) { note.firstChild.textContent = said + " "; }
  }
  function handRefused(rec) {
    // this form's own hand: its "waiting" note is no longer true; the notice atop the page says what happened
    if (note && rec.key === currentKey()) { note.parentNode.removeChild(note); note = null; }
  }
  endings[HAND] = { stored: handStored, refused: handRefused };

  /* ---- the hand form: posted with fetch, kept here when there is no answer ---- */
  var note = null, busy = false;
  function currentKey() { return form && form.elements.save_key ? form.elements.save_key.value : ""; }
  function collect(submitter) {
    var data;
    try { data = new FormData(form, submitter || undefined); } catch (e) { data = new FormData(form); }
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") { fields.push([name, value]); } });
    return fields;
  }
  function park(rec) {
    var earlier = waiting().filter(function (r) { return isHand(r) && r.token === rec.token && r.key !== rec.key; });
    var same = all().filter(function (r) { return r.token === rec.token && r.key === rec.key; })[0];
    if (same) { rec.at = same.at; rec.after = same.after; }     // saved again: same place in the queue
    else {
      var before = earlier.filter(function (r) { return field(r, "version") === field(rec, "version"); }).pop();
      rec.after = before ? before.key : null;
    }
    if (!put(rec)) { busy = false; form.submit(); return; }      // no room on this phone: the plain form
    var n = waiting().length;
    if (!note) {
      note = document.createElement("p");
      note.className = "outbox-note";
      note.setAttribute("role", "status");
      note.appendChild(document.createTextNode(""));
      var next = document.createElement("a");
      next.href = form.dataset.outboxNext || rec.sheet;
      next.textContent = strings.next || "";
      next.setAttribute("data-draft-keep", "");
      next.addEventListener("click", function (event) {
        if (navigator.onLine !== false && connection.state !== "offline") { return; }   // the server's next form
        event.preventDefault();
        nextInPlace();
      });
      note.appendChild(next);
      var button = form.querySelector(".save-bar button[type=submit]");
      (button ? button.parentNode : form).insertBefore(note, button);
    }
    note.firstChild.textContent = plural(n, "parked_one", "parked_other") + " ";
    busy = false;
    count();
    later();
  }
  /* Offline, "Enter the next hand" cannot load a page: this form becomes the next hand's (a new save key, the
     fields as the server gave them, the number one up). It keeps the version: the outbox chains it. */
  function nextInPlace() {
    if (!/:new:/.test(form.dataset.draftKey || "")) {
      if (window.ScorekeeperSnapshot) { window.ScorekeeperSnapshot.show(form.dataset.outboxToken); }
      return;
    }
    form.reset();
    form.elements.save_key.value = newKey();
    function up(text) { return text.replace(/\d+/, function (d) { return String(parseInt(d, 10) + 1); }); }
    var heading = document.querySelector(".entry-head h1");
    if (heading && heading.firstChild) { heading.firstChild.textContent = up(heading.firstChild.textContent); }
    var button = form.querySelector(".save-bar button[type=submit]");
    if (button) { button.textContent = up(button.textContent); }
    document.title = up(document.title);
    Array.prototype.forEach.call(form.elements, function (el) {
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    if (note) { note.parentNode.removeChild(note); note = null; }
    window.scrollTo(0, 0);
  }
  function newKey() {              // crypto.randomUUID needs a secure context; the laptop's http address is not one
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  if (form && store && window.fetch && form.method.toLowerCase() === "post") {
    form.setAttribute("data-outbox", "");
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      // a button posting elsewhere ("Correct hand N instead" only fills a correction in) goes as before
      if (event.defaultPrevented || (submitter && submitter.hasAttribute("formaction"))) { return; }
      event.preventDefault();
      if (busy) { return; }              // a double tap: one request
      busy = true;
      var fields = collect(submitter);
      var rec = { v: RECORD, url: form.action, token: form.dataset.outboxToken || "", key: "", fields: fields,
                  at: Date.now(), sheet: form.dataset.outboxSheet || "/" };
      rec.key = field(rec, "save_key");
      if (!rec.key || !rec.token) { busy = false; form.submit(); return; }
      // earlier hands of this match still waiting go first: this one queues behind them (a countersign never holds it)
      var queued = waiting().some(function (r) { return isHand(r) && r.token === rec.token && r.key !== rec.key; });
      if (navigator.onLine === false || queued) { park(rec); return; }
      post(rec.url, fields, false).then(function (answer) {
        connection.succeeded();
        var done = saved(answer);
        if (done) {                    // the totals now, the sheet (with the same message) as soon as it comes
          notice([done.message].concat(done.totals || []).join(" "));
          location.assign(typeof done.sheet === "string" && done.sheet.charAt(0) === "/" ? done.sheet : rec.sheet);
          return;
        }
        if (stored(answer)) { location.assign(rec.sheet); return; }
        postNatively(rec.url, fields);
      }, function () {
        connection.failed();
        park(rec);
      });
    });
  }

  window.ScorekeeperOutbox = {
    works: !!(store && window.fetch), waiting: function () { return kept.hands(); }, send: kick, later: later,
    records: kept, strings: strings, connection: connection, post: post, stored: stored, postNatively: postNatively,
    flashes: flashes, notice: notice, ending: function (kind, hooks) { endings[kind] = hooks; } };
  window.addEventListener("online", function () { delay = 2000; kick(); });
  var was = connection.state;
  connection.on(function (state) {          // back from offline (another module's request got an answer)
    if (was === "offline" && state !== "offline") { delay = 2000; kick(); }
    was = state;
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { stopped = false; kick(); } });
  showRefused();
  kick();
})();

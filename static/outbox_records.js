/* The outbox's records (static/outbox.js, issue 22; issue 24's countersigns, static/outbox_confirm.js): what a
   phone keeps in localStorage while no answer came, and what an answer from the queue means. Pure, with the
   Storage given: the page's outbox uses localStorage, Node's test runner its own (tests/js/outbox_confirm.test.js).
   No game rule here.

   A record, under scorekeeper.outbox:<match token>:<save key>: {v: 1, url, token, key, fields: [[name, value]…],
   at, …}. A hand's (the hand form's, no kind) also has sheet and after (the hand it was typed on top of); a
   countersign's has kind "confirm", number (the hand) and page (the countersign page, for a fresh CSRF token).
   A refused record keeps refused: <status> and is out of the queue. */
(function (root) {
  "use strict";
  var PREFIX = "scorekeeper.outbox:";
  var RECORD = 1;
  var CONFIRM = "confirm";

  function field(rec, name) {
    var found = rec.fields.filter(function (f) { return f[0] === name; })[0];
    return found ? found[1] : "";
  }
  function setField(rec, name, value) {
    var found = rec.fields.filter(function (f) { return f[0] === name; })[0];
    if (found) { found[1] = value; } else { rec.fields.push([name, value]); }
  }
  function isHand(rec) { return rec.kind !== CONFIRM; }
  /* The notices box's word (templates/base.html) for a refused record of this kind: the queue shows it on every
     page, whether or not the kind's own module (static/outbox_confirm.js) is loaded there. */
  function refusedWords(rec) { return isHand(rec) ? "refused" : "refused_" + rec.kind; }
  /* The records kept in a Storage (localStorage, or the tests' own), oldest first. */
  function records(store) {
    function all() {
      var list = [];
      if (!store) { return list; }
      for (var i = 0; i < store.length; i++) {
        var k = store.key(i);
        if (!k || k.indexOf(PREFIX) !== 0) { continue; }
        try {
          var rec = JSON.parse(store.getItem(k));
          if (rec && rec.v === RECORD && rec.url && Array.isArray(rec.fields)) { rec.id = k; list.push(rec); continue; }
        } catch (e) { /* unreadable: not a hand anyone can send */ }
      }
      return list.sort(function (a, b) { return a.at - b.at; });
    }
    function waiting() { return all().filter(function (r) { return !r.refused; }); }
    function put(rec) {
      var copy = {};
      Object.keys(rec).forEach(function (name) { if (name !== "id") { copy[name] = rec[name]; } });
      try { store.setItem(PREFIX + rec.token + ":" + rec.key, JSON.stringify(copy)); return true; }
      catch (e) { return false; }     // storage full or refused
    }
    function drop(rec) { try { store.removeItem(PREFIX + rec.token + ":" + rec.key); } catch (e) { /* gone */ } }
    /* The countersign of this match's hand `number` waiting on this phone, if any. */
    function confirmWaiting(token, number) {
      return waiting().filter(function (r) {
        return r.kind === CONFIRM && r.token === token && r.number === number;
      })[0] || null;
    }
    /* Keep a countersign no answer came for: one per hand of a match. Saved again (a second tap, the same key)
       or tapped on a page reloaded meanwhile (a new key): it takes the waiting one's place in the queue. */
    function parkConfirm(rec) {
      var before = all().filter(function (r) {
        return r.kind === CONFIRM && r.token === rec.token && r.number === rec.number && !r.refused;
      });
      if (before.length) { rec.at = before[0].at; }
      if (!put(rec)) { return false; }
      before.forEach(function (r) { if (r.key !== rec.key) { drop(r); } });
      return true;
    }
    return { all: all, waiting: waiting, put: put, drop: drop, confirmWaiting: confirmWaiting,
             parkConfirm: parkConfirm, hands: function () { return waiting().filter(isHand).length; } };
  }
  /* A Confirm form's fields as a record, or null when the form lacks what sending it later needs (its save
     key, the match, the hand): then the plain form goes. */
  function confirmRecord(action, data, fields, now) {
    var rec = { v: RECORD, kind: CONFIRM, url: action, token: data.outboxToken || "", key: "", fields: fields,
                number: parseInt(data.outboxHand, 10), page: data.outboxPage || "", at: now };
    rec.key = field(rec, "save_key");
    return rec.key && rec.token && rec.number > 0 && rec.page ? rec : null;
  }
  /* What to do with the server's answer to a record sent from the queue: "stored", "token" (a CSRF refusal:
     fetch a fresh token, once), "wait" (busy: the next try) or "refuse" (out of the queue, shown). A 400 that is
     not the form's own page (the hand form, the countersign page) is the CSRF check's. */
  function outcome(rec, status, stored, html, freshToken) {
    if (stored) { return "stored"; }
    var own = isHand(rec) ? 'id="hand-form"' : "data-countersign-page";
    if (status === 400 && html.indexOf(own) < 0 && !freshToken) { return "token"; }
    if (status === 429 || status === 503) { return "wait"; }
    return "refuse";
  }

  var api = { PREFIX: PREFIX, RECORD: RECORD, CONFIRM: CONFIRM, records: records, confirmRecord: confirmRecord, outcome: outcome,
              field: field, setField: setField, isHand: isHand, refusedWords: refusedWords };
  root.ScorekeeperOutboxRecords = api;
  if (typeof module !== "undefined" && module.exports) { module.exports = api; }
}(typeof window !== "undefined" ? window : globalThis));

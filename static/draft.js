/* Drafts of the hand form, kept on this phone (issue 11): a player's typed work is never lost to a mode switch,
   "Back to the scoresheet", a reload, the browser's Back or a save that did not get through.

   - A draft is stored in localStorage under scorekeeper.draft:<match token>:<new|edit>:<hand number>:<mode>,
     a short moment after each change and at once when the page is left; the server names the key on the form
     (data-draft-key), so a draft is never offered to another match or another hand.
   - On return it is put back with a short note ("Restored what you typed — Discard"). The other mode's draft of
     the same hand lends the fields both modes have (who went out, red threes, twins, penalties, pile size).
   - A draft whose form was saved is dropped: the page lists the save keys of the match's last saves
     (data-saved-keys) and every draft remembers its form's key. A new hand's draft for a number the match is
     past is dropped too (another phone saved that hand; the refused form holds the input and stores it anew).
   - A draft that is unreadable, from another form shape or older than two weeks is ignored and removed.
   - Leaving a form with unsaved input asks first, except through the mode switch and the clash choices, which
     keep the draft, and after submitting. "Correct hand N instead" (data-draft-move) posts the input into hand
     N's correction, whose page keeps it as its own draft: this form's draft is dropped, so the new hand does not
     offer the same input a second time.
   Without scripting (or without storage) the form works as before. */
(function () {
  "use strict";
  var form = document.getElementById("hand-form");
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }      // blocked storage: no drafts
  if (!form || !form.dataset.draftKey || !store) { return; }

  var PREFIX = "scorekeeper.draft:";
  var RECORD = 1;                           // the stored record's layout; another number is ignored
  var MAX_AGE = 14 * 24 * 3600 * 1000;
  var NOT_TYPED = { csrf_token: 1, version: 1, save_key: 1, confirm_duplicate: 1, alone: 1 };
  var base = form.dataset.draftKey;         // token:new:N or token:edit:N
  var parts = base.split(":");
  var mode = form.dataset.draftMode;
  var key = PREFIX + base + ":" + mode;
  var otherKey = PREFIX + base + ":" + (mode === "cards" ? "summary" : "cards");
  var sides = form.dataset.draftSides || "";
  var posted = form.hasAttribute("data-draft-posted");    // a refused form: the input exists only here
  var savedKeys = [];
  try { savedKeys = JSON.parse(form.dataset.savedKeys || "[]"); } catch (e) { savedKeys = []; }
  var note = form.querySelector("[data-draft-note]");

  function read(k) {
    try {
      var rec = JSON.parse(store.getItem(k));
      if (rec && rec.v === RECORD && typeof rec.at === "number" && rec.fields && typeof rec.fields === "object" &&
          Date.now() - rec.at < MAX_AGE) { return rec; }
    } catch (e) { /* corrupt: removed below */ }
    drop(k);
    return null;
  }
  function drop(k) { try { store.removeItem(k); } catch (e) { /* nothing to do */ } }

  function typed() {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && !NOT_TYPED[el.name] && el.type !== "hidden" && el.type !== "submit" && el.type !== "button";
    });
  }
  /* The form's values now, or (served) as the server wrote them: a phone's browser may itself put typed values
     back on a reload before this runs, and those are not what the server filled in. */
  function snapshot(served) {
    var values = {};
    typed().forEach(function (el) {
      var on = served ? el.defaultChecked : el.checked;
      if (el.type === "checkbox") {                     // several boxes may share a name (Keltis stones)
        if (!(el.name in values)) { values[el.name] = []; }
        if (on) { values[el.name].push(el.value); }
      } else if (el.type === "radio") {
        if (!(el.name in values)) { values[el.name] = ""; }
        if (on) { values[el.name] = el.value; }
      } else if (served && el.tagName === "SELECT") {
        var chosen = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; })[0] || el.options[0];
        values[el.name] = chosen ? chosen.value : "";
      } else { values[el.name] = served ? el.defaultValue : el.value; }
    });
    return values;
  }
  function shape(values) { return Object.keys(values).sort().join(" "); }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function apply(values) {
    typed().forEach(function (el) {
      var value = values[el.name];
      if (el.type === "checkbox") {
        if (Array.isArray(value)) { el.checked = value.indexOf(el.value) >= 0; }
        return;
      }
      if (typeof value !== "string") { return; }
      if (el.type === "radio") { el.checked = el.value === value; }
      else if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === value; })) { return; }
      else { el.value = value; }
    });
    refresh();
  }
  function refresh() {       // entry.js redraws meld counts and the pile field from these events
    typed().forEach(function (el) {
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  /* ---- forget what can no longer be restored ---- */
  var nextHand = parseInt(form.dataset.nextHand, 10) || 0;
  for (var i = store.length - 1; i >= 0; i--) {
    var k = store.key(i);
    if (!k || k.indexOf(PREFIX) !== 0) { continue; }
    var rec = read(k);
    var bits = k.slice(PREFIX.length).split(":");
    if (rec && bits[0] === parts[0] && (savedKeys.indexOf(rec.saveKey) >= 0 ||
        (bits[1] === "new" && parseInt(bits[2], 10) < nextHand))) { drop(k); }
  }

  var initial = snapshot(true);             // what the server filled in
  var formShape = shape(initial);
  var saveKeyField = form.elements.save_key;
  var restored = false, submitting = false, leaving = false, timer = null;

  function save(sent) {
    clearTimeout(timer);
    timer = null;
    var now = snapshot();
    if (!posted && !restored && same(now, initial)) { drop(key); return; }
    try {
      store.setItem(key, JSON.stringify({ v: RECORD, at: Date.now(), shape: formShape, sides: sides, fields: now,
        version: form.elements.version ? form.elements.version.value : "", saveKey: saveKeyField ? saveKeyField.value : "",
        sent: !!sent }));
    } catch (e) { /* storage full or refused: the form still works */ }
  }
  function dirty() { return posted || restored || !same(snapshot(), initial); }

  /* ---- put back what was typed ---- */
  if (posted) {
    save(false);
  } else {
    var own = read(key), other = read(otherKey);
    if (own && (own.sides !== sides || own.shape !== formShape)) { drop(key); own = null; }
    if (other && other.sides !== sides) { other = null; }
    if (own) {
      apply(own.fields);
      // a correction typed on an older version goes in as that version: the server then says what changed
      if (parts[1] === "edit" && /^\d+$/.test(own.version || "")) { form.elements.version.value = own.version; }
    }
    if (other && (!own || other.at > own.at)) { apply(other.fields); }    // the shared fields, newest wins
    restored = !!(own || other) && !same(snapshot(), initial);
    if (restored) {
      if (note) { note.hidden = false; }
      save(false);
    }
  }
  if (note && !note.hidden) {         // shown until the player carries on typing (it takes room in the save bar)
    ["keydown", "click"].forEach(function (type) {
      form.addEventListener(type, function hide(event) {
        if (note.contains(event.target) || (type === "click" && !event.target.closest("button, input, label"))) { return; }
        note.hidden = true;
        form.removeEventListener(type, hide);
      });
    });
  }

  /* ---- keep it as it is typed ---- */
  function later() { clearTimeout(timer); timer = setTimeout(function () { save(false); }, 400); }
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  function flush() { if (timer !== null && !submitting) { save(false); } }
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") { flush(); } });

  form.addEventListener("submit", function (event) {
    if (event.submitter && event.submitter.hasAttribute("data-draft-move")) {
      discard();                // "Correct hand N instead": the input goes on as that correction's draft
      submitting = true;
      return;
    }
    save(true);                 // kept until a page lists its save key: a save lost on the way can be redone
    drop(otherKey);
    submitting = true;
  });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    /* Back from the bfcache after this form was sent (issue 22): its hand may be saved by now, and the form would
       offer its values as if not. Loaded anew, the page is the next hand's form, or this one with its draft if the
       save never got through; offline the form stays as it is, a live form again. */
    if (submitting && navigator.onLine !== false) { window.location.reload(); return; }
    submitting = false; leaving = false;
  });

  /* ---- leaving ---- */
  function discard() {
    drop(key);
    drop(otherKey);
    posted = restored = false;
  }
  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-draft-keep], [data-draft-discard]");
    if (!target) { return; }
    if (target.hasAttribute("data-draft-keep")) { save(false); leaving = true; return; }
    discard();
    if (target.tagName === "A") { leaving = true; return; }
    form.reset();               // back to what the server filled in
    refresh();
    initial = snapshot(true);
    if (note) { note.hidden = true; }
  });
  window.addEventListener("beforeunload", function (event) {
    if (submitting || leaving || !dirty()) { leaving = false; return; }
    save(false);
    event.preventDefault();
    event.returnValue = "";     // older browsers show their own "leave the page?" text for any string
  });
})();

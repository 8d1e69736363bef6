/* The hand form's live score preview (issue 11, items 5 and 11): after each input (paced: see PACE) the form is posted
   as it stands to its data-preview-url (scorekeeper/web/preview.py), which scores it as a save would and stores
   nothing; each side's numbers are written into every [data-preview-side="i"] element of the page (i: the side's
   index in the form):
   - long form (the side's heading): "600 + 180 = 780 · total 780", "… = 5740 → 5240 after tax · total …";
   - short form (elements with data-preview-short, e.g. a player bar): "+780 → 780".
   A hand that cannot be read yet (a typo, a field out of range) shows "—" before the last numbers, dimmed; one
   that breaks a rule (nobody went out yet) shows its numbers so far, marked. A request that gets no answer (the
   Wi-Fi) dims what is shown and marks it "not updated" in words, so old numbers never pass for new ones (issue
   22); static/retry.js asks again by itself with the form as it then stands, and the mark goes with the answer.
   At most one request is in flight; the newest input wins. No rule is computed here. Without scripting the form
   works as before, without the preview.
   Issue 22: on a phone that chose "Play offline on this phone" (static/offline.js), a request that fails is
   answered by the offline scorer instead (previewOnPhone), with the server's own preview function and the match's
   state as the server last gave it (data-offline-state), and the numbers say "(on this phone)". */
(function () {
  "use strict";
  var form = document.querySelector("#hand-form[data-preview-url]");
  if (!form || !window.fetch || !window.FormData || !window.ScorekeeperRetry) { return; }
  var url = form.dataset.previewUrl;
  var words = { total: "total", taxed: "after tax", so_far: "so far", not_updated: "not updated" };
  try { words = JSON.parse(form.dataset.previewStrings || "{}"); } catch (e) { /* English above */ }
  /* Paced, not debounced (issue 22, bench/network_bench.py): a tap after a pause is asked at once (QUICK only
     gathers the input and change events of one tap), since on bad Wi-Fi the round trip alone is ~0.5 s and a
     300 ms pause on top missed the 0.6 s target; while the player keeps tapping, the form is asked for at most
     every PACE, which stays under the server's preview limit of 90 a minute (scorekeeper/limiter.py). */
  var QUICK = 50, PACE = 700;
  var timer = null, lastSent = 0;
  var shown = new WeakMap();                 // each output's last numbers, kept to show dimmed
  var stateUrl = form.dataset.offlineState, kept = null;      // the match's offline state (issue 22)

  /* Points grouped as the page's language writes them (issue 23: 10,000 / 10 000), as the server's
     scorekeeper/display/numbers.py does: the page's <html lang> and CLDR's separators; the sign written apart. */
  var grouping = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 0 });
  function digits(n) { return grouping.format(Math.abs(n)); }
  function number(n) { return n < 0 ? "\u2212" + digits(n) : digits(n); }         // the scoresheet's minus sign
  function signed(n) { return (n < 0 ? "\u2212\u202f" : "+\u202f") + digits(n); }
  function short(n) { return (n < 0 ? "\u2212" : "+") + digits(n); }

  /* A cell as groups of words that wrap as a whole on a narrow phone. */
  function longParts(cell) {
    var parts = [number(cell.base) + " " + signed(cell.card_value) +
                 (cell.penalty ? " " + signed(cell.penalty) : "") + " = " + number(cell.score)];
    if (cell.taxed !== cell.score) { parts.push("\u2192\u202f" + number(cell.taxed) + " " + words.taxed); }
    parts.push("\u00b7 " + words.total + " " + number(cell.total));
    return parts;
  }
  function shortParts(cell) { return [short(cell.taxed) + " \u2192 " + number(cell.total)]; }

  /* A side's parts: one cell's, or (cutthroat's partners) each player's, named; null when it has none. */
  function sideParts(answer, i, brief) {
    var columns = (answer.sides || [])[i] || [];
    var cells = columns.map(function (j) { return answer.cells[j]; }).filter(Boolean);
    if (!cells.length) { return null; }
    var parts = [];
    cells.forEach(function (cell, n) {
      var own = brief ? shortParts(cell) : longParts(cell);
      if (cells.length > 1) { own[0] = cell.name + ": " + own[0]; }
      if (n < cells.length - 1) { own[own.length - 1] += ";"; }
      parts = parts.concat(own);
    });
    return parts;
  }

  function draw(output, parts) {
    if (output.textContent === parts.join(" ")) { return; }     // a screen reader hears changes only
    output.textContent = "";
    parts.forEach(function (part, n) {
      if (n) { output.appendChild(document.createTextNode(" ")); }
      var span = document.createElement("span");
      span.textContent = part;
      output.appendChild(span);
    });
  }

  /* The "not updated" mark: the output's last words, so the live region says them and the numbers are never
     taken for new ones (issue 22). In the player bar it is a small sign with the words for screen readers. */
  function mark(output) {
    var sign = document.createElement("span");
    sign.className = "not-updated";
    sign.title = words.not_updated || "not updated";
    var word = document.createElement("span");
    word.className = "not-updated-word";
    word.textContent = sign.title;
    sign.appendChild(word);
    output.appendChild(document.createTextNode(" "));
    output.appendChild(sign);
  }

  /* state: "ok"; "unsure" (breaks a rule, numbers so far); "unread" (nothing to score: a dash, then the last
     numbers dimmed); "offline" (no answer: what is there dimmed and marked "not updated"; a dash when nothing
     was ever answered, never numbers that were not the server's). */
  function put(output, parts, state, here) {
    output.classList.toggle("preview-not-updated", state === "offline");
    if (state === "offline") {
      output.classList.add("preview-stale");
      if (!output.querySelector(".not-updated")) {
        if (!output.textContent) { draw(output, ["\u2014"]); }
        mark(output);
      }
      return;
    }
    if (state === "unread") {
      parts = ["\u2014"].concat(shown.get(output) || []);
    } else {
      var brief = output.hasAttribute("data-preview-short");
      // Numbers the phone worked out itself say so, kept with them when they are shown dimmed (issue 22). The
      // short form (a player-bar button) has no room for the words: the heading of the side says "so far" and
      // "(on this phone)".
      var mine = here && !brief ? [words.here] : [];
      shown.set(output, parts.concat(mine));
      if (state === "unsure" && !brief) {
        parts = parts.concat(["\u00b7 " + words.so_far]);
      }
      parts = parts.concat(mine);
    }
    output.classList.toggle("preview-stale", state === "unread");
    output.classList.toggle("preview-unsure", state === "unsure");
    output.classList.toggle("preview-here", Boolean(here) && state !== "unread");
    draw(output, parts);
  }

  function show(answer) {
    document.querySelectorAll("[data-preview-side]").forEach(function (output) {
      var i = parseInt(output.getAttribute("data-preview-side"), 10);
      var parts = answer && answer.cells ? sideParts(answer, i, output.hasAttribute("data-preview-short")) : null;
      if (!answer) { put(output, null, "offline"); }
      else if (parts === null) { put(output, null, "unread"); }
      else { put(output, parts, answer.ok ? "ok" : "unsure", answer.here); }
    });
  }

  function ready() {
    var offline = window.ScorekeeperOffline;
    return Boolean(stateUrl && offline && offline.ready) ? offline : null;
  }
  function formVersion() { return form.elements.version ? String(form.elements.version.value) : ""; }

  /* The match's offline state for the version this form is typed on: fetched once the scorer is ready (the
     service worker keeps the last answer for when the Wi-Fi is gone), asked again only after the form's version
     moved on (a save, the outbox). */
  function keepState() {
    if (!ready() || (kept && String(kept.version) === formVersion())) { return Promise.resolve(kept); }
    return window.ScorekeeperRetry.fetch(stateUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) { if (state) { kept = state; } return kept; }, function () { return kept; });
  }

  /* Issue 22: the server cannot be reached; the phone's own scorer previews the hand from the state of the
     version the form is typed on — never from an older one, whose totals would be wrong: then, as without the
     scorer, the numbers are marked "not updated" and asked again by themselves. */
  function previewOnPhone(error) {
    var offline = ready();
    if (!offline || (error && error.name === "AbortError")) { throw error; }
    words.here = offline.strings.previewed_here || "";
    return keepState().then(function (state) {
      if (!state || String(state.version) !== formVersion()) { throw error; }
      var fields = {};
      new FormData(form).forEach(function (value, name) { if (typeof value === "string") { fields[name] = value; } });
      return offline.ask("preview", { match: state, mode: form.dataset.draftMode || "cards", fields: fields });
    }).then(function (answer) {
      if (answer.status !== 200 || !answer.data) { throw error; }
      return Object.assign({}, answer.data, { here: true });
    });
  }

  /* One request at a time (the server's limit expects one per phone: scorekeeper/limiter.py); a retry after a
     blip posts the form as it stands then, never what it held when the request failed. */
  var asking = window.ScorekeeperRetry.request({
    wait: true,
    send: function (_, signal) {
      return window.ScorekeeperRetry.fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin",
                                                 headers: { Accept: "application/json" }, signal: signal })
        .then(function (response) {
          // Too many at once or a server hiccup: asked again. Any other refusal stays until the next input.
          if (response.status === 429 || response.status === 408 || response.status >= 500) {
            throw new Error("preview " + response.status);
          }
          return response.ok ? response.json() : null;
        })
        .then(function (answer) { if (answer) { keepState(); } return answer; }, previewOnPhone);
    },
    answer: show,
    failed: function () { show(null); }
  });

  function send() {
    timer = null;
    lastSent = Date.now();
    asking.ask(null);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(send, Math.max(QUICK, lastSent + PACE - Date.now()));
  }

  window.addEventListener("scorekeeper-offline-ready", function () { keepState(); });
  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  // A restored draft (static/draft.js fills the form before this file listens) and Back's page cache.
  window.addEventListener("pageshow", schedule);
  schedule();
})();

/* The hand form's live score preview (issue 11, items 5 and 11): after each pause in typing the form is posted
   as it stands to its data-preview-url (scorekeeper/web/preview.py), which scores it as a save would and stores
   nothing; each side's numbers are written into every [data-preview-side="i"] element of the page (i: the side's
   index in the form):
   - long form (the side's heading): "600 + 180 = 780 · total 780", "… = 5740 → 5240 after tax · total …";
   - short form (elements with data-preview-short, e.g. a player bar): "+780 → 780".
   A hand that cannot be read yet (a typo, a field out of range) shows "—" before the last numbers, dimmed; one
   that breaks a rule (nobody went out yet) shows its numbers so far, marked. A failed request (the Wi-Fi) only
   dims what is shown; the next input asks again. At most one request is in flight; the newest input wins.
   No rule is computed here. Without scripting the form works as before, without the preview. */
(function () {
  "use strict";
  var form = document.querySelector("#hand-form[data-preview-url]");
  if (!form || !window.fetch || !window.FormData) { return; }
  var url = form.dataset.previewUrl;
  var words = { total: "total", taxed: "after tax", so_far: "so far" };
  try { words = JSON.parse(form.dataset.previewStrings || "{}"); } catch (e) { /* English above */ }
  var DELAY = 300;
  var timer = null, busy = false, again = false;
  var shown = new WeakMap();                 // each output's last numbers, kept to show dimmed

  function number(n) { return n < 0 ? "\u2212" + (-n) : String(n); }         // the scoresheet's minus sign
  function signed(n) { return (n < 0 ? "\u2212\u202f" : "+\u202f") + Math.abs(n); }
  function short(n) { return (n < 0 ? "\u2212" : "+") + Math.abs(n); }

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

  /* state: "ok"; "unsure" (breaks a rule, numbers so far); "unread" (nothing to score: a dash, then the last
     numbers dimmed); "offline" (no answer: dim what is there, say nothing). */
  function put(output, parts, state) {
    if (state === "offline") { output.classList.add("preview-stale"); return; }
    if (state === "unread") {
      parts = ["\u2014"].concat(shown.get(output) || []);
    } else {
      shown.set(output, parts);
      // The short form (a player-bar button) has no room for the words: the heading of the side says "so far".
      if (state === "unsure" && !output.hasAttribute("data-preview-short")) {
        parts = parts.concat(["\u00b7 " + words.so_far]);
      }
    }
    output.classList.toggle("preview-stale", state === "unread");
    output.classList.toggle("preview-unsure", state === "unsure");
    draw(output, parts);
  }

  function show(answer) {
    document.querySelectorAll("[data-preview-side]").forEach(function (output) {
      var i = parseInt(output.getAttribute("data-preview-side"), 10);
      var parts = answer && answer.cells ? sideParts(answer, i, output.hasAttribute("data-preview-short")) : null;
      if (!answer) { put(output, null, "offline"); }
      else if (parts === null) { put(output, null, "unread"); }
      else { put(output, parts, answer.ok ? "ok" : "unsure"); }
    });
  }

  function send() {
    timer = null;
    if (busy) { again = true; return; }
    busy = true;
    again = false;
    fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin",
                 headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error("preview " + response.status); }
        return response.json();
      })
      .then(function (answer) { if (!again) { show(answer); } },
            function () { if (!again) { show(null); } })
      .then(function () {
        busy = false;
        if (again) { send(); }
      });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(send, DELAY);
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  // A restored draft (static/draft.js fills the form before this file listens) and Back's page cache.
  window.addEventListener("pageshow", schedule);
  schedule();
})();

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

  function number(n) { return n < 0 ? "\u2212" + (-n) : String(n); }         // the scoresheet's minus sign
  function signed(n) { return (n < 0 ? "\u2212\u202f" : "+\u202f") + Math.abs(n); }
  function short(n) { return (n < 0 ? "\u2212" : "+") + Math.abs(n); }

  function longText(cell) {
    var text = number(cell.base) + " " + signed(cell.card_value);
    if (cell.penalty) { text += " " + signed(cell.penalty); }
    text += " = " + number(cell.score);
    if (cell.taxed !== cell.score) { text += " \u2192\u202f" + number(cell.taxed) + " " + words.taxed; }
    return text + " \u00b7 " + words.total + " " + number(cell.total);
  }
  function shortText(cell) { return short(cell.taxed) + " \u2192 " + number(cell.total); }

  /* A side's cells: one, or (cutthroat's partners) one per player, named. */
  function texts(answer, i, brief) {
    var columns = (answer.sides || [])[i] || [];
    var cells = columns.map(function (j) { return answer.cells[j]; }).filter(Boolean);
    if (!cells.length) { return null; }
    return cells.map(function (cell) {
      var text = brief ? shortText(cell) : longText(cell);
      return cells.length > 1 ? cell.name + " " + text : text;
    }).join("; ");
  }

  function put(output, text, state) {
    var shown = output.getAttribute("data-shown");
    if (state === "stale") {                 // unreadable: a dash, then the last numbers dimmed
      text = shown ? "\u2014 " + shown : "\u2014";
    } else if (state === "offline") {        // no answer: keep quiet, dim what is there
      output.classList.add("preview-stale");
      return;
    } else {
      output.setAttribute("data-shown", text);
      if (state === "unsure") { text += " \u00b7 " + words.so_far; }
    }
    output.classList.toggle("preview-stale", state !== "ok" && state !== "unsure");
    output.classList.toggle("preview-unsure", state === "unsure");
    if (output.textContent !== text) { output.textContent = text; }   // a screen reader hears changes only
  }

  function show(answer) {
    document.querySelectorAll("[data-preview-side]").forEach(function (output) {
      var i = parseInt(output.getAttribute("data-preview-side"), 10);
      var brief = output.hasAttribute("data-preview-short");
      var text = answer && answer.cells ? texts(answer, i, brief) : null;
      if (!answer) { put(output, "", "offline"); }
      else if (text === null) { put(output, "", "stale"); }
      else { put(output, text, answer.ok ? "ok" : "unsure"); }
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

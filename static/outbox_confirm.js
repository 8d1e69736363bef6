/* The opponent's countersign through the phone's outbox (issue 24, web/match/countersign.py; issue 22's "nothing
   waits on the network"). Loaded by the countersign page only (templates/countersign.html), after static/outbox.js,
   whose queue, lock and notices it uses through window.ScorekeeperOutbox (documented at the top of that file): the
   hand form's page never carries this, and outbox.js stays one concern.

   - A form marked data-outbox="confirm" (the page's Confirm, one per hand) is posted with fetch; its answer (the
     redirect to the countersign page, followed) puts the server's row for that hand in place of this one, with the
     server's message atop the page. A refusal (409: the hand was corrected since, 429, …) is the server's page, by a
     plain post of the same fields.
   - No answer: it is kept under its save key as a record of kind "confirm" (static/outbox_records.js), the row says
     "Countersigned on this phone — will send when the Wi-Fi is back" (its button goes), and the queue sends it by
     itself with the hands, oldest first, exactly once (the save key, and one record per hand of a match: a second
     tap or a reloaded page's new key replaces the waiting one). A countersign is never chained to a hand.
   - Sent from the queue while this page is open, its ending (registered below) does the row: the server's row when
     stored; when refused, the row's note goes and its button is back, under the queue's notice "A countersign
     waiting on this phone was not accepted. Open it". From any other page the queue ends it without the row.
   No rule here: the server decides what is stored. Without scripting the plain form posts as before. */
(function () {
  "use strict";
  var O = window.ScorekeeperOutbox, R = window.ScorekeeperOutboxRecords;
  if (!O || !R || !O.works) { return; }      // the outbox did not load or cannot keep anything: plain forms
  var kept = O.records, strings = O.strings, connection = O.connection;
  var FORMS = 'form[data-outbox="' + R.CONFIRM + '"]';

  /* The row of the record's hand, if this page is its match's countersign page. */
  function rowOf(rec) {
    var row = location.pathname === rec.page ? document.getElementById("sign-" + rec.number) : null;
    return row && row.tagName === "LI" ? row : null;
  }
  function markRow(rec, text) {        // the row says its countersign waits here (or what became of it); no button
    var row = rowOf(rec);
    if (!row) { return; }
    Array.prototype.forEach.call(row.querySelectorAll(FORMS), function (f) { f.hidden = true; });
    var said = row.querySelector(".outbox-note");
    if (!said) {
      said = document.createElement("p");
      said.className = "outbox-note";
      said.setAttribute("role", "status");
      row.appendChild(said);
    }
    said.textContent = text;
  }
  function unmarkRow(rec) {            // refused: the notice atop the page says so; the button is back
    var row = rowOf(rec);
    if (!row) { return; }
    var said = row.querySelector(".outbox-note");
    if (said) { said.parentNode.removeChild(said); }
    Array.prototype.forEach.call(row.querySelectorAll(FORMS), function (f) { f.hidden = false; });
  }
  /* Stored (the redirect followed: `html` is the countersign page as the server has it now, with its message,
     which the queue or the tap shows atop the page): the server's row for the hand in place of this one (✓ and
     who signed). */
  function rowStored(rec, html, said) {
    var row = rowOf(rec);
    if (!row) { return; }
    var fresh = null;
    try { fresh = new DOMParser().parseFromString(html, "text/html").getElementById("sign-" + rec.number); }
    catch (e) { fresh = null; }
    if (fresh && fresh.tagName === "LI") { row.parentNode.replaceChild(document.importNode(fresh, true), row); }
    else { markRow(rec, said); }          // the hand is gone from the page (undone meanwhile): what happened
  }
  O.ending(R.CONFIRM, { stored: rowStored, refused: unmarkRow });

  function confirmForm(target) {
    return target && target.tagName === "FORM" && target.getAttribute("data-outbox") === R.CONFIRM ? target : null;
  }
  document.addEventListener("submit", function (event) {
    var f = confirmForm(event.target);
    if (!f || event.defaultPrevented || f.method.toLowerCase() !== "post") { return; }
    event.preventDefault();
    if (f.getAttribute("data-outbox-sending")) { return; }        // a double tap: one request
    var fields = [];
    new FormData(f).forEach(function (value, name) { if (typeof value === "string") { fields.push([name, value]); } });
    var rec = R.confirmRecord(f.action, f.dataset, fields, Date.now());
    if (!rec) { f.submit(); return; }
    function park() {
      f.removeAttribute("data-outbox-sending");
      if (!kept.parkConfirm(rec)) { f.submit(); return; }       // no room on this phone: the plain form
      markRow(rec, strings.confirm_parked || "");
      O.later();
    }
    if (navigator.onLine === false) { park(); return; }
    f.setAttribute("data-outbox-sending", "1");
    O.post(rec.url, fields, true).then(function (answer) {
      connection.succeeded();
      f.removeAttribute("data-outbox-sending");
      if (O.stored(answer)) {
        kept.drop(rec);                  // the same key parked by an earlier tap that got no answer: sent now
        var said = O.flashes(answer.html).join(" ");
        if (said) { O.notice(said); }
        rowStored(rec, answer.html, said);
        return;
      }
      O.postNatively(rec.url, fields);   // refused (409: corrected since, 429, …): the server's page says why
    }, function () {
      connection.failed();
      park();
    });
  });
  // a countersign still waiting from before this page was loaded: its row says so, and has no button
  Array.prototype.forEach.call(document.querySelectorAll(FORMS), function (f) {
    var rec = kept.confirmWaiting(f.dataset.outboxToken || "", parseInt(f.dataset.outboxHand, 10));
    if (rec && rec.page === location.pathname) { markRow(rec, strings.confirm_parked || ""); }
  });
})();

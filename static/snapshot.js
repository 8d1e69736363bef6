/* The last sheet this phone saw, readable offline (issue 22): on the plain http deployment no service worker
   exists, so a phone without Wi-Fi cannot open the scoresheet at all, and the table cannot read its own totals
   or next opening minimums.

   - Every sheet page (read-only view included) and entry page renders its match's title, sides, totals and next
     opening minimums as data (data-snapshot on #sheet-snapshot, templates/_snapshot.html);
     this keeps it in localStorage under scorekeeper.sheet:<the page's token>, with the time it was shown.
   - Offline (the browser says so, or static/connection.js learned it from a failed request), a tap on a link
     to a sheet (/m/<token> or /v/<token>: "Back to the scoresheet", the recent matches) opens a panel with that
     snapshot instead of the browser's error page: "Last seen HH:MM, N minutes ago" and the hands waiting in
     this phone's outbox. Online, the link works as always. */
(function () {
  "use strict";
  /* Which form a count takes, by the page language's plural rule (issue 23: French "0 main", like "1 main"). */
  function isOne(n) {
    try { return new Intl.PluralRules(document.documentElement.lang || undefined).select(n) === "one"; }
    catch (e) { return n === 1; }
  }
  /* Points grouped as the page's language writes them (issue 23: 10,000 / 10 000), as the server's
     scorekeeper/display/numbers.py does: the page's <html lang> and CLDR's separators; the sign written apart. */
  var grouping = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 0 });
  function digits(n) { return grouping.format(Math.abs(n)); }
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  if (!store) { return; }
  var PREFIX = "scorekeeper.sheet:";
  var SHEET = /^\/(?:m|v)\/([^/?#]+)$/;
  function parse(text) { try { return JSON.parse(text || "null"); } catch (e) { return null; } }
  var box = document.querySelector("[data-outbox-notices]");
  var strings = parse(box && box.dataset.outboxStrings) || {};
  var slot = document.querySelector("[data-connection]");
  var states = parse(slot && slot.dataset.connectionStrings) || {};

  function keep() {
    var held = document.getElementById("sheet-snapshot");
    var data = parse(held && held.dataset.snapshot);
    if (!data || !data.token) { return; }
    data.at = Date.now();
    try { store.setItem(PREFIX + data.token, JSON.stringify(data)); } catch (e) { /* full: the page still works */ }
  }
  keep();
  window.addEventListener("pageshow", function (event) { if (event.persisted) { keep(); } });

  function offline() {
    return navigator.onLine === false ||
      (window.ScorekeeperConnection && window.ScorekeeperConnection.state === "offline");
  }
  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }
  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }

  function show(token) {
    var data = parse(store.getItem(PREFIX + token));
    if (!data) { return false; }
    var old = document.getElementById("snapshot-panel");
    if (old) { old.parentNode.removeChild(old); }
    var dialog = element("dialog", "snapshot card");
    dialog.id = "snapshot-panel";
    dialog.setAttribute("aria-labelledby", "snapshot-title");
    var title = element("h2", "", data.title);
    title.id = "snapshot-title";
    dialog.appendChild(title);
    var minutes = Math.max(0, Math.floor((Date.now() - data.at) / 60000));
    var time = new Date(data.at).toLocaleTimeString(document.documentElement.lang || undefined,
                                                     { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    var ago = minutes === 0 ? strings.just_now : fill(isOne(minutes) ? strings.ago_one : strings.ago_other, { n: minutes });
    dialog.appendChild(element("p", "snapshot-age", fill(strings.seen, { time: time, ago: ago })));
    var help = element("p", "help", strings.offline);
    dialog.appendChild(help);
    var withMinimum = data.sides.some(function (s) { return s.minimum !== null && s.minimum !== undefined; });
    var table = element("table", "snapshot-table");
    var head = element("tr");
    head.appendChild(element("th", "", strings.name));
    head.appendChild(element("th", "", strings.total));
    if (withMinimum) { head.appendChild(element("th", "", strings.minimum)); }
    head.childNodes.forEach(function (th) { th.setAttribute("scope", "col"); });
    var thead = element("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    var body = element("tbody");
    data.sides.forEach(function (side) {
      var row = element("tr");
      var name = element("th", "", side.name);
      name.setAttribute("scope", "row");
      row.appendChild(name);
      row.appendChild(element("td", "", (side.total < 0 ? "\u2212" : "") + digits(side.total)));
      if (withMinimum) { row.appendChild(element("td", "", side.minimum === null ? "–" : String(side.minimum))); }
      body.appendChild(row);
    });
    table.appendChild(body);
    dialog.appendChild(table);
    if (typeof data.deal === "string" && data.deal) { dialog.appendChild(element("p", "snapshot-deal", data.deal)); }
    var waitingLine = element("p", "snapshot-waiting");
    dialog.appendChild(waitingLine);
    /* The Wi-Fi back while the panel is open: it says so and offers the current sheet, and the hands still
       waiting are counted again (the outbox sends them by itself); nothing navigates on its own. */
    function refresh() {
      var waiting = window.ScorekeeperOutbox ? window.ScorekeeperOutbox.waiting() : 0;
      waitingLine.textContent = waiting ? fill(isOne(waiting) ? states.waiting_one : states.waiting_other,
                                               { n: waiting }) : "";
      waitingLine.hidden = !waiting;
      if (!offline() && !help.querySelector("a")) {
        help.textContent = strings.back + " ";
        var current = element("a", "tap-link", strings.current);
        current.href = data.url;
        help.appendChild(current);
      }
    }
    refresh();
    var connection = window.ScorekeeperConnection;
    var unlisten = connection && connection.on ? connection.on(refresh) : null;
    window.addEventListener("online", refresh);
    var close = element("button", "secondary", strings.close);
    close.type = "button";
    close.addEventListener("click", function () {
      if (typeof unlisten === "function") { unlisten(); }
      window.removeEventListener("online", refresh);
      dialog.close();
      dialog.parentNode.removeChild(dialog);
    });
    dialog.appendChild(close);
    document.body.appendChild(dialog);
    if (dialog.showModal) { dialog.showModal(); } else { dialog.setAttribute("open", ""); }
    return true;
  }
  window.ScorekeeperSnapshot = { show: show };

  document.addEventListener("click", function (event) {
    if (!offline() || event.defaultPrevented || event.button > 0 || event.metaKey || event.ctrlKey) { return; }
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.origin !== location.origin) { return; }
    var found = SHEET.exec(link.pathname);
    if (found && show(decodeURIComponent(found[1]))) { event.preventDefault(); }
  }, true);
})();

/* The page's connection state, honestly told (issue 22, "Honest connection state"): one small indicator in the
   header of every page says online, offline, or sending (with the number of hands waiting on this phone).

   The API (window.ScorekeeperConnection; keep these names, other modules call them):
     ScorekeeperConnection.failed()       a request of yours got no answer (network error, timeout): offline
     ScorekeeperConnection.succeeded()    a request of yours got an answer (any HTTP status): online again
     ScorekeeperConnection.state          "online" | "offline" | "sending"
     ScorekeeperConnection.waiting        how many hands wait in this phone's outbox (static/outbox.js)
     ScorekeeperConnection.on(listener)   listener(state, waiting) after every change; returns a function that
                                          removes it
     ScorekeeperConnection.setWaiting(n)  the outbox says how many hands wait (sending while online and n > 0)
   Offline is learned from navigator.onLine, the online/offline events and failed(): a laptop's Wi-Fi can be
   "connected" with the server unreachable, which only a failed request shows. An answer of any status (even
   a refusal) is a connection; only no answer at all is offline.

   The server renders the indicator's slot empty (no shift when it fills) with its words in data-connection-
   strings, in the page's language. The state logic is plain and also exported for Node (tests/js/). */
(function () {
  "use strict";
  /* Which form a count takes, by the page language's plural rule (issue 23: French "0 main", like "1 main"). */
  function isOne(n) {
    try { return new Intl.PluralRules(document.documentElement.lang || undefined).select(n) === "one"; }
    catch (e) { return n === 1; }
  }

  function create(online) {
    var up = online !== false, waiting = 0, listeners = [];
    var api = {
      get state() { return !up ? "offline" : waiting > 0 ? "sending" : "online"; },
      get waiting() { return waiting; },
      failed: function () { set(false, waiting); },
      succeeded: function () { set(true, waiting); },
      setWaiting: function (n) { set(up, Math.max(0, Math.floor(Number(n) || 0))); },
      on: function (listener) {
        listeners.push(listener);
        return function () { listeners = listeners.filter(function (l) { return l !== listener; }); };
      }
    };
    function set(nowUp, nowWaiting) {
      var before = api.state, count = waiting;
      up = nowUp;
      waiting = nowWaiting;
      if (api.state === before && waiting === count) { return; }
      listeners.slice().forEach(function (listener) {
        try { listener(api.state, waiting); } catch (e) { /* one module's mistake does not stop the others */ }
      });
    }
    return api;
  }

  /* What the indicator says: the state's word, and the waiting hands in full for screen readers.
     strings: {online, offline, sending, waiting_one, waiting_other} with {n} where the number goes. */
  function describe(state, waiting, strings) {
    var word = strings[state] || state;
    if (!waiting) { return { word: word, full: word, count: "" }; }
    var phrase = (isOne(waiting) ? strings.waiting_one : strings.waiting_other) || "{n}";
    return { word: word, full: word + " — " + phrase.replace("{n}", String(waiting)), count: String(waiting) };
  }

  var exported = { create: create, describe: describe };
  if (typeof module !== "undefined" && module.exports) { module.exports = exported; }
  if (typeof window === "undefined" || typeof document === "undefined") { return; }

  var connection = create(navigator.onLine);
  connection.create = create;
  connection.describe = describe;
  window.ScorekeeperConnection = connection;
  window.addEventListener("online", connection.succeeded);
  window.addEventListener("offline", connection.failed);

  var slot = document.querySelector("[data-connection]");
  if (!slot) { return; }
  var strings = {};
  try { strings = JSON.parse(slot.dataset.connectionStrings || "{}"); } catch (e) { strings = {}; }
  function draw(state, waiting) {
    var told = describe(state, waiting, strings);
    slot.className = "connection " + state;
    slot.title = told.full;
    slot.innerHTML = "";
    var word = document.createElement("span");
    word.textContent = told.word;
    word.setAttribute("aria-hidden", "true");
    slot.appendChild(word);
    if (told.count) {
      var count = document.createElement("span");
      count.className = "count";
      count.textContent = told.count;
      count.setAttribute("aria-hidden", "true");
      slot.appendChild(count);
    }
    var full = document.createElement("span");
    full.className = "visually-hidden";
    full.textContent = told.full;
    slot.appendChild(full);
  }
  draw(connection.state, connection.waiting);
  connection.on(draw);
})();

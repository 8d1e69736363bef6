/* "Play offline on this phone" (issue 22): where the server offers it (templates/_offline.html, only when it has
   fetched Pyodide) and the page is a secure context (https or localhost, where a service worker can keep the
   files), a button starts static/offline-worker.js, which downloads the scorer after the page is up and says how
   far it got. The choice is remembered on the phone (localStorage): the next page starts the worker by itself.

   Pages ask it through window.ScorekeeperOffline: `.ready` (true once it answers) and `.ask(kind, payload)`, a
   Promise of the answer the server's JSON route would give ({status, data}). checker.js asks it only when the
   server cannot be reached, and so does preview.js (told by a "scorekeeper-offline-ready" event on window when
   the scorer is ready). No rule is computed here (scorekeeper/rules/offline.py answers, in the page's language:
   the worker gets the server's words for it, issue 23). Node's test runner require()s it (tests/js/offline.test.js). */
(function (root, build) {
  "use strict";
  var offline = build();
  if (typeof module === "object" && module.exports) { module.exports = offline; return; }
  root.ScorekeeperOffline = offline;
  offline.setUp(root.document);
}(typeof globalThis === "object" ? globalThis : this, function () {
  "use strict";
  var KEY = "scorekeeper.offline";
  var pending = {}, nextId = 1, worker = null, strings = {};
  var api = {ready: false, loadMs: null, lastMs: null, strings: strings, lang: "en"};

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  /* The worker's answer as the page shows it, marked as answered on the phone. Its sentences are already in the
     page's language (the core said them with the server's phrasebook of that language, issue 23); an error with
     no reason at all is said with the page's own words. */
  function forPage(reply, words) {
    var data = reply.data || {};
    if (reply.status === 200) { return {status: 200, data: data, offline: true}; }
    var error = Object.assign({}, data.error || {});
    if (!error.message) { error.message = words.unreadable || ""; }
    return {status: reply.status || 400, data: {error: error}, offline: true};
  }

  function remembered() {
    try { return root().localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }
  function remember() {
    try { root().localStorage.setItem(KEY, "on"); } catch (e) { /* private mode: asked again next time */ }
  }
  function root() { return typeof window === "object" ? window : globalThis; }

  function ask(kind, payload) {
    if (!worker || !api.ready) { return Promise.reject(new Error("the offline scorer is not ready")); }
    var id = nextId++;
    return new Promise(function (resolve, reject) {
      pending[id] = {resolve: resolve, reject: reject};
      // the page's language twice: in the body, where the core reads the cards in its letters and card words
      // (rules/offline.py), and beside it, where the answer's sentences are said in its words (issue 23)
      var body = payload && typeof payload === "object" && !Array.isArray(payload)
        ? Object.assign({lang: api.lang.split("-")[0]}, payload) : payload;
      worker.postMessage({type: "ask", id: id, kind: kind, payload: JSON.stringify(body), lang: api.lang});
    });
  }

  function setUp(document) {
    var box = document && document.getElementById("offline-offer");
    var w = root();
    if (!box || !w.isSecureContext || !w.Worker || !w.WebAssembly || !w.Promise) { return; }
    var config;
    try { config = JSON.parse(box.getAttribute("data-offline")); } catch (e) { return; }
    Object.assign(strings, config.strings || {});
    // the language the server wrote the page in: the one its phrasebook (config.words) is of
    api.lang = config.lang || document.documentElement.lang || "en";
    var button = box.querySelector("button");
    var status = box.querySelector(".offline-status");
    var absolute = function (url) { return new URL(url, document.baseURI).href; };

    function say(text) { status.textContent = text; }

    function start() {
      if (worker) { return; }
      button.disabled = true;
      button.setAttribute("aria-pressed", "true");
      say(strings.downloading);
      worker = new w.Worker(absolute(config.worker));
      worker.onmessage = function (event) {
        var m = event.data || {};
        if (m.type === "ready") {
          api.ready = true;
          api.loadMs = m.ms;
          say(strings.ready);
          box.classList.add("is-ready");
          // the entry page's preview fetches the match's offline state now, while the Wi-Fi is there
          if (typeof w.CustomEvent === "function") { w.dispatchEvent(new w.CustomEvent("scorekeeper-offline-ready")); }
        } else if (m.type === "failed") {
          say(strings.failed);
          button.disabled = false;
          worker.terminate();
          worker = null;
        } else if (m.type === "answer" && pending[m.id]) {
          var waiting = pending[m.id];
          delete pending[m.id];
          if (m.error) { waiting.reject(new Error(m.error)); return; }
          api.lastMs = m.ms;
          waiting.resolve(forPage(JSON.parse(m.text), strings));
        }
      };
      worker.postMessage({type: "start", index: absolute(config.index), core: absolute(config.core),
                          lang: api.lang, words: config.words ? absolute(config.words) : null});
    }

    box.hidden = false;
    button.addEventListener("click", function () { remember(); start(); });
    if (remembered()) {
      // after the page is up: the scorer's megabytes never hold back the page the player is reading
      if (document.readyState === "complete") { start(); } else { w.addEventListener("load", start); }
    }
  }

  api.ask = ask;
  api.setUp = setUp;
  api.forPage = forPage;
  api.format = format;
  return api;
}));

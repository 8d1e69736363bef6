/* The offline scorer (issue 22, "Play offline on this phone"): a classic Web Worker that loads Pyodide from this
   server (/offline/pyodide/<version>/, fetched there by `python -m scorekeeper offline fetch`), unpacks the rules
   core (/offline/core-<hash>.zip: scorekeeper.rules and its tables, nothing of the web app) and answers the
   page's requests with scorekeeper/rules/offline.py, the same Python the server judges with. No rule is written
   here: this file only moves JSON text between the page and Python.

   Issue 23: the answers speak the page's language. For a page not in English the server names the phrasebook of
   its language (/offline/words-<lang>-<hash>.json: its words written down); it is fetched with the core and
   handed to Python once (offline.learn), and each request says its language.

   Messages in: {type: "start", index, core, lang, words (URL or null)} once, then
   {type: "ask", id, kind, payload (JSON text), lang}.
   Messages out: {type: "ready", ms}, {type: "failed", message}, {type: "answer", id, text, ms} or
   {type: "answer", id, error}. Served by web/offline.py with its own policy (WebAssembly may compile). */
"use strict";
var scorer = null;

function start(config) {
  var began = performance.now();
  scorer = (async function () {
    importScripts(config.index + "pyodide.js");
    var pyodide = await self.loadPyodide({indexURL: config.index});
    var response = await fetch(config.core);
    if (!response.ok) { throw new Error("core " + response.status); }
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", {extractDir: "/scorekeeper-core"});
    pyodide.runPython("import sys; sys.path.insert(0, '/scorekeeper-core')");
    var module = pyodide.pyimport("scorekeeper.rules.offline");
    if (config.words) {
      var book = await fetch(config.words);
      if (!book.ok) { throw new Error("words " + book.status); }
      module.learn(String(config.lang), await book.text());
    }
    // the tables load on the first check: done now, so the player's first check is as quick as the next
    module.answer("check", JSON.stringify({variant: "diszitett", cards: "K K K"}));
    return module;
  }());
  scorer.then(function () {
    self.postMessage({type: "ready", ms: Math.round(performance.now() - began)});
  }, function (error) {
    self.postMessage({type: "failed", message: String(error && error.message || error)});
  });
}

self.onmessage = function (event) {
  var message = event.data || {};
  if (message.type === "start" && !scorer) {
    start(message);
  } else if (message.type === "ask") {
    if (!scorer) { self.postMessage({type: "answer", id: message.id, error: "not started"}); return; }
    scorer.then(function (module) {
      var began = performance.now();
      var text = module.answer(String(message.kind), String(message.payload), String(message.lang || "en"));
      self.postMessage({type: "answer", id: message.id, text: text,
                        ms: Math.round((performance.now() - began) * 10) / 10});
    }).catch(function (error) {
      self.postMessage({type: "answer", id: message.id, error: String(error && error.message || error)});
    });
  }
};

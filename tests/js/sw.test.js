// static/sw.js's pure parts under Node's own test runner (`node --test tests/js/`): which pages a phone keeps, how a
// saved copy is marked and re-keyed, and which pages fall off the bounded cache. The worker itself runs in
// tests/browser/test_installable.py.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const SW = require("../../static/sw.js");
const { shown } = require("../../static/install.js");

test("the home page and a match's pages are kept; files, the API and other pages are not", () => {
  assert.equal(SW.groupOf("/"), "");
  assert.equal(SW.groupOf("/m/abc_DEF-1"), "abc_DEF-1");
  assert.equal(SW.groupOf("/v/abc/hands/new"), "abc");
  assert.equal(SW.groupOf("/m/abc/hands/3/edit"), "abc");
  assert.equal(SW.groupOf("/m/abc/rules"), "abc");
  assert.equal(SW.groupOf("/m/abc/sheet.pdf"), null);
  assert.equal(SW.groupOf("/api/matches/abc"), null);
  assert.equal(SW.groupOf("/checker"), null);
  assert.equal(SW.groupOf("/mx/abc"), null);
});

test("a saved copy says when it was saved and gets a new key in every key field, each time it is shown", () => {
  const page = '<!doctype html>\n<html lang="hu">\n<form><input type="hidden" name="save_key" value="old-1">' +
    '<input type="hidden" name="version" value="7"><input name="rematch_key" type="hidden" value="old-2"></form>';
  let n = 0;
  const key = () => `new-${++n}`;
  const first = SW.savedCopy(page, "2026-11-26T20:15:00.000Z", key);
  assert.match(first, /<html data-saved-at="2026-11-26T20:15:00.000Z" lang="hu">/);
  assert.match(first, /name="save_key" value="new-1"/);
  assert.match(first, /name="rematch_key" type="hidden" value="new-2"/);
  assert.match(first, /name="version" value="7"/);          // only the keys change
  assert.doesNotMatch(first, /old-/);
  const second = SW.savedCopy(page, "2026-11-26T20:15:00.000Z", key);
  assert.match(second, /name="save_key" value="new-3"/);
});

test("a saved-at value cannot break out of its attribute", () => {
  const marked = SW.savedCopy("<html>", '"><script>x</script>', () => "k");
  assert.equal(marked, '<html data-saved-at="scriptxscript">');
});

test("the cache keeps the last matches, and the last pages of each; the home page stays", () => {
  const urls = [];
  for (let i = 1; i <= 4; i++) { urls.push(`https://h/m/t${i}`, `https://h/m/t${i}/hands/new`); }
  urls.push("https://h/", "https://h/m/t1/rules");          // t1 opened again: now the newest
  const gone = SW.overflow(urls, 2, 8);
  assert.deepEqual(gone.sort(), ["https://h/m/t2", "https://h/m/t2/hands/new", "https://h/m/t3",
                                 "https://h/m/t3/hands/new"]);
  const many = Array.from({ length: 5 }, (_, i) => `https://h/m/t/hands/${i + 1}/edit`);
  assert.deepEqual(SW.overflow(many, 20, 3), ["https://h/m/t/hands/1/edit", "https://h/m/t/hands/2/edit"]);
});

test("a saved page's static files are found, so an older deployment's stay while the page does", () => {
  const html = '<link rel="stylesheet" href="/static/style.css?v=abc"><script src="/static/x.js?v=1&amp;y=2" defer>' +
    '</script><a href="/m/t">sheet</a>';
  assert.deepEqual(SW.referenced(html, "/static/"), ["/static/style.css?v=abc", "/static/x.js?v=1&y=2"]);
});

test("the banner's time is the hour and minute today, with the day before that", () => {
  const now = new Date(2026, 10, 26, 21, 0);
  assert.equal(shown(new Date(2026, 10, 26, 20, 15).toISOString(), "en-GB", now), "20:15");
  assert.match(shown(new Date(2026, 10, 24, 20, 15).toISOString(), "en-GB", now), /24 Nov.*20:15/);
  assert.equal(shown("not a time", "en", now), "");
});

test("the offline scorer's files are kept cache-first, and only those paths (issue 22)", () => {
  assert.ok(SW.scorerFile("/offline/pyodide/0.27.7/pyodide.asm.wasm"));
  assert.ok(SW.scorerFile("/offline/core-0123456789ab.zip"));
  assert.ok(SW.scorerFile("/offline/words-fr-0123456789ab.json"));     // a language's phrasebook (issue 23)
  assert.ok(!SW.scorerFile("/offline/words-fr.json"));
  assert.ok(!SW.scorerFile("/offline/worker.js"));            // not versioned: revalidated instead
  assert.ok(!SW.scorerFile("/offline/pyodide/0.27.7/../x"));
  assert.ok(!SW.scorerFile("/offline/core-XYZ.zip"));
  assert.ok(!SW.scorerFile("/m/t/offline/core-0123456789ab.zip"));
});

test("a match's offline state is told apart from its pages and from other JSON", () => {
  assert.ok(SW.offlineState("/m/abc_DEF-1/offline.json"));
  assert.equal(SW.offlineState("/v/abc/offline.json"), false);          // a read-only link previews nothing
  assert.equal(SW.offlineState("/m/abc/hands/offline.json"), false);
  assert.equal(SW.offlineState("/api/v1/matches/abc.json"), false);
  assert.equal(SW.groupOf("/m/abc/offline.json"), null);                // not kept as a page
});

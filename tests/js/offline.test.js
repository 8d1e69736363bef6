// static/offline.js under Node's own test runner: how the offline scorer's answer is shown on the page. The
// verdicts themselves come from the rules core (tests/core/test_offline_scorer.py); nothing here judges a meld.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const O = require("../../static/offline.js");
const WORDS = {unreadable: "Ezeket a lapokat nem sikerült beolvasni"};
const VERDICT = {legal: false, kind: "group", problems: [{code: "too_few_cards", message: "a meld needs 3 cards"}],
                 melds: [{legal: false, problems: [{code: "too_many_wilds", message: "too many wild cards"}]}]};

test("an English page shows the verdict as the core says it, marked as answered offline", () => {
  const shown = O.forPage({status: 200, data: VERDICT}, "en", WORDS);
  assert.equal(shown.offline, true);
  assert.deepEqual(shown.data, VERDICT);
});

test("a Hungarian page leaves out the core's English sentences, in the opening's melds too", () => {
  const shown = O.forPage({status: 200, data: VERDICT}, "hu", WORDS);
  assert.equal(shown.data.problems[0].message, "");
  assert.equal(shown.data.problems[0].code, "too_few_cards");          // the page's translated title stays
  assert.equal(shown.data.melds[0].problems[0].message, "");
  assert.equal(VERDICT.problems[0].message, "a meld needs 3 cards");   // the answer itself is not changed
});

test("unreadable cards: the core's reason on an English page, the page's own words on a Hungarian one", () => {
  const reply = {status: 400, data: {error: {message: "'X' is not a card", field: "cards"}}};
  assert.equal(O.forPage(reply, "en-GB", WORDS).data.error.message, "'X' is not a card");
  const hu = O.forPage(reply, "hu", WORDS);
  assert.equal(hu.status, 400);
  assert.equal(hu.data.error.message, WORDS.unreadable);
  assert.equal(hu.data.error.field, "cards");
});

test("asking before the scorer is ready is a rejected promise, not an exception", async () => {
  assert.equal(O.ready, false);
  await assert.rejects(O.ask("check", {cards: "K K K"}));
});

test("a preview's answer reaches a Hungarian page as the scorer gave it: numbers, no sentences to quiet", () => {
  const data = {ok: false, hand: 2, cells: [null], problems: 1, unreadable: 0, invalid: 0, columns: ["Anna"], sides: [[0]]};
  assert.deepEqual(O.forPage({status: 200, data}, "hu", {}, "preview"), {status: 200, data, offline: true});
});

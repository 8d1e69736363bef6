// static/offline.js under Node's own test runner: how the offline scorer's answer is shown on the page. The
// verdicts themselves come from the rules core (tests/core/test_offline_scorer.py); nothing here judges a meld.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

const O = require("../../static/offline.js");
const WORDS = {unreadable: "Ezeket a lapokat nem sikerült beolvasni"};
const VERDICT = {legal: false, kind: "group", problems: [{code: "too_few_cards", message: "a meld needs 3 cards"}],
                 melds: [{legal: false, problems: [{code: "too_many_wilds", message: "too many wild cards"}]}]};

test("the verdict is shown as the scorer said it (in the page's language already), marked as answered offline", () => {
  const shown = O.forPage({status: 200, data: VERDICT}, WORDS);
  assert.equal(shown.offline, true);
  assert.deepEqual(shown.data, VERDICT);
});

test("unreadable cards: the scorer's reason (said with the page's phrasebook), the page's own words if it gave none", () => {
  const reply = {status: 400, data: {error: {message: "« X » n'est pas une carte", field: "cards"}}};
  const shown = O.forPage(reply, WORDS);
  assert.equal(shown.status, 400);
  assert.equal(shown.data.error.message, "« X » n'est pas une carte");
  assert.equal(shown.data.error.field, "cards");
  assert.equal(O.forPage({status: 400, data: {error: {field: "cards"}}}, WORDS).data.error.message, WORDS.unreadable);
});

test("asking before the scorer is ready is a rejected promise, not an exception", async () => {
  assert.equal(O.ready, false);
  await assert.rejects(O.ask("check", {cards: "K K K"}));
});

test("a preview's answer reaches the page as the scorer gave it: numbers", () => {
  const data = {ok: false, hand: 2, cells: [null], problems: 1, unreadable: 0, invalid: 0, columns: ["Anna"], sides: [[0]]};
  assert.deepEqual(O.forPage({status: 200, data}, {}), {status: 200, data, offline: true});
});

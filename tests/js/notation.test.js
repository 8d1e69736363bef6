// static/notation.js under Node's own test runner: `node --test tests/js/` (no packages to install). The cases
// shared with the core come from tests/notation_cases.json, which tests/core/test_notation_cases.py reads too.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const N = require("../../static/notation.js");
const CASES = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "notation_cases.json"), "utf8"));

test("it is there for the page's scripts as well as for require()", () => {
  assert.equal(globalThis.ScorekeeperNotation, N);
});

test("the shared table: a card list splits into the tokens the server reads", () => {
  for (const c of CASES.texts) {
    assert.deepEqual(N.tokens(c.text), c.tokens, JSON.stringify(c.text));
    // an unreadable token the server names by position stands at that position here
    for (const [position, token] of c.unreadable || []) {
      assert.equal(N.tokens(c.text)[position - 1], token, JSON.stringify(c.text));
    }
    // the card count under a meld line is the number of cards the server reads
    if (c.cards !== undefined) {
      assert.equal(N.tokens(c.text).length, N.tokens(c.cards).length, JSON.stringify(c.text));
    }
  }
});

test("the shared table: a list of melds splits at lines and bars as the core's split_melds", () => {
  for (const c of CASES.melds) {
    assert.deepEqual(N.melds(c.text), c.melds, JSON.stringify(c.text));
  }
});

test("the shared table: the keypad groups a token by the core's rank and reads its suit", () => {
  const read = CASES.cards.filter((c) => c.browser);
  assert.ok(read.length > 10);
  for (const c of read) {
    assert.deepEqual({ rank: N.rankOf(c.token), suit: N.suitOf(c.token) }, c.browser, c.token);
  }
});

test("a spelling the keypad does not read groups by itself, upper-cased", () => {
  assert.equal(N.rankOf("t"), "T");
  assert.equal(N.rankOf("nz"), "NZ");
  assert.equal(N.rankOf("x"), "X");
});

test("the Swedish keypad's jack, Kn, groups as the jack it is, with or without a suit (issue 23)", () => {
  // on a Swedish page J alone is the joker (seed 004), so the jack key types Kn (rules/card_words.py)
  assert.equal(N.rankOf("Kn"), "J");
  assert.equal(N.rankOf("KN"), "J");
  assert.deepEqual({ rank: N.rankOf("Knh"), suit: N.suitOf("Knh") }, { rank: "J", suit: "h" });
  assert.equal(N.withSuit("Kn", "s"), "Kns");
});

test("tokens and melds take a missing field as nothing", () => {
  assert.deepEqual(N.tokens(undefined), []);
  assert.deepEqual(N.melds(null), []);
});

test("the checker's bar is a token of its own, however it is spaced", () => {
  assert.deepEqual(N.tokensWithBars("K K K|5 5 2"), ["K", "K", "K", "|", "5", "5", "2"]);
  assert.deepEqual(N.tokensWithBars(" K,K ||Q "), ["K", "K", "|", "|", "Q"]);
  assert.deepEqual(N.tokensWithBars(""), []);
});

test("melds are written one a line, which melds() reads back", () => {
  const list = [["J", "J", "J", "2"], ["5h", "6h", "7h"]];
  assert.equal(N.formatMelds(list), "J J J 2\n5h 6h 7h");
  assert.deepEqual(N.melds(N.formatMelds(list)).map(N.tokens), list);
  assert.equal(N.formatMelds([]), "");
});

test("a suit key changes the suit letter in any case, and never a red three's", () => {
  assert.equal(N.withSuit("K", "h"), "Kh");
  assert.equal(N.withSuit("Kh", "s"), "Ks");
  assert.equal(N.withSuit("KH", "s"), "Ks");
  assert.equal(N.withSuit("10", "d"), "10d");
  assert.equal(N.withSuit("3", "c"), "3c");
  assert.equal(N.withSuit("3h", "s"), "3h");
  assert.equal(N.withSuit("3D", "s"), "3D");
  // one letter is a rank (D: the Hungarian queen), never a suit alone
  assert.equal(N.withSuit("D", "h"), "Dh");
});

test("a token shows its key's face, or the rank's face with the suit's sign", () => {
  const faces = { K: "K", J: "B", "10": "10", "3": "3\u2660", "3h": "3\u2665" };
  assert.equal(N.face("K", faces), "K");
  assert.equal(N.face("J", faces), "B");
  assert.equal(N.face("Jh", faces), "B\u2665");
  assert.equal(N.face("10S", faces), "10\u2660");
  assert.equal(N.face("3h", faces), "3\u2665");
  assert.equal(N.face("3d", faces), "3d");            // not the black three's face with a diamond
  assert.equal(N.face("3h", {}), "3h");
  assert.equal(N.face("Qh", faces), "Qh");            // no key for Q on this keypad
  assert.equal(N.face("X", faces), "X");
});

test("a meld in few characters counts equal cards in a row", () => {
  const faces = { K: "K", "2": "2", JK: "JK" };
  assert.equal(N.compact(["K", "K", "K", "K", "K", "K", "K"], faces), "K\u00d77");
  assert.equal(N.compact(["K", "K", "2", "K"], faces), "K\u00d72 2 K");
  assert.equal(N.compact([], faces), "");
});

test("'to' fills a run up to a higher rank in the deck's order, in the first card's suit", () => {
  const order = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  assert.deepEqual(N.expandRun("5h", "J", order), ["5h", "6h", "7h", "8h", "9h", "10h", "Jh"]);
  assert.deepEqual(N.expandRun("10d", "A", order), ["10d", "Jd", "Qd", "Kd", "Ad"]);
  assert.deepEqual(N.expandRun("qS", "A", order), ["Qs", "Ks", "As"]);
  assert.equal(N.expandRun("Q", "A", order), null);           // no suit: no run
  assert.equal(N.expandRun("Kh", "5", order), null);          // not upwards
  assert.equal(N.expandRun("Kh", "K", order), null);
  assert.equal(N.expandRun("2h", "5", order), null);          // a wild deuce starts no run
  assert.equal(N.expandRun("", "5", order), null);
});

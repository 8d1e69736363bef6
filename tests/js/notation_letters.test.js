// static/notation.js reading the page's card letters (issue 23): the server renders the parser's table for the
// page's language (rules/cards.py spellings(), data-card-letters) and the keypad groups typed cards by it, so a
// Swedish "J" is grouped as the joker the server reads (seed 004). tests/card_letters.json holds the tables;
// tests/core/test_notation_help_letters.py keeps them equal to the parser's.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const N = require("../../static/notation.js");
const LETTERS = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "card_letters.json"), "utf8")).letters;

function reading(lang, fn) {
  N.useLetters(LETTERS[lang]);
  try { fn(); } finally { N.useLetters(null); }
}

test("a Swedish page's lone J is the joker, its jack Kn, and J with a suit the jack of that suit", () => {
  reading("sv", () => {
    assert.deepEqual(["J", "j", "JK", "JOKER", "*"].map(N.rankOf), ["JK", "JK", "JK", "JK", "JK"]);
    assert.deepEqual(["Kn", "KN", "Knh"].map(N.rankOf), ["J", "J", "J"]);
    assert.equal(N.rankOf("Jh"), "J");
    assert.deepEqual(["D", "E", "K", "Kd"].map(N.rankOf), ["Q", "A", "K", "K"]);
  });
});

test("every page's letters group as the parser reads them, whatever the language", () => {
  const expected = {
    en: { B: "J", D: "Q", "Á": "A", NZ: "JK", ZS: "2", T: "10", J: "J" },
    hu: { B: "J", D: "Q", "á": "A", NZ: "JK", KZ: "2", J: "J" },
    fr: { V: "J", D: "Q", R: "K", A: "A", J: "J" },
    sv: { Kn: "J", D: "Q", E: "A", J: "JK" },
  };
  for (const [lang, cases] of Object.entries(expected)) {
    reading(lang, () => {
      for (const [token, rank] of Object.entries(cases)) { assert.equal(N.rankOf(token), rank, `${lang} ${token}`); }
    });
  }
});

test("a red three stays apart, a suit sign reads as its letter, and no card groups by itself", () => {
  reading("sv", () => {
    assert.equal(N.rankOf("3h"), "3h");
    assert.equal(N.rankOf("3\u2665"), "3h");
    assert.equal(N.rankOf("3"), "3");
    assert.equal(N.rankOf("K\u2660"), "K");
    assert.equal(N.rankOf("x"), "X");
    assert.equal(N.rankOf("JKh"), "JKH");        // a joker has no suit: no card, as the server says
  });
});

test("on a Swedish page J J J shows as the joker's key and groups with JK; the jack shows as Kn", () => {
  // the keys a Swedish hand form renders: data-card -> face (scorekeeper/display/keypad.py, sv catalogue)
  const faces = { Kn: "Kn", Q: "D", K: "K", A: "E", 2: "2", JK: "J", "3h": "3\u2665", 3: "3\u2660" };
  reading("sv", () => {
    assert.equal(N.compact(["J", "J", "JK"], faces), "J\u00d73");
    assert.equal(N.compact(["Kn", "Kn", "Kn", "J"], faces), "Kn\u00d73 J");
    assert.equal(N.face("Jh", faces), "Kn\u2665");
    assert.equal(N.face("Q", faces), "D");
  });
});

test("without the page's letters the keypad's own spellings are read, as before", () => {
  N.useLetters(null);
  assert.equal(N.rankOf("J"), "J");
  assert.equal(N.rankOf("t"), "T");
});

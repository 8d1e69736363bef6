/* Card notation in the browser (issue 20): how the keypad, the hand form's meld lines, the meld checker and the
   Keltis rows split and spell what is typed. One copy, so a meld line counts the cards the server will read and
   the keypad edits the tokens the server will parse. Nothing here says whether a card or a meld is legal: that is
   the core's (scorekeeper/rules/cards.py), and tests/notation_cases.json holds the cases both must agree on.

   A plain script, not an ES module: the pages load it with `defer` before the scripts that use it (deferred
   scripts run in document order), the scripts find it as window.ScorekeeperNotation, and Node's test runner
   require()s it (tests/js). */
(function (root, build) {
  "use strict";
  var notation = build();
  root.ScorekeeperNotation = notation;
  if (typeof module === "object" && module.exports) { module.exports = notation; }
}(typeof globalThis === "object" ? globalThis : this, function () {
  "use strict";
  var TOKEN_GAP = /[\s,]+/;                 // cards.py _SPLIT
  var MELD_END = /[\n|]/;                   // cards.py _MELD_END
  // The keypad's own spellings, read where the page gives no letters of its own (useLetters below: a page that
  // does reads every spelling the core reads in its language, T, B, ZS, ♠… included).
  // "Kn" is the jack a Swedish page's keypad types (its "J" is the joker, seed 004; rules/card_words.py): grouped
  // as the jack it is.
  var KEYPAD_CARD = /^(10|[2-9]|JK|KN|[JQKA])([cdhs])?$/i;
  var SUITED = /^(.+?)([cdhs])$/i;
  var RED_THREE = /^3[hd]$/i;
  var SUIT_SIGNS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  // cards.py _SUIT_ALIASES: a suit after a rank, as a letter or a sign
  var SUIT_OF = { c: "c", d: "d", h: "h", s: "s", "\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s",
                  "\u2667": "c", "\u2662": "d", "\u2661": "h", "\u2664": "s" };

  /* The page's card letters (issue 23): each spelling the server reads on this page (upper case) and the notation
     it reads as, the parser's own table for the page's language (rules/cards.py spellings()), which the server
     renders as a data-card-letters attribute. No letter is decided here: on a Swedish page "J" alone is the joker
     (seed 004) because the page's table says so. null: the keypad's own spellings only (a page without the
     attribute, Node's tests of the shared table). */
  var letters = null;

  /* Read cards by `table` (spelling -> notation), or by the keypad's own spellings again (null). */
  function useLetters(table) {
    letters = table ? Object.keys(table).sort(function (a, b) { return b.length - a.length; })
      .map(function (s) { return { spelling: s.toUpperCase(), rank: table[s] }; }) : null;
  }

  /* A token as the page's letters read it, { rank, suit } in the notation, or null for no card: the first
     (longest) spelling it starts with decides, as cards.py _parse_token does; a joker has no suit, so a suited
     "J" read as the joker (sv) is the jack of that suit there too. */
  function readCard(token) {
    var upper = String(token || "").toUpperCase();
    for (var i = 0; i < letters.length; i++) {
      var e = letters[i];
      if (upper.indexOf(e.spelling) !== 0) { continue; }
      var rest = String(token).slice(e.spelling.length);
      if (!rest) { return { rank: e.rank, suit: null }; }
      var suit = rest.length === 1 ? SUIT_OF[rest.toLowerCase()] : undefined;
      if (!suit) { return null; }
      if (e.rank === "JK") { return e.spelling === "J" ? { rank: "J", suit: suit } : null; }
      return { rank: e.rank, suit: suit };
    }
    return null;
  }

  /* The tokens of a card list, readable or not, in the order the server counts positions. */
  function tokens(text) { return String(text || "").split(TOKEN_GAP).filter(Boolean); }

  /* The melds of a list of melds, one a line or "|" between them, each its text trimmed (cards.py split_melds). */
  function melds(text) {
    return String(text || "").split(MELD_END).map(function (m) { return m.trim(); }).filter(Boolean);
  }

  /* The meld checker's input, where its keypad types "|" as a key of its own: tokens with each bar one. */
  function tokensWithBars(text) { return tokens(String(text || "").replace(/\|/g, " | ")); }

  /* Melds as the hand form's textarea holds them: one a line, the cards of each spaced. */
  function formatMelds(list) {
    return list.map(function (m) { return m.join(" "); }).join("\n");
  }

  /* What a meld groups a card by: its rank upper-cased, a red three apart as "3h" (never a natural). A token in
     another spelling is returned upper-cased, so equal spellings still group together. */
  function rankOf(token) {
    if (RED_THREE.test(token)) { return "3h"; }
    if (letters) {
      var card = readCard(token);
      if (card && card.rank === "3" && (card.suit === "h" || card.suit === "d")) { return "3h"; }   // 3♥
      return card ? card.rank : String(token).toUpperCase();
    }
    var m = KEYPAD_CARD.exec(token);
    if (m && m[1].toUpperCase() === "KN") { return "J"; }
    return m ? m[1].toUpperCase() : String(token).toUpperCase();
  }

  /* A suited token as its rank part and lower-case suit letter, or null. Any case: the phone's keyboard writes
     "KH" in the melds field (autocapitalize), which the server reads as Kh. */
  function splitSuit(token) {
    var m = SUITED.exec(token || "");
    return m ? { rank: m[1], suit: m[2].toLowerCase() } : null;
  }
  function suitOf(token) { var s = splitSuit(token); return s ? s.suit : null; }

  /* The token with `suit` in place of its suit letter; a red three keeps its own, which is what makes it red. */
  function withSuit(token, suit) {
    if (RED_THREE.test(token)) { return token; }
    var s = splitSuit(token);
    return (s ? s.rank : token) + suit;
  }

  /* What a token shows: its key's face (`faces`: token -> what the key shows), or a rank's face and the suit's
     sign ("K♥"). A three is left as typed: its key faces (3♥, 3♠) already carry a suit. */
  function face(token, faces) {
    if (faces[token]) { return faces[token]; }
    if (letters) {          // the key of the card the page reads it as: a Swedish "J" shows as the joker's key
      var card = readCard(token), key = card && card.rank !== "3" ? keyOf(card.rank, faces) : null;
      return key ? faces[key] + (card.suit ? SUIT_SIGNS[card.suit] : "") : token;
    }
    var s = splitSuit(token);
    return s && faces[s.rank] && s.rank !== "3" ? faces[s.rank] + SUIT_SIGNS[s.suit] : token;
  }

  /* The key (of `faces`) that types `rank` with no suit, or null. */
  function keyOf(rank, faces) {
    var keys = Object.keys(faces);
    for (var i = 0; i < keys.length; i++) {
      var card = keys[i].charAt(0) === "~" ? null : readCard(keys[i]);
      if (card && card.rank === rank && !card.suit) { return keys[i]; }
    }
    return null;
  }

  /* A meld in few characters: equal cards in a row as one "K×7" (equal as shown: "J JK" on a Swedish page are
     two jokers, "J×2"). */
  function compact(list, faces) {
    var groups = [];
    list.forEach(function (t) {
      var shown = face(t, faces), last = groups[groups.length - 1];
      if (last && last.shown === shown) { last.n += 1; } else { groups.push({ shown: shown, n: 1 }); }
    });
    return groups.map(function (g) { return g.shown + (g.n > 1 ? "\u00d7" + g.n : ""); }).join(" ");
  }

  /* "5h to J": the run from a suited card up to a higher rank, in `order` (the deck's run order); null when
     there is none. */
  function expandRun(from, toRank, order) {
    var s = splitSuit(from);
    if (!s) { return null; }
    var i = order.indexOf(s.rank.toUpperCase()), j = order.indexOf(toRank);
    if (i < 0 || j <= i) { return null; }
    return order.slice(i, j + 1).map(function (r) { return r + s.suit; });
  }

  // The page's letters, rendered by the server on the form that reads cards (checker.html, entry.html). A
  // broken attribute leaves the keypad's own spellings rather than stop every script that needs this one.
  if (typeof document === "object" && document && document.querySelector) {
    var holder = document.querySelector("[data-card-letters]");
    try { useLetters(holder ? JSON.parse(holder.getAttribute("data-card-letters")) : null); }
    catch (e) { useLetters(null); }
  }

  return { tokens: tokens, melds: melds, tokensWithBars: tokensWithBars, formatMelds: formatMelds, rankOf: rankOf,
           suitOf: suitOf, withSuit: withSuit, face: face, compact: compact, expandRun: expandRun,
           useLetters: useLetters, SUIT_SIGNS: SUIT_SIGNS };
}));

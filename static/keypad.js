/* The card form's one keypad (issue 11 items 5 and 6): rank × count entry, suit sequences, and correcting a meld
   without the phone's keyboard. Progressive enhancement only: the melds textarea and the "cards in hand" input of
   each side stay the single source of truth (the server parses them, static/draft.js keeps them); every key
   rewrites those fields and fires "input", so the live checks, the drafts and the score preview follow.

   - The keypad types into the active side (entry.js's player bar, or a focused field, announces it with a
     "side:active" event on the form) and into its melds or its cards in hand (the target toggle).
   - A natural rank starts a meld as deck.start cards of it (the table's smallest group; 1 where sequences are
     allowed, so a run is built card by card), adds one to a meld of its rank, or, on a table of groups only, starts
     the next meld: no "Next meld" between groups. ×N sets how many of the rank tapped last the meld holds.
   - A wild card joins the meld being typed; one that is a rank of its own too (deck.also_rank: Italian 2s) starts
     a meld of deck.start of it when no meld is being typed.
   - "to" after a suited card fills the run up to the next rank tapped (5 ♥ to J → 5h 6h 7h 8h 9h 10h Jh).
   - A meld in the side's status list can be selected: the keys then edit it (or one card of it).
   - A side left with melds, nothing in hand and no going-out choice, while no other side went out, is presumed
     out ("Went out" pre-selected, marked, and undone when cards are typed into its hand). */
(function () {
  "use strict";
  var form = document.getElementById("hand-form");
  var pad = document.querySelector("[data-keypad]");
  if (!form || !pad) { return; }
  var deck = JSON.parse(pad.dataset.deck || "{}");
  var words = JSON.parse(pad.dataset.strings || "{}");
  var START = Math.max(1, deck.start || 3);
  var N = window.ScorekeeperNotation;
  var faces = {};
  Array.prototype.forEach.call(pad.querySelectorAll("[data-card]"), function (b) { faces[b.dataset.card] = b.textContent.trim(); });

  var state = { side: 0, target: "melds", last: null, to: false, meld: null, card: null, revealUntil: 0 };
  var editing = false;        // an input fired by the keypad itself, not by typing

  /* ---- cards (their notation: static/notation.js) ---- */
  var rankOf = N.rankOf, expandRun = N.expandRun, withSuit = N.withSuit, tokens = N.tokens;
  function isWild(rank) { return (deck.wilds || []).indexOf(rank) >= 0; }
  function isNatural(rank) { return rank === "3" || (deck.naturals || []).indexOf(rank) >= 0; }
  /* A wild card that is a rank of its own too (Italian 2s): wild in the meld typed, a meld of its own from none. */
  function isRankToo(rank) { return (deck.also_rank || []).indexOf(rank) >= 0; }
  function repeat(token, n) { var out = []; for (var i = 0; i < n; i++) { out.push(token); } return out; }
  function face(token) { return N.face(token, faces); }
  function compact(list) { return N.compact(list, faces); }
  /* The meld holds n cards of `rank` (at the place of the first one, or at the end). */
  function setCount(tokens, rank, n) {
    var at = -1, sample = null, out = [];
    tokens.forEach(function (t) {
      if (rankOf(t) === rankOf(rank)) { if (at < 0) { at = out.length; sample = t; } } else { out.push(t); }
    });
    if (at < 0) { at = out.length; sample = rank; }
    return out.slice(0, at).concat(repeat(sample, n), out.slice(at));
  }
  window.skKeypad = { compact: compact, expandRun: expandRun };

  /* ---- the fields of a side as a model ---- */
  function section(i) { return form.querySelector('section[data-side="' + i + '"]'); }
  function field(i, name) { var s = section(i); return s && s.querySelector('[data-keypad-field="' + name + '"]'); }
  function readMelds(f) {
    return { melds: N.melds(f.value).map(tokens).filter(function (m) { return m.length; }),
             open: /\n\s*$/.test(f.value) && !!f.value.trim() };
  }
  function writeMelds(f, model) {
    model.melds = model.melds.filter(function (m) { return m.length; });
    f.value = N.formatMelds(model.melds) + (model.open && model.melds.length ? "\n" : "");
  }
  function fire(f) {
    editing = true;
    f.dispatchEvent(new Event("input", { bubbles: true }));
    editing = false;
  }
  function current(model) { return model.open || !model.melds.length ? [] : model.melds[model.melds.length - 1]; }
  function setCurrent(model, list) {
    if (model.open || !model.melds.length) { model.melds.push(list); model.open = false; }
    else { model.melds[model.melds.length - 1] = list; }
  }
  function newMeld(model, list) { model.melds.push(list); model.open = false; }

  /* A rank key on the melds of the active side (nothing selected). */
  function rankIntoMelds(model, card) {
    var cur = current(model), rank = rankOf(card);
    if (state.to) {                          // "to": fill the run from the card typed last
      var run = expandRun(cur[cur.length - 1], rank, deck.runs || deck.naturals || []);
      state.to = false;
      if (run) { setCurrent(model, cur.slice(0, -1).concat(run)); }
      return;
    }
    if (!isNatural(rank)) {                 // a wild card joins the meld typed; a 2 on none starts a meld of 2s
      setCurrent(model, !cur.length && isRankToo(rank) ? repeat(card, START) : cur.concat([card]));
      return;
    }
    var naturals = cur.filter(function (t) { return isNatural(rankOf(t)); }).map(rankOf);
    var same = naturals.length && naturals.every(function (r) { return r === rank; });
    if (!cur.length) { setCurrent(model, repeat(card, START)); }
    else if (same) { setCurrent(model, cur.concat([card])); }
    else if (naturals.length && !deck.sequences) { newMeld(model, repeat(card, START)); }
    else if (!naturals.length && cur.length >= 3) { newMeld(model, repeat(card, START)); }   // after a wild meld
    else { setCurrent(model, cur.concat([card])); }
  }

  /* ---- one key ---- */
  function press(button) {
    var side = state.side, melds = field(side, "melds"), hand = field(side, "hand");
    if (!melds || !hand) { return; }
    var action = button.dataset.action, card = button.dataset.card, count = button.dataset.count;
    if (action === "type") { typeOnKeyboard(); return; }
    if (button.dataset.target) { choose(button.dataset.target); endSelection(); return; }
    if (action === "to") {        // only after a suited natural: a run needs its first card and suit
      var before = current(readMelds(melds)), from = before[before.length - 1] || "";
      state.to = !state.to && !!N.suitOf(from) && (deck.naturals || []).indexOf(rankOf(from)) >= 0;
      showTo();
      return;
    }
    var suit = card && card.charAt(0) === "~" ? card.slice(1) : null;
    if (card && !suit) { state.last = card; }
    var model = readMelds(melds);
    if (state.meld !== null && model.melds[state.meld]) {
      editSelected(model, action, card, suit, count);
      writeMelds(melds, model);
      fire(melds);
    } else if (state.target === "hand" && action !== "next") {
      var list = tokens(hand.value);
      if (action === "back") { list.pop(); }
      else if (suit) { if (list.length) { list[list.length - 1] = withSuit(list[list.length - 1], suit); } }
      else if (count) { if (state.last) { list = setCount(list, state.last, +count); } }
      else if (card) { list.push(card); }
      hand.value = list.join(" ");
      fire(hand);
    } else {
      if (action === "next") { choose("melds"); endSelection(); if (current(model).length) { model.open = true; } }
      else if (action === "back") {
        if (model.open) { model.open = false; }
        else if (model.melds.length) {
          current(model).pop();
          if (!current(model).length) { model.melds.pop(); model.open = model.melds.length > 0; }
        }
      } else if (suit) {
        var cur = current(model);
        if (cur.length) { cur[cur.length - 1] = withSuit(cur[cur.length - 1], suit); }
      } else if (count) { if (state.last) { setCurrent(model, setCount(current(model), state.last, +count)); } }
      else if (card) { rankIntoMelds(model, card); }
      writeMelds(melds, model);
      fire(melds);
    }
    if (action !== "to" && !suit) { state.to = false; }
    showTo();
    presumeOut(side);
    state.revealUntil = Date.now() + 3000;
    revealTyped();
  }

  /* What a key just changed stays in sight between the sticky player bar and the keypad: at 360 px the page head
     and a side's first fields fill the screen, and the meld being typed was hidden under the keys. */
  function reveal(el) {
    if (!el) { return; }
    var r = el.getBoundingClientRect(), bar = form.querySelector("[data-player-bar]");
    var top = bar ? bar.getBoundingClientRect().bottom + 8 : 8;
    var bottom = pad.closest(".save-bar").getBoundingClientRect().top - 8;
    if (r.bottom > bottom) { window.scrollBy(0, Math.min(r.bottom - bottom, r.top - top)); }
    else if (r.top < top) { window.scrollBy(0, r.top - top); }
  }
  // the side's live score and the meld verdicts arrive after the key: a taller heading or line pushes it back down
  if (window.ResizeObserver) {
    var grown = new ResizeObserver(function () { if (Date.now() < state.revealUntil) { revealTyped(); } });
    Array.prototype.forEach.call(form.querySelectorAll("section[data-side]"), function (s) { grown.observe(s); });
  }
  function revealTyped() {
    var s = section(state.side);
    if (!s) { return; }
    if (state.target === "hand" && state.meld === null) { reveal(field(state.side, "hand")); return; }
    var items = s.querySelectorAll(".meld-status > li");
    var chosen = state.meld !== null ? s.querySelector('.meld-status > li[data-meld="' + state.meld + '"]') || items[state.meld] : null;
    reveal(chosen || items[items.length - 1] || field(state.side, "melds"));
  }

  /* Keys on a selected meld: a rank adds to it (or replaces the selected card), ×N sets a count in it, ⌫ removes
     its last (or selected) card; "Next meld" ends the selection. */
  function editSelected(model, action, card, suit, count) {
    var meld = model.melds[state.meld];
    if (action === "next") { endSelection(); model.open = true; return; }
    if (action === "back") {
      meld.splice(state.card !== null ? state.card : meld.length - 1, 1);
      state.card = null;
      if (!meld.length) { model.melds.splice(state.meld, 1); endSelection(); }
      return;
    }
    var at = state.card !== null ? state.card : meld.length - 1;
    if (suit) { meld[at] = withSuit(meld[at], suit); }
    else if (count) { if (state.last) { model.melds[state.meld] = setCount(meld, state.last, +count); state.card = null; } }
    else if (card && state.card !== null) { meld[state.card] = card; }
    else if (card) { meld.push(card); }
  }

  /* ---- target, selection, "to" ---- */
  function choose(name) {
    state.target = name;
    Array.prototype.forEach.call(pad.querySelectorAll("[data-target]"), function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.target === name));
    });
  }
  function showTo() {
    var to = pad.querySelector('[data-action="to"]');
    if (to) { to.setAttribute("aria-pressed", String(state.to)); }
  }
  function redrawStatus(side) { var f = field(side, "melds"); if (f) { fire(f); } }
  function endSelection() {
    if (state.meld === null) { return; }
    state.meld = state.card = null;
    redrawStatus(state.side);
  }
  function select(side, index) {
    if (state.meld === index && state.side === side) { endSelection(); return; }
    if (side !== state.side) { activate(side); }
    state.meld = index;
    state.card = null;
    state.revealUntil = Date.now() + 3000;
    choose("melds");
    redrawStatus(side);
  }
  /* After entry.js drew a side's status list: the selected meld's cards as buttons, "Delete meld" and "Done". */
  form.addEventListener("melds:drawn", function (event) {
    var list = event.target, side = +list.closest("section[data-side]").dataset.side;
    var items = list.querySelectorAll(":scope > li");
    // a verdict arriving makes a line taller: what was just typed is brought back in sight, only just after a key
    if (side === state.side && Date.now() < state.revealUntil) { setTimeout(revealTyped, 0); }
    var edited = false;
    Array.prototype.forEach.call(items, function (li, i) {
      // the field's meld line the status is of: a line the server split into melds has a status per meld (issue 23)
      var index = li.dataset.meld !== undefined ? +li.dataset.meld : i;
      var on = side === state.side && index === state.meld;
      li.classList.toggle("selected", on);
      var pick = li.querySelector(".meld-pick");
      if (pick) { pick.setAttribute("aria-pressed", String(on)); }
      if (!on || edited) { return; }
      edited = true;              // the line's cards once, under its first status
      var meld = readMelds(field(side, "melds")).melds[index] || [];
      var box = document.createElement("div");
      box.className = "meld-edit";
      meld.forEach(function (t, j) {
        box.appendChild(button(face(t), "meld-card secondary", { card: j }, j === state.card));
      });
      box.appendChild(button(words.delete, "danger", { edit: "delete" }));
      box.appendChild(button(words.done, "secondary", { edit: "done" }));
      li.appendChild(box);
    });
  });
  function button(text, className, data, pressed) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = text;
    Object.keys(data).forEach(function (k) { b.dataset[k] = data[k]; });
    if (pressed !== undefined) { b.setAttribute("aria-pressed", String(pressed)); }
    return b;
  }
  form.addEventListener("click", function (event) {
    var b = event.target.closest("button");
    if (!b || !form.contains(b)) { return; }
    var sec = b.closest("section[data-side]");
    if (b.classList.contains("meld-pick") && sec) { select(+sec.dataset.side, +b.dataset.meld); }
    else if (b.dataset.edit === "done") { endSelection(); }
    else if (b.dataset.edit === "delete") {
      var f = field(state.side, "melds"), model = readMelds(f);
      model.melds.splice(state.meld, 1);
      state.meld = state.card = null;
      writeMelds(f, model);
      fire(f);
    } else if (b.classList.contains("meld-card")) {
      state.card = state.card === +b.dataset.card ? null : +b.dataset.card;
      redrawStatus(state.side);
    }
  });
  pad.addEventListener("click", function (event) {
    var b = event.target.closest("button");
    if (b) { press(b); }
  });

  /* ---- the active side ---- */
  function activate(side) {
    if (side === state.side) { return; }
    var left = state.side;
    endSelection();
    state.side = side;
    state.to = false;
    showTo();
    presumeOut(left, true);
  }
  form.addEventListener("side:active", function (event) {
    activate(event.detail.side);
    if (event.detail.jumped) { choose("melds"); }
  });
  form.addEventListener("focusin", function (event) {
    var name = event.target.dataset && event.target.dataset.keypadField;
    if (name) { choose(name); }
  });
  form.addEventListener("input", function (event) {      // typed by hand: line numbers may have moved
    if (!editing && event.target.dataset && event.target.dataset.keypadField && state.meld !== null) {
      state.meld = state.card = null;
    }
    var sec = event.target.closest && event.target.closest("section[data-side]");
    if (!editing && sec && event.target.dataset.keypadField === "hand") { presumeOut(+sec.dataset.side); }
  });

  /* ---- no phone keyboard while the keypad types; ⌨ brings it back for the field being typed into ---- */
  Array.prototype.forEach.call(form.querySelectorAll("[data-keypad-field]"), function (f) {
    f.setAttribute("inputmode", "none");
    f.addEventListener("blur", function () { f.setAttribute("inputmode", "none"); });
  });
  function typeOnKeyboard() {
    var f = field(state.side, state.target);
    if (!f) { return; }
    f.setAttribute("inputmode", "text");
    f.focus();
  }

  /* ---- who went out, presumed ---- */
  function outChoice(side) { var s = section(side); return s && s.querySelector(".out-choice"); }
  function chosenOut(side) {
    var box = outChoice(side), on = box && box.querySelector("input[type=radio]:checked");
    return on ? on.value : "none";
  }
  function setOut(side, value, presumed) {
    var box = outChoice(side), radio = box && box.querySelector('input[type=radio][value="' + value + '"]');
    if (!radio) { return; }
    radio.checked = true;
    box.classList.toggle("presumed", !!presumed);
    radio.dispatchEvent(new Event("change", { bubbles: true }));
  }
  /* Left behind (or the last side while every other one holds cards): melds, an empty hand and no choice yet
     means this side went out. Cards typed into its hand take the presumption back. */
  function presumeOut(side, leaving) {
    var box = outChoice(side), melds = field(side, "melds"), hand = field(side, "hand");
    if (!box || !melds || !hand) { return; }
    var presumed = box.classList.contains("presumed");
    if (presumed && hand.value.trim()) { setOut(side, "none", false); return; }
    if (presumed || chosenOut(side) !== "none" || hand.value.trim() || !melds.value.trim()) { return; }
    var others = Array.prototype.map.call(form.querySelectorAll("section[data-side]"), function (s) {
      return +s.dataset.side;
    }).filter(function (i) { return i !== side; });
    if (others.some(function (i) { return chosenOut(i) !== "none"; })) { return; }
    var othersHold = others.every(function (i) { var h = field(i, "hand"); return h && h.value.trim(); });
    if (leaving || othersHold) { setOut(side, "out", true); }
  }
  form.addEventListener("change", function (event) {      // the player's own choice: no longer presumed
    var box = event.target.closest && event.target.closest(".out-choice");
    if (!box || !event.isTrusted) { return; }
    box.classList.remove("presumed");
    var sec = box.closest("section[data-side]");
    if (event.target.value !== "none") {
      Array.prototype.forEach.call(form.querySelectorAll(".out-choice.presumed"), function (other) {
        var s = other.closest("section[data-side]");
        if (s !== sec) { setOut(+s.dataset.side, "none", false); }
      });
    }
  });
  // Every listener is bound: a tap on a key now lands in the field, and static/entry.css shows the keys from here
  // on (a key tapped before did nothing). bench/network_bench.py times the entry page until this marker (issue 22:
  // "until the keypad works").
  pad.setAttribute("data-keypad-ready", "");
})();

/* New match and hand entry: progressive enhancement only. Every page works without this file; with it:
   - selects marked data-autosubmit submit their (GET) form on change;
   - steppers get working − / + buttons;
   - the player bar jumps to a side and makes it the active one (the keypad, static/keypad.js, types into it);
   - each meld line shows its card count, and its verdict from POST /api/v1/check-meld when that answers (asked
     again by itself after a Wi-Fi blip, static/retry.js: before issue 22 one failure stopped the checks for the
     rest of the page; meanwhile a line says it is not checked yet); with the keypad it is a button that selects
     the meld for correcting;
   - the pile size only shows for a table clear, the double ending once the side went out. */
(function () {
  "use strict";
  /* Which form a count takes, by the page language's plural rule (issue 23: French "0 main", like "1 main"). */
  function isOne(n) {
    try { return new Intl.PluralRules(document.documentElement.lang || undefined).select(n) === "one"; }
    catch (e) { return n === 1; }
  }
  document.documentElement.classList.add("js");

  function each(selector, fn, root) {
    Array.prototype.forEach.call((root || document).querySelectorAll(selector), fn);
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /* ---- auto-submitting choosers (variant, table form, who played alone) ---- */
  each("select[data-autosubmit]", function (select) {
    select.addEventListener("change", function () {
      if (select.form.requestSubmit) { select.form.requestSubmit(); } else { select.form.submit(); }
    });
  });

  /* ---- steppers ---- */
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) { return; }
    var input = document.getElementById(button.dataset.for);
    if (!input) { return; }
    var value = parseInt(input.value, 10) || 0;
    var next = value + parseInt(button.dataset.step, 10);
    var min = input.min === "" ? 0 : parseInt(input.min, 10);
    if (next < min) { next = min; }
    if (input.max !== "" && next > parseInt(input.max, 10)) { next = parseInt(input.max, 10); }
    input.value = String(next);
    changed(input);
  });

  /* ---- the player bar: jump to a side, and say which side the keypad types into ---- */
  var handForm = document.getElementById("hand-form");
  var bar = handForm && handForm.querySelector("[data-player-bar]");
  if (bar) {
    var active = 0;
    var activate = function (i, jump) {
      var section = handForm.querySelector('section[data-side="' + i + '"]');
      if (!section) { return; }
      if (jump) {       // the section's heading just under the bar: the fields of that side, not the page top
        var top = section.getBoundingClientRect().top + window.pageYOffset - bar.offsetHeight - 6;
        window.scrollTo({ top: Math.max(0, top), behavior: "instant" });
      }
      if (i === active && !jump) { return; }
      active = i;
      each("[data-side-button]", function (b) { b.setAttribute("aria-pressed", String(+b.dataset.sideButton === i)); }, bar);
      each("section[data-side]", function (s) { s.classList.toggle("active", +s.dataset.side === i); }, handForm);
      handForm.dispatchEvent(new CustomEvent("side:active", { detail: { side: i, jumped: !!jump } }));
    };
    bar.addEventListener("click", function (event) {
      var b = event.target.closest("[data-side-button]");
      if (b) { activate(+b.dataset.sideButton, true); }
    });
    handForm.addEventListener("focusin", function (event) {
      var section = event.target.closest("section[data-side]");
      if (section) { activate(+section.dataset.side, false); }
    });
    each("section[data-side]", function (s) { s.classList.toggle("active", s.dataset.side === "0"); }, handForm);
  }

  /* ---- card counts and meld verdicts ---- */
  var form = document.getElementById("hand-form");
  if (form) {
    var N = window.ScorekeeperNotation;
    var checkUrl = form.dataset.checkUrl;
    var strings = JSON.parse(form.dataset.strings || "{}");
    var options = JSON.parse(form.dataset.options || "{}");
    var verdicts = {};          // meld text -> verdict: only answers, so a failed check is asked again
    var redraws = [];
    var sources = [];           // each status list's melds as they stand now: what a check (or its retry) asks
    var R = window.ScorekeeperRetry;

    function redrawAll() { redraws.forEach(function (redraw) { redraw(); }); }

    function count(text) { return N.tokens(text).length; }

    /* A side that went out may lay melds only going out allows (black threes): the check is asked so. */
    function key(text, out) { return (out ? "out:" : "") + text; }

    /* The melds shown without a verdict, read from the fields when sent: a retry never asks for a meld since
       corrected away. */
    function unanswered() {
      var wanted = {};
      sources.forEach(function (source) {
        var out = source.wentOut();
        N.melds(source.field.value).forEach(function (m) {
          if (m.trim() && !(key(m, out) in verdicts)) { wanted[key(m, out)] = { text: m, out: out }; }
        });
      });
      return Object.keys(wanted).map(function (k) { return wanted[k]; });
    }

    function checkOne(meld, signal) {
      var k = key(meld.text, meld.out);
      return R.fetch(checkUrl, {
        method: "POST", credentials: "same-origin", signal: signal,
        headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify({ variant: form.dataset.variant, cards: meld.text, options: options, going_out: meld.out })
      }).then(function (response) {
        // Too many at once or a server hiccup: asked again, never kept as the meld's verdict.
        if (response.status === 429 || response.status === 408 || response.status >= 500) {
          throw new Error("check " + response.status);
        }
        return response.json().catch(function () { return null; });
      }).then(function (data) {
        if (data && typeof data.legal === "boolean") { verdicts[k] = data; }
        else if (data && data.error && data.error.message) { verdicts[k] = { legal: false, problems: [{ message: data.error.message }] }; }
        // anything else (no API here): counts only until the meld changes
      });
    }

    var checking = checkUrl && R ? R.request({
      wait: true,               // the melds typed meanwhile are asked when this round ends
      send: function (_, signal) {
        var melds = unanswered();
        var failed = null;
        return Promise.all(melds.map(function (m) {
          return checkOne(m, signal).catch(function (error) { failed = failed || error; });
        })).then(function () {
          if (failed) { throw failed; }
        });
      },
      answer: redrawAll,
      failed: redrawAll
    }) : null;

    function askAll() {
      if (checking && unanswered().length) { checking.ask(null); }
    }

    /* Cards of the answer's notation with the faces of the page's keys (issue 23), each token read by the page's
       letters table (ScorekeeperNotation.face, as the meld buttons are): the answer says the notation. */
    var faces = {};
    each("[data-keypad] [data-card]", function (b) { faces[b.dataset.card] = b.textContent.trim(); });
    function saidCards(text) {
      return text.split(" ").map(function (t) { return t === "|" ? t : N.face(t, faces); }).join(" ");
    }

    /* The status of each meld of a line: one, or one per meld where the server split the line ("sept dames puis
       trois rois et un joker": a "then" word ends a meld, rules/cards.py split_melds; issue 23), each with its own
       verdict and cards, as two typed lines get. The answer is then an opening's: its melds in order, and what
       was understood of each apart by " | ". */
    function describe(text, wentOut) {
      var v = verdicts[key(text, wentOut)];
      var parts = v && v.melds && v.melds.length > 1 && typeof v.understood === "string" ? v.understood.split(" | ") : [];
      if (parts.length > 1 && parts.length === v.melds.length) {
        return v.melds.map(function (meld, j) { return status(meld, parts[j], ""); });
      }
      return [status(v, v && v.understood, text)];
    }

    /* One meld's status: its card count, what it was understood as when that is not what was typed, its verdict. */
    function status(v, understood, text) {
      // issue 23: a meld typed in words ("three kings") counts the cards it was understood as, and says them
      var read = v && typeof understood === "string" ? N.tokens(understood.replace(/\|/g, " ")) : null;
      var n = read ? read.length : count(text);
      var out = n + " " + (isOne(n) ? strings.card : strings.cards);
      // said in the letters of the page's keys (a French "quatre valets" is V V V V, not J J J J); not said when it
      // is what was typed, in either writing
      var said = read ? saidCards(understood) : "", typedAs = N.tokens(text).join(" ").toUpperCase();
      if (read && strings.understood && understood.toUpperCase() !== typedAs && said.toUpperCase() !== typedAs) {
        out += " · " + strings.understood.replace("{cards}", said);
      }
      var cards = read ? N.tokens(understood) : N.tokens(text);      // the cards read, once the server read them
      if (!v && checking && checking.failing) { return { text: out + " · " + strings.unchecked, state: "unchecked", cards: cards }; }
      if (!v) { return { text: out, state: "", cards: cards }; }
      if (v.legal) { return { text: out + " · " + (v.label || strings.legal) + " ✓", state: v.is_canasta ? "canasta" : "ok", cards: cards }; }
      var reason = v.problems && v.problems.length ? v.problems[0].message : "";
      return { text: out + " · ✗ " + reason, state: "bad", cards: cards };
    }

    var pickable = !!(window.skKeypad && document.querySelector("[data-keypad]"));
    each("[data-status-for]", function (list) {
      var field = document.getElementById(list.dataset.statusFor);
      var side = list.closest("section") || form;
      var timer = null;
      function wentOut() {
        var chosen = side.querySelector(".out-choice input[type=radio]:checked");
        return !!(chosen && chosen.value !== "none");
      }
      sources.push({ field: field, wentOut: wentOut });
      function redraw() {
        var melds = N.melds(field.value);
        list.textContent = "";
        melds.forEach(function (m, i) {
          describe(m, wentOut()).forEach(function (d) { list.appendChild(line(d, i)); });
        });
        list.dispatchEvent(new CustomEvent("melds:drawn", { bubbles: true }));
        return melds;
      }
      /* A status line of the field's meld line ``i`` (several for a line the server split: each picks line i). */
      function line(d, i) {
        var item = document.createElement("li");
        item.dataset.meld = String(i);
        if (d.state) { item.className = d.state; }
        if (pickable) {         // a button: tapping it selects the meld for correcting (keypad.js)
          var pick = document.createElement("button");
          pick.type = "button";
          pick.className = "meld-pick";
          pick.dataset.meld = String(i);
          pick.setAttribute("aria-pressed", "false");
          var cards = document.createElement("span");
          cards.className = "meld-cards";
          cards.textContent = window.skKeypad.compact(d.cards);
          pick.appendChild(cards);
          pick.appendChild(document.createTextNode(" · " + d.text));
          item.appendChild(pick);
        } else { item.textContent = d.text; }
        return item;
      }
      field.addEventListener("input", function () {
        redraw();
        clearTimeout(timer);
        timer = setTimeout(askAll, 250);
      });
      side.addEventListener("change", function (event) {
        if (event.target.closest(".out-choice")) { redraw(); askAll(); }
      });
      redraws.push(redraw);
      redraw();
      askAll();
    });

    /* ---- the double ending only for a side that went out (kept in sight while ticked: it is posted) ---- */
    each(".out-choice", function (box) {
      var double = box.querySelector("[data-double-out]");
      if (!double) { return; }
      var tick = double.querySelector("input[type=checkbox]");
      function sync() {
        var chosen = box.querySelector("input[type=radio]:checked");
        double.hidden = (!chosen || chosen.value === "none") && !tick.checked && !double.querySelector(".field-error");
      }
      box.addEventListener("change", sync);
      sync();
    });

    /* ---- pile size only for a table clear ---- */
    each(".out-choice", function (box) {
      var pile = box.querySelector("[data-pile]");
      if (!pile) { return; }
      function sync() {
        var chosen = box.querySelector("input[type=radio]:checked");
        pile.hidden = !(chosen && chosen.value === "table_clear") && !pile.querySelector(".field-error");
      }
      box.addEventListener("change", sync);
      sync();
    });
  }
})();

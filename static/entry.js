/* New match and hand entry: progressive enhancement only. Every page works without this file; with it:
   - selects marked data-autosubmit submit their (GET) form on change;
   - steppers get working − / + buttons;
   - the rank keypad types cards into the melds (or the cards left in hand) of its side;
   - each meld line shows its card count, and its verdict from POST /api/v1/check-meld when that answers;
   - the pile size only shows for a table clear. */
(function () {
  "use strict";
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

  /* ---- keypad ---- */
  function lastToken(text) {
    return text.replace(/\s+$/, "").replace(/\S+$/, "").replace(/[ \t]+$/, "");
  }

  function typeCard(field, card, isMelds) {
    if (card.charAt(0) === "~") {         // a suit key: the suit of the card typed last (no rank ends in c, d, h, s)
      if (/\S$/.test(field.value)) { field.value = field.value.replace(/[cdhs]?$/, card.slice(1)); }
      return;
    }
    if (!isMelds) {
      field.value = (field.value.trim() ? field.value.replace(/\s+$/, "") + " " : "") + card;
      return;
    }
    var lines = field.value.split("\n");
    var last = lines[lines.length - 1].replace(/\s+$/, "");
    lines[lines.length - 1] = (last ? last + " " : "") + card;
    field.value = lines.join("\n");
  }

  function nextMeld(field) {
    var lines = field.value.split("\n");
    if (lines[lines.length - 1].trim()) { field.value = field.value.replace(/\s+$/, "") + "\n"; }
  }

  function backspace(field, isMelds) {
    if (!isMelds) { field.value = lastToken(field.value); return; }
    var lines = field.value.split("\n");
    if (lines.length > 1 && !lines[lines.length - 1].trim()) { lines.pop(); }     // back to the previous meld
    else { lines[lines.length - 1] = lastToken(lines[lines.length - 1]); }
    field.value = lines.join("\n");
  }

  each("[data-keypad]", function (pad) {
    var fields = { melds: document.getElementById(pad.dataset.melds), hand: document.getElementById(pad.dataset.hand) };
    var target = "melds";
    function choose(name) {
      target = name;
      each("[data-target]", function (b) { b.setAttribute("aria-pressed", String(b.dataset.target === name)); }, pad);
    }
    fields.hand.addEventListener("focus", function () { choose("hand"); });
    fields.melds.addEventListener("focus", function () { choose("melds"); });
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) { return; }
      var field = fields[target];
      if (button.dataset.target) { choose(button.dataset.target); return; }
      if (button.dataset.card) { typeCard(field, button.dataset.card, target === "melds"); }
      else if (button.dataset.action === "next") {
        if (target === "hand") { choose("melds"); field = fields.melds; }
        nextMeld(field);
      } else if (button.dataset.action === "back") { backspace(field, target === "melds"); }
      changed(field);
    });
  });

  /* ---- card counts and meld verdicts ---- */
  var form = document.getElementById("hand-form");
  if (form) {
    var checkUrl = form.dataset.checkUrl;
    var strings = JSON.parse(form.dataset.strings || "{}");
    var options = JSON.parse(form.dataset.options || "{}");
    var verdicts = {};          // meld text -> verdict, or null while asked
    var redraws = [];

    function redrawAll() { redraws.forEach(function (redraw) { redraw(); }); }

    function count(text) {
      return text.split(/[\s,]+/).filter(Boolean).length;
    }

    /* A side that went out may lay melds only going out allows (black threes): the check is asked so. */
    function key(text, out) { return (out ? "out:" : "") + text; }

    function ask(text, out) {
      var k = key(text, out);
      if (!checkUrl || k in verdicts) { return; }
      verdicts[k] = null;
      fetch(checkUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify({ variant: form.dataset.variant, cards: text, options: options, going_out: !!out })
      }).then(function (response) {
        return response.json().catch(function () { return null; });
      }).then(function (data) {
        if (data && typeof data.legal === "boolean") { verdicts[k] = data; }
        else if (data && data.error && data.error.message) { verdicts[k] = { legal: false, problems: [{ message: data.error.message }] }; }
        else { delete verdicts[k]; }
        redrawAll();
      }).catch(function () {
        checkUrl = "";          // no API here: counts only, nothing breaks
      });
    }

    function describe(text, wentOut) {
      var n = count(text);
      var out = n + " " + (n === 1 ? strings.card : strings.cards);
      var v = verdicts[key(text, wentOut)];
      if (!v) { return { text: out, state: "" }; }
      if (v.legal) { return { text: out + " · " + (v.label || strings.legal) + " ✓", state: v.is_canasta ? "canasta" : "ok" }; }
      var reason = v.problems && v.problems.length ? v.problems[0].message : "";
      return { text: out + " · ✗ " + reason, state: "bad" };
    }

    each("[data-status-for]", function (list) {
      var field = document.getElementById(list.dataset.statusFor);
      var side = list.closest("section") || form;
      var timer = null;
      function wentOut() {
        var chosen = side.querySelector(".out-choice input[type=radio]:checked");
        return !!(chosen && chosen.value !== "none");
      }
      function askAll(melds) { var out = wentOut(); melds.forEach(function (m) { ask(m, out); }); }
      function redraw() {
        var melds = field.value.split(/[\n|]/).map(function (m) { return m.trim(); }).filter(Boolean);
        list.textContent = "";
        melds.forEach(function (m) {
          var item = document.createElement("li");
          var d = describe(m, wentOut());
          item.textContent = d.text;
          if (d.state) { item.className = d.state; }
          list.appendChild(item);
        });
        return melds;
      }
      field.addEventListener("input", function () {
        var melds = redraw();
        clearTimeout(timer);
        timer = setTimeout(function () { askAll(melds); }, 250);
      });
      side.addEventListener("change", function (event) {
        if (event.target.closest(".out-choice")) { askAll(redraw()); }
      });
      redraws.push(redraw);
      askAll(redraw());
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

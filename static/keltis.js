/* Keltis game entry (issue 5): progressive enhancement only. The form works with its text fields alone; with
   this file (after entry.js, which marks the page as scripted):
   - each player's keypad types cards into the row chosen with its colour button (or the row field last focused);
   - G turns the next value into a grey point card laid on the row (G5); the grey row takes plain values;
   - every row shows its length and points, the stones their points and each player the game score, added up
     from the rules table the page carries (data-keltis: points by row length, the K1/K2 switches). Whether a
     row is legal is the rules core's call, on save; nothing here decides it. */
(function () {
  "use strict";
  /* Which form a count takes, by the page language's plural rule (issue 23: French "0 main", like "1 main"). */
  function isOne(n) {
    try { return new Intl.PluralRules(document.documentElement.lang || undefined).select(n) === "one"; }
    catch (e) { return n === 1; }
  }
  var form = document.getElementById("hand-form");
  if (!form || !form.dataset.keltis) { return; }
  var table = JSON.parse(form.dataset.keltis);
  var words = JSON.parse(form.dataset.keltisStrings || "{}");
  var strings = JSON.parse(form.dataset.strings || "{}");

  function each(selector, fn, root) {
    Array.prototype.forEach.call((root || document).querySelectorAll(selector), fn);
  }

  function tokens(text) {
    return window.ScorekeeperNotation.tokens(text).map(function (t) { return t.toUpperCase(); });
  }

  function lookup(list, n) { return list[Math.min(n, list.length - 1)]; }

  /* Points grouped as the page's language writes them (issue 23: 10,000 / 10 000), as the server's
     scorekeeper/display/numbers.py does: the page's <html lang> and CLDR's separators; the sign written apart. */
  var grouping = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 0 });
  function digits(n) { return grouping.format(Math.abs(n)); }
  function signed(n) { return n < 0 ? "\u2212" + digits(n) : n > 0 ? "+" + digits(n) : "0"; }

  /* Length (K1: which cards count) and points (by length; K2: a grey card on a row may add its point). */
  function colourRow(text) {
    var length = 0, greys = 0, bad = false, all = tokens(text);
    all.forEach(function (t) {
      if (/^\d{1,2}$/.test(t)) { length += 1; }
      else if (/^G\d{1,2}$/.test(t)) { greys += 1; if (table.count_grey) { length += 1; } }
      else if (t === "X") { if (table.count_closing) { length += 1; } }
      else { bad = true; }
    });
    if (!all.length) { return { length: 0, points: 0, bad: bad }; }
    var points = lookup(table.row_points, length) + (table.grey_on_row_point ? greys * table.grey_card : 0);
    return { length: length, points: points, bad: bad };
  }

  function greyRow(text) {
    var all = tokens(text);
    var bad = all.some(function (t) { return !/^G?\d{1,2}$/.test(t); });
    return { length: all.length, points: all.length * table.grey_card, bad: bad };
  }

  function show(output, score) {
    output.textContent = "";
    if (score.bad) { output.textContent = words.unreadable; output.className = "row-score bad"; return; }
    output.className = "row-score";
    if (!score.length) { return; }
    var points = document.createElement("b");
    points.textContent = signed(score.points);
    var length = document.createElement("small");
    length.textContent = score.length + " " + (isOne(score.length) ? strings.card : strings.cards);
    output.appendChild(points);
    output.appendChild(length);
  }

  each("section.side", function (side) {
    var pad = side.querySelector("[data-kpad]");
    var fields = side.querySelectorAll("input[data-row]");
    var greyKey = pad.querySelector("[data-grey]");
    var target = fields[0];
    var greyNext = false;

    function setGrey(on) {
      greyNext = on;
      greyKey.setAttribute("aria-pressed", String(on));
    }

    function choose(field) {
      target = field;
      each("[data-pick]", function (b) {
        var on = b.dataset.pick === field.id;
        b.setAttribute("aria-pressed", String(on));
        b.parentNode.classList.toggle("chosen", on);
      }, side);
      var onGreyRow = field.dataset.row === "grey";
      each("[data-value='X'], [data-grey]", function (b) { b.disabled = onGreyRow; }, pad);
      if (onGreyRow) { setGrey(false); }
    }

    function redraw() {
      var total = 0;
      Array.prototype.forEach.call(fields, function (field) {
        var score = field.dataset.row === "grey" ? greyRow(field.value) : colourRow(field.value);
        show(side.querySelector("[data-score-for='" + field.id + "']"), score);
        total += score.points;
      });
      var held = side.querySelectorAll("input[data-stone]:checked").length;
      var stones = lookup(table.stone_points, held);
      side.querySelector("[data-stones-score]").textContent = signed(stones);
      side.querySelector("[data-player-score]").textContent = words.score.replace("{points}", signed(total + stones).replace(/^\+/, ""));
    }

    function type(card) {
      target.value = (target.value.trim() ? target.value.replace(/\s+$/, "") + " " : "") + card;
    }

    Array.prototype.forEach.call(fields, function (field) {
      field.addEventListener("focus", function () { choose(field); });
    });
    side.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !side.contains(button)) { return; }
      if (button.dataset.pick) { choose(document.getElementById(button.dataset.pick)); return; }
      if (button.hasAttribute("data-grey")) { setGrey(!greyNext); return; }
      if (button.dataset.value) {
        var grey = greyNext && button.dataset.value !== "X";
        type((grey ? "G" : "") + button.dataset.value);
        setGrey(false);
      } else if (button.dataset.action === "back") {
        target.value = target.value.replace(/\s+$/, "").replace(/\S+$/, "").replace(/\s+$/, "");
      } else { return; }
      target.dispatchEvent(new Event("input", { bubbles: true }));
    });
    side.addEventListener("input", redraw);
    side.addEventListener("change", redraw);
    choose(target);
    redraw();
  });
})();

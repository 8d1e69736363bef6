/* Meld checker, live as you tap: the card buttons edit the cards input, every change asks
   POST /api/v1/check-meld (a match's checker: /api/v1/matches/<token>/check-meld, the form's data-api, with no
   variant) and the verdict region is redrawn. Without this script the form posts to /checker
   and the server draws the same verdict. No inline script (CSP); strings come translated in data-strings.
   A Wi-Fi blip (issue 22): the request is asked again by itself (static/retry.js) with the cards as they stand
   then, and meanwhile the verdict shown is dimmed and marked "not updated". Before, a failed request turned the
   Check button into a plain form post, which offline shows the browser's error page. */
(function () {
  "use strict";
  var form = document.getElementById("checker");
  if (!form || !window.fetch || !window.JSON || !window.ScorekeeperRetry) { return; }
  var strings = JSON.parse(form.getAttribute("data-strings") || "{}");
  var api = form.getAttribute("data-api");
  var cards = form.elements.cards;
  var variant = form.elements.variant;
  var minimum = form.elements.opening_minimum;
  var goingOut = form.elements.going_out;
  var result = document.getElementById("verdict");
  var cardsError = document.getElementById("cards-error");
  var keypad = form.querySelector("[data-keypad]");
  var timer = null, apiBroken = false;

  /* Points grouped as the page's language writes them (issue 23: 10,000 / 10 000), as the server's
     scorekeeper/display/numbers.py does: the page's <html lang> and CLDR's separators; the sign written apart. */
  var grouping = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 0 });
  function digits(n) { return grouping.format(Math.abs(n)); }
  function number(n) { return typeof n === "number" ? (n < 0 ? "\u2212" : "") + digits(n) : n; }   // as the server writes it (−20)
  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  /* What was understood, in the letters of the page's keys (issue 23: "Compris comme R R R JK" beside keys R D V,
     not the notation's K K K JK): the answer's notation (the API's and the phone's offline checker's alike) written
     with the faces of the keys the server rendered, each token read by the page's letters table
     (ScorekeeperNotation.face, as the hand form's meld buttons are); no card is decided here. */
  var faces = {};
  Array.prototype.forEach.call(keypad.querySelectorAll("[data-card]"), function (b) {
    if (b.getAttribute("data-card") !== "|") { faces[b.getAttribute("data-card")] = b.textContent.trim(); }
  });
  function said(v) {
    return v.understood.split(" ").map(function (t) { return t === "|" ? t : window.ScorekeeperNotation.face(t, faces); }).join(" ");
  }

  function label(v) {
    /* whole labels per rank and suit, as the server's kind_label (issue 23: French "groupe d'as") */
    if (v.kind === "group" && strings.groups && strings.groups[v.rank]) { return strings.groups[v.rank]; }
    if (v.kind === "sequence" && strings.sequences && strings.sequences[v.suit]) { return strings.sequences[v.suit]; }
    return (strings.kinds && strings.kinds[v.kind]) || v.label || v.kind || "";
  }

  /* Tokens of the cards input; the "|" between melds is a token of its own. */
  function tokens() { return window.ScorekeeperNotation.tokensWithBars(cards.value); }

  function setTokens(list) {
    cards.value = list.join(" ");
    schedule(120);                    // a burst of taps sends one request
  }

  function showVariantOptions() {
    if (!variant) { return; }         // a match's checker: its rules are the match's, nothing to choose
    var sets = form.querySelectorAll("fieldset[data-variant]");
    for (var i = 0; i < sets.length; i++) {
      sets[i].hidden = sets[i].getAttribute("data-variant") !== variant.value;
    }
  }

  function chosenOptions() {
    var set = form.querySelector('fieldset[data-variant="' + variant.value + '"]');
    var options = {};
    if (set) {
      var selects = set.querySelectorAll("select[data-option]");
      for (var i = 0; i < selects.length; i++) { options[selects[i].getAttribute("data-option")] = selects[i].value; }
    }
    return options;
  }

  function showError(message) {
    cardsError.textContent = message || "";
    if (message) { cards.setAttribute("aria-invalid", "true"); } else { cards.removeAttribute("aria-invalid"); }
  }

  function figures(v, showOpening, min) {
    var dl = el("dl", "figures");
    function row(name, value) {
      var div = el("div");
      div.appendChild(el("dt", null, name));
      div.appendChild(el("dd", null, value));
      dl.appendChild(div);
    }
    row(strings.card_value, number(v.card_value));
    if (v.is_canasta) { row(strings.bonus, number(v.bonus)); }
    if (showOpening) {
      row(strings.opening_value, number(v.opening_value) + (min !== null ? " (" + format(strings.minimum, {n: number(min)}) + ")" : ""));
    }
    return dl;
  }

  /* The reason right under the verdict, above the figures: on a phone it stays above the fold. */
  function problemList(v) {
    var problems = el("ul", "problems");
    v.problems.forEach(function (p) {
      var item = el("li");
      item.setAttribute("data-code", p.code);
      var title = strings.titles && strings.titles[p.code];
      if (title) {
        item.appendChild(el("strong", null, title + (strings.colon || ":")));
        item.appendChild(document.createTextNode(" "));
      }
      item.appendChild(el("span", null, p.message));     // the API says it in the page's language
      if (p.cards && p.cards.length) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", "cards", p.cards.join(" ")));
      }
      problems.appendChild(item);
    });
    return problems;
  }

  function render(v, min) {
    var box = el("div", "verdict-box " + (v.legal ? "legal" : "illegal"));
    var hasProblems = v.problems && v.problems.length;
    box.appendChild(el("p", "verdict-word", v.legal ? strings.legal : strings.illegal));
    if (v.melds && v.melds.length) {
      var total = el("p", "verdict-opening", strings.opening_value + (strings.colon || ":") + " ");
      total.appendChild(el("strong", null, number(v.opening_value)));
      if (min !== null) { total.appendChild(document.createTextNode(" (" + format(strings.minimum, {n: number(min)}) + ")")); }
      box.appendChild(total);
      if (hasProblems) { box.appendChild(problemList(v)); }
      var list = el("ol", "melds");
      v.melds.forEach(function (m) {
        var item = el("li");
        var head = el("p", "verdict-kind");
        head.appendChild(el("span", "cards", m.cards));
        head.appendChild(document.createTextNode(" — " + label(m) + " "));
        head.appendChild(el("span", m.legal ? "ok" : "bad", m.legal ? strings.legal : strings.illegal));
        item.appendChild(head);
        item.appendChild(figures(m, true, null));
        list.appendChild(item);
      });
      box.appendChild(list);
    } else {
      box.appendChild(el("p", "verdict-kind", label(v)));
      if (hasProblems) { box.appendChild(problemList(v)); }
      box.appendChild(figures(v, min !== null, min));
    }
    // issue 23: what the cards were read as, in the page's notation (a dictated meld is seen as its cards); last,
    // so the verdict's reason stays right under it
    if (v.understood && strings.understood) { box.appendChild(el("p", "verdict-understood", strings.understood.replace("{cards}", said(v)))); }
    result.replaceChildren ? result.replaceChildren(box) : (result.textContent = "", result.appendChild(box));
  }

  function clearResult() {
    result.textContent = "";
    result.classList.remove("verdict-not-updated");
  }

  /* No answer: what is shown is dimmed and said to be old; with nothing shown, the mark alone. */
  function markNotUpdated() {
    if (result.querySelector(".not-updated")) { return; }
    result.classList.add("verdict-not-updated");
    var note = el("p", "not-updated", strings.not_updated);
    note.setAttribute("role", "status");
    result.insertBefore(note, result.firstChild);
  }

  /* Issue 22: the server cannot be reached; a phone that chose "Play offline on this phone" (static/offline.js)
     judges the meld itself, with the server's own Python, and says so under the verdict. Without it the request
     fails as before and is asked again by itself (static/retry.js). */
  function checkOnPhone(body, error) {
    var offline = window.ScorekeeperOffline;
    if (!offline || !offline.ready || (error && error.name === "AbortError")) { throw error; }
    return offline.ask("check", body).then(function (answer) {
      return {status: answer.status, data: answer.data, here: true};
    });
  }

  var asking = window.ScorekeeperRetry.request({
    send: function (input, signal) {
      return window.ScorekeeperRetry.fetch(api, {
        method: "POST", credentials: "same-origin", body: JSON.stringify(input.body),
        headers: {"Content-Type": "application/json", "Accept": "application/json"}, signal: signal
      }).then(function (response) {
        // Too many at once or a server hiccup: asked again, like a lost connection.
        if (response.status === 429 || response.status === 408 || response.status >= 500) {
          throw new Error("check-meld " + response.status);
        }
        return response.json().then(function (data) { return {status: response.status, data: data}; },
                                    function () { return {status: response.status, data: null}; });
      }).catch(function (error) { return checkOnPhone(input.body, error); });
    },
    answer: function (answer, input) {
      if (answer.status === 200 && answer.data) {
        showError("");
        clearResult();
        render(answer.data, input.min);
        if (answer.here) { result.firstChild.appendChild(el("p", "checked-here", window.ScorekeeperOffline.strings.checked_here)); }
      } else if (answer.status === 400 && answer.data && answer.data.error) {
        showError(answer.data.error.message);
        clearResult();
      } else {              // the server answers, but not as the API does: the form goes to the server
        apiBroken = true;
        showError(strings.failed);
      }
    },
    failed: markNotUpdated
  });

  function check() {
    clearTimeout(timer);
    var text = cards.value.trim();
    if (!text.replace(/\|/g, "").trim()) { asking.cancel(); showError(""); clearResult(); return; }
    var body = {cards: text};
    if (variant) { body.variant = variant.value; body.options = chosenOptions(); }
    var min = null;
    if (minimum.value.trim() !== "") {
      min = Number(minimum.value);
      if (!Number.isInteger(min) || min < 0) { asking.cancel(); return; }   // the server explains it when the form is sent
      body.opening_minimum = min;
    }
    if (goingOut.checked) { body.going_out = true; }
    asking.ask({body: body, min: min});
  }

  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  }

  keypad.hidden = false;
  keypad.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) { return; }
    var list = tokens();
    var card = button.getAttribute("data-card");
    var action = button.getAttribute("data-action");
    if (card) {
      if (card === "|" && (!list.length || list[list.length - 1] === "|")) { return; }
      list.push(card);
    } else if (action === "back") {
      list.pop();
    } else if (action === "clear") {
      list = [];
    }
    setTokens(list);
  });

  form.addEventListener("input", function (event) {
    if (event.target === cards || event.target === minimum) { schedule(350); }
  });
  form.addEventListener("change", function (event) {
    if (variant && event.target === variant) { showVariantOptions(); }
    if (event.target !== cards && event.target !== minimum) { schedule(0); }
  });
  form.addEventListener("submit", function (event) {
    if (apiBroken) { return; }        // let the form go to the server, which answers with the whole page
    event.preventDefault();
    check();
  });

  showVariantOptions();
}());

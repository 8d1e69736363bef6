/* Summary entry: the card points a side's counts per value group add up to, shown next to the counts as they
   change (each count input carries its group's value in data-value). Only a preview: the server adds them up
   again when the hand is saved, so without scripting nothing is lost. */
(function () {
  "use strict";
  /* Points grouped as the page's language writes them (issue 23: 10,000 / 10 000), as the server's
     scorekeeper/display/numbers.py does: the page's <html lang> and CLDR's separators; the sign written apart. */
  var grouping = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 0 });
  function digits(n) { return grouping.format(Math.abs(n)); }
  function total(fieldset) {
    var sum = 0;
    fieldset.querySelectorAll("input[data-value]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) { sum += n * parseInt(input.dataset.value, 10); }
    });
    var out = fieldset.querySelector("output[data-counts-total]");
    if (out) { out.textContent = digits(sum); }
  }
  function refresh() { document.querySelectorAll("fieldset[data-counts]").forEach(total); }
  document.addEventListener("input", function (event) {
    var fieldset = event.target.closest && event.target.closest("fieldset[data-counts]");
    if (fieldset) { total(fieldset); }
  });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", refresh); }
  else { refresh(); }
  window.addEventListener("pageshow", refresh);     // a draft restored or the back/forward cache
})();

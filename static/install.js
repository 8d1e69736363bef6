/* The installable app's page side (issue 22): registers the service worker (/sw.js) where the browser has one,
   that is in a secure context (https, localhost; not http://192.168.x.y, where nothing changes), and marks a page
   the worker answered from its saved copy (<html data-saved-at>) with a banner saying how old it is. The banner's
   words come from the page (<meta name="saved-copy-words">, "{time}" in them), as every string a script shows. */
(function () {
  "use strict";

  /** "HH:MM" of an ISO time in the phone's zone, with the day in front when it was not today. */
  function shown(iso, lang, now) {
    var when = new Date(iso);
    if (isNaN(when.getTime())) { return ""; }
    var today = when.toDateString() === (now || new Date()).toDateString();
    var options = today ? { hour: "2-digit", minute: "2-digit" }
                        : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" };
    try { return new Intl.DateTimeFormat(lang || undefined, options).format(when); } catch (e) {
      return when.toISOString().slice(11, 16);
    }
  }

  if (typeof module !== "undefined" && module.exports) { module.exports = { shown: shown }; return; }
  var root = document.documentElement;

  var savedAt = root.getAttribute("data-saved-at");
  var words = document.querySelector('meta[name="saved-copy-words"]');
  if (savedAt && words) {
    var banner = document.createElement("p");
    banner.className = "flash saved-copy";
    banner.setAttribute("role", "status");
    // the phone's own form of the page's language (en-GB: 20:15, en-US: 8:15 PM)
    var phone = navigator.language || "";
    var lang = phone.split("-")[0] === root.lang ? phone : root.lang;
    banner.textContent = words.getAttribute("content").replace("{time}", shown(savedAt, lang));
    var main = document.querySelector("main") || document.body;
    main.insertBefore(banner, main.firstChild);
  }

  if (!window.isSecureContext || !("serviceWorker" in navigator)) { return; }
  var workers = navigator.serviceWorker;
  var worker = document.querySelector('meta[name="service-worker"]');
  if (!worker) { return; }
  function register() {
    workers.register(worker.getAttribute("content")).catch(function () { /* no app: the site works as before */ });
  }
  // after the page's own files: the worker's first install downloads the whole shell, which must not compete
  // with them on bad Wi-Fi
  if (document.readyState === "complete") { register(); } else { window.addEventListener("load", register); }
  if (!savedAt) {
    // the worker keeps the pages it answers; this one may have come before it (the first visit), so it is asked
    // to keep it too (it decides which pages it keeps, and skips one it has just kept)
    workers.ready.then(function (registration) {
      if (registration.active) { registration.active.postMessage({ keep: location.href }); }
    });
  }
}());

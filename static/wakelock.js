/* Keeps the phone's screen on while a hand is entered (issue 22): a phone laid on the table between two melds
   must not lock itself and hide the form. Only where the Wake Lock API exists (secure contexts); silent elsewhere
   and when the browser refuses (battery saver). The browser lets a lock go when the page is hidden: it is taken
   again when the page is visible, and let go when the page is left. */
(function () {
  "use strict";
  if (!("wakeLock" in navigator) || !document.getElementById("hand-form")) { return; }
  var lock = null, asking = false;

  function take() {
    if (lock || asking || document.visibilityState !== "visible") { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      sentinel.addEventListener("release", function () { if (lock === sentinel) { lock = null; } });
    }, function () { asking = false; });
  }

  function letGo() {
    if (!lock) { return; }
    var held = lock;
    lock = null;
    held.release().catch(function () {});
  }

  document.addEventListener("visibilitychange", take);
  window.addEventListener("pageshow", take);         // back from the back/forward cache
  window.addEventListener("pagehide", letGo);
  take();
}());

// The share box's Copy and Share buttons (templates/_share.html). Without scripting they stay hidden and the
// links are selectable text. The Clipboard and Web Share APIs exist only on https pages and localhost; a table
// served on the Wi-Fi (http://192.168.…) gets Copy through a selection and execCommand, and no Share button.
(function () {
  "use strict";
  var words = document.getElementById("share-words");
  if (!words) { return; }

  function say(id, text) {
    var status = document.getElementById(id + "-copied");
    if (status) { status.textContent = text; }
  }

  function copyBySelection(input) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }

  function copy(id) {
    var input = document.getElementById(id);
    var done = function () { say(id, words.dataset.copiedText); };
    var failed = function () {
      say(id, copyBySelection(input) ? words.dataset.copiedText : words.dataset.copyFailedText);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, failed);
    } else {
      failed();
    }
  }

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copy(button.dataset.copy); });
  });
  if (navigator.share) {
    document.querySelectorAll("[data-share]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = document.getElementById(button.dataset.share);
        navigator.share({title: document.title, url: input.value}).catch(function () { /* dismissed */ });
      });
    });
  }
  // A tap on a link selects all of it, ready for the phone's own Copy.
  document.querySelectorAll(".share-url").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
}());

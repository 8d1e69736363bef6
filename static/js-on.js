/* Marks the page as scripted before its first paint (html.js), so the parts only scripts make work (the player
   bar, the keypad, the steppers' buttons) have their place from the first frame. Set later, by the deferred
   entry.js, they appeared after the page was drawn and pushed the fields down under the player's thumb (issue 22:
   61 px at ~310 ms on bad Wi-Fi, CLS 0.15). Loaded without defer from <head>: a few bytes, kept a year by its
   fingerprinted URL; the Content-Security-Policy allows no inline script. */
document.documentElement.classList.add("js");

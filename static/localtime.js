/* Revision times are stored and sent in UTC; a family reads them in this phone's time zone. Each
   <time data-local datetime="…Z"> is redrawn in the page's language and the phone's zone, and a note marked
   data-local-note takes the words it holds for that. Without this script the page says UTC.
   <time data-local="date"> shows the day only (the home page's match list): the phone's day, which near
   midnight may differ from the UTC day the server wrote. */
(function () {
  "use strict";
  var times = document.querySelectorAll("time[data-local]");
  if (!times.length || !window.Intl) { return; }
  var lang = document.documentElement.lang || undefined;
  var format, day;
  try {
    format = new Intl.DateTimeFormat(lang, {year: "numeric", month: "short", day: "numeric",
                                            hour: "2-digit", minute: "2-digit", second: "2-digit"});
    day = new Intl.DateTimeFormat(lang, {year: "numeric", month: "short", day: "numeric"});
  } catch (e) { return; }
  for (var i = 0; i < times.length; i++) {
    var when = new Date(times[i].getAttribute("datetime"));
    var shown = times[i].getAttribute("data-local") === "date" ? day : format;
    if (!isNaN(when.getTime())) { times[i].textContent = shown.format(when); }
  }
  var notes = document.querySelectorAll("[data-local-note]");
  for (var j = 0; j < notes.length; j++) { notes[j].textContent = notes[j].getAttribute("data-local-note"); }
}());

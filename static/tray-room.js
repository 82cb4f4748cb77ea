// The room in the tray on a phone, which the style sheet cannot work out alone.
//
// On a phone on its side, the tray (the slot of the hint and the notices, the dice, the buttons)
// stands in the column under the status, held to the foot of the screen. It is made as tall as
// the room between the status and that foot, so that the slot gets all of it instead of a band
// of bare felt over it; but where the status ends depends on its lines (two to four, by language
// and width), which the style sheet cannot know. This writes it, in page coordinates, as
// --status-bottom on the board (used by the style sheet in that layout only). A ResizeObserver
// calls it when the status or the bar above it changes size: at the start, at a rotation or a
// change of language, never in a move.
//
// Where the slot is too short for the advice and the key to the marks together, the key shows
// in the "Why?" sheet instead (a container query on the slot's height chooses): this puts a
// copy of it there, once, before Python starts. Both copies carry data-i18n, so both follow the
// language; index.html keeps the one source.
(function () {
  "use strict";
  var key = document.querySelector(".messages > .legend");
  var sheet = document.querySelector(".why-body");
  if (key && sheet) sheet.appendChild(key.cloneNode(true));

  var status = document.getElementById("status");
  var board = status && status.closest(".board");
  var bar = document.querySelector(".topbar");
  if (!board || typeof ResizeObserver !== "function") return;

  function measure() {
    var bottom = status.getBoundingClientRect().bottom + window.scrollY;
    board.style.setProperty("--status-bottom", Math.round(bottom) + "px");
  }

  var observer = new ResizeObserver(measure);
  observer.observe(status);
  if (bar) observer.observe(bar);
})();

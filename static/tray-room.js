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

  // The "Why?" sheet opens just above the advice it explains. The style sheet can only place it
  // against the tray, its containing block, whose top stands well above the advice where the
  // slot is tall (a tall phone upright: the slot takes the room the dice leave), so the sheet
  // stood apart over the scorecard, a band of bare felt between it and its "Why?". This writes
  // the advice's height above the tray's foot as --above-advice on the sheet whenever something
  // that places the advice changes size (the advice; the key under it; the slot, which gives way
  // to the dice and the buttons; the tray): a hint shown, a rotation, a language. It runs after
  // layout, so the sheet opens in place in its first frame. A throw that hides the advice costs
  // one read of its box, in the frame after the throw is drawn; nothing else in a move.
  var advice = document.getElementById("advice");
  var tray = advice && advice.closest(".table");
  if (sheet && tray && typeof ResizeObserver === "function") {
    var placeSheet = function () {
      var box = advice.getBoundingClientRect();
      if (box.height === 0) return; // hidden: nothing to open
      var above = tray.getBoundingClientRect().bottom - box.top;
      sheet.style.setProperty("--above-advice", Math.round(above) + "px");
    };
    var sheetObserver = new ResizeObserver(placeSheet);
    [advice, key, advice.parentElement, tray].forEach(function (box) {
      if (box) sheetObserver.observe(box);
    });
  }

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

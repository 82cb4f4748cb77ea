// The players' headings on a phone's scorecard of three to six players, which the style sheet
// cannot choose alone.
//
// There the players' columns stand in one table beside the category names and scroll sideways
// when they outgrow the card. Whole names are best where they all fit; where they do not (four
// default names at 360 px, three in Latvian, long names typed), the columns grew to the names,
// ran them together ("Player 2Player 3Player 4") and scrolled up to 300 px sideways. Then every
// column is headed by its short label instead ("P2", "Boż.": yacht/views/seat_labels.py), as two
// players' and a wide screen's always are, and four players fit a 320 px phone; screen readers
// hear the whole names either way. This tries the whole names and keeps them if the card does
// not scroll; else it sets "short-heads" on the table. A ResizeObserver on the card (a rotation,
// a zoom) and a MutationObserver on the header (a new game, another language) call it; never a
// move, which does not rebuild the header.
(function () {
  "use strict";
  var table = document.getElementById("scorecard");
  var card = table && table.closest(".card");
  if (!card || !table.tHead || typeof ResizeObserver !== "function") return;
  var SHORT = "short-heads";

  function fit() {
    var labelled = Number(table.dataset.seats) >= 3 && table.querySelector(".abbreviated");
    table.classList.remove(SHORT);
    if (labelled && card.scrollWidth > card.clientWidth) table.classList.add(SHORT);
  }

  // A new width only: the card's height follows its rows (the rule set's), not the names' room.
  var width = -1;
  new ResizeObserver(function (entries) {
    var now = entries[entries.length - 1].contentRect.width;
    if (now === width) return;
    width = now;
    fit();
  }).observe(card);
  new MutationObserver(fit).observe(table.tHead, { childList: true });
})();

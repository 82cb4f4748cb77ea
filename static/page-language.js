// Puts the page's marked texts in the player's language as soon as it is parsed, before Python
// starts (which takes seconds on a first visit): no English board flashes before the player's
// language, and a start that fails shows the board in the language of its notice. The texts come
// from static/page-texts.js (generated from the catalogs), the language from the choice the game
// makes (static/boot.js). Once Python runs, yacht.web.language.translate_page finds the texts
// already in place, and the English message ids kept in data-i18n, as it leaves them itself.
(function () {
  "use strict";
  var language = self.yachtLanguage ? self.yachtLanguage() : "en";
  var page = self.yachtPageTexts;
  var translated = page && page.languages[language];
  if (!translated) return; // English, as written
  var texts = translated.texts;
  document.documentElement.lang = language;
  var marked = document.querySelectorAll("[data-i18n]");
  for (var i = 0; i < marked.length; i++) {
    var element = marked[i];
    var message =
      element.getAttribute("data-i18n") || element.textContent.split(/\s+/).filter(Boolean).join(" ");
    if (!Object.prototype.hasOwnProperty.call(texts, message)) continue;
    element.setAttribute("data-i18n", message);
    element.textContent = texts[message];
  }
  // The scorecard of a new game, which index.html shows until Python draws the game's own.
  var board = translated.board;
  document.getElementById("ruleset-title").textContent = board.title;
  var corners = document.querySelectorAll("#scorecard .corner-label");
  for (var c = 0; c < corners.length; c++) corners[c].textContent = board.category;
  var seats = document.querySelectorAll("#scorecard thead .current");
  for (var s = 0; s < seats.length; s++) seats[s].textContent = board.seat;
  document.getElementById("status-room").textContent = board.status_room;
  var rows = document.querySelectorAll("#scorecard tbody tr[data-row] > th");
  for (var r = 0; r < rows.length; r++) {
    var name = board.rows[rows[r].parentNode.getAttribute("data-row")];
    if (name) rows[r].textContent = name;
  }
  page.attributes.forEach(function (attribute) {
    var withIt = document.querySelectorAll("[data-i18n-" + attribute + "]");
    for (var j = 0; j < withIt.length; j++) {
      var message = withIt[j].getAttribute("data-i18n-" + attribute);
      if (Object.prototype.hasOwnProperty.call(texts, message)) {
        withIt[j].setAttribute(attribute, texts[message]);
      }
    }
  });
})();

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

  function each(selector, write) {
    var found = document.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) write(found[i]);
  }

  function has(texts, message) {
    return Object.prototype.hasOwnProperty.call(texts, message);
  }

  // The texts marked data-i18n; the English one is kept as the message id, as Python keeps it.
  function translateMarked(texts) {
    each("[data-i18n]", function (element) {
      var message =
        element.getAttribute("data-i18n") ||
        element.textContent.split(/\s+/).filter(Boolean).join(" ");
      if (!has(texts, message)) return;
      element.setAttribute("data-i18n", message);
      element.textContent = texts[message];
    });
    page.attributes.forEach(function (attribute) {
      each("[data-i18n-" + attribute + "]", function (element) {
        var message = element.getAttribute("data-i18n-" + attribute);
        if (has(texts, message)) element.setAttribute(attribute, texts[message]);
      });
    });
  }

  // The scorecard of a new game, which index.html shows until Python draws the game's own.
  function translateBoard(board) {
    document.getElementById("ruleset-title").textContent = board.title;
    each("#scorecard .corner-label", function (corner) {
      corner.textContent = board.category;
    });
    each("#scorecard thead .current", function (seat) {
      seat.textContent = board.seat;
    });
    each("#scorecard tbody tr[data-row] > th", function (heading) {
      var name = board.rows[heading.parentNode.getAttribute("data-row")];
      if (name) heading.textContent = name;
    });
    // The longest status of that game keeps its room, so nothing moves when Python draws
    // (unless static/boot.js holds the saved game's own).
    if (typeof self.yachtKeptStatusRoom !== "string") {
      document.getElementById("status-room").textContent = board.status_room;
    }
  }

  document.documentElement.lang = language;
  document.getElementById("language").value = language;
  translateMarked(translated.texts);
  translateBoard(translated.board);
})();

// Watches the Python runtime start. The board is plain HTML, so a player always sees it;
// if the runtime cannot load (offline on a first visit, a blocked CDN) the page says so in
// plain words instead of staying silently disabled.
(function () {
  "use strict";
  var SLOW_AFTER_MS = 45000;
  var failed = false;

  function ready() {
    return document.documentElement.getAttribute("data-ready") === "true";
  }

  function tell(message) {
    var notice = document.getElementById("notice");
    var status = document.getElementById("status");
    var left = document.getElementById("rolls-left");
    if (notice) {
      notice.textContent = message;
      notice.hidden = false;
    }
    if (status) status.textContent = "The game could not start.";
    if (left) left.textContent = "Unavailable";
  }

  function fail() {
    if (failed || ready()) return;
    failed = true;
    document.documentElement.setAttribute("data-ready", "failed");
    tell(
      "The game engine could not be downloaded. Check your internet connection; " +
        "if an ad or script blocker is on, allow cdn.jsdelivr.net. Then reload the page. " +
        "After one successful visit the game also works offline."
    );
  }

  // Resource load errors do not bubble, so listen in the capture phase.
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && (target.tagName === "SCRIPT" || target.tagName === "LINK")) fail();
    },
    true
  );
  window.addEventListener("unhandledrejection", function () {
    if (!ready()) fail();
  });
  window.setTimeout(function () {
    if (!ready() && !failed) {
      tell(
        "The game engine is taking unusually long to load. A slow connection can take a " +
          "minute on the first visit; if nothing happens, reload the page."
      );
    }
  }, SLOW_AFTER_MS);
})();

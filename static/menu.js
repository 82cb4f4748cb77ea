// The ☰ menu is a native <details>: it opens and closes without any script, before Python
// starts too. This only adds what players expect of a menu: Escape closes it (the focus back on
// its button), and so does a tap or click anywhere else on the board. While a dialog opened
// from it is up, the menu stays open, so that closing the dialog returns to the command used.
(function () {
  "use strict";
  var menu = document.getElementById("more");
  if (!menu) return;
  var button = menu.querySelector(":scope > summary");

  function dialogOpen() {
    return document.querySelector("dialog[open]") !== null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu.open && !dialogOpen()) {
      menu.open = false;
      button.focus();
    }
  });
  document.addEventListener("click", function (event) {
    if (menu.open && !dialogOpen() && !menu.contains(event.target)) menu.open = false;
  });
})();

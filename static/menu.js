// The ☰ menu is a native <details>: it opens and closes without any script, before Python
// starts too. This adds what players expect of a menu: a command that opens something (a
// dialog, a download, a file chooser) closes it, as do Escape and a click anywhere else; the
// switches (sound, language, the shortcuts list) leave it open. When a dialog opened from the
// menu closes, the focus comes back to the menu's button, the command itself being hidden.
(function () {
  "use strict";
  var menu = document.getElementById("more");
  if (!menu) return;
  var button = menu.querySelector(":scope > summary");
  var openedFromMenu = false;

  function close() {
    menu.open = false;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu.open && !document.querySelector("dialog[open]")) {
      close();
      button.focus();
    }
  });
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (target && menu.contains(target)) {
      var command = target.closest(".more-panel button");
      if (command && !command.hasAttribute("aria-pressed")) {
        openedFromMenu = true;
        close();
      }
    } else if (!(target && target.closest("dialog"))) {
      openedFromMenu = false;
      close();
    }
  });
  // "close" does not bubble: listened to while it goes down to the dialog.
  document.addEventListener(
    "close",
    function (event) {
      if (!(event.target instanceof HTMLDialogElement) || !openedFromMenu) return;
      if (document.querySelector("dialog[open]")) return; // another dialog took over
      openedFromMenu = false;
      var dialog = event.target;
      // After the dialog has given the focus back, as far as it could.
      window.setTimeout(function () {
        var active = document.activeElement;
        var lost = !active || active === document.body || dialog.contains(active);
        if (lost || menu.contains(active)) button.focus();
      }, 0);
    },
    true
  );
})();

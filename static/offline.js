// Offline play and updates, the page's side of sw.js (read its header for the whole strategy).
//
// - Registers the service worker once Python has booted (or failed to): installing it crawls
//   and hashes the release, work that would otherwise compete with the page's own start-up for
//   the network and the CPU (measured by bench/page_bench.py). A page the worker already
//   controls is served by it from the start all the same; registering again only asks the
//   browser to compare sw.js.
// - Once Python has booted (<html data-ready>), sends the worker the URLs of every file the page
//   loaded, so that files fetched before the worker existed are cached too; the worker answers
//   whether the game is now ready to play offline (<html data-offline-ready="true|false">), then
//   checks for a new release (<html data-update-available="true|false">, or
//   data-update-check="failed" when the worker could not, twice in a row).
// - Shows "New version available" with a Reload button when the worker has downloaded a newer
//   release, and never reloads on its own: the player decides when, so a game is not switched
//   under their feet. (The game is saved in localStorage after every move; the reload resumes it.)
// - In an installed app, asks the browser to keep the caches even when storage runs low.
//
// Plain script without inline code, so a Content-Security-Policy can forbid inline scripts.
(function () {
  "use strict";

  // The worker needs a secure context (https, or localhost for development).
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;

  var CHECK_AGAIN_AFTER_MS = 30 * 60 * 1000; // a tab left open for days still hears of updates
  var APPLY_TIMEOUT_MS = 20000; // longer than the worker's wait for a new runtime
  var applyTimer = 0;
  var root = document.documentElement;
  var box = document.getElementById("app-update");
  var button = document.getElementById("app-update-reload");
  var offlineReady = false;
  var updateAvailable = false;
  var lastCheck = Date.now();

  // The texts are in index.html (one <span data-when> for each state), so that the page's
  // translation layer can translate them; this only shows the one that applies.
  function render() {
    if (!box || !button) return;
    var state = updateAvailable ? "available" : navigator.onLine ? "ready" : "offline";
    var texts = box.querySelectorAll("[data-when]");
    for (var i = 0; i < texts.length; i++) {
      texts[i].hidden = texts[i].getAttribute("data-when") !== state;
    }
    // Announce the offer of an update, not the everyday "ready" note on every visit.
    box.setAttribute("aria-live", updateAvailable ? "polite" : "off");
    button.hidden = !updateAvailable;
    box.classList.toggle("offline-ready", offlineReady && !updateAvailable);
    box.classList.toggle("available", updateAvailable);
    box.hidden = !(offlineReady || updateAvailable);
  }

  // Resolves with "true" or "failed" once the game's Python has started (or could not).
  function whenBooted() {
    return new Promise(function (resolve) {
      function settled() {
        var state = root.getAttribute("data-ready");
        if (state === "true" || state === "failed") {
          observer.disconnect();
          resolve(state);
          return true;
        }
        return false;
      }
      var observer = new MutationObserver(settled);
      observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
      settled();
    });
  }

  function loadedUrls() {
    return performance.getEntriesByType("resource").map(function (entry) {
      return entry.name;
    });
  }

  function onMessage(event) {
    var message = event.data || {};
    if (message.type === "offline-status") {
      offlineReady = Boolean(message.ready);
      root.setAttribute("data-offline-ready", offlineReady ? "true" : "false");
      if (!offlineReady && message.missing && message.missing.length) {
        console.warn("Yacht: not available offline yet:", message.missing);
      }
      if (offlineReady) keepCaches();
    } else if (message.type === "update-status") {
      // Once offered, the offer stays until the player takes it (another tab may have).
      updateAvailable = updateAvailable || Boolean(message.available);
      // The style sheet makes room for the offer's bar by this attribute.
      root.setAttribute("data-update-available", updateAvailable ? "true" : "false");
    } else if (message.type === "update-check-failed") {
      // Twice in a row (sw.js tries again once): nothing to offer, the game plays on, and the
      // check is made again when the page is shown after a while or comes back online.
      root.setAttribute("data-update-check", "failed");
      console.warn("Yacht: could not check for a new version:", message.reason);
    } else if (message.type === "update-applied") {
      if (message.applied !== false) {
        window.location.reload();
        return;
      }
      // Not now: the new release needs new runtime files and the network is away. The offer
      // stays; the game plays on with the release it has.
      window.clearTimeout(applyTimer);
      button.disabled = false;
    }
    render();
  }

  // Browsers may evict a site's caches under storage pressure, which would break offline play.
  // Persistent storage prevents that; only an installed app asks, because Firefox asks the
  // player, and a permission prompt on a plain visit would be a nuisance.
  function keepCaches() {
    var installed = window.matchMedia && window.matchMedia("(display-mode: standalone)").matches;
    if (installed && navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().catch(function () {});
    }
  }

  function askForUpdateCheck(registration) {
    if (!registration.active || !navigator.onLine) return;
    lastCheck = Date.now();
    registration.active.postMessage({ type: "check-update", online: true });
  }

  function applyUpdate(registration) {
    button.disabled = true;
    if (registration.active) registration.active.postMessage({ type: "apply-update" });
    // The worker answers "update-applied". Should no answer come (the worker was replaced
    // meanwhile), reload all the same: the page then asks the worker afresh.
    applyTimer = window.setTimeout(function () {
      window.location.reload();
    }, APPLY_TIMEOUT_MS);
  }

  navigator.serviceWorker.addEventListener("message", onMessage);
  navigator.serviceWorker.startMessages();
  whenBooted().then(function () {
    navigator.serviceWorker
      .register("sw.js", { updateViaCache: "none" })
      .catch(function (error) {
        // Not fatal: the game plays online as before (e.g. storage is disabled in this browser).
        console.warn("Yacht: offline play unavailable:", error);
      });
  });

  Promise.all([whenBooted(), navigator.serviceWorker.ready]).then(function (results) {
    var registration = results[1];
    if (!registration.active) return;
    registration.active.postMessage({
      type: "page-booted",
      ok: results[0] === "true",
      online: navigator.onLine,
      urls: loadedUrls(),
    });
    if (button) {
      button.addEventListener("click", function () {
        applyUpdate(registration);
      });
    }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && Date.now() - lastCheck > CHECK_AGAIN_AFTER_MS) {
        askForUpdateCheck(registration);
      }
    });
    window.addEventListener("online", function () {
      render();
      askForUpdateCheck(registration);
    });
    window.addEventListener("offline", render);
  });
})();

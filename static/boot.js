// Watches the Python runtime start. The board is plain HTML, so a player always sees it;
// if the runtime cannot load (offline on a first visit, a blocked CDN) the page says so in
// plain words instead of staying silently disabled.
(function () {
  "use strict";
  var SLOW_AFTER_MS = 45000;
  var failed = false;

  // These texts show exactly when Python (and so the game's translations) could not start,
  // so they carry their own translations, in the language the game would have chosen.
  var TEXTS = {
    en: {
      stopped: "The game could not start.",
      unavailable: "Unavailable",
      failed:
        "The game engine could not be downloaded. Check your internet connection; if an ad " +
        "or script blocker is on, allow cdn.jsdelivr.net. Then reload the page. After one " +
        "successful visit the game also works offline.",
      slow:
        "The game engine is taking unusually long to load. A slow connection can take a " +
        "minute on the first visit; if nothing happens, reload the page."
    },
    ru: {
      stopped: "Игра не смогла запуститься.",
      unavailable: "Недоступно",
      failed:
        "Не удалось загрузить движок игры. Проверьте подключение к интернету; если включён " +
        "блокировщик рекламы или скриптов, разрешите cdn.jsdelivr.net. Затем обновите " +
        "страницу. После одного удачного захода игра работает и без сети.",
      slow:
        "Движок игры загружается необычно долго. При медленном соединении первый заход " +
        "может занять минуту; если ничего не происходит, обновите страницу."
    },
    uk: {
      stopped: "Гра не змогла запуститися.",
      unavailable: "Недоступно",
      failed:
        "Не вдалося завантажити рушій гри. Перевірте з'єднання з інтернетом; якщо увімкнено " +
        "блокувальник реклами чи скриптів, дозвольте cdn.jsdelivr.net. Потім оновіть " +
        "сторінку. Після одного вдалого відвідування гра працює і без мережі.",
      slow:
        "Рушій гри завантажується надто довго. За повільного з'єднання перше відвідування " +
        "може тривати хвилину; якщо нічого не відбувається, оновіть сторінку."
    },
    pl: {
      stopped: "Nie udało się uruchomić gry.",
      unavailable: "Niedostępne",
      failed:
        "Nie udało się pobrać silnika gry. Sprawdź połączenie z internetem; jeśli działa " +
        "bloker reklam lub skryptów, zezwól na cdn.jsdelivr.net. Potem odśwież stronę. Po " +
        "jednej udanej wizycie gra działa także bez sieci.",
      slow:
        "Silnik gry ładuje się wyjątkowo długo. Przy wolnym łączu pierwsza wizyta może " +
        "potrwać minutę; jeśli nic się nie dzieje, odśwież stronę."
    },
    lv: {
      stopped: "Spēli neizdevās palaist.",
      unavailable: "Nav pieejams",
      failed:
        "Neizdevās lejupielādēt spēles dzinēju. Pārbaudiet interneta savienojumu; ja " +
        "ieslēgts reklāmu vai skriptu bloķētājs, atļaujiet cdn.jsdelivr.net. Pēc tam " +
        "pārlādējiet lapu. Pēc vienas veiksmīgas apmeklējuma reizes spēle darbojas arī " +
        "bezsaistē.",
      slow:
        "Spēles dzinējs ielādējas neparasti ilgi. Lēnā savienojumā pirmā reize var ilgt " +
        "minūti; ja nekas nenotiek, pārlādējiet lapu."
    }
  };

  // The same choice the game makes: ?lang=, then the remembered language, then the browser's.
  function language() {
    var wanted = [];
    var match = /[?&]lang=([a-z]{2})/.exec(window.location.search);
    if (match) wanted.push(match[1]);
    try {
      var settings = JSON.parse(window.localStorage.getItem("yacht:settings") || "{}");
      if (settings && typeof settings.language === "string") wanted.push(settings.language);
    } catch (error) {
      // No storage, or unreadable settings: fall back to the browser's languages.
    }
    var browser = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < browser.length; i++) wanted.push(String(browser[i]).slice(0, 2));
    for (var j = 0; j < wanted.length; j++) {
      if (Object.prototype.hasOwnProperty.call(TEXTS, wanted[j])) return wanted[j];
    }
    return "en";
  }

  function text(key) {
    return TEXTS[language()][key];
  }

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
    if (status) status.textContent = text("stopped");
    if (left) left.textContent = text("unavailable");
  }

  function fail() {
    if (failed || ready()) return;
    failed = true;
    document.documentElement.setAttribute("data-ready", "failed");
    tell(text("failed"));
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
      tell(text("slow"));
    }
  }, SLOW_AFTER_MS);
})();

// Watches the Python runtime start. The board is plain HTML, so a player always sees it; when
// the runtime cannot start, or takes too long, the page says why in plain words instead of
// staying silently disabled:
// - the runtime could not be downloaded (offline on a first visit, a blocked CDN);
// - the CDN does not answer at all (a hang: nothing arrives, nothing fails) — told after
//   HUNG_AFTER_MS, while the page keeps waiting;
// - the site itself is incomplete (a file of its own answers 404: a broken deploy, which no
//   change on the player's side fixes);
// - a runtime file does not match the SHA-256 pinned in static/runtime-pins.js: it is never
//   handed to Pyodide, so it never runs.
// An installed game (one the service worker serves from this device) whose start fails to load
// a file reloads by itself once first, and is then told that, not to check its connection.
// Loaded before everything else that can fail, PyScript included (deferred scripts run in
// document order), so it sees their errors and its fetch() wrapper every file they ask for.
(function () {
  "use strict";
  var HUNG_AFTER_MS = 20000;
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
        "minute on the first visit; if nothing happens, reload the page.",
      hung:
        "The server that delivers the game engine (cdn.jsdelivr.net) has not answered for " +
        "20 seconds. The game starts as soon as it does; if nothing changes, reload the " +
        "page, or try again later.",
      installed:
        "The game could not start from the files kept on this device. Reload the page; if " +
        "it still does not start, reload it once while online, so that the game can fetch " +
        "its files again. Your saved games are untouched.",
      broken:
        "This copy of the game is incomplete: the site did not send one of its own files. " +
        "Your connection is fine and nothing on your side can fix it; please try again " +
        "later. Missing:",
      tampered:
        "A file of the game engine did not match its published fingerprint, so it was not " +
        "run: it may have been changed on the way. Your saved games are untouched. Reload " +
        "the page later; if this keeps happening, your network is altering downloads."
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
        "может занять минуту; если ничего не происходит, обновите страницу.",
      hung:
        "Сервер, с которого загружается движок игры (cdn.jsdelivr.net), не отвечает уже " +
        "20 секунд. Игра запустится, как только он ответит; если ничего не меняется, " +
        "обновите страницу или попробуйте позже.",
      installed:
        "Игра не смогла запуститься из файлов, сохранённых на этом устройстве. Обновите " +
        "страницу; если игра так и не запустится, обновите её ещё раз при подключении к " +
        "интернету, чтобы она заново загрузила свои файлы. Ваши сохранённые игры не затронуты.",
      broken:
        "Эта копия игры неполная: сайт не отдал один из своих файлов. С вашим соединением " +
        "всё в порядке, и с вашей стороны это не исправить; попробуйте позже. Не хватает:",
      tampered:
        "Файл движка игры не совпал со своим опубликованным отпечатком, поэтому он не был " +
        "запущен: возможно, его изменили по дороге. Ваши сохранённые игры не затронуты. " +
        "Обновите страницу позже; если это повторяется, ваша сеть изменяет загрузки."
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
        "може тривати хвилину; якщо нічого не відбувається, оновіть сторінку.",
      hung:
        "Сервер, з якого завантажується рушій гри (cdn.jsdelivr.net), не відповідає вже " +
        "20 секунд. Гра запуститься, щойно він відповість; якщо нічого не змінюється, " +
        "оновіть сторінку або спробуйте пізніше.",
      installed:
        "Гра не змогла запуститися з файлів, збережених на цьому пристрої. Оновіть " +
        "сторінку; якщо гра так і не запуститься, оновіть її ще раз із підключенням до " +
        "інтернету, щоб вона знову завантажила свої файли. Ваші збережені ігри не зачеплено.",
      broken:
        "Ця копія гри неповна: сайт не надіслав один зі своїх файлів. З вашим з'єднанням " +
        "усе гаразд, і з вашого боку цього не виправити; спробуйте пізніше. Бракує:",
      tampered:
        "Файл рушія гри не збігся зі своїм опублікованим відбитком, тому його не запущено: " +
        "можливо, його змінили дорогою. Ваші збережені ігри не зачеплено. Оновіть " +
        "сторінку пізніше; якщо це повторюється, ваша мережа змінює завантаження."
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
        "potrwać minutę; jeśli nic się nie dzieje, odśwież stronę.",
      hung:
        "Serwer, z którego pobierany jest silnik gry (cdn.jsdelivr.net), nie odpowiada od " +
        "20 sekund. Gra ruszy, gdy tylko odpowie; jeśli nic się nie zmienia, odśwież " +
        "stronę albo spróbuj później.",
      installed:
        "Gra nie mogła wystartować z plików zapisanych na tym urządzeniu. Odśwież stronę; " +
        "jeśli nadal nie rusza, odśwież ją jeszcze raz przy włączonym internecie, aby gra " +
        "pobrała swoje pliki na nowo. Zapisane gry są nietknięte.",
      broken:
        "Ta kopia gry jest niekompletna: strona nie wysłała jednego ze swoich plików. Twoje " +
        "połączenie działa i nic po twojej stronie tego nie naprawi; spróbuj później. Brakuje:",
      tampered:
        "Plik silnika gry nie zgadzał się ze swoim opublikowanym odciskiem, więc nie został " +
        "uruchomiony: mógł zostać zmieniony po drodze. Zapisane gry są nietknięte. Odśwież " +
        "stronę później; jeśli to się powtarza, twoja sieć zmienia pobierane pliki."
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
        "minūti; ja nekas nenotiek, pārlādējiet lapu.",
      hung:
        "Serveris, no kura ielādē spēles dzinēju (cdn.jsdelivr.net), neatbild jau 20 " +
        "sekundes. Spēle sāksies, tiklīdz tas atbildēs; ja nekas nemainās, pārlādējiet " +
        "lapu vai mēģiniet vēlāk.",
      installed:
        "Spēli neizdevās palaist no šajā ierīcē saglabātajiem failiem. Pārlādējiet lapu; ja " +
        "spēle joprojām nesākas, pārlādējiet to vēlreiz, kad ir interneta savienojums, lai " +
        "spēle no jauna lejupielādētu savus failus. Jūsu saglabātās spēles nav skartas.",
      broken:
        "Šī spēles kopija ir nepilnīga: vietne neatsūtīja vienu no saviem failiem. Jūsu " +
        "savienojums ir kārtībā, un no jūsu puses to nevar salabot; mēģiniet vēlāk. Trūkst:",
      tampered:
        "Spēles dzinēja fails nesakrita ar savu publicēto nospiedumu, tāpēc tas netika " +
        "palaists: iespējams, tas pa ceļam tika mainīts. Jūsu saglabātās spēles nav " +
        "skartas. Pārlādējiet lapu vēlāk; ja tas atkārtojas, jūsu tīkls maina lejupielādes."
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

  // static/page-language.js puts the page's texts in the same language.
  self.yachtLanguage = language;

  function text(key) {
    return TEXTS[language()][key];
  }

  function ready() {
    return document.documentElement.getAttribute("data-ready") === "true";
  }

  function tell(message, stopped) {
    var notice = document.getElementById("notice");
    var status = document.getElementById("status");
    var left = document.getElementById("rolls-left");
    if (notice) {
      notice.textContent = message;
      notice.hidden = false;
    }
    if (stopped && status) status.textContent = text("stopped");
    if (stopped && left) left.textContent = text("unavailable");
  }

  // The start-up has failed for `reason` (a key of TEXTS); the first reason found is told.
  // `file`, the address of the file that failed when one did, is kept in data-failure-file for
  // whoever looks into it (a player's report, a test's message); the player is told in words.
  function fail(reason, detail, file) {
    if (failed || ready()) return;
    failed = true;
    var onDevice = reason === "failed" && installed();
    if (onDevice && restartOnce(file)) return;
    document.documentElement.setAttribute("data-ready", "failed");
    document.documentElement.setAttribute("data-failure", reason);
    if (file) document.documentElement.setAttribute("data-failure-file", file);
    // An installed game failed once more after its own restart: the connection is not to blame.
    var told = onDevice ? "installed" : reason;
    tell(detail ? text(told) + " " + detail : text(told), true);
  }

  // -- an installed game that fails to start --------------------------------------------------

  // A page the service worker controls is an installed game: its files are on this device, so
  // a failed download there is no lost connection. Chromium has been seen (rarely, just after the
  // worker switched releases) to fail a module the worker holds; a second start loads it. So
  // such a page reloads by itself once, before anything is told — at most once a minute (the
  // time is kept in sessionStorage, which survives the reload), so a start that keeps failing
  // is told, not looped. The file that failed is kept too (yacht:restarted-for), for whoever
  // looks into it.
  var RESTARTED_AT_KEY = "yacht:restarted-at";
  var RESTARTED_FOR_KEY = "yacht:restarted-for";
  var RESTART_AT_MOST_EVERY_MS = 60000;

  function installed() {
    return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  }

  // Reloads the page unless it did so less than a minute ago; whether it did.
  function restartOnce(file) {
    try {
      var last = Number(window.sessionStorage.getItem(RESTARTED_AT_KEY)) || 0;
      var since = Date.now() - last;
      if (since >= 0 && since < RESTART_AT_MOST_EVERY_MS) return false;
      window.sessionStorage.setItem(RESTARTED_AT_KEY, String(Date.now()));
      window.sessionStorage.setItem(RESTARTED_FOR_KEY, file || "");
    } catch (error) {
      return false; // no storage: a reload could not know that it was the second try
    }
    document.documentElement.setAttribute("data-ready", "restarting");
    window.location.reload();
    return true;
  }

  function sameOrigin(url) {
    return url.origin === window.location.origin;
  }

  // A path of the site, as a player could report it.
  function sitePath(url) {
    return url.pathname.replace(/^\//, "") || "index.html";
  }

  // The memory snapshot (static/interpreter.mjs) is the service worker's, never the server's:
  // its absence is no broken deploy.
  function optional(url) {
    return /\/__yacht-memory__$/.test(url.pathname);
  }

  // A file of the site's own that the server says is not there: the deploy is broken.
  function missing(status) {
    return status === 404 || status === 410;
  }

  // -- every fetch of the page: the site's own files, and the pinned runtime files ------------

  var nativeFetch = window.fetch;
  var canHash = Boolean(window.crypto && window.crypto.subtle);

  // The pins come from static/runtime-pins.js, the next script: loaded after this one, so that
  // a failure to load it is seen here (and told as a broken site).
  function pin(url) {
    return self.yachtRuntimePin ? self.yachtRuntimePin(url) : null;
  }

  window.fetch = function (input, init) {
    var url;
    try {
      url = new URL(input && input.url ? input.url : String(input), window.location.href);
    } catch (error) {
      return nativeFetch.apply(this, arguments);
    }
    var pinned = pin(url.href);
    if (pinned && !canHash) {
      // No Web Crypto (a page served over plain http): let the browser check the hash.
      return nativeFetch.call(this, input, Object.assign({}, init, { integrity: pinned }));
    }
    return nativeFetch.apply(this, arguments).then(function (response) {
      if (sameOrigin(url) && missing(response.status) && !optional(url)) {
        fail("broken", sitePath(url), url.href);
      }
      if (!pinned) return response;
      return compiledWhileChecked(url, response)
        ? checking(url, pinned, response)
        : checked(url, pinned, response);
    });
  };

  // The interpreter's WebAssembly is handed to Pyodide before its bytes are checked, so that it
  // compiles while it downloads and is hashed, as it would without the check (about 150 ms sooner
  // on a cold start): compiling runs nothing, and WebAssembly.instantiateStreaming, wrapped below,
  // instantiates it only once it matches its pin. Every other pinned file is handed over once it
  // matches.
  var unchecked = new WeakMap(); // a Response -> a promise of whether it matches its pin
  var instantiateStreaming = WebAssembly.instantiateStreaming;
  var canCompileFirst = Boolean(instantiateStreaming && WebAssembly.compileStreaming);

  function compiledWhileChecked(url, response) {
    return canCompileFirst && response.ok && /\.wasm$/.test(url.pathname);
  }

  function checking(url, pinned, response) {
    if (response.headers.get("x-yacht-integrity") === "mismatch") {
      return checked(url, pinned, response);
    }
    var matches = response
      .clone()
      .arrayBuffer()
      .then(function (bytes) {
        return self.yachtMatchesPin(bytes, pinned);
      })
      .then(
        function (intact) {
          if (!intact) fail("tampered", "", url.href);
          return intact;
        },
        function (error) {
          fail("failed", "", url.href); // the download broke off: Pyodide would wait for it forever
          throw error;
        }
      );
    unchecked.set(response, matches);
    return response;
  }

  if (canCompileFirst) {
    WebAssembly.instantiateStreaming = function (source, imports) {
      return Promise.resolve(source).then(function (response) {
        var matches = unchecked.get(response);
        if (!matches) return instantiateStreaming.call(WebAssembly, response, imports);
        unchecked.delete(response);
        var compiled = WebAssembly.compileStreaming(response);
        return Promise.all([compiled, matches]).then(function (done) {
          if (!done[1]) throw new TypeError(response.url + " does not match its pinned SHA-256");
          return WebAssembly.instantiate(done[0], imports).then(function (instance) {
            return { module: done[0], instance: instance };
          });
        });
      });
    };
  }

  // `response`, once its bytes are known to match `pinned`; otherwise the start-up fails and
  // Pyodide gets an error instead of the file.
  function checked(url, pinned, response) {
    if (response.headers.get("x-yacht-integrity") === "mismatch") {
      // The service worker compared the file already (sw.js).
      fail("tampered", "", url.href);
      throw new TypeError(url.href + " does not match its pinned SHA-256");
    }
    if (!response.ok) {
      // Pyodide waits forever for a WebAssembly file that failed: say so now.
      fail(sameOrigin(url) && missing(response.status) ? "broken" : "failed", "", url.href);
      return response;
    }
    return response
      .clone()
      .arrayBuffer()
      .then(function (bytes) {
        return self.yachtMatchesPin(bytes, pinned);
      })
      .then(function (matches) {
        if (matches) return response;
        fail("tampered", "", url.href);
        throw new TypeError(url.href + " does not match its pinned SHA-256");
      });
  }

  // -- scripts and stylesheets that fail, and promises nobody caught --------------------------

  // Resource load errors do not bubble, so listen in the capture phase. A file of the site's
  // own is asked for again, to tell a broken deploy (404) from a lost connection.
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (!target || (target.tagName !== "SCRIPT" && target.tagName !== "LINK")) return;
      var url = new URL(target.src || target.href, window.location.href);
      if (!sameOrigin(url)) {
        fail("failed", "", url.href);
        return;
      }
      nativeFetch(url.href, { method: "HEAD", cache: "no-store" }).then(
        function (response) {
          var gone = missing(response.status);
          fail(gone ? "broken" : "failed", gone ? sitePath(url) : "", url.href);
        },
        function () {
          fail("failed", "", url.href);
        }
      );
    },
    true
  );
  window.addEventListener("unhandledrejection", function () {
    if (!ready()) fail("failed");
  });

  // -- a start-up that neither finishes nor fails -----------------------------------------------

  // Whether anything of the runtime has arrived from outside this site (a slow but live
  // download) or nothing at all (the CDN does not answer).
  function runtimeArrived() {
    var entries = performance.getEntriesByType("resource");
    for (var i = 0; i < entries.length; i++) {
      if (!sameOrigin(new URL(entries[i].name)) && entries[i].responseEnd > 0) return true;
    }
    return false;
  }

  window.setTimeout(function () {
    if (!ready() && !failed) tell(text(runtimeArrived() ? "slow" : "hung"), false);
  }, HUNG_AFTER_MS);
})();

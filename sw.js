// Yacht's service worker: the game starts and plays with no network after one online visit, and
// a new release reaches players on their next online visit without ever mixing two releases.
//
// WHAT IS CACHED, AND HOW
//
// 1. The release: every same-origin file of the app (index.html, CSS, JS, icons, the manifest,
//    the PyScript config and each file its `files` table lists). The worker does not keep a
//    hand-written list: it crawls the release from index.html — the src/href/config attributes
//    of <link>, <script> and <img> tags, url() in CSS, the icons of the web app manifest and the
//    `files` of the PyScript config — so a new file in yacht/ is picked up as soon as
//    the config lists it. A release is stored as one cache named after a SHA-256 of its
//    files ("snapshot"), and a small state record says which snapshot is current. The pointer
//    moves only once a snapshot is complete, so a page never gets a mix of two releases.
//
// 2. The runtime: PyScript's and Pyodide's files from the CDN (core.js and its hashed chunks,
//    pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip, ...). Their URLs carry a version
//    (`@0.7.31/`, `/v314.0.2/`), so they are immutable: they live in a separate cache, are
//    served cache-first, and survive app releases (a release does not download 10 MB again).
//    Entries of runtime versions that the current release no longer uses are deleted.
//
// FIRST VISIT
//
// The page registers this worker once Python has booted (so that installing does not compete
// with the start-up); installing downloads the release snapshot (a few dozen small files). The
// runtime was fetched by the page before the worker existed, so the worker does not claim the
// page. Instead, once the worker is active, the page sends the URLs of everything it loaded
// (performance.getEntriesByType("resource")) and the worker caches what it does not have yet.
// It asks with cache: "force-cache", so in a real browser these files come out of the HTTP cache
// the page has just filled: no second download.
// When that is done the worker answers "offline-status" and the page shows "Ready to play
// offline".
//
// UPDATES (why not just "cache first forever", and why not "network first")
//
// Cache-first forever would strand players on an old release; network-first per file could mix
// releases (some files fresh, some from the cache on a flaky connection). Instead, after each
// online boot the page asks for an update check: the worker crawls the release again with cache:
// "no-cache" (conditional requests; unchanged files cost a 304, not their bytes), hashes it, and
// when the hash differs (and a second crawl agrees) stores the complete new snapshot as
// "pending". The page then offers "New version available — Reload"; only when the player accepts
// does the pointer move, so a game in progress is never switched under the player's feet (the
// saved game is in localStorage, which the worker never touches). A pending release also becomes
// current at the start of a visit with no other window of the game open — the same rule browsers
// apply to waiting service workers. So a deploy is downloaded and offered at the first online
// visit after it, and in use from the visit after that even if the player never pressed Reload.
// No build step or version bump is needed: the release's identity is its content, on GitHub Pages
// or any static host.
//
// A release that pins another PyScript or Pyodide needs runtime files the cache does not have
// yet. Becoming current offline would leave a game that cannot start, so such a switch first
// fetches the new runtime's entry files and waits (the old release keeps playing) when it
// cannot; the rest of the new runtime is cached as the next, online, boot loads it.
//
// One lock orders every change to the state record and to the set of caches (the update check's
// "store the snapshot, mark it pending", the switch, the deletion of unused caches, pruning the
// runtime): each reads the record afresh inside the lock and writes it before letting go. Pages
// and checks overlap (Reload pressed while a check runs, a check started by another tab): without
// the lock, a check that read the record before a switch would write the old release back after
// it, and the page would reload into the release it had just left.
//
// Limits: the crawl sees what index.html, the manifest, CSS and the PyScript config name; a file
// the game fetches by itself later is part of the release only when the config lists it (in
// `files`, or in `yacht.fetched-later` when PyScript should not fetch it before start-up). A
// deploy that lands during a crawl is caught by the next crawl (see downloadSettledRelease), but
// a host that publishes file by file, slowly (not atomically, as Pages does), can be caught
// half-way by two; the next check then sees the finished deploy as one more release.
//
// Changes to this file itself follow the browser's own update check of sw.js (a byte
// comparison, on navigation). A new worker takes over at once (skipWaiting): it keeps serving
// the current snapshot, so that is safe, as long as the cache names below keep their schema
// (bump SCHEMA when they change; activate then deletes the old caches).
//
// Everything is relative to the worker's scope (its directory), so the site works from a
// sub-path such as https://user.github.io/yacht/, and cache names include the scope, so two
// copies on one origin (say /yacht/ and /yacht-beta/) do not delete each other's caches.

"use strict";

// RUNTIME INTEGRITY: the runtime's WebAssembly, standard library and lock file are pinned by
// SHA-256 in static/runtime-pins.js (Pyodide fetches them itself, out of reach of Subresource
// Integrity). The worker hashes such a file before it caches it and before it first serves a
// cached copy (then notes the hash it checked, so later visits do not hash 12 MB again); a copy
// that does not match is never cached or served: a cached one is dropped and fetched afresh, and
// a fresh one that does not match either is answered with an error the page explains.
importScripts("static/runtime-pins.js");

const SCHEMA = "v1";
const SCOPE = new URL(self.registration.scope);
const CACHE_PREFIX = `yacht:${SCOPE.pathname}:`;
const OWN_PREFIX = `${CACHE_PREFIX}${SCHEMA}:`;
const APP_PREFIX = `${OWN_PREFIX}app:`;
const RUNTIME_CACHE = `${OWN_PREFIX}runtime`;
const META_CACHE = `${OWN_PREFIX}meta`;
// The state record's key in META_CACHE; a made-up URL that is never fetched.
const STATE_KEY = new URL("__yacht-sw-state__", SCOPE).href;
// The Web Lock that orders changes to the state record and the caches (see withStateLock). Per
// scope, not per SCHEMA: an old worker finishing its work and its successor share it.
const STATE_LOCK = `${CACHE_PREFIX}state`;
const ENTRY = new URL("index.html", SCOPE).href;
// How long a switch to a release with a new runtime waits for the network before giving up.
const RUNTIME_PROBE_TIMEOUT_MS = 5000;
// How long a failed update check waits before it is tried again (once).
const UPDATE_RETRY_MS = 3000;
// A file of a release that neither comes nor sends a byte for this long is given up on (see
// downloadFile): a connection that hangs would otherwise hold the update check, and every later
// one, which share it, until the browser stops the worker.
const RELEASE_STALL_MS = 20_000;
// A new release is taken only once two crawls in a row agree on it; a site that changes during
// each of this many is given up on, for this check.
const RELEASE_CRAWLS = 3;
// A guard against a crawl that runs away (a link loop, a generated page): a release is small.
const MAX_RELEASE_FILES = 500;
// A version segment in a URL path: `@0.7.31/`, `/v314.0.2/`, `-314.0.2/`, `/1.2.3-rc1/`.
const VERSIONED_PATH = /(?:@|\/v?|-)\d+(?:\.\d+)+(?:[-+][\w.]+)?\//;

// Which release served each page (clientId -> { release: snapshot id, since: when the worker
// answered its navigation, opened: whether the page has been heard from since }). A page's later
// requests are served from the same snapshot, even if another tab switched releases while this
// one was starting, and that snapshot is kept while the page is open. Runtime files are pruned
// only on the word of a page of the current release. Kept in memory only: the worker stays alive
// while a page starts, which is when it matters; after a restart, pages fall back to the current
// release.
const servedBy = new Map();
// A page is not among the worker's window clients until its document exists, a moment after the
// worker answered its navigation; a clean-up in that moment must not forget it (its later files
// would come from whatever release is current then, and its boot would not prune the runtime).
// So a page never heard from is kept this long after its navigation (far longer than a page
// takes to open); a page that has opened is forgotten as soon as it is closed.
const PAGE_OPENING_MS = 60_000;
let updateCheck = null; // the running check, shared by pages that ask at the same time

// The release that served this page, if the worker knows it. Asked on the page's own requests
// and messages, which also tell that its document exists.
function servedRelease(clientId) {
  const page = clientId && servedBy.get(clientId);
  if (!page) return undefined;
  page.opened = true;
  return page.release;
}

// -- lifecycle ---------------------------------------------------------------------------------

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      if (!(await hasCurrentRelease(await readState()))) {
        // First install (or a new cache schema): the worker is not usable without a release,
        // so a failed download fails the install and the browser tries again next visit.
        const release = await downloadSettledRelease();
        await withStateLock(async () => {
          if (await hasCurrentRelease(await readState())) return;
          await storeSnapshot(release);
          await writeState({ current: release.id, pending: null });
        });
      }
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(withStateLock(deleteUnusedCaches));
});

// -- serving -----------------------------------------------------------------------------------

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.href.startsWith(MEMORY_KEY)) {
    event.respondWith(serveMemorySnapshot(event, url));
  } else if (inScope(url)) {
    event.respondWith(serveSameOrigin(event));
  } else if (isRuntimeUrl(url)) {
    event.respondWith(serveRuntime(request));
  }
  // Anything else goes to the network untouched.
});

async function serveSameOrigin(event) {
  const request = event.request;
  // The common case first, without reading the state record: a file of a page whose release
  // this worker remembers. (A page starting up asks for some 80 files; each read of the
  // record is a trip to Cache Storage.) Anything else takes the full path below.
  const own = request.mode !== "navigate" && servedRelease(event.clientId);
  if (own) {
    const options = { cacheName: APP_PREFIX + own, ignoreVary: true };
    const hit = await caches.match(releaseKey(request.url), options);
    if (hit) return hit;
  }
  let state = await readState();
  if (request.mode === "navigate") {
    if (state.pending && !(await otherWindowsOpen())) state = await switchToPending();
    if (state.current && event.resultingClientId) {
      const page = { release: state.current, since: Date.now(), opened: false };
      servedBy.set(event.resultingClientId, page);
    }
  }
  const snapshot = await snapshotFor(request.mode === "navigate" ? null : event.clientId, state);
  const hit = snapshot && (await snapshot.match(releaseKey(request.url), { ignoreVary: true }));
  if (hit) return hit;
  // Not part of the release: a page of its own (tests, docs) or a self-hosted runtime.
  return serveRuntime(request);
}

// The snapshot of the release that served this page, or else of the current release.
async function snapshotFor(clientId, state) {
  const own = servedRelease(clientId);
  if (own && (await caches.has(APP_PREFIX + own))) return caches.open(APP_PREFIX + own);
  return state.current ? caches.open(APP_PREFIX + state.current) : null;
}

// Versioned files: cache first, as they never change. Other files: network first, with the
// cached copy (if the page ever reported needing it) as the offline fallback.
async function serveRuntime(request) {
  const runtime = await caches.open(RUNTIME_CACHE);
  const url = new URL(request.url);
  let cached = await runtime.match(url.href, { ignoreVary: true });
  if (cached && !(await isIntact(url, cached, true))) {
    await runtime.delete(url.href);
    cached = undefined;
  }
  if (cached && isVersioned(url)) return cached;
  try {
    const response = await fetchForCache(url, request);
    if (!(await isIntact(url, response))) return integrityFailure(url);
    if (response.ok && (isVersioned(url) || cached)) {
      await runtime.put(url.href, response.clone());
    }
    return response;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

// A CORS response (not an opaque one) can be cached without the quota padding browsers add to
// opaque responses, and it can answer both the page's no-cors <link> and its CORS module
// imports. CDNs send `access-control-allow-origin: *`; when a host does not, fall back to the
// page's own request (served, but then not cached).
async function fetchForCache(url, request, cacheMode = "default", signal = undefined) {
  if (request && url.origin === SCOPE.origin) return fetch(request);
  if (url.origin === SCOPE.origin) return fetch(url.href, { cache: cacheMode, signal });
  const options = { mode: "cors", credentials: "omit", cache: cacheMode, signal };
  try {
    return await fetch(url.href, options);
  } catch (error) {
    if (request) return fetch(request);
    throw error;
  }
}

// -- messages from the page (static/offline.js) ------------------------------------------------

self.addEventListener("message", (event) => {
  const message = event.data || {};
  const client = event.source;
  if (message.type === "page-booted") {
    event.waitUntil(onPageBooted(client, message));
  } else if (message.type === "check-update") {
    event.waitUntil(checkAndTell(client, Boolean(message.online)));
  } else if (message.type === "memory-snapshot-store") {
    event.waitUntil(storeMemorySnapshot(client, message));
  } else if (message.type === "memory-snapshot-drop") {
    event.waitUntil(dropMemorySnapshot(client, message));
  } else if (message.type === "apply-update") {
    event.waitUntil(
      switchToPending().then((state) => {
        client.postMessage({ type: "update-applied", applied: !state.pending });
      })
    );
  }
});

async function onPageBooted(client, message) {
  const urls = (message.urls || []).filter((href) => /^https?:/.test(href));
  if (message.ok) {
    let ready = false;
    let missing = [];
    try {
      missing = await cacheWhatThePageUsed(client, urls);
      ready = await withStateLock(async () => {
        const state = await readState();
        const complete = Boolean(state.current) && missing.length === 0;
        if (complete && servedRelease(client.id) === state.current) await pruneRuntime(urls);
        await deleteUnusedCaches(); // e.g. the snapshot a page that is now closed was using
        return complete;
      });
    } catch (error) {
      missing.push(String(error)); // e.g. storage quota exceeded: the page says it is not ready
    }
    // The release of the page: the one its memory snapshot is kept with. A first visit came
    // from the network, at the time of the worker's own download of the current release.
    // (Were they different deploys, the game's Python would refuse the snapshot.)
    const release = servedRelease(client.id) || (ready && (await readState()).current) || null;
    client.postMessage({ type: "offline-status", ready, missing, release });
  }
  // A page that failed to boot asks too: the fix may already be deployed.
  await checkAndTell(client, Boolean(message.online));
}

// Make every file a booted page loaded available offline; return the URLs that could not be.
async function cacheWhatThePageUsed(client, urls) {
  const snapshot = await snapshotFor(client.id, await readState());
  const runtime = await caches.open(RUNTIME_CACHE);
  const missing = [];
  for (const href of new Set(urls.map((u) => u.split("#")[0]))) {
    if (href.startsWith(MEMORY_KEY)) continue; // the worker's own, never a file
    const url = new URL(href);
    if (inScope(url) && snapshot && (await snapshot.match(releaseKey(href)))) continue;
    if (!inScope(url) && !isRuntimeUrl(url)) {
      missing.push(href); // neither ours nor versioned: it could change under us, keep it live
      continue;
    }
    if (await runtime.match(url.href, { ignoreVary: true })) continue;
    try {
      // "force-cache": take the copy the page just downloaded from the HTTP cache.
      const response = await fetchForCache(url, null, "force-cache");
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      if (!(await isIntact(url, response))) throw new Error("does not match its pinned SHA-256");
      await runtime.put(url.href, response);
    } catch (error) {
      missing.push(href);
    }
  }
  return missing;
}

// Delete runtime files of versions this (current, fully cached) page did not use: what is left
// after the pinned PyScript or Pyodide version changed.
async function pruneRuntime(urls) {
  const used = new Set(urls.map(versionRoot).filter(Boolean));
  const runtime = await caches.open(RUNTIME_CACHE);
  const meta = await caches.open(META_CACHE);
  for (const request of await runtime.keys()) {
    const root = versionRoot(request.url);
    if (root && !used.has(root)) {
      await runtime.delete(request);
      await meta.delete(checkedKey(request.url));
    }
  }
}

// -- memory snapshots (static/interpreter.mjs) ---------------------------------------------------

// A page may keep a snapshot of its interpreter's memory with the release that served it: in
// that release's cache, under a made-up URL per runtime version, so it goes when the release
// goes and no other release ever sees it. A page asks for it at that URL and gets the one of the
// release that serves its files, or 204 No Content.
const MEMORY_KEY = new URL("__yacht-memory__", SCOPE).href;
// A guard against a runaway page: a compressed snapshot is a few megabytes.
const MAX_MEMORY_SNAPSHOT_BYTES = 64 * 1024 * 1024;

function memoryKey(runtime) {
  return `${MEMORY_KEY}?runtime=${encodeURIComponent(runtime)}`;
}

async function serveMemorySnapshot(event, url) {
  const none = () => new Response(null, { status: 204, headers: { "x-yacht-memory": "none" } });
  const runtime = url.searchParams.get("runtime");
  const release = await snapshotFor(event.clientId, await readState());
  const hit = runtime && release && (await release.match(memoryKey(runtime)));
  return hit || none();
}

async function storeMemorySnapshot(client, message) {
  // The release the page was served from; the page's own word only when the worker has lost
  // track of it (it was restarted), and only for a release that is still here.
  const served = servedRelease(client.id);
  const release = served || message.release;
  const bytes = message.bytes;
  const refuse = () => client.postMessage({ type: "memory-snapshot-stored", stored: false });
  if (!release || release !== message.release || !(await caches.has(APP_PREFIX + release))) {
    return refuse();
  }
  if (!(bytes instanceof ArrayBuffer) || bytes.byteLength > MAX_MEMORY_SNAPSHOT_BYTES) {
    return refuse();
  }
  const headers = {
    "content-type": "application/octet-stream",
    "x-yacht-memory": "snapshot",
    "x-yacht-release": release,
    "x-yacht-runtime": String(message.runtime),
    "x-yacht-build-id": String(message.buildId),
    "x-yacht-digest": String(message.digest),
    "x-yacht-raw-bytes": String(message.rawBytes),
  };
  const cache = await caches.open(APP_PREFIX + release);
  await cache.put(memoryKey(message.runtime), new Response(bytes, { headers }));
  client.postMessage({ type: "memory-snapshot-stored", stored: true, release });
}

async function dropMemorySnapshot(client, message) {
  const release = await snapshotFor(client.id, await readState());
  if (release) await release.delete(memoryKey(String(message.runtime)));
}

// -- runtime integrity (see the header) ----------------------------------------------------------

// Whether `response` for `url` may be cached or served: true for a file without a pin, and for a
// pinned one whose bytes hash to the pin. A failed or opaque answer is passed on as it is (it is
// never cached, and no page can run it). A cached copy whose check is noted is not hashed again:
// every copy this worker caches was checked first.
async function isIntact(url, response, cachedCopy = false) {
  const pin = self.yachtRuntimePin(url.href);
  if (!pin || !response.ok) return true;
  const meta = await caches.open(META_CACHE);
  const key = checkedKey(url.href);
  if (cachedCopy) {
    const noted = await meta.match(key);
    if (noted && (await noted.text()) === pin) return true;
  }
  const intact = await self.yachtMatchesPin(await response.clone().arrayBuffer(), pin);
  if (intact) await meta.put(key, new Response(pin));
  else await meta.delete(key);
  return intact;
}

// The META_CACHE key noting the pin a runtime file was checked against; a made-up URL.
function checkedKey(href) {
  return new URL(`__yacht-sw-checked__?${encodeURIComponent(href)}`, SCOPE).href;
}

// What the page gets instead of a runtime file that does not match its pin (static/boot.js
// tells the player).
function integrityFailure(url) {
  return new Response(`${url.href} does not match its pinned SHA-256`, {
    status: 502,
    statusText: "Integrity check failed",
    headers: { "content-type": "text/plain", "x-yacht-integrity": "mismatch" },
  });
}

// Check for a new release; tell the asking page the outcome, and every open page of the game
// when there is one to offer.
async function checkAndTell(asker, online) {
  // The page knows; a doomed request would only log an error. The worker's own view counts
  // too: a page can report online in the moment the connection goes away.
  if (!online || self.navigator.onLine === false) return;
  let state;
  try {
    state = await checkForUpdate();
  } catch (first) {
    // A file of the release that failed to come (a dropped connection, a deploy half done) is
    // asked for once more a little later: the page asks again only when it is shown after a
    // long time, or comes back online, so one lost request would hide a release until then.
    await new Promise((resolve) => setTimeout(resolve, UPDATE_RETRY_MS));
    if (self.navigator.onLine === false) return;
    try {
      state = await checkForUpdate();
    } catch (error) {
      // Said to the page (static/offline.js: a warning, <html data-update-check="failed">);
      // the next check may well go through, so the game offers nothing and plays on.
      asker.postMessage({ type: "update-check-failed", reason: String(error) });
      return;
    }
  }
  const available = Boolean(state.pending);
  const tell = available ? await windowClients() : [asker];
  for (const client of tell) client.postMessage({ type: "update-status", available });
}

// -- releases ----------------------------------------------------------------------------------

function checkForUpdate() {
  if (!updateCheck) {
    updateCheck = (async () => {
      const known = await readState();
      const release = await downloadSettledRelease([known.current, known.pending]);
      // The download takes a while; the record may have changed meanwhile (a switch, another
      // worker's check), so it is read only now, under the lock, and written before letting go.
      return withStateLock(async () => {
        const state = await readState();
        if (release.id === state.current) {
          if (state.pending) return writeStateAndClean({ current: state.current, pending: null });
          return state;
        }
        if (release.id !== state.pending || !(await caches.has(APP_PREFIX + release.id))) {
          await storeSnapshot(release);
        }
        const runtime = release.runtimeRefs;
        return writeStateAndClean({ current: state.current, pending: release.id, runtime });
      });
    })().finally(() => {
      updateCheck = null;
    });
  }
  return updateCheck;
}

// Download the release until two crawls in a row agree on it. A crawl takes a second or more,
// file by file: one that a deploy overtakes gets the old index.html and the new Python, a mix
// that was never published (and may not start). A crawl that finds a release the worker
// already has (`known`: the current and pending ones) is one that was published whole.
async function downloadSettledRelease(known = []) {
  let release = await downloadRelease();
  for (let crawls = 1; !known.includes(release.id); crawls++) {
    if (crawls === RELEASE_CRAWLS) throw new Error("the site changed during each download");
    const again = await downloadRelease();
    if (again.id === release.id) break;
    release = again;
  }
  return release;
}

// Crawl the release from index.html, a wave of parallel requests per level of references;
// every file must load, or there is no release. Also returns the versioned (runtime) URLs the
// release refers to, such as core.js on the CDN and the Pyodide `interpreter`.
async function downloadRelease() {
  const files = new Map(); // url -> { bytes, type }
  const runtimeRefs = new Set();
  let wave = [ENTRY];
  while (wave.length) {
    if (files.size + wave.length > MAX_RELEASE_FILES) throw new Error("release too large");
    const found = await Promise.all(wave.map((href) => downloadFile(href, files)));
    const next = new Set();
    for (const url of found.flat()) {
      if (isVersioned(url)) runtimeRefs.add(url.href);
      const key = releaseKey(url.href);
      if (inScope(url) && !files.has(key)) next.add(key);
    }
    wave = [...next];
  }
  return { id: await releaseId(files), files, runtimeRefs: [...runtimeRefs] };
}

// Download one file of the release into `files`; return the URLs it refers to.
async function downloadFile(href, files) {
  // "no-cache": revalidate with the server, so a deploy is seen at once, yet unchanged files
  // come back as 304 Not Modified rather than being downloaded again.
  const { response, bytes } = await fetchUnlessStalled(href, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
  const type = response.headers.get("content-type") || "";
  files.set(href, { bytes, type });
  return referencesIn(href, type, bytes).map((ref) => new URL(ref, href));
}

// fetch(), and the response's bytes read, given up with an error once nothing has come for
// RELEASE_STALL_MS: a slow network still gets there, a dead connection does not hold things up.
async function fetchUnlessStalled(href, init) {
  const controller = new AbortController();
  const stalled = () => {
    controller.abort(new Error(`${href}: nothing came for ${RELEASE_STALL_MS / 1000} s`));
  };
  let timer = setTimeout(stalled, RELEASE_STALL_MS);
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(stalled, RELEASE_STALL_MS);
  };
  try {
    const response = await fetch(href, { ...init, signal: controller.signal });
    const chunks = [];
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        alive();
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
    }
    return { response, bytes: await new Blob(chunks).arrayBuffer() };
  } finally {
    clearTimeout(timer);
  }
}

async function releaseId(files) {
  const encoder = new TextEncoder();
  const parts = [];
  for (const href of [...files.keys()].sort()) {
    const bytes = files.get(href).bytes;
    parts.push(encoder.encode(`${href.slice(SCOPE.href.length)}\n${bytes.byteLength}\n`), bytes);
  }
  const digest = await crypto.subtle.digest("SHA-256", await new Blob(parts).arrayBuffer());
  const hex = (byte) => byte.toString(16).padStart(2, "0");
  return [...new Uint8Array(digest).slice(0, 8)].map(hex).join("");
}

async function storeSnapshot(release) {
  const snapshot = await caches.open(APP_PREFIX + release.id);
  await Promise.all(
    [...release.files].map(([href, file]) =>
      snapshot.put(href, new Response(file.bytes, { headers: { "content-type": file.type } }))
    )
  );
}

// The URLs a release file refers to, by the kind of file.
function referencesIn(href, type, bytes) {
  const text = new TextDecoder().decode(bytes);
  const path = new URL(href).pathname;
  if (type.includes("html") || path.endsWith(".html")) return htmlReferences(text);
  if (type.includes("css") || path.endsWith(".css")) return cssReferences(text);
  if (path.endsWith(".webmanifest")) return manifestReferences(text);
  // The site's own modules; not a self-hosted runtime's (Pyodide's name modules for Node).
  if (path.endsWith(".mjs") && !isVersioned(new URL(href))) return moduleReferences(text);
  // The PyScript config: always with a `files` table, if only an empty one (the built site's).
  if (path.endsWith(".json") && /"files"\s*:/.test(text)) return jsonConfigFiles(text);
  return [];
}

const ATTRIBUTE = /\s(?:src|href|config)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

// src, href and config (PyScript's config file) of the tags that load something. Links (<a>)
// are not followed: they lead to other pages, not to parts of this one. Neither are preload
// hints: they name runtime files that PyScript loads in any case (cached when the page reports
// what it loaded), and a self-hosted runtime followed from them would be copied into every
// release snapshot.
function htmlReferences(html) {
  const refs = [];
  const source = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const [tag] of source.matchAll(/<(?:link|script|img|source|video|audio)\b[^>]*>/gi)) {
    if (/\srel\s*=\s*["']?(?:modulepreload|preload)\b/i.test(tag)) continue;
    for (const m of tag.matchAll(ATTRIBUTE)) {
      refs.push(m[1] ?? m[2] ?? m[3]);
    }
  }
  return refs.filter(isFileReference);
}

function cssReferences(css) {
  const refs = [];
  const source = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const m of source.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)) {
    refs.push(m[1] ?? m[2] ?? m[3]);
  }
  for (const m of source.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) refs.push(m[1] ?? m[2]);
  return refs.filter(isFileReference);
}

function manifestReferences(text) {
  const manifest = JSON.parse(text);
  const images = [...(manifest.icons || []), ...(manifest.screenshots || [])];
  return images.map((image) => image.src).filter(isFileReference);
}

// What a JavaScript module of the site loads: `import … from "x"`, `import "x"`, `import("x")`
// and `new URL("x", import.meta.url)` with a plain string (workers, other modules, the runtime).
function moduleReferences(text) {
  const refs = [];
  const source = text.replace(/^\s*\/\/.*$/gm, "");
  const reference = /(?:\bfrom|\bimport\s*\(?|\bnew URL\()\s*(?:"([^"]+)"|'([^']+)')/g;
  for (const m of source.matchAll(reference)) {
    refs.push(m[1] ?? m[2]);
  }
  // A directory (Pyodide's `indexURL`) is no file to download.
  return refs.filter((ref) => isFileReference(ref) && !ref.endsWith("/"));
}

// The source URLs of the PyScript config's `files` (the package's files, in the source tree; the
// built site's table is empty, as its package is one archive named by its interpreter module),
// of the game's own `yacht.fetched-later` (files it downloads itself after start-up), and its
// `interpreter` when that is a module URL rather than a bare version number: the runtime
// the release needs. The page's config is JSON (pyscript.json, written from pyscript.toml by
// `python -m yacht site-files`).
function jsonConfigFiles(text) {
  const config = JSON.parse(text);
  const later = (config.yacht && config.yacht["fetched-later"]) || {};
  const refs = [...Object.keys(config.files || {}), ...Object.keys(later)];
  const interpreter = typeof config.interpreter === "string" ? config.interpreter : "";
  if (/\.m?js$/.test(interpreter)) refs.push(interpreter);
  return refs.filter(isFileReference);
}

// A reference to a file (not an anchor, a data: URL or a PyScript `{TEMPLATE}`).
function isFileReference(ref) {
  return Boolean(ref) && !/^(?:#|data:|blob:|mailto:|javascript:)/i.test(ref) && !ref.includes("{");
}

// -- state -------------------------------------------------------------------------------------

async function readState() {
  const meta = await caches.open(META_CACHE);
  const response = await meta.match(STATE_KEY);
  if (!response) return { current: null, pending: null };
  return response.json();
}

// The one write that switches releases: a single cache entry, replaced whole.
async function writeState(state) {
  const meta = await caches.open(META_CACHE);
  await meta.put(
    STATE_KEY,
    new Response(JSON.stringify(state), { headers: { "content-type": "application/json" } })
  );
  return state;
}

// Run `task` (an async function) alone among the tasks that change the state record or delete
// caches: it reads the record itself, inside, and has written it when its promise settles. Web
// Locks also order an old worker still finishing a task and its successor; where a browser lacks
// them, a chain of promises orders this worker's own tasks. Not re-entrant: a task never asks
// for the lock again (so the functions it calls take none).
let localLock = Promise.resolve();

function withStateLock(task) {
  const locks = self.navigator && self.navigator.locks;
  if (locks) return locks.request(STATE_LOCK, () => task());
  const run = localLock.then(() => task());
  localLock = run.catch(() => {});
  return run;
}

async function hasCurrentRelease(state) {
  return Boolean(state.current) && caches.has(APP_PREFIX + state.current);
}

async function writeStateAndClean(state) {
  await writeState(state);
  await deleteUnusedCaches();
  return state;
}

// Make the pending release current; returns the new state, or the unchanged one when the switch
// has to wait. It waits when the pending release needs a runtime version that is not cached
// (the pinned PyScript or Pyodide changed) and the network cannot fetch it right now: switching
// offline would leave a game that cannot start, where the old release still plays. What is
// missing is worked out now, not at the check (pruning may have deleted a version since), and
// under the lock, so no check or pruning gets in between the probe and the switch. (The probe
// is short: RUNTIME_PROBE_TIMEOUT_MS per runtime version that changed.)
function switchToPending() {
  return withStateLock(async () => {
    const state = await readState();
    if (!state.pending) return state;
    // `needs`: the record of a worker before `runtime` was kept (the entry files it lacked).
    const needs = await runtimeNotCached(state.runtime || state.needs || []);
    if (!(await fetchRuntime(needs))) return state;
    return writeStateAndClean({ current: state.pending, pending: null });
  });
}

// The runtime URLs (one per version) whose version has nothing in the runtime cache yet.
async function runtimeNotCached(urls) {
  const runtime = await caches.open(RUNTIME_CACHE);
  const cachedRoots = new Set((await runtime.keys()).map((request) => versionRoot(request.url)));
  const needs = new Map();
  for (const href of urls) {
    const root = versionRoot(href);
    if (root && !cachedRoots.has(root) && !needs.has(root)) needs.set(root, href);
  }
  return [...needs.values()];
}

// Fetch and cache these runtime files; false when any cannot be had (offline, say). A short
// timeout: this may run while a page waits to be opened.
async function fetchRuntime(urls) {
  const runtime = await caches.open(RUNTIME_CACHE);
  try {
    for (const href of urls) {
      const url = new URL(href);
      const signal = AbortSignal.timeout(RUNTIME_PROBE_TIMEOUT_MS);
      // "no-cache": this must reach the network (a 304 will do) to prove it is there.
      const response = await fetchForCache(url, null, "no-cache", signal);
      if (!response.ok || !(await isIntact(url, response))) return false;
      await runtime.put(url.href, response);
    }
    return true;
  } catch (error) {
    return false;
  }
}

// Delete this scope's caches that are not the current or pending snapshot, a snapshot an open
// page is using, the runtime or the state: earlier releases and every cache of an older SCHEMA.
// Call it holding the state lock (withStateLock), so that it sees the record a task has
// written and not a snapshot stored for a record about to be written.
async function deleteUnusedCaches() {
  const state = await readState();
  const keep = new Set([RUNTIME_CACHE, META_CACHE]);
  if (state.current) keep.add(APP_PREFIX + state.current);
  if (state.pending) keep.add(APP_PREFIX + state.pending);
  const open = new Set((await windowClients()).map((client) => client.id));
  const now = Date.now();
  for (const [clientId, page] of servedBy) {
    if (open.has(clientId)) page.opened = true;
    else if (page.opened || now - page.since >= PAGE_OPENING_MS) {
      servedBy.delete(clientId); // closed, or never opened
      continue;
    }
    keep.add(APP_PREFIX + page.release);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

// -- helpers -----------------------------------------------------------------------------------

function inScope(url) {
  return url.origin === SCOPE.origin && url.pathname.startsWith(SCOPE.pathname);
}

function isVersioned(url) {
  return VERSIONED_PATH.test(pathBelowScope(url));
}

// A same-origin path is looked at below the scope, so a site served from, say, /yacht-1.2/
// does not make all of its own files look versioned.
function pathBelowScope(url) {
  return inScope(url) ? url.pathname.slice(SCOPE.pathname.length - 1) : url.pathname;
}

// Cross-origin files worth keeping: versioned (immutable) ones, such as the CDN runtime.
function isRuntimeUrl(url) {
  return /^https?:$/.test(url.protocol) && url.origin !== SCOPE.origin && isVersioned(url);
}

// The part of a URL up to its version segment ("https://cdn.jsdelivr.net/pyodide/v314.0.2/"),
// or "" for a URL without one.
function versionRoot(href) {
  const url = new URL(href);
  const path = pathBelowScope(url);
  const match = path.match(VERSIONED_PATH);
  if (!match) return "";
  const base = inScope(url) ? SCOPE.href.slice(0, -1) : url.origin;
  return base + path.slice(0, match.index + match[0].length);
}

// The snapshot key of a same-origin URL: no query or fragment (`?seed=5` is for the game, not
// for the file), and a directory means its index.html.
function releaseKey(href) {
  const url = new URL(href);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

async function windowClients() {
  const all = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return all.filter((client) => inScope(new URL(client.url)));
}

async function otherWindowsOpen() {
  return (await windowClients()).length > 0;
}

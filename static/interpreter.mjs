// The interpreter PyScript starts (`interpreter` in pyscript.toml): the pinned Pyodide, started
// from a memory snapshot when this release has one, else the usual way.
//
// A memory snapshot is the interpreter's WebAssembly memory captured once the game's own modules
// are imported (the rules, the game, the solver, the saves, the views: everything but the page
// layer, yacht/web), so that a start from it skips starting Python and importing them. It is made
// after a normal start, in idle time and in a worker of its own (static/snapshot-worker.mjs), so
// the visit that makes it is no slower; the service worker keeps it in the cache of the release
// that made it (sw.js, "memory snapshots"), and only ever hands a page the one of the release that
// serves the page's own files, for the Pyodide version this module pins.
//
// Nothing here may start a wrong game, so every doubt means a normal start:
// - no service worker controls the page, or it has no snapshot for this release and runtime;
// - the snapshot is truncated or damaged (the gzip stream's length and CRC-32 do not check out);
// - Pyodide refuses it (its magic number, or the build id of another pyodide.asm.wasm);
// - the game's Python finds that the sources the snapshot was made from differ from the files
//   this page has (yacht/web/memory_snapshot.py): then the page drops it and reloads.
// A refused snapshot is deleted, and not tried again in this tab.
import * as pyodide from "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/pyodide.mjs";

export const version = pyodide.version;

// Where Pyodide's own files are (PyScript would pass the directory of this module instead): the
// directory of the pyodide.mjs imported above.
const INDEX_URL = new URL("https://cdn.jsdelivr.net/pyodide/v314.0.2/full/", import.meta.url).href;
// The standard library Pyodide loads: here, Pyodide's own, as source. The deployed site's is the
// same archive with the modules a start imports compiled, so that Python compiles none of them in
// the page (`make site` points this at it: yacht/tools/build_site.py).
const STDLIB_URL = new URL("https://cdn.jsdelivr.net/pyodide/v314.0.2/full/python_stdlib.zip", import.meta.url).href;
// The package's archive (static/archive.mjs): none in the source tree, whose config lists the
// package's files one by one for PyScript; the deployed site's build names it here.
const ARCHIVE_URL = null;
// The service worker's address for this release's snapshot (sw.js answers it; never on a server).
const SNAPSHOT_URL = new URL(`../__yacht-memory__?runtime=${version}`, import.meta.url).href;
const REFUSED_KEY = "yacht:memory-snapshot-refused";
const root = document.documentElement;

// The release that served this page, once the service worker has said it has all of it ready
// offline: a snapshot is made only for a known, complete release.
const releaseKnown = new Promise((resolve) => {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    const message = event.data || {};
    if (message.type === "offline-status" && message.ready && message.release) {
      resolve(message.release);
    } else if (message.type === "memory-snapshot-stored") {
      setMaking(message.stored ? "stored" : "failed");
    }
  });
});

// Pyodide is started as soon as this module runs, not when PyScript asks for it: index.html
// imports it ahead of PyScript's core.js, so the interpreter starts while PyScript loads its
// core, its config and its plugins (about 0.3 s on a quiet machine, all before PyScript calls
// loadPyodide). PyScript's call then gets the interpreter already on its way.
//
// PyScript 0.7.31 passes loadPyodide its stdout and stderr and the indexURL (replaced here), and
// more only for `packages` in the config, which the game has none of: anything else would have
// to be in the early start, so it is refused loudly rather than dropped.
const PASSED_ON = new Set(["stdout", "stderr", "indexURL"]);
const output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

// The package's archive and the module that unpacks it are fetched as this module runs, beside
// Pyodide (index.html preloads the archive too), and unpacked once the interpreter is up.
const archive = ARCHIVE_URL && fetchArchive(ARCHIVE_URL);
if (archive) archive.catch(() => {}); // the start below is handed the failure

// The snapshot is read, and then the interpreter started, at once.
const stored = readSnapshot().catch((error) => {
  forget(`unreadable: ${error}`);
  return null;
});
const starting = start();
starting.catch(() => {}); // PyScript's call below is handed the failure

export async function loadPyodide(options = {}) {
  const extra = Object.keys(options).filter((name) => !PASSED_ON.has(name));
  if (extra.length) {
    throw new Error(`static/interpreter.mjs cannot pass these on to Pyodide: ${extra.join(", ")}`);
  }
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return starting;
}

async function start() {
  const settings = {
    indexURL: INDEX_URL,
    stdLibURL: STDLIB_URL,
    stdout: (text) => output.stdout(text),
    stderr: (text) => output.stderr(text),
  };
  const snapshot = await stored;
  if (snapshot) {
    // Pyodide copies the bytes into its memory: drop them from the module's promise, or the
    // page would hold the snapshot twice for as long as it is open.
    const bytes = snapshot.bytes;
    snapshot.bytes = null;
    let started = null;
    try {
      started = await pyodide.loadPyodide({ ...settings, _loadSnapshot: bytes });
    } catch (error) {
      forget(`refused by Pyodide: ${error && error.message ? error.message : error}`);
    }
    if (started) {
      setStart("snapshot");
      return withPackage(started);
    }
  }
  const started = await pyodide.loadPyodide(settings);
  // "fallback": a normal start because this tab refused a snapshot (now or before a reload).
  const refused = root.dataset.pythonStart === "fallback" || refusedInThisTab();
  setStart(refused ? "fallback" : "fresh");
  if (canSnapshot()) laterMakeSnapshot(started);
  return withPackage(started);
}

async function fetchArchive(url) {
  const [unpacker, response] = await Promise.all([import("./archive.mjs"), fetch(url)]);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { unpacker, bytes: new Uint8Array(await response.arrayBuffer()) };
}

// The interpreter with the package's archive unpacked into its working directory, as PyScript
// would unpack an archive of its `files`. An archive that cannot be downloaded fails the start as
// a file of `files` would (boot.js tells a missing file or a lost connection); one that arrives
// whole but damaged is told as a broken copy of the site, and fails the start too.
async function withPackage(started) {
  if (!archive) return started;
  const { unpacker, bytes } = await archive;
  try {
    // Marks for the page benchmark (bench/page_bench.py): the inflating, then the writing.
    performance.mark("yacht:unpacking");
    const tar = unpacker.unzstd(started, bytes);
    performance.mark("yacht:inflated");
    unpacker.unpackTar(started.FS, tar);
    performance.mark("yacht:unpacked");
  } catch (error) {
    if (error instanceof unpacker.DamagedArchive && self.yachtBrokenFile) {
      self.yachtBrokenFile(ARCHIVE_URL);
    }
    throw error;
  }
  return started;
}

// <html data-memory-snapshot>: "pending" while one is being made on this visit, then "stored"
// or "failed"; absent when none is made.
function setMaking(state) {
  root.dataset.memorySnapshot = state;
}

function setStart(how) {
  root.dataset.pythonStart = how;
}

function canSnapshot() {
  return (
    "serviceWorker" in navigator &&
    typeof Worker === "function" &&
    typeof CompressionStream === "function" &&
    typeof DecompressionStream === "function" &&
    !refusedInThisTab()
  );
}

function refusedInThisTab() {
  try {
    return window.sessionStorage.getItem(REFUSED_KEY) !== null;
  } catch (error) {
    return false;
  }
}

// The snapshot of this page's release, decompressed, or null when there is none to use.
async function readSnapshot() {
  if (!canSnapshot() || !navigator.serviceWorker.controller) return null;
  const response = await fetch(SNAPSHOT_URL, { cache: "no-store" });
  if (response.status !== 200 || response.headers.get("x-yacht-memory") !== "snapshot") {
    return null;
  }
  if (response.headers.get("x-yacht-runtime") !== version) {
    throw new Error(`made for Pyodide ${response.headers.get("x-yacht-runtime")}`);
  }
  const size = Number(response.headers.get("x-yacht-raw-bytes"));
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  if (bytes.byteLength !== size) throw new Error(`${bytes.byteLength} bytes, not ${size}`);
  return { bytes, digest: response.headers.get("x-yacht-digest") };
}

// Drop this release's snapshot (the service worker deletes it) and do not try one again in
// this tab: the start goes on, or starts again, the normal way.
function forget(reason) {
  console.warn("Yacht: memory snapshot not used:", reason);
  setStart("fallback");
  try {
    window.sessionStorage.setItem(REFUSED_KEY, reason);
  } catch (error) {
    // No session storage: the service worker's deletion is enough.
  }
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (worker) worker.postMessage({ type: "memory-snapshot-drop", runtime: version });
}

// Called by the game's Python (yacht/web/main.py) when the snapshot it started from was made
// from other sources than this page's: start again without it.
globalThis.yachtRefuseMemorySnapshot = (reason) => {
  forget(String(reason));
  window.location.reload();
};

// -- making one ----------------------------------------------------------------------------------

// Once the game is interactive and the service worker has the whole release (it then says which
// release this page is), the player has had the page a while, and it is idle: make a snapshot in
// a worker and hand it to the service worker.
function laterMakeSnapshot(started) {
  setMaking("pending");
  releaseKnown.then((id) =>
    whenSettled(() =>
      import("./snapshot-maker.mjs")
        .then((maker) => {
          const runtime = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL, version };
          return maker.makeSnapshot(started, { ...runtime, release: id });
        })
        .catch((error) => {
          setMaking("failed");
          console.warn("Yacht: no memory snapshot made:", error);
        })
    )
  );
}

// A snapshot costs a core for a few seconds (a second interpreter starts in the worker). The
// first seconds of a visit are when a player reloads, follows a link or leaves again, and when
// the first moves are made: work begun then is often thrown away, and slows what they see.
const SETTLE_MS = 8000;

function whenSettled(task) {
  const idle = window.requestIdleCallback || ((callback) => window.setTimeout(callback, 1000));
  window.setTimeout(() => idle(() => task(), { timeout: 10000 }), SETTLE_MS);
}

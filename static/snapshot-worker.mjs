// Makes a memory snapshot away from the page's thread (read static/interpreter.mjs first).
//
// Given the addresses of Pyodide and of its standard library, and the game's files, it starts a
// Pyodide of its own as the page starts its own (the same options: the memory it captures refers
// to the standard library's archive, so a page must start from it with the same one), writes the
// files where PyScript writes them, lets yacht/web/memory_snapshot.py import the game's modules,
// captures the interpreter's memory and answers it gzip-compressed. Its Python never touches the page: what is captured is an
// interpreter with modules imported and nothing else (no game, no saves, no page objects).
//
// The runtime files Pyodide fetches here are checked against static/runtime-pins.js as the page
// checks them (static/boot.js): a snapshot made from a tampered interpreter would outlive it.
import "./runtime-pins.js";

const nativeFetch = self.fetch.bind(self);

self.fetch = async (input, init) => {
  const href = new URL(input && input.url ? input.url : String(input), self.location.href).href;
  const response = await nativeFetch(input, init);
  const pin = self.yachtRuntimePin(href);
  if (!pin) return response;
  const intact =
    response.ok &&
    response.headers.get("x-yacht-integrity") !== "mismatch" &&
    (await self.yachtMatchesPin(await response.clone().arrayBuffer(), pin));
  if (!intact) throw new TypeError(`${href} does not match its pinned SHA-256`);
  return response;
};

self.addEventListener("message", async (event) => {
  try {
    self.postMessage(...(await make(event.data)));
  } catch (error) {
    self.postMessage({ ok: false, error: String(error && error.stack ? error.stack : error) });
  }
});

// Pyodide's modules, imported only once their bytes match the pins: a worker's import() takes
// no integrity, so each is fetched through the check above first (the import then finds the
// same copy in the HTTP cache, or in the service worker, which checks the pins too).
const MODULES = ["pyodide.mjs", "pyodide.asm.mjs"];

async function make({ indexURL, stdLibURL, files }) {
  await Promise.all(MODULES.map((name) => self.fetch(`${indexURL}${name}`)));
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const quiet = () => {};
  const py = await loadPyodide({
    indexURL,
    stdLibURL,
    stdout: quiet,
    stderr: quiet,
    _makeSnapshot: true,
  });
  for (const [path, bytes] of files) {
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, bytes);
  }
  // No name is left behind in __main__: the page's scripts run there.
  const digest = py.runPython(
    "__import__('importlib').import_module('yacht.web.memory_snapshot').prepare()"
  );
  const raw = py.makeMemorySnapshot();
  const compressed = new Response(
    new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"))
  );
  const bytes = await compressed.arrayBuffer();
  const answer = {
    ok: true,
    digest,
    buildId: py._api.config.BUILD_ID,
    rawBytes: raw.byteLength,
    bytes,
  };
  return [answer, [bytes]];
}

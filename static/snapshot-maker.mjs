// The page's side of making a memory snapshot (read static/interpreter.mjs first): hand the game's
// files to a worker that starts a Pyodide of its own, imports the game's modules and captures its
// memory, then give the result to the service worker, which keeps it with this page's release.
//
// The files are the ones PyScript wrote into this page's interpreter, so the snapshot is made of
// exactly the sources of the release the page runs (the worker fetches none of them itself).
// Only the copying of the files happens on the page's thread: a few hundred kilobytes.

const SOURCE_ROOT = "yacht";
// The files a snapshot depends on: the modules and the translations (yacht/web/memory_snapshot.py
// digests the same), not the strategy tables the game downloads once it runs.
const SOURCE_FILE = /\.(?:py|pyc|po)$/;
// A worker that has not answered by then is stopped: a snapshot is a bonus, never a wait (a
// busy phone may take a minute).
const WORKER_TIMEOUT_MS = 300000;

export async function makeSnapshot(interpreter, { indexURL, stdLibURL, version, release }) {
  const files = sourceFiles(interpreter.FS, SOURCE_ROOT);
  const made = await inWorker({ indexURL, stdLibURL, files });
  // The active worker, which on a first visit does not control the page (sw.js does not claim).
  const { active } = await navigator.serviceWorker.ready;
  if (!active) throw new Error("no active service worker to keep it");
  active.postMessage(
    {
      type: "memory-snapshot-store",
      release,
      runtime: version,
      buildId: made.buildId,
      digest: made.digest,
      rawBytes: made.rawBytes,
      bytes: made.bytes,
    },
    [made.bytes]
  );
}

// Every file under `dir` in the interpreter's file system, as [path, bytes] pairs.
function sourceFiles(FS, dir) {
  const found = [];
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === ".." || name === "__pycache__") continue;
    const path = `${dir}/${name}`;
    if (FS.isDir(FS.stat(path).mode)) found.push(...sourceFiles(FS, path));
    else if (SOURCE_FILE.test(name)) found.push([path, FS.readFile(path)]);
  }
  return found;
}

function inWorker(job) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
      type: "module",
      name: "yacht-memory-snapshot",
    });
    const late = () => finish(new Error("the snapshot worker took too long"));
    const timer = setTimeout(late, WORKER_TIMEOUT_MS);
    // Leaving the page stops the worker while the page is still whole, rather than leaving
    // it to the page's teardown halfway through starting an interpreter.
    const leaving = () => finish(new Error("the page was left before the snapshot was made"));
    window.addEventListener("pagehide", leaving);
    function finish(error, result) {
      clearTimeout(timer);
      window.removeEventListener("pagehide", leaving);
      worker.terminate();
      if (error) reject(error);
      else resolve(result);
    }
    worker.addEventListener("message", (event) => {
      const answer = event.data || {};
      if (answer.ok) finish(null, answer);
      else finish(new Error(answer.error || "the snapshot worker failed"));
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      finish(new Error(event.message || "the snapshot worker failed to start"));
    });
    worker.postMessage(job, job.files.map(([, bytes]) => bytes.buffer));
  });
}

// SHA-256 of the runtime files that Subresource Integrity cannot reach: those Pyodide fetches by
// itself, its WebAssembly (the interpreter), the standard library and the package lock, and its
// two JavaScript modules where the memory snapshot's worker imports them (a worker's import()
// takes no integrity; the page imports them with it). The page (static/boot.js), the snapshot
// worker (static/snapshot-worker.mjs) and the service worker (sw.js, which imports this file)
// all refuse a copy that does not match. A file is known by its name, so a self-hosted copy of the runtime is
// checked too. The version is the Pyodide pinned in package.json, index.html and pyscript.toml;
// tests/test_hardening.py computes these hashes from node_modules/pyodide and compares.
self.YACHT_RUNTIME_PINS = Object.freeze({
  pyodide: "314.0.2",
  files: Object.freeze({
    "pyodide.mjs": "sha256-lV0giLu3/HmnPEgCrKI3DB2Vv9+v+kEh4Prr2isOo/k=",
    "pyodide.asm.mjs": "sha256-x+zN/reoQZ1h+RDwaFtFzVYQt/9bvoRMPBBQ7mYjtkE=",
    "pyodide.asm.wasm": "sha256-96ihaeUTeR4Y+geQ+2nW8mVrd56QErpX4D6XPw3ws58=",
    "python_stdlib.zip": "sha256-EBqclMpjBMFHjIm3tZUTa5pRtCib3FtGfYbbVT7+6bM=",
    "pyodide-lock.json": "sha256-yWPSKFj2vLj0FYaiFC8DkFqzcMiOoiqGonNulfrCqPM="
  })
});

// The pinned hash of the file at `url`, or null when it has none.
self.yachtRuntimePin = function (url) {
  var name = new URL(url, self.location.href).pathname.split("/").pop();
  var files = self.YACHT_RUNTIME_PINS.files;
  return Object.prototype.hasOwnProperty.call(files, name) ? files[name] : null;
};

// Whether `bytes` (an ArrayBuffer) hash to `pin` ("sha256-<base64>"); a promise.
self.yachtMatchesPin = function (bytes, pin) {
  return self.crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
    var binary = "";
    var view = new Uint8Array(digest);
    for (var i = 0; i < view.length; i++) binary += String.fromCharCode(view[i]);
    return "sha256-" + self.btoa(binary) === pin;
  });
};

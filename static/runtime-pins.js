// SHA-256 of the runtime files that Pyodide fetches by itself, where Subresource Integrity cannot
// reach them: its WebAssembly (the interpreter), the standard library and the package lock. The
// page (static/boot.js) and the service worker (sw.js, which imports this file) both refuse a copy
// that does not match. A file is known by its name, so a self-hosted copy of the runtime is
// checked too. The version is the Pyodide pinned in package.json, index.html and pyscript.toml;
// tests/test_hardening.py computes these hashes from node_modules/pyodide and compares.
self.YACHT_RUNTIME_PINS = Object.freeze({
  pyodide: "314.0.2",
  files: Object.freeze({
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

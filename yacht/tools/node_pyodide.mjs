// The pinned Pyodide started under Node, as the build's tools (pyodide_compile.mjs,
// pyodide_zstd.mjs) and the tests that check their work start it: from its folder in
// node_modules, quiet on stdout, its errors on stderr. `options` adds to or overrides
// loadPyodide's (an environment, another standard library's archive).
import { pathToFileURL } from "node:url";

export async function startPyodide(pyodideDir, options = {}) {
  const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
  return loadPyodide({
    indexURL: `${pyodideDir}/`,
    stdout: () => {},
    stderr: console.error,
    ...options,
  });
}

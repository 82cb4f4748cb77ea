// Compress a file with Zstandard in the pinned Pyodide, under Node, for the site build
// (yacht/tools/build_site.py runs it for the package's archive):
//
//   node pyodide_zstd.mjs PYODIDE_DIR IN OUT
//
// The page inflates the archive with the same interpreter's `_zstd` (static/archive.mjs), so the
// build needs no compressor of its own, and the frame is one that interpreter reads. Level 19,
// with the checksum of the content in the frame: a damaged copy fails to inflate instead of
// unpacking other files. The same input makes the same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { startPyodide } from "./node_pyodide.mjs";

const [pyodideDir, input, output] = process.argv.slice(2).map((arg) => resolve(arg));
const pyodide = await startPyodide(pyodideDir);
pyodide.FS.writeFile("/tmp/input", readFileSync(input));
const packed = pyodide.runPython(`
from compression import zstd

with open("/tmp/input", "rb") as file:
    data = file.read()
parameter = zstd.CompressionParameter
zstd.compress(data, options={parameter.compression_level: 19, parameter.checksum_flag: 1})
`);
writeFileSync(output, packed.toJs());
packed.destroy();

// The package's archive (yacht.tar.zst on the deployed site), unpacked by the page itself.
//
// A tar compressed with Zstandard: about a quarter smaller than the same tar gzipped (238 KB
// against 321 KB), and inflated by the `_zstd` module built into the pinned Pyodide's interpreter
// (CPython 3.14's; 26 ms on a first visit, 7 ms on later ones, in the page benchmark), so the
// page ships no decompressor of its own. PyScript unpacks no
// such archive (its `files` take zip, whl and tar.gz), so static/interpreter.mjs fetches it as the
// page starts and unpacks it with this module before it hands PyScript the interpreter: the
// package is in the file system before any of the game's Python runs, as with PyScript's `files`.
// The tar's headers are read here and its files written with Emscripten's FS.writeFile (Python's
// tarfile, whose import alone takes longer than all of this, is never imported).
//
// The same files as Python's tarfile would write, or none at all: the whole archive is read and
// checked before the first file is written, and anything else throws DamagedArchive and writes
// nothing:
// - a Zstandard frame cut short, with bytes after its end, or whose checksum (of the whole tar)
//   does not match;
// - a tar header whose checksum does not add up, a member cut short, no end-of-archive block;
// - a member the build never writes: anything but a file or a folder (links, devices, PAX or GNU
//   extended headers), a name outside the folder (absolute, or with ".."), a name that is not
//   ASCII, a size in base-256.
// The files' modes and times are the file system's defaults: nothing reads them.
// Plain module without imports: Node runs it in the unit tests (tests/test_archive.py).

const BLOCK = 512;

export class DamagedArchive extends Error {}

// The tar `tar` (bytes) unpacked into `extractDir` of Emscripten's `FS` (relative to its working
// directory).
export function unpackTar(FS, tar, extractDir = ".") {
  const members = readTar(tar);
  writeMembers(FS, resolvePath(FS.cwd(), extractDir), members);
}

// Inflated in a namespace of its own: nothing is left in __main__, where the page's scripts run.
const INFLATE = `
import _zstd
with open(path, "rb") as file:
    packed = file.read()
inflater = _zstd.ZstdDecompressor()
tar = inflater.decompress(packed)
if not inflater.eof:
    raise ValueError("the frame is cut short")
if inflater.unused_data:
    raise ValueError(f"{len(inflater.unused_data)} bytes after the frame")
tar
`;

// The tar inside the Zstandard frame `bytes`, inflated by the interpreter's `_zstd` (which checks
// the frame's checksum when it has one; the build always writes one).
export function unzstd(pyodide, bytes) {
  const path = "/tmp/yacht-archive.tar.zst";
  pyodide.FS.mkdirTree("/tmp");
  pyodide.FS.writeFile(path, bytes);
  const namespace = pyodide.toPy({ path });
  try {
    const tar = pyodide.runPython(INFLATE, { globals: namespace });
    try {
      return tar.toJs();
    } finally {
      tar.destroy();
    }
  } catch (error) {
    const message = error && error.message ? error.message.trim().split("\n").pop() : error;
    throw new DamagedArchive(`zstd: ${message}`);
  } finally {
    namespace.destroy();
    pyodide.FS.unlink(path);
  }
}

// The members of a tar (name, whether a folder, bytes), in the archive's order. Throws
// DamagedArchive.
export function readTar(tar) {
  const members = [];
  for (let at = 0; ; ) {
    if (at + BLOCK > tar.length) throw new DamagedArchive("no end-of-archive block");
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return members;
    if (octal(header, 148, 8) !== checksum(header)) {
      throw new DamagedArchive(`header checksum at byte ${at}`);
    }
    const type = String.fromCharCode(header[156]);
    const folder = type === "5";
    if (!folder && type !== "0" && type !== "\0") {
      throw new DamagedArchive(`a member of type "${type}" at byte ${at}`);
    }
    if (header[124] & 0x80) throw new DamagedArchive(`a size in base-256 at byte ${at}`);
    const name = memberName(header);
    if (name === null) throw new DamagedArchive(`a name outside the folder or not ASCII at byte ${at}`);
    const size = folder ? 0 : octal(header, 124, 12);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new DamagedArchive(`${name}: cut short`);
    members.push({ name, folder, data: tar.slice(start, start + size) });
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
}

function field(header, offset, length) {
  const bytes = header.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return end < 0 ? bytes : bytes.subarray(0, end);
}

function octal(header, offset, length) {
  const text = String.fromCharCode(...field(header, offset, length)).trim();
  if (!/^[0-7]+$/.test(text)) throw new DamagedArchive(`not a number: "${text}"`);
  return parseInt(text, 8);
}

// The header's bytes summed with its checksum field read as spaces (POSIX ustar).
function checksum(header) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum;
}

// The member's path below the folder ("./" and trailing "/" dropped), or null for a name outside
// the folder or not in ASCII (the build writes neither).
function memberName(header) {
  const prefix = field(header, 345, 155);
  const base = field(header, 0, 100);
  if (prefix.some((byte) => byte > 0x7f) || base.some((byte) => byte > 0x7f)) return null;
  const text = String.fromCharCode(...prefix, ...(prefix.length ? [0x2f] : []), ...base);
  const parts = text.split("/").filter((part) => part !== "" && part !== ".");
  if (text.startsWith("/") || parts.length === 0 || parts.includes("..")) return null;
  return parts.join("/");
}

// As Python's tarfile writes them: the folder first, then each member, its folders made first.
function writeMembers(FS, root, members) {
  FS.mkdirTree(root);
  for (const { name, folder, data } of members) {
    const path = `${root === "/" ? "" : root}/${name}`;
    if (folder) {
      FS.mkdirTree(path);
    } else {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
      FS.writeFile(path, data, { canOwn: true });
    }
  }
}

function resolvePath(base, path) {
  const parts = path.startsWith("/") ? [] : base.split("/");
  for (const part of path.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "" && part !== ".") parts.push(part);
  }
  return "/" + parts.filter((part) => part !== "").join("/");
}

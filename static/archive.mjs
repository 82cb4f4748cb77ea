// The package's archive (yacht.tar.gz on the deployed site), unpacked in JavaScript.
//
// PyScript unpacks an archive of its `files` with Pyodide's unpackArchive, which runs Python's
// shutil.unpack_archive: for a gzipped tar, tarfile, whose import alone takes longer than the
// rest of the start. This does the same with the browser's own inflater (one DecompressionStream
// "gzip" for the whole archive, which checks its CRC-32 and length), a reader of the tar's
// headers and Emscripten's FS.writeFile: about 10 ms in Chromium, against 20-30 ms for Python's
// zipfile and a zip (which, one inflater per member, takes 80 ms in JavaScript).
// static/interpreter.mjs hands PyScript an interpreter whose unpackArchive calls `unpackTarGz`.
//
// The same files as Python would write, or none at all:
// - the whole archive is read and checked before the first file is written; a damaged one (the
//   gzip stream's CRC-32 or length, a header's checksum, a member cut short) throws and writes
//   nothing;
// - an archive this does not read the way Python does is left to Pyodide (`unpackTarGz` answers
//   false): a member other than a file or a folder (links, devices, PAX or GNU extended
//   headers), a name outside the folder (absolute, or with ".."), a name that is not ASCII, a
//   size in base-256, or a browser whose DecompressionStream has no "gzip".
// The files' modes and times are the file system's defaults: nothing reads them.
// Plain module without imports: Node runs it in the unit tests (tests/test_archive.py).

const BLOCK = 512;

export class DamagedArchive extends Error {}

// Unpack the gzipped tar `bytes` into `extractDir` of Pyodide's file system `FS` (relative to its
// working directory), as Pyodide's unpackArchive(bytes, "tar.gz", { extractDir }) would. False
// when the archive is one to leave to Pyodide.
export async function unpackTarGz(FS, bytes, extractDir = ".") {
  if (!canGunzip()) return false;
  const members = readTar(await gunzip(bytes));
  if (members === null) return false;
  writeMembers(FS, resolvePath(FS.cwd(), extractDir), members);
  return true;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    throw new DamagedArchive(`gzip: ${error && error.message ? error.message : error}`);
  }
}

function canGunzip() {
  try {
    new DecompressionStream("gzip");
    return true;
  } catch (error) {
    return false;
  }
}

// The members of a tar (name, whether a folder, bytes), in the archive's order, or null for an
// archive to leave to Pyodide. Throws DamagedArchive.
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
    if (!folder && type !== "0" && type !== "\0") return null;
    if (header[124] & 0x80) return null; // a size in base-256
    const name = memberName(header);
    if (name === null) return null;
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

// The member's path below the folder ("./" and trailing "/" dropped), or null for one Python
// would refuse or decode otherwise.
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

"""The package's archive unpacked by the page (``static/archive.mjs``), run under Node.

The deployed page's interpreter module (``static/interpreter.mjs``) inflates the archive with the
interpreter's own ``_zstd`` and reads the tar in JavaScript: it must write exactly the files
Python's ``tarfile`` would, and nothing at all from a damaged archive or one the build would never
write. The tar is read here on its own (a stand-in for Emscripten's FS records the writes), and
the whole, inflating included, in the pinned Pyodide under Node. The page's own unpacking is
covered by e2e/test_deployed.py (a first visit imports no ``tarfile``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest
import zstandard

from tests.in_pyodide import PYODIDE, pyodide_available, starter_arguments
from yacht.tools.build_site import ARCHIVE, build_site, tar_of_files, write_archive

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "static" / "archive.mjs"

# Unpacks each case into a stand-in for Emscripten's FS that records what is written.
DRIVER = """
import { readFileSync } from "node:fs";
import { unpackTar, DamagedArchive } from %(module)s;
const cases = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const out = {};
for (const [name, { data, cwd, extractDir }] of Object.entries(cases)) {
  const writes = {};
  const folders = [];
  const FS = {
    cwd: () => cwd,
    mkdirTree: (path) => folders.push(path),
    writeFile: (path, bytes) => { writes[path] = Buffer.from(bytes).toString("base64"); },
  };
  try {
    unpackTar(FS, new Uint8Array(Buffer.from(data, "base64")), extractDir);
    out[name] = { writes, folders };
  } catch (error) {
    out[name] = { damaged: error instanceof DamagedArchive, error: String(error), writes };
  }
}
console.log(JSON.stringify(out));
"""

FILES = {
    "yacht/__init__.pyc": b"\x00\x01bytecode",
    "yacht/rules/dice.pyc": bytes(range(256)) * 3,  # not a multiple of 512
    "yacht/locale/ru.po": 'msgid "Roll"\nmsgstr "Бросить"\n'.encode(),
    "yacht/empty.txt": b"",
    "html/entities.pyc": b"x" * 512,  # exactly one block
}


def staged(tmp_path: Path, files: dict[str, bytes] = FILES) -> Path:
    staging = tmp_path / "staging"
    for name, data in files.items():
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        (staging / name).write_bytes(data)
    return staging


def built_tar(tmp_path: Path, files: dict[str, bytes] = FILES) -> bytes:
    """The tar inside an archive as the site's build writes it."""
    return tar_of_files(staged(tmp_path, files), list(files))


def built_archive(tmp_path: Path, files: dict[str, bytes] = FILES) -> bytes:
    """An archive as the site's build writes it: the tar, compressed in the pinned Pyodide."""
    if not pyodide_available():
        pytest.skip("the pinned Pyodide compresses the archive, under Node (make install)")
    path = tmp_path / ARCHIVE
    write_archive(staged(tmp_path, files), list(files), path, PYODIDE)
    packed = path.read_bytes()
    assert zstandard.ZstdDecompressor().decompress(packed) == built_tar(tmp_path, files)
    return packed


def tar_of(
    *members: tuple[tarfile.TarInfo, bytes], tar_format: int = tarfile.USTAR_FORMAT
) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tar_format) as archive:
        for member, data in members:
            member.size = len(data) if member.isreg() else 0
            archive.addfile(member, io.BytesIO(data) if member.isreg() else None)
    return out.getvalue()


def member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    return info


def unpack(tmp_path: Path, cases: dict[str, dict[str, Any]]) -> dict[str, Any]:
    node = shutil.which("node")
    assert node is not None, "Node runs static/archive.mjs (make install)"
    script = tmp_path / "driver.mjs"
    script.write_text(DRIVER % {"module": json.dumps(MODULE.as_uri())}, "utf-8")
    encoded = {
        name: {
            "data": base64.b64encode(case["data"]).decode(),
            "cwd": case.get("cwd", "/home/pyodide"),
            "extractDir": case.get("extract_dir", "./"),
        }
        for name, case in cases.items()
    }
    (tmp_path / "cases.json").write_text(json.dumps(encoded), "utf-8")
    done = subprocess.run(
        [node, str(script), str(tmp_path / "cases.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def written(result: dict[str, Any]) -> dict[str, bytes]:
    return {path: base64.b64decode(data) for path, data in result["writes"].items()}


def test_the_builds_archive_is_written_file_for_file(tmp_path: Path) -> None:
    (result,) = unpack(tmp_path, {"built": {"data": built_tar(tmp_path)}}).values()
    assert written(result) == {f"/home/pyodide/{name}": data for name, data in FILES.items()}
    assert result["folders"][0] == "/home/pyodide"  # the folder itself first, as Python makes it
    assert "/home/pyodide/yacht/rules" in result["folders"]


@pytest.mark.parametrize(
    ("cwd", "extract_dir", "where"),
    [
        ("/home/pyodide", "./", "/home/pyodide"),
        ("/home/pyodide", "", "/home/pyodide"),
        ("/home/pyodide", "site/", "/home/pyodide/site"),
        ("/home/pyodide", "/srv/./game", "/srv/game"),
        ("/", ".", ""),
    ],
)
def test_the_folder_is_found_as_pyodide_finds_it(
    tmp_path: Path, cwd: str, extract_dir: str, where: str
) -> None:
    tar = tar_of((member("a/b.py"), b"1"))
    case = {"data": tar, "cwd": cwd, "extract_dir": extract_dir}
    (result,) = unpack(tmp_path, {"case": case}).values()
    assert written(result) == {f"{where}/a/b.py": b"1"}


def test_folders_in_the_archive_are_made(tmp_path: Path) -> None:
    tar = tar_of((member("data/", tarfile.DIRTYPE), b""), (member("./data/x"), b"x"))
    (result,) = unpack(tmp_path, {"folders": {"data": tar}}).values()
    assert "/home/pyodide/data" in result["folders"]
    assert written(result) == {"/home/pyodide/data/x": b"x"}


def refused_cases(tmp_path: Path) -> dict[str, bytes]:
    """Tars the build never writes, and damaged ones: each refused whole."""
    plain = (member("yacht/a.py"), b"a")
    tar = built_tar(tmp_path)
    flipped = bytearray(tar)
    flipped[3] ^= 0x01  # a byte of the first member's name: its header checksum no longer adds up
    with tarfile.open(fileobj=io.BytesIO(tar)) as unpacked:
        last = unpacked.getmembers()[-1]
    end_of_data = last.offset_data + last.size
    return {
        "symlink": tar_of(plain, (member("yacht/b.py", tarfile.SYMTYPE, "a.py"), b"")),
        "hard link": tar_of(plain, (member("yacht/b.py", tarfile.LNKTYPE, "yacht/a.py"), b"")),
        "absolute": tar_of(plain, (member("/etc/profile"), b"x")),
        "outside": tar_of(plain, (member("yacht/../../x"), b"x")),
        "not ascii": tar_of(plain, (member("yacht/é.po"), b"x"), tar_format=tarfile.PAX_FORMAT),
        "long name": tar_of(plain, (member("y/" + "n" * 120), b"x"), tar_format=tarfile.GNU_FORMAT),
        "header checksum": bytes(flipped),
        "member cut short": tar[: end_of_data - 100],
        "no end block": tar[: -(-end_of_data // 512) * 512],
    }


def test_a_tar_it_does_not_read_throws_and_writes_nothing(tmp_path: Path) -> None:
    cases = refused_cases(tmp_path)
    results = unpack(tmp_path, {name: {"data": data} for name, data in cases.items()})
    seen = {name: (result.get("damaged"), result["writes"]) for name, result in results.items()}
    errors = {name: result.get("error") for name, result in results.items()}
    assert seen == {name: (True, {}) for name in cases}, errors


# -- inflated by the pinned Pyodide's own _zstd, under Node -------------------------------------

IN_PYODIDE = """
import { readFileSync } from "node:fs";
import { startPyodide } from %(starter)s;
import { unzstd, unpackTar, DamagedArchive } from %(module)s;
const pyodide = await startPyodide(%(pyodide)s);
const cases = JSON.parse(readFileSync(%(cases)s, "utf-8"));
const mainNames = () => pyodide.runPython("sorted(globals())").toJs();
const before = mainNames();
const out = {};
for (const [name, data] of Object.entries(cases)) {
  const folder = `/cases/${name}`;
  try {
    // As static/interpreter.mjs does: inflated, then written.
    unpackTar(pyodide.FS, unzstd(pyodide, new Uint8Array(Buffer.from(data, "base64"))), folder);
    out[name] = { unpacked: true };
  } catch (error) {
    out[name] = { damaged: error instanceof DamagedArchive, error: String(error) };
  }
}
const main = { before, after: mainNames() };
const report = pyodide.runPython(`
import hashlib, json, os

def tree(root):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as file:
                found[os.path.relpath(path, root)] = hashlib.sha256(file.read()).hexdigest()
    return found

json.dumps({
    "trees": {name: tree(f"/cases/{name}") for name in os.listdir("/cases")},
    "scratch": os.listdir("/tmp"),
})
`);
console.log(JSON.stringify({ results: out, main, ...JSON.parse(report) }));
"""


def in_pyodide(tmp_path: Path, cases: dict[str, bytes]) -> dict[str, Any]:
    encoded = {name: base64.b64encode(data).decode() for name, data in cases.items()}
    (tmp_path / "cases.json").write_text(json.dumps(encoded), "utf-8")
    script = tmp_path / "in_pyodide.mjs"
    script.write_text(
        IN_PYODIDE
        % {
            **starter_arguments(),
            "module": json.dumps(MODULE.as_uri()),
            "cases": json.dumps(str(tmp_path / "cases.json")),
        },
        "utf-8",
    )
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def sha256s(files: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}


def test_the_archive_inflates_in_the_pages_interpreter_and_a_damaged_one_writes_nothing(
    tmp_path: Path,
) -> None:
    archive = built_archive(tmp_path)
    flipped = bytearray(archive)
    flipped[len(archive) // 2] ^= 0x01  # inside the compressed data: the checksum catches it
    cases = {
        "built": archive,
        "cut short": archive[:-9],
        "flipped": bytes(flipped),
        "trailing bytes": archive + b"\x00\x00",
        "not compressed": built_tar(tmp_path),
    }
    found = in_pyodide(tmp_path, cases)
    assert found["results"]["built"] == {"unpacked": True}
    assert found["trees"]["built"] == sha256s(FILES)
    refused = {name: result for name, result in found["results"].items() if name != "built"}
    assert {name: result.get("damaged") for name, result in refused.items()} == dict.fromkeys(
        refused, True
    ), refused
    assert set(found["trees"]) == {"built"}  # nothing of the damaged ones was written
    main = found["main"]
    assert main["after"] == main["before"]  # no name left where the page's scripts run
    assert found["scratch"] == []  # nor its copy of the archive


@pytest.mark.slow
def test_the_site_archive_unpacks_as_pythons_tarfile_reads_it(tmp_path: Path) -> None:
    if not pyodide_available():
        pytest.skip("the pinned Pyodide runs under Node (make install)")
    site = build_site(tmp_path / "site", bytecode=False).root
    found = in_pyodide(tmp_path, {"site": (site / ARCHIVE).read_bytes()})
    tar = zstandard.ZstdDecompressor().decompress((site / ARCHIVE).read_bytes())
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        expected = {
            member.name: hashlib.sha256(archive.extractfile(member).read()).hexdigest()  # type: ignore[union-attr]
            for member in archive.getmembers()
        }
    assert found["results"]["site"] == {"unpacked": True}
    assert found["trees"]["site"] == expected

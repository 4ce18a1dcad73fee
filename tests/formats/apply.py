#!/usr/bin/env python3
"""apply.py: applies the edits a cuflow report carries to the original files,
independently of cuflow, so the tests can compare the result with cuflow -i.

  apply.py json REPORT.json ORIGDIR OUTDIR
      every move's edits: byte offset/length/replacement, applied in the
      file's "order" (the edit's own "file", else its change's); each edit's start/end line and column (bytes) must
      name the same bytes.
  apply.py sarif REPORT.sarif ORIGDIR OUTDIR
      every result's fixes: deletedRegion by line/column (UTF-16 code
      units, the run's columnKind), which must agree with its
      byteOffset/byteLength; replacements of one fix in array order.

Files are written to OUTDIR under their base names. Exits 1 with a message
on any inconsistency."""
import json
import os
import sys


def fail(msg):
    print("apply.py: " + msg)
    sys.exit(1)


def linestarts(data):
    starts = [0]
    for i, b in enumerate(data):
        if b == 0x0A:
            starts.append(i + 1)
    return starts


def byte_of(data, starts, line, col, utf16):
    """Byte offset of a 1-based line and column (bytes, or UTF-16 units)."""
    if line < 1 or line > len(starts):
        fail("line %d out of range" % line)
    off = starts[line - 1]
    if not utf16:
        return off + col - 1
    units = 1
    while units < col:
        b = data[off]
        n = 1 if b < 0x80 else 2 if b < 0xE0 else 3 if b < 0xF0 else 4
        units += 2 if n == 4 else 1
        off += n
    return off


def apply_edits(data, edits):
    """edits: (offset, length, text bytes) in application order."""
    out, at = bytearray(), 0
    for off, length, text in edits:
        if off < at:
            fail("edits overlap at byte %d" % off)
        out += data[at:off] + text
        at = off + length
    return bytes(out + data[at:])


def from_json(report):
    files = {}
    for ch in report["changes"]:
        if ch["kind"] != "move":
            continue
        for e in ch["edits"]:  # an edit in another file (a sync moved to a caller there) names it
            files.setdefault(e.get("file", ch["file"]), []).append(e)
    return files


def json_edits(data, edits):
    starts = linestarts(data)
    out = []
    for e in sorted(edits, key=lambda e: e["order"]):
        for key, off in (("start", e["offset"]), ("end", e["offset"] + e["length"])):
            pos = e[key]
            if byte_of(data, starts, pos["line"], pos["column"], False) != off:
                fail("edit %s %s does not name byte %d" % (key, pos, off))
        out.append((e["offset"], e["length"], e["replacement"].encode()))
    return out


def from_sarif(log):
    run = log["runs"][0]
    if run.get("columnKind", "utf16CodeUnits") != "utf16CodeUnits":
        fail("unexpected columnKind")
    files = {}
    for ri, res in enumerate(run["results"]):
        for fix in res.get("fixes", []):
            for change in fix["artifactChanges"]:
                uri = change["artifactLocation"]["uri"]
                for k, rep in enumerate(change["replacements"]):
                    files.setdefault(uri, []).append((ri, k, rep))
    return files


def sarif_edits(data, reps):
    starts = linestarts(data)
    out = []
    for ri, k, rep in reps:
        reg = rep["deletedRegion"]
        a = byte_of(data, starts, reg["startLine"], reg["startColumn"], True)
        b = byte_of(data, starts, reg["endLine"], reg["endColumn"], True)
        if (a, b - a) != (reg["byteOffset"], reg["byteLength"]):
            fail("region %s: line/column give bytes %d+%d" % (reg, a, b - a))
        text = rep.get("insertedContent", {}).get("text", "").encode()
        out.append(((a, b - a > 0, ri, k), (a, b - a, text)))
    return [e for _, e in sorted(out, key=lambda x: x[0])]


def main():
    kind, report, orig, outdir = sys.argv[1:5]
    with open(report, encoding="utf-8") as f:
        doc = json.load(f)
    files = from_json(doc) if kind == "json" else from_sarif(doc)
    for name, edits in files.items():
        path = os.path.join(orig, os.path.basename(name))
        with open(path, "rb") as f:
            data = f.read()
        new = apply_edits(data, json_edits(data, edits) if kind == "json" else sarif_edits(data, edits))
        with open(os.path.join(outdir, os.path.basename(name)), "wb") as f:
            f.write(new)
    print("applied the edits of %d files" % len(files))


main()

"""lspclient.py: a scripted LSP client for the tests (Python 3 stdlib only).

Server runs `cuflow --lsp` with pipes, frames messages with Content-Length,
and collects what the server sends on a reader thread. The text helpers
apply LSP TextEdits with the protocol's own rules (ranges refer to the text
before any edit of the list, inserts at one position keep their order), in
UTF-16 or UTF-8 positions, so a test checks the server's positions rather
than trusting them.
"""
import bisect
import json
import os
import queue
import re
import subprocess
import threading
import time


class Server:
    def __init__(self, cuflow, *args, stderr=None):
        self.proc = subprocess.Popen([cuflow, "--lsp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr or subprocess.DEVNULL)
        self.msgs = queue.Queue()
        self.pending = []  # received, not yet taken
        self.nextid = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.msgs.put(None)
                    return
                head += c
            n = None
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    n = int(line.split(b":", 1)[1])
            body = out.read(n)
            self.msgs.put(json.loads(body.decode("utf-8")))

    def raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    @staticmethod
    def frame(msg):
        body = json.dumps(msg, ensure_ascii=False).encode("utf-8")
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, msg):
        self.raw(self.frame(msg))

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def start_request(self, method, params=None):
        rid = self.nextid
        self.nextid += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params or {}})
        return rid

    def take(self, pred, timeout=60):
        """The first message (received earlier or later) that pred accepts."""
        for i, m in enumerate(self.pending):
            if pred(m):
                return self.pending.pop(i)
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError("no such message within %ss; pending: %s" % (timeout, self.pending))
            try:
                m = self.msgs.get(timeout=left)
            except queue.Empty:
                continue
            if m is None:
                raise EOFError("the server closed its output")
            if pred(m):
                return m
            self.pending.append(m)

    def response(self, rid, timeout=60):
        return self.take(lambda m: m.get("id") == rid and "method" not in m, timeout)

    def request(self, method, params=None, timeout=60):
        return self.response(self.start_request(method, params), timeout)

    def diagnostics(self, uri, timeout=60):
        m = self.take(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"]["uri"] == uri, timeout)
        return m["params"]

    def has_pending(self, pred, wait=0.5):
        """Whether a message pred accepts arrives within wait seconds."""
        try:
            self.pending.append(self.take(pred, wait))
            return True
        except TimeoutError:
            return False

    def initialize(self, capabilities=None, options=None):
        params = {"processId": os.getpid(), "rootUri": None, "capabilities": capabilities or {}}
        if options is not None:
            params["initializationOptions"] = options
        r = self.request("initialize", params)
        self.notify("initialized")
        return r

    def open(self, uri, text, version=1, language="cuda"):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})

    def change(self, uri, version, changes):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": changes})

    def code_actions(self, uri, rng, diags=()):
        r = self.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng,
                                                     "context": {"diagnostics": list(diags)}})
        assert "result" in r, r
        return r["result"]

    def stop(self, timeout=30):
        """shutdown, exit; the exit status."""
        r = self.request("shutdown")
        assert r.get("result", "missing") is None, r
        self.notify("exit")
        return self.wait(timeout)

    def wait(self, timeout=30):
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


def uri_of(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def units(ch, enc):
    if enc == "utf-8":
        return len(ch.encode("utf-8"))
    return 2 if ord(ch) > 0xFFFF else 1


LINEBREAK = re.compile(r"\r\n|\r|\n")  # LSP's line ends


def line_starts(text):
    return [0] + [m.end() for m in LINEBREAK.finditer(text)]


def offset(text, pos, enc="utf-16"):
    """Index into text (a str) of an LSP position."""
    starts = line_starts(text)
    if pos["line"] >= len(starts):
        return len(text)
    start = starts[pos["line"]]
    m = LINEBREAK.search(text, start)
    line = text[start:m.start() if m else len(text)]
    seen = i = 0
    while i < len(line) and seen + units(line[i], enc) <= pos["character"]:
        seen += units(line[i], enc)
        i += 1
    return start + i


def position(text, index, enc="utf-16"):
    """The LSP position of text[index]."""
    starts = line_starts(text)
    line = bisect.bisect_right(starts, index) - 1
    col = text[starts[line]:index]
    return {"line": line, "character": sum(units(c, enc) for c in col)}


def span(text, start, end, enc="utf-16"):
    return {"start": position(text, start, enc), "end": position(text, end, enc)}


def apply_edits(text, edits, enc="utf-16"):
    """text with LSP TextEdits applied: ranges refer to text, must not
    overlap, and inserts at one position go in list order."""
    spans = []
    for i, e in enumerate(edits):
        a, b = offset(text, e["range"]["start"], enc), offset(text, e["range"]["end"], enc)
        spans.append((a, b, i, e["newText"]))
    spans.sort(key=lambda s: (s[0], s[1] > s[0], s[2]))
    out, at = [], 0
    for a, b, _, new in spans:
        assert a >= at, "overlapping edits: %s" % edits
        out.append(text[at:a])
        out.append(new)
        at = b
    out.append(text[at:])
    return "".join(out)


def edits_of(action, uri):
    """The TextEdits a CodeAction makes to uri (changes or documentChanges)."""
    edit = action["edit"]
    if "documentChanges" in edit:
        return [e for dc in edit["documentChanges"] if dc["textDocument"]["uri"] == uri for e in dc["edits"]]
    return edit["changes"][uri]


def as_changes(text, edits, enc="utf-16"):
    """The didChange contentChanges an editor sends after applying edits:
    one change per edit, last first, so each range is valid in the text
    the previous changes left."""
    def key(i):
        a, b = offset(text, edits[i]["range"]["start"], enc), offset(text, edits[i]["range"]["end"], enc)
        return (a, b > a, i)
    order = sorted(range(len(edits)), key=key, reverse=True)
    return [{"range": edits[i]["range"], "text": edits[i]["newText"]} for i in order]

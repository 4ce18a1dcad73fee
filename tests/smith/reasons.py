"""reasons.py: every reason a pass can give, read from the passes' sources,
and which of them a report's changes give.

A reason is a message template of src/pass/*.c: a string literal (adjacent
literals joined) of at least three words that is not code the pass writes.
Read from the sources at each campaign, the list follows the passes as
they change; a change's message (the JSON report's "message", which holds
the reasons it was made or refused) gives every template it matches, with
%s and %d matching any text."""

import os
import re

PASSFILE = {"sync.c": "sync", "copies.c": "copies", "redundant.c": "copies", "promote.c": "copies",
            "config.c": "copies", "pin.c": "pin", "fuse.c": "fuse"}

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
JOINED = re.compile(r'"\s*\n?\s*"')
SPEC = re.compile(r"%[-+ #0-9.]*(?:ll|l|z)?[sdifu]")


def literals(text):
    """The string literals of C source text, adjacent ones joined."""
    text = COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    text = JOINED.sub("", text)
    return [m.group(1).encode().decode("unicode_escape") for m in LITERAL.finditer(text)]


def isreason(s):
    """A message in words, not code a pass writes nor a format of a few characters."""
    words = [w for w in SPEC.sub("", s).split() if re.fullmatch(r"[a-z]+[,:]?", w)]
    return len(words) >= 3 and not re.search(r"[;{}\n]|^\s", s)


def pattern(s):
    """A regex that finds the template s in a message."""
    parts = SPEC.split(s)
    return re.compile(".+?".join(re.escape(p) for p in parts))


def catalog(srcdir):
    """[(pass, template, regex)] of every reason in srcdir/src/pass, in file order."""
    out, seen = [], set()
    passdir = os.path.join(srcdir, "src", "pass")
    for name in sorted(PASSFILE):
        with open(os.path.join(passdir, name)) as fp:
            for s in literals(fp.read()):
                if isreason(s) and (PASSFILE[name], s) not in seen:
                    seen.add((PASSFILE[name], s))
                    out.append((PASSFILE[name], s, pattern(s)))
    return out


def fired(cat, changes):
    """The indexes in cat of the templates the changes' messages match
    (a template of a pass counts only in that pass's changes)."""
    hit = set()
    for c in changes:
        msg = c.get("message", "")
        for i, (p, _, rx) in enumerate(cat):
            if i not in hit and p == c.get("pass") and rx.search(msg):
                hit.add(i)
    return hit

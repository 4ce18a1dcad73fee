"""ir.py: the statements of a generated program, as a tree that can both be
printed as CUDA source and run on the device-work model (model.py).

Running a tree follows the one path the program takes (every condition is
known: the generator builds them from argc, constants and loop counters),
applies each statement's effects to the model and raises model.Race where
the program would race. A statement names buffers by the symbols of its
function (a variable, an alias, a struct field, a parameter); Env.bind
maps them to the model's buffers for one call of the function."""

from model import Race, UseError

IND = "    "


class Env:
    """One activation of a function: its symbols' buffers, its integer
    variables (loop counters, recursion depth, conditions) and the
    configuration's macros."""

    def __init__(self, bind, cfg, ints=None):
        self.bind = dict(bind)
        self.cfg = cfg
        self.ints = dict(ints or {})

    def copy(self):
        return Env(self.bind, self.cfg, self.ints)

    def bufs(self, syms):
        try:
            return [self.bind[s] for s in syms]
        except KeyError as e:
            raise UseError("symbol %s names no live buffer" % e) from None


class Expr:
    """An integer expression of the program: its text and its value."""

    def __init__(self, text, value):
        self.text, self.value = text, value

    def eval(self, env):
        return self.value(env)


def effect(m, env, e):
    """Applies one primitive effect of a statement to model m."""
    k = e[0]
    if k == "alloc":
        env.bind[e[1]] = m.alloc(e[2])
    elif k == "alias":
        env.bind[e[1]] = env.bind[e[2]]
    elif k == "int":
        env.ints[e[1]] = e[2].eval(env)
    elif k == "host":
        m.host(env.bufs(e[1]), env.bufs(e[2]), e[3])
    elif k == "issue":
        m.issue(e[1], env.bufs(e[2]), env.bufs(e[3]), e[4])
    elif k == "bcopy":
        m.blocking_copy(env.bufs(e[1]), env.bufs(e[2]), env.bind[e[3]] if e[3] else None)
    elif k == "devsync":
        m.device_sync()
    elif k == "ssync":
        m.stream_sync(e[1])
    elif k == "record":
        m.record(e[1], e[2])
    elif k == "esync":
        m.event_sync(e[1])
    elif k == "wait":
        m.stream_wait(e[1], e[2])
    elif k == "free":
        b = env.bind.pop(e[1])
        for s in [s for s, v in env.bind.items() if v == b]:
            del env.bind[s]
        m.free(b, e[2])
    else:
        raise ValueError("unknown effect %r" % (k,))


class Stmt:
    """Lines of code with the effects they have, in order."""

    def __init__(self, lines, effects=()):
        self.text = [lines] if isinstance(lines, str) else list(lines)
        self.effects = list(effects)

    def lines(self, ind):
        return [ind + t if t and not t.startswith("#") else t for t in self.text]

    def run(self, m, env):
        for e in self.effects:
            effect(m, env, e)
        return None


class Block:
    """A sequence of statements; a forward goto to one of its labels lands here."""

    def __init__(self, nodes=None, braces=False):
        self.nodes = list(nodes or [])
        self.braces = braces

    def add(self, node):
        self.nodes.append(node)

    def lines(self, ind):
        if not self.braces:
            return [ln for n in self.nodes for ln in n.lines(ind)]
        return [ind + "{"] + [ln for n in self.nodes for ln in n.lines(ind + IND)] + [ind + "}"]

    def run(self, m, env):
        i = 0
        while i < len(self.nodes):
            try:
                flow = self.nodes[i].run(m, env)
            except Race as e:
                if e.where is None:
                    e.where = (self, i)
                raise
            if flow and flow[0] == "goto":
                at = [k for k, n in enumerate(self.nodes) if isinstance(n, Label) and n.name == flow[1]]
                if at and at[0] > i:
                    i = at[0]
                    continue
            if flow:
                return flow
            i += 1
        return None


class Label:
    """A goto's target; the statement it labels is an empty one or stmt."""

    def __init__(self, name, stmt=None):
        self.name, self.stmt = name, stmt

    def lines(self, ind):
        return [ind + self.name + ": " + (self.stmt.text[0] if self.stmt else ";")]

    def run(self, m, env):
        return self.stmt.run(m, env) if self.stmt else None


class Jump:
    """break, continue, goto LABEL or return VALUE (whose effects come first)."""

    def __init__(self, kind, arg=None, effects=()):
        self.kind, self.arg, self.effects = kind, arg, list(effects)

    def lines(self, ind):
        if self.kind in ("break", "continue"):
            return [ind + self.kind + ";"]
        return [ind + "%s %s;" % (self.kind, self.arg) if self.arg else ind + self.kind + ";"]

    def run(self, m, env):
        for e in self.effects:
            effect(m, env, e)
        return (self.kind, self.arg)


class If:
    """if (cond) then [else els]; a body of one jump may go without braces."""

    def __init__(self, cond, then, els=None):
        self.cond, self.then, self.els = cond, then, els

    def lines(self, ind):
        out = [ind + "if (%s)" % self.cond.text]
        out += self._body(self.then, ind)
        if self.els:
            out.append(ind + "else")
            out += self._body(self.els, ind)
        return out

    @staticmethod
    def _body(b, ind):
        if isinstance(b, Block):
            b.braces = True
            return b.lines(ind)
        return b.lines(ind + IND)

    def run(self, m, env):
        if self.cond.eval(env):
            return self.then.run(m, env)
        return self.els.run(m, env) if self.els else None


class IfDef:
    """#if MACRO / #else / #endif around statements: both sides must be
    race-free, each in its configuration."""

    def __init__(self, macro, then, els=None):
        self.macro, self.then, self.els = macro, then, els

    def lines(self, ind):
        out = ["#if %s" % self.macro] + self.then.lines(ind)
        if self.els:
            out += ["#else"] + self.els.lines(ind)
        return out + ["#endif"]

    def run(self, m, env):
        if self.macro in env.cfg:
            return self.then.run(m, env)
        return self.els.run(m, env) if self.els else None


class Skip:
    """if (cond) goto LABEL; { BODY } MID LABEL: TAIL (the braces keep goto
    from jumping over a declaration; MID, skipped with the body, and TAIL,
    the labelled statement, are statements or nothing)."""

    def __init__(self, cond, label, body, tail=None, mid=None):
        self.cond, self.body, self.label = cond, Block(body.nodes, True), Label(label, tail)
        if mid:
            self.body = Block([self.body, mid])

    def lines(self, ind):
        return ([ind + "if (%s)" % self.cond.text, ind + IND + "goto %s;" % self.label.name]
                + self.body.lines(ind) + self.label.lines(ind))

    def run(self, m, env):
        flow = None if self.cond.eval(env) else self.body.run(m, env)
        if flow and flow != ("goto", self.label.name):
            return flow
        return self.label.run(m, env)


class Try:
    """try { BODY } catch (...) { HANDLER }: the handler never runs (nothing
    the program does throws)."""

    def __init__(self, body, handler):
        self.body, self.handler = body, handler
        body.braces = handler.braces = True

    def lines(self, ind):
        return [ind + "try"] + self.body.lines(ind) + [ind + "catch (...)"] + self.handler.lines(ind)

    def run(self, m, env):
        return self.body.run(m, env)


class Loop:
    """for (int VAR = 0; VAR < BOUND; ++VAR) or the same as a while loop."""

    def __init__(self, var, bound, body, form="for"):
        self.var, self.bound, self.body, self.form = var, bound, body, form
        body.braces = True

    def lines(self, ind):
        v, b = self.var, self.bound.text
        if self.form == "while":
            inner = Block(self.body.nodes + [Stmt("++%s;" % v)], True)
            return [ind + "int %s = 0;" % v, ind + "while (%s < %s)" % (v, b)] + inner.lines(ind)
        if self.form == "macro":
            return [ind + "FOR(%s, %s)" % (v, b)] + self.body.lines(ind)
        return [ind + "for (int %s = 0; %s < %s; ++%s)" % (v, v, b, v)] + self.body.lines(ind)

    def run(self, m, env):
        n = self.bound.eval(env)
        flow = None
        for k in range(n):
            env.ints[self.var] = k
            flow = self.body.run(m, env)
            if flow and flow[0] == "break":
                flow = None
                break
            if flow and flow[0] != "continue":
                break
            flow = None
        env.ints.pop(self.var, None)
        return flow


class Func:
    """A host function: its signature, its body, and the symbols of its
    buffer parameters (in order) and integer parameters."""

    def __init__(self, name, ret, params, bufparams, intparams=(), static=True):
        self.name, self.ret, self.params = name, ret, params
        self.bufparams, self.intparams = list(bufparams), list(intparams)
        self.body = Block()
        self.static = static

    def signature(self):
        return "%s%s %s(%s)" % ("static " if self.static else "", self.ret, self.name, ", ".join(self.params))

    def lines(self):
        return [self.signature(), "{"] + self.body.lines(IND) + ["}", ""]

    def run(self, m, bufs, ints, cfg):
        env = Env(dict(zip(self.bufparams, bufs)), cfg, dict(zip(self.intparams, ints)))
        flow = self.body.run(m, env)
        if flow and flow[0] != "return":
            raise UseError("%s ends by %s" % (self.name, flow[0]))


class Call:
    """A call of a helper (or of one of several through a function pointer,
    the one pick chooses): its text, and the symbols and integers it passes;
    a tail call is the caller's return statement too."""

    def __init__(self, text, targets, args, ints=(), pick=None, tail=False):
        self.text = [text] if isinstance(text, str) else list(text)
        self.targets, self.args, self.ints, self.pick = targets, list(args), list(ints), pick
        self.tail = tail

    def lines(self, ind):
        return [ind + t for t in self.text]

    def run(self, m, env):
        f = self.targets[self.pick.eval(env) if self.pick else 0]
        f.run(m, env.bufs(self.args), [e.eval(env) for e in self.ints], env.cfg)
        return ("return", None) if self.tail else None

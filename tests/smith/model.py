"""model.py: what device work may be in flight at a point of a generated
program, and which host or device access would race with it.

The generator (gen.py) writes a program and runs it on this model at the
same time, statement by statement, so that every host access and every
device operation it writes is ordered after the work it depends on: a
program it emits is race-free by construction. The model is CUDA's
documented ordering, taken conservatively: where CUDA (or cuflow's CPU
runtime, doc/runtime.md) may wait for more than the model assumes, the
model keeps the work in flight, so the generator only ever adds syncs.
That makes it monotone: fewer operations in flight never cause a race,
which is what lets gen.py repair a loop body or a helper by putting a
device-wide sync first in it.

Streams are small integers: LEGACY (0) is the legacy default stream; the
others are blocking (ordered with the legacy stream, as cudaStreamCreate
makes them) or not (cudaStreamNonBlocking). Buffers are integers the
model hands out at allocation."""

LEGACY = 0


class Race(Exception):
    """An access or operation that is not ordered after the work it needs;
    where is (block, index) of the statement, once ir.Block knows it."""

    def __init__(self, msg):
        super().__init__(msg)
        self.where = None


class UseError(Exception):
    """A buffer used after its free, or a name that holds none: a bug of the
    generator, which no added sync repairs."""


class Op:
    """Device work in flight: its stream, the buffers it reads and writes,
    whether it prints, when it was issued, and the streams whose later work
    is ordered after it (cudaStreamWaitEvent)."""
    __slots__ = ("stream", "rd", "wr", "prints", "seq", "before")

    def __init__(self, stream, rd, wr, prints, seq):
        self.stream, self.rd, self.wr, self.prints, self.seq = stream, rd, wr, prints, seq
        self.before = set()

    def copy(self):
        o = Op(self.stream, self.rd, self.wr, self.prints, self.seq)
        o.before = set(self.before)
        return o


class Model:
    """The device work in flight, the events' last records, and the buffers."""

    def __init__(self, blocking):
        self.blocking = dict(blocking)  # stream -> created blocking (legacy: True)
        self.pend = []
        self.events = {}  # event -> (stream, seq) of its last record
        self.seq = 0
        self.space = {}   # buffer -> 'host', 'pinned', 'managed' or 'device'
        self.dead = set()
        self.nbufs = 0

    def clone(self):
        m = Model(self.blocking)
        m.pend = [o.copy() for o in self.pend]
        m.events = dict(self.events)
        m.seq = self.seq
        m.space = dict(self.space)
        m.dead = set(self.dead)
        m.nbufs = self.nbufs
        return m

    # ------------------------------------------------------------ ordering

    def ordered(self, op, stream):
        """Whether work issued now on stream runs after op."""
        if op.stream == stream or stream in op.before:
            return True
        if stream == LEGACY and self.blocking[op.stream]:
            return True
        return op.stream == LEGACY and self.blocking[stream]

    def host_conflicts(self, rd=(), wr=(), prints=False):
        """The work in flight that a host access (or host output) must wait for."""
        rd, wr = set(rd), set(wr)
        return [o for o in self.pend
                if (rd & o.wr) or (wr & (o.rd | o.wr)) or (prints and o.prints)]

    def dev_conflicts(self, stream, rd=(), wr=(), prints=False):
        """The work in flight that an operation issued on stream is not ordered after but must be."""
        rd, wr = set(rd), set(wr)
        return [o for o in self.pend if not self.ordered(o, stream)
                and ((rd & o.wr) or (wr & (o.rd | o.wr)) or (prints and o.prints))]

    def _live(self, bufs):
        for b in bufs:
            if b in self.dead or b not in self.space:
                raise UseError("buffer %s used after it was freed" % b)

    # ------------------------------------------------------------ effects

    def alloc(self, space):
        self.nbufs += 1
        self.space[self.nbufs] = space
        return self.nbufs

    def host(self, rd=(), wr=(), prints=False):
        self._live(list(rd) + list(wr))
        if self.host_conflicts(rd, wr, prints):
            raise Race("host access races with device work in flight")

    def issue(self, stream, rd=(), wr=(), prints=False):
        self._live(list(rd) + list(wr))
        if self.dev_conflicts(stream, rd, wr, prints):
            raise Race("device work on stream %d races with work on another stream" % stream)
        self.seq += 1
        self.pend.append(Op(stream, frozenset(rd), frozenset(wr), prints, self.seq))

    def _waits_legacy(self, o, upto=None):
        """o is done once the legacy stream's work issued up to seq upto is."""
        return (upto is None or o.seq < upto) and (o.stream == LEGACY or self.blocking[o.stream])

    def blocking_copy(self, rd, wr, h2d_dst=None):
        """cudaMemcpy between host and device: waits for the legacy stream
        (and so every blocking stream) first; a host-to-device copy from
        pageable memory may return before the DMA lands, so its device
        side stays in flight on the legacy stream."""
        self.pend = [o for o in self.pend if not self._waits_legacy(o)]
        self._live(list(rd) + list(wr))
        if self.dev_conflicts(LEGACY, rd, wr):
            raise Race("blocking copy races with work on a non-blocking stream")
        if h2d_dst is not None:
            self.seq += 1
            self.pend.append(Op(LEGACY, frozenset(), frozenset([h2d_dst]), False, self.seq))

    def device_sync(self):
        self.pend = []

    def stream_sync(self, stream):
        if stream == LEGACY:
            self.pend = [o for o in self.pend if not self._waits_legacy(o)]
        else:
            self.pend = [o for o in self.pend if o.stream != stream]

    def record(self, event, stream):
        self.seq += 1
        self.events[event] = (stream, self.seq)

    def _recorded(self, o, rec):
        stream, seq = rec
        if stream == LEGACY:
            return self._waits_legacy(o, seq)
        return o.stream == stream and o.seq < seq

    def event_sync(self, event):
        rec = self.events.get(event)
        if rec:
            self.pend = [o for o in self.pend if not self._recorded(o, rec)]

    def stream_wait(self, stream, event):
        rec = self.events.get(event)
        for o in self.pend:
            if rec and self._recorded(o, rec):
                o.before.add(stream)

    def free(self, b, space):
        """cudaFree/cudaFreeHost wait for the device; free/delete[] must not
        race with work that uses the buffer."""
        if space in ("device", "pinned", "managed"):
            self.device_sync()
        else:
            self.host(wr=[b])
        self._live([b])
        self.dead.add(b)
        del self.space[b]

"""Mission verifiers with the reference's success semantics (spec section 6).

* Each descriptor keeps a *position list* (:class:`Track`): the cells of its tracked objects.
  It is refreshed only on drop actions (successful or not), for every descriptor of the tree;
  until then it still holds the old cell of a picked-up object.
* GOTO succeeds when the front cell is in its list, after any action (turns and ``done``
  included). OPEN succeeds on a toggle that leaves one of its doors, in front, open. PICKUP
  and PUTNEXT remember what was carried the previous time *they* were verified (initially
  nothing): PICKUP succeeds on a pickup action when that memory is empty and a matching object
  is now carried; PUTNEXT on a drop action when the remembered object is a matching one and
  now lies next to a cell of the fixed descriptor's (just refreshed) list.
* AND verifies each unfinished child every step; success latches. BEFORE verifies only its
  first part until that succeeds, then immediately (same action) and from then on only the
  second part; AFTER is BEFORE with the parts swapped. Nothing ever fails in this mode.

Leaves are numbered 0.. in the order they appear in the mission string (depth first, left to
right; for "A after you B" the leaves of A come first although B must be done first).
"""
from __future__ import annotations

import numpy as np

from safety_sim.gridworlds.core.world import DROP, PICKUP, TOGGLE
from safety_sim.gridworlds.synth_seq.instructions import Action, Desc, Node, Pair


class Track:
    """The identities a descriptor matched at reset and where they currently lie (as of the
    last refresh)."""
    __slots__ = ("oids", "poss")

    def __init__(self, desc: Desc) -> None:
        self.oids = frozenset(desc.oids)
        self.poss = set(desc.matches)


class Step:
    """What the verifiers read after the world update of one step."""
    __slots__ = ("action", "front", "front_oid", "front_open", "carrying", "pos_of", "events")

    def __init__(self, action, front, front_oid, front_open, carrying, pos_of) -> None:
        self.action, self.front, self.carrying = action, front, carrying
        self.front_oid, self.front_open, self.pos_of = front_oid, front_open, pos_of
        self.events: list[int] = []


class Leaf:
    __slots__ = ("index", "kind", "tracks", "prev")

    def __init__(self, index: int, kind: str, tracks: tuple[Track, ...]) -> None:
        self.index, self.kind, self.tracks, self.prev = index, kind, tracks, 0

    def verify(self, st: Step) -> bool:
        ok = self._check(st)
        if ok:
            st.events.append(self.index)
        return ok

    def _check(self, st: Step) -> bool:
        kind = self.kind
        if kind == "goto":
            return st.front in self.tracks[0].poss
        if kind == "open":
            return st.action == TOGGLE and st.front_open and st.front_oid in self.tracks[0].oids
        prev, self.prev = self.prev, st.carrying  # carried-memory of pickup / putnext
        if kind == "pickup":
            return st.action == PICKUP and prev == 0 and st.carrying in self.tracks[0].oids
        if st.action != DROP or prev not in self.tracks[0].oids:
            return False
        pos = st.pos_of.get(prev)
        if pos is None:  # still carried: the drop failed
            return False
        x, y = pos
        return any(abs(x - a) + abs(y - b) == 1 for a, b in self.tracks[1].poss)


class And:
    __slots__ = ("a", "b", "a_done", "b_done")

    def __init__(self, a, b) -> None:
        self.a, self.b, self.a_done, self.b_done = a, b, False, False

    def verify(self, st: Step) -> bool:
        if not self.a_done:
            self.a_done = self.a.verify(st)
        if not self.b_done:
            self.b_done = self.b.verify(st)
        return self.a_done and self.b_done


class Seq:
    """``first`` must succeed before ``second`` is checked at all."""
    __slots__ = ("first", "second", "first_done")

    def __init__(self, first, second) -> None:
        self.first, self.second, self.first_done = first, second, False

    def verify(self, st: Step) -> bool:
        if not self.first_done:
            self.first_done = self.first.verify(st)
            if not self.first_done:
                return False
        return self.second.verify(st)


class Verifier:
    """Runtime state of one episode's mission: the verifier tree and every position list."""

    def __init__(self, tree: Node) -> None:
        self.tracks: list[Track] = []
        self.leaves: list[Leaf] = []
        self.root = self._build(tree)
        self.succeeded: set[int] = set()

    def _build(self, node: Node):
        if isinstance(node, Pair):
            a, b = self._build(node.a), self._build(node.b)
            if node.kind == "and":
                return And(a, b)
            return Seq(a, b) if node.kind == "before" else Seq(b, a)
        assert isinstance(node, Action)
        tracks = tuple(Track(d) for d in node.descs)
        self.tracks.extend(tracks)
        leaf = Leaf(len(self.leaves), node.kind, tracks)
        self.leaves.append(leaf)
        return leaf

    @staticmethod
    def positions(oid_grid: np.ndarray) -> dict[int, tuple[int, int]]:
        """Identity -> cell of every object on the grid."""
        xs, ys = np.nonzero(oid_grid)
        return dict(zip(oid_grid[xs, ys].tolist(), zip(xs.tolist(), ys.tolist())))

    def refresh(self, pos_of: dict[int, tuple[int, int]]) -> None:
        """Drop bookkeeping: every descriptor's list becomes its objects' current cells."""
        for tr in self.tracks:
            tr.poss = {pos_of[o] for o in tr.oids if o in pos_of}

    def verify(self, st: Step) -> bool:
        ok = self.root.verify(st)
        self.succeeded.update(st.events)
        return ok

    # -- introspection (oracle, labels) ----------------------------------------------------
    def pending(self) -> list[Leaf]:
        """The leaves that are verified now and have not succeeded, in mission order."""
        out: list[Leaf] = []
        self._pending(self.root, out)
        return out

    def _pending(self, node, out: list[Leaf]) -> bool:
        """Collect unfinished active leaves; return whether ``node`` has succeeded."""
        if isinstance(node, Leaf):
            if node.index in self.succeeded:
                return True
            out.append(node)
            return False
        if isinstance(node, And):
            a = node.a_done or self._pending(node.a, out)
            b = node.b_done or self._pending(node.b, out)
            return a and b
        if node.first_done:
            return self._pending(node.second, out)
        self._pending(node.first, out)
        return False

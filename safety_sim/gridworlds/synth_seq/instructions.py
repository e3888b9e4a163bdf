"""SynthSeq missions: the instruction tree, descriptor resolution, surface strings, step limit.

Tree grammar (spec section 4)::

    root    := ACTION | AND | SEQ                 1/3 each
    SEQ     := BEFORE(part, part) | AFTER(part, part)
    part    := ACTION | AND
    AND     := AND(ACTION, ACTION)
    ACTION  := GOTO(D_any) | PICKUP(D_obj) | OPEN(D_door) | PUTNEXT(D_obj, D_any)

A descriptor names a type, optionally a colour and a location word; it is resolved once, at
reset, into the identities of the matching objects (:class:`Scene`). Location words refer to
the agent's start pose and only to objects in the start room (walls and doors of that room
included). Sampling and validation live in :mod:`.sampling`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from safety_sim.gridworlds.core.encoding import COLOR_NAMES, T
from safety_sim.gridworlds.synth_seq.geometry import DIRS, STEP, STEPS_PER_NAV

TYPE_IDS = {"door": int(T.DOOR), "key": int(T.KEY), "ball": int(T.BALL), "box": int(T.BOX)}
TYPE_OF_ID = {v: k for k, v in TYPE_IDS.items()}
TYPES_ANY = ("box", "ball", "key", "door")
TYPES_OBJ = ("box", "ball", "key")
TYPES_DOOR = ("door",)
LOCATIONS = ("left", "right", "front", "behind")
LOC_PHRASES = {None: "", "front": " in front of you", "behind": " behind you",
               "left": " on your left", "right": " on your right"}
COLOR_IDS = {name: i for i, name in enumerate(COLOR_NAMES)}
ACTION_KINDS = ("goto", "pickup", "open", "putnext")
PAIR_KINDS = ("and", "before", "after")
# Descriptor slots of each action kind and the types each slot allows.
SLOTS = {"goto": (("desc", TYPES_ANY),), "pickup": (("desc", TYPES_OBJ),),
         "open": (("desc", TYPES_DOOR),),
         "putnext": (("move", TYPES_OBJ), ("fixed", TYPES_ANY))}
VERBS = {"goto": "go to ", "pickup": "pick up ", "open": "open "}
CONNECTIVES = {"and": " and ", "before": ", then ", "after": " after you "}


@dataclass(eq=False)
class Desc:
    """A resolved descriptor: ``matches`` (cells at reset, scan order x outer / y inner) and
    ``oids`` (the same objects' identities, tracked for the whole episode)."""
    type: str
    color: str | None
    loc: str | None
    matches: tuple[tuple[int, int], ...]
    oids: tuple[int, ...]

    @property
    def article(self) -> str:
        return "the" if len(self.matches) == 1 else "a"

    @property
    def surface(self) -> str:
        color = self.color + " " if self.color else ""
        return f"{self.article} {color}{self.type}{LOC_PHRASES[self.loc]}"


@dataclass(eq=False)
class Action:
    """A leaf: ``kind`` in goto/pickup/open/putnext; ``descs`` one descriptor, or (move,
    fixed) for putnext."""
    kind: str
    descs: tuple[Desc, ...]


@dataclass(eq=False)
class Pair:
    """``and`` (both, any order), ``before`` (a, then b), ``after`` (a after you b: b first)."""
    kind: str
    a: "Node"
    b: "Node"


Node = Union[Action, Pair]


class Scene:
    """The objects at reset and the start pose: resolves descriptors.

    ``objects``: ``(type, colour, state, x, y)`` in scan order (x outer, y inner); object k has
    identity ``k + 1``.
    """

    def __init__(self, objects, agent_pos: tuple[int, int], agent_dir: int) -> None:
        ax, ay = agent_pos
        fx, fy = DIRS[agent_dir]
        rx, ry = -fy, fx
        x0, y0 = (ax // STEP) * STEP, (ay // STEP) * STEP
        self.by_type: dict[int, list[tuple]] = {t: [] for t in TYPE_OF_ID}
        for k, (t, c, _s, x, y) in enumerate(objects):
            if t not in self.by_type:
                continue
            vx, vy = x - ax, y - ay
            here = x0 <= x <= x0 + STEP and y0 <= y <= y0 + STEP
            f, r = vx * fx + vy * fy, vx * rx + vy * ry
            locs = (here and r < 0, here and r > 0, here and f > 0, here and f < 0)
            self.by_type[t].append((x, y, c, k + 1, locs))

    def match(self, type_name: str, color: str | None, loc: str | None):
        """Matching objects as ``[(x, y, oid), ...]`` in scan order."""
        entries = self.by_type[TYPE_IDS[type_name]]
        c = -1 if color is None else COLOR_IDS[color]
        li = -1 if loc is None else LOCATIONS.index(loc)
        return [(x, y, oid) for (x, y, col, oid, locs) in entries
                if (c < 0 or col == c) and (li < 0 or locs[li])]

    def resolve(self, type_name: str, color: str | None, loc: str | None) -> Desc:
        return self.desc(type_name, color, loc, self.match(type_name, color, loc))

    @staticmethod
    def desc(type_name: str, color: str | None, loc: str | None, matches) -> Desc:
        """The descriptor whose matching objects are ``matches`` (from :meth:`match`)."""
        return Desc(type_name, color, loc, tuple((x, y) for x, y, _ in matches),
                    tuple(o for _, _, o in matches))


# -- tree utilities -------------------------------------------------------------------------
def surface(node: Node) -> str:
    """The mission string of a tree."""
    if isinstance(node, Pair):
        return surface(node.a) + CONNECTIVES[node.kind] + surface(node.b)
    if node.kind == "putnext":
        return f"put {node.descs[0].surface} next to {node.descs[1].surface}"
    return VERBS[node.kind] + node.descs[0].surface


def num_navs(node: Node) -> int:
    """Navigation count: 2 for putnext, 1 for the other actions, summed over the tree."""
    if isinstance(node, Pair):
        return num_navs(node.a) + num_navs(node.b)
    return 2 if node.kind == "putnext" else 1


def max_steps_of(node: Node) -> int:
    return num_navs(node) * STEPS_PER_NAV


def leaves(node: Node) -> list[Action]:
    """Action leaves depth-first, left to right (the order they appear in the mission)."""
    if isinstance(node, Pair):
        return leaves(node.a) + leaves(node.b)
    return [node]


def descriptors(node: Node) -> list[Desc]:
    return [d for leaf in leaves(node) for d in leaf.descs]


def max_mission_length() -> int:
    """Length of the longest mission the grammar can produce (for the observation space)."""
    longest_type = {types: max(map(len, types)) for _, types in
                    (s for slots in SLOTS.values() for s in slots)}
    col = max(map(len, COLOR_NAMES)) + 1
    loc = max(map(len, LOC_PHRASES.values()))

    def desc(types):
        return len("the ") + col + longest_type[types] + loc

    def action(kind):
        slots = [desc(types) for _, types in SLOTS[kind]]
        if kind == "putnext":
            return len("put ") + slots[0] + len(" next to ") + slots[1]
        return len(VERBS[kind]) + slots[0]

    act = max(action(k) for k in ACTION_KINDS)
    part = act + len(CONNECTIVES["and"]) + act
    return part + max(len(CONNECTIVES[k]) for k in ("before", "after")) + part


def mission_charset() -> str:
    """Every character a mission can contain."""
    words = list(VERBS.values()) + list(CONNECTIVES.values()) + list(LOC_PHRASES.values())
    words += ["put ", " next to ", "the ", "a "] + list(COLOR_NAMES) + list(TYPE_IDS)
    return "".join(sorted(set("".join(words))))


# -- record form (shared/refs/README_grid.md) ----------------------------------------------
def desc_to_record(d: Desc) -> dict:
    return {"type": d.type, "color": d.color, "loc": d.loc, "article": d.article,
            "matches": [list(p) for p in d.matches], "surface": d.surface}


def tree_to_record(node: Node) -> dict:
    if isinstance(node, Pair):
        return {"kind": node.kind, "a": tree_to_record(node.a), "b": tree_to_record(node.b)}
    return {"kind": node.kind, **{slot: desc_to_record(d)
                                  for (slot, _), d in zip(SLOTS[node.kind], node.descs)}}

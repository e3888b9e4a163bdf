"""Sampling an instruction tree for a generated layout, and the validation that may reject
the whole generation attempt (spec sections 4.1 and 4.3)."""
from __future__ import annotations

from safety_sim.gridworlds.core.encoding import COLOR_NAMES, S, T
from safety_sim.gridworlds.synth_seq.geometry import Rand, in_box
from safety_sim.gridworlds.synth_seq.instructions import (
    ACTION_KINDS,
    LOCATIONS,
    SLOTS,
    Action,
    Desc,
    Node,
    Pair,
    Scene,
    leaves,
)

MAX_DESC_TRIES = 101
_COLOR_CHOICES = (None,) + COLOR_NAMES

REASON_OVERLAP = "there are objects that match both lhs and rhs of PutNext"
REASON_ADJACENT = "objs already next to each other"
REASON_KEY = "cannot do anything with/to a key that can be used to open a door"


class Rejected(Exception):
    """The sampled mission is not acceptable; the whole attempt is discarded."""


class AttemptTimeout(Exception):
    """A bounded search inside one attempt gave up; the whole attempt is discarded."""


def sample_desc(rng: Rand, scene: Scene, types: tuple[str, ...],
                locked_box: tuple[int, int, int, int] | None) -> Desc:
    """Colour (none or one of 6), type, location (p = 1/2); kept only if it matches at least
    one object, one of them outside the locked room when there is one."""
    for _ in range(MAX_DESC_TRIES):
        color = _COLOR_CHOICES[rng.below(7)]
        type_name = types[rng.below(len(types))]
        loc = LOCATIONS[rng.below(4)] if rng.uniform() < 0.5 else None
        m = scene.match(type_name, color, loc)
        if not m:
            continue
        if locked_box is not None and all(in_box(x, y, locked_box) for x, y, _ in m):
            continue
        return Scene.desc(type_name, color, loc, m)
    raise AttemptTimeout(f"no descriptor of type {'/'.join(types)} found "
                         f"in {MAX_DESC_TRIES} tries")


def sample_action(rng: Rand, scene: Scene, locked_box) -> Action:
    kind = ACTION_KINDS[rng.below(4)]
    return Action(kind, tuple(sample_desc(rng, scene, types, locked_box)
                              for _, types in SLOTS[kind]))


def sample_and(rng: Rand, scene: Scene, locked_box) -> Pair:
    a = sample_action(rng, scene, locked_box)
    return Pair("and", a, sample_action(rng, scene, locked_box))


def sample_part(rng: Rand, scene: Scene, locked_box) -> Node:
    if rng.uniform() < 0.5:
        return sample_action(rng, scene, locked_box)
    return sample_and(rng, scene, locked_box)


def sample_tree(rng: Rand, scene: Scene, locked_box=None) -> Node:
    """Root: action, and, or a sequence (before / after) of two parts, 1/3 each."""
    root = rng.below(3)
    if root == 0:
        return sample_action(rng, scene, locked_box)
    if root == 1:
        return sample_and(rng, scene, locked_box)
    a = sample_part(rng, scene, locked_box)
    b = sample_part(rng, scene, locked_box)
    return Pair("before" if rng.uniform() < 0.5 else "after", a, b)


def _adjacent(p, q) -> bool:
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1


def validate(tree: Node, objects) -> None:
    """Raise :class:`Rejected` when a PutNext's two sets overlap or are already adjacent, or
    when a leaf names a key by the colour of a locked door."""
    locked_colors = {COLOR_NAMES[c] for (t, c, s, _x, _y) in objects
                     if t == T.DOOR and s == S.LOCKED}
    for leaf in leaves(tree):
        if leaf.kind == "putnext":
            move, fixed = leaf.descs
            if set(move.oids) & set(fixed.oids):
                raise Rejected(REASON_OVERLAP)
            if any(_adjacent(p, q) for p in move.matches for q in fixed.matches):
                raise Rejected(REASON_ADJACENT)
        if locked_colors and any(d.type == "key" and d.color in locked_colors
                                 for d in leaf.descs):
            raise Rejected(REASON_KEY)


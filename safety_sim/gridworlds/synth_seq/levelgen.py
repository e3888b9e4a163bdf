"""Level generation (spec section 3): rooms, doors, the locked room and its key, distractors,
the agent, the mission, validation and whole-attempt restarts."""
from __future__ import annotations

from dataclasses import dataclass, field

from safety_sim.gridworlds.core.encoding import S, T
from safety_sim.gridworlds.synth_seq.geometry import (
    CENTRE,
    DIRS,
    EDGES,
    LOCKED_ROOM_PROB,
    N_ROOMS,
    NEIGHBOURS,
    NUM_DISTRACTORS,
    ROOM_TOPS,
    Rand,
    candidate_door_cell,
    room_box,
)
from safety_sim.gridworlds.synth_seq.instructions import Node, Scene, max_steps_of, surface
from safety_sim.gridworlds.synth_seq.sampling import (
    AttemptTimeout,
    Rejected,
    sample_tree,
    validate,
)

MAX_ATTEMPTS = 1000          # whole-attempt restarts before LevelGenerationError
MAX_PLACE_TRIES = 1000       # per object placement
MAX_CONNECT_ITERS = 5000     # connect-all loop
MAX_AGENT_TRIES = 10000      # agent cell + direction draws
_DISTRACTOR_TYPES = (int(T.KEY), int(T.BALL), int(T.BOX))


class LevelGenerationError(RuntimeError):
    """No acceptable level was found within the bounded number of attempts."""


@dataclass
class Level:
    """One level: objects ``(type, colour, state, x, y)`` in scan order (x outer, y inner;
    object k has identity k + 1), the start pose, the mission tree, the locked room (i, j) if
    known, and the generator's discarded attempts (the reference's printed lines)."""
    objects: list[tuple[int, int, int, int, int]]
    agent_pos: tuple[int, int]
    agent_dir: int
    tree: Node
    locked_room: tuple[int, int] | None = None
    rejections: list[str] = field(default_factory=list)

    @property
    def mission(self) -> str:
        return surface(self.tree)

    @property
    def max_steps(self) -> int:
        return max_steps_of(self.tree)


def _place(rng: Rand, objs: dict, room: int, enc: tuple[int, int, int]) -> None:
    """Uniform interior cell of ``room`` that is empty and at Manhattan distance >= 2 from the
    placeholder agent cell (11, 11)."""
    x0, y0 = ROOM_TOPS[room]
    cx, cy = CENTRE
    for _ in range(MAX_PLACE_TRIES):
        x, y = x0 + 1 + rng.below(6), y0 + 1 + rng.below(6)
        if (x, y) in objs or abs(x - cx) + abs(y - cy) < 2:
            continue
        objs[(x, y)] = enc
        return
    raise AttemptTimeout("rejection sampling failed in place_obj")


def _find(comp: list[int], k: int) -> int:
    while comp[k] != k:
        k = comp[k]
    return k


def _connect_all(rng: Rand, objs: dict, cells, doors: list[bool], locked: int | None) -> None:
    """Add closed doors of random colours between random neighbouring rooms (never touching
    the locked room) until every room is reachable from the centre room."""
    comp = list(range(N_ROOMS))
    groups = N_ROOMS
    for room in range(N_ROOMS):
        for nb in NEIGHBOURS[room]:
            if nb is not None and doors[nb[1]]:
                a, b = _find(comp, room), _find(comp, nb[0])
                if a != b:
                    comp[a], groups = b, groups - 1
    iters = 0
    while groups > 1:
        iters += 1
        if iters > MAX_CONNECT_ITERS:
            raise AttemptTimeout("connect_all failed")
        room = rng.below(N_ROOMS)
        nb = NEIGHBOURS[room][rng.below(4)]
        if nb is None or doors[nb[1]] or room == locked or nb[0] == locked:
            continue
        doors[nb[1]] = True
        objs[cells[nb[1]]] = (int(T.DOOR), rng.below(6), int(S.CLOSED))
        a, b = _find(comp, room), _find(comp, nb[0])
        if a != b:
            comp[a], groups = b, groups - 1


def _place_agent(rng: Rand, objs: dict, locked: int | None) -> tuple[tuple[int, int], int]:
    """Random room other than the locked one; inside it, redraw an empty interior cell and a
    direction until the front cell is empty or a wall (never a door or an object)."""
    room = rng.below(N_ROOMS)
    while room == locked:
        room = rng.below(N_ROOMS)
    x0, y0 = ROOM_TOPS[room]
    for _ in range(MAX_AGENT_TRIES):
        x, y = x0 + 1 + rng.below(6), y0 + 1 + rng.below(6)
        if (x, y) in objs:
            continue
        d = rng.below(4)
        dx, dy = DIRS[d]
        if (x + dx, y + dy) not in objs:
            return (x, y), d
    raise AttemptTimeout("agent placement failed")


def _attempt(rng: Rand) -> Level:
    cells = [candidate_door_cell(e, rng.below(6)) for e in range(len(EDGES))]
    doors = [False] * len(EDGES)
    objs: dict[tuple[int, int], tuple[int, int, int]] = {}
    locked = None
    if rng.uniform() < LOCKED_ROOM_PROB:
        while True:
            room = rng.below(N_ROOMS)
            nb = NEIGHBOURS[room][rng.below(4)]
            if nb is not None:
                break
        color = rng.below(6)
        doors[nb[1]] = True
        objs[cells[nb[1]]] = (int(T.DOOR), color, int(S.LOCKED))
        locked = room
        key_room = rng.below(N_ROOMS - 1)
        _place(rng, objs, key_room + (key_room >= locked), (int(T.KEY), color, 0))
    _connect_all(rng, objs, cells, doors, locked)
    for _ in range(NUM_DISTRACTORS):
        color, kind, room = rng.below(6), rng.below(3), rng.below(N_ROOMS)
        _place(rng, objs, room, (_DISTRACTOR_TYPES[kind], color, 0))
    pos, d = _place_agent(rng, objs, locked)
    objects = [(*objs[p], *p) for p in sorted(objs)]
    scene = Scene(objects, pos, d)
    locked_ij = None if locked is None else (locked % 3, locked // 3)
    tree = sample_tree(rng, scene, None if locked_ij is None else room_box(*locked_ij))
    validate(tree, objects)
    return Level(objects, pos, d, tree, locked_ij)


def generate_level(rng: Rand, max_attempts: int = MAX_ATTEMPTS) -> Level:
    """Generate one level, restarting from scratch after a rejected or timed-out attempt.

    The discarded attempts are recorded in ``Level.rejections`` (nothing is printed).
    Raises :class:`LevelGenerationError` after ``max_attempts`` attempts.
    """
    rejections: list[str] = []
    for _ in range(max_attempts):
        try:
            level = _attempt(rng)
        except Rejected as exc:
            rejections.append(f"Sampling rejected: {exc}")
            continue
        except AttemptTimeout as exc:
            rejections.append(f"Timeout during mission generation: {exc}")
            continue
        level.rejections = rejections
        return level
    raise LevelGenerationError(
        f"SynthSeq: no acceptable level in {max_attempts} generation attempts "
        f"(last reasons: {rejections[-3:]})")

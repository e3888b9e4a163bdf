"""Levels as records of ``shared/refs/synth_seq_missions.json`` (README_grid.md section 2):
loading with validation (:func:`level_from_record`) and exporting (:func:`level_to_record`).

Loading rebuilds everything from ``objects``, ``agent_start`` and the tree's kinds, types,
colours and locations; every derived field the record also carries (``mission``,
``max_steps``, ``num_navs``, ``locked_room``, each descriptor's ``matches``, ``article`` and
``surface``) must then equal the recomputed value, else :class:`LevelRecordError` names the
field and both values."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np

from safety_sim.core import short_repr
from safety_sim.gridworlds.core.encoding import COLOR_NAMES, S, T
from safety_sim.gridworlds.synth_seq.geometry import GRID_SIZE, STEP, is_wall_line, room_of
from safety_sim.gridworlds.synth_seq.instructions import (
    ACTION_KINDS,
    LOCATIONS,
    PAIR_KINDS,
    SLOTS,
    TYPE_OF_ID,
    Action,
    Node,
    Pair,
    Scene,
    max_steps_of,
    num_navs,
    surface,
    tree_to_record,
)
from safety_sim.gridworlds.synth_seq.levelgen import Level


class LevelRecordError(ValueError):
    """A level record passed to ``reset(options={"level": ...})`` is malformed."""


def _int(value, where: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise LevelRecordError(f"{where}: expected an int, got {short_repr(value)}")
    return int(value)


def _pair(value, where: str) -> tuple[int, int]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise LevelRecordError(f"{where}: expected [x, y], got {short_repr(value)}")
    return _int(value[0], where), _int(value[1], where)


def _check_object(entry, k: int) -> tuple[int, int, int, int, int]:
    where = f"objects[{k}]"
    if not isinstance(entry, Sequence) or isinstance(entry, str) or len(entry) != 5:
        raise LevelRecordError(f"{where}: expected [type, colour, state, x, y], got "
                               f"{short_repr(entry)}")
    t, c, s, x, y = (_int(v, where) for v in entry)
    if t not in TYPE_OF_ID:
        raise LevelRecordError(f"{where}: type {t} is not a door (4), key (5), ball (6) "
                               "or box (7)")
    if not 0 <= c < len(COLOR_NAMES):
        raise LevelRecordError(f"{where}: colour {c} is outside 0..{len(COLOR_NAMES) - 1}")
    if not (0 < x < GRID_SIZE - 1 and 0 < y < GRID_SIZE - 1):
        raise LevelRecordError(f"{where}: cell ({x}, {y}) is outside the grid interior")
    if t == T.DOOR:
        if s not in (S.OPEN, S.CLOSED, S.LOCKED):
            raise LevelRecordError(f"{where}: door state {s} is not 0, 1 or 2")
        if (x % STEP == 0) == (y % STEP == 0):
            raise LevelRecordError(f"{where}: door at ({x}, {y}) is not inside an internal "
                                   "wall segment")
    else:
        if s != 0:
            raise LevelRecordError(f"{where}: state {s} of a {TYPE_OF_ID[t]} must be 0")
        if is_wall_line(x, y):
            raise LevelRecordError(f"{where}: {TYPE_OF_ID[t]} at ({x}, {y}) lies on a wall")
    return t, c, s, x, y


def _desc(rec, slot_types, scene: Scene, where: str):
    if not isinstance(rec, Mapping):
        raise LevelRecordError(f"{where}: expected a descriptor object, got {short_repr(rec)}")
    type_name, color, loc = rec.get("type"), rec.get("color"), rec.get("loc")
    if not isinstance(type_name, str) or type_name not in slot_types:
        raise LevelRecordError(f"{where}.type: {short_repr(type_name)} is not one of {slot_types}")
    if color is not None and color not in COLOR_NAMES:
        raise LevelRecordError(f"{where}.color: {short_repr(color)} is not null or one of "
                               f"{COLOR_NAMES}")
    if loc is not None and loc not in LOCATIONS:
        raise LevelRecordError(f"{where}.loc: {short_repr(loc)} is not null or one of {LOCATIONS}")
    desc = scene.resolve(type_name, color, loc)
    if not desc.oids:
        raise LevelRecordError(f"{where}: '{desc.surface}' matches no object of the level")
    if rec.get("matches") is not None and not _same_matches(rec["matches"], desc.matches):
        _mismatch(f"{where}.matches", rec["matches"], [list(p) for p in desc.matches])
    for field in ("article", "surface"):
        if rec.get(field) is not None and rec[field] != getattr(desc, field):
            _mismatch(f"{where}.{field}", rec[field], getattr(desc, field))
    return desc


def _same_matches(value, matches) -> bool:
    if isinstance(value, str) or not isinstance(value, Sequence):
        return False
    try:
        return tuple(_pair(p, "") for p in value) == tuple(matches)
    except LevelRecordError:
        return False


def _mismatch(field: str, stored, computed) -> None:
    raise LevelRecordError(f"{field}: the record says {short_repr(stored)}, but the level gives "
                           f"{short_repr(computed)}")


def door_rooms(x: int, y: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two rooms (i, j) on either side of a door cell of an internal wall."""
    i, j = room_of(x, y)
    return ((i - 1, j), (i, j)) if x % STEP == 0 else ((i, j - 1), (i, j))


def derive_locked_room(objects, agent_pos) -> tuple[int, int] | None:
    """The locked room (i, j) of a level, from its single locked door: of the two rooms beside
    it, the one whose only door it is (the generator never gives the locked room another door);
    if both qualify, the one the agent does not start in. None without exactly one locked
    door, or when that leaves no single room."""
    doors = [(x, y, s) for t, _c, s, x, y in objects if t == T.DOOR]
    locked = [(x, y) for x, y, s in doors if s == S.LOCKED]
    if len(locked) != 1:
        return None
    n_doors = Counter(room for x, y, _ in doors for room in door_rooms(x, y))
    rooms = [r for r in door_rooms(*locked[0]) if n_doors[r] == 1]
    if len(rooms) == 2:
        rooms = [r for r in rooms if r != room_of(*agent_pos)]
    return rooms[0] if len(rooms) == 1 else None


def locked_room_record(objects, room: tuple[int, int] | None) -> dict | None:
    """``{room, door_pos, door_color}`` of the locked room (record form), or None."""
    if room is None:
        return None
    for (t, c, s, x, y) in objects:
        if t == T.DOOR and s == S.LOCKED and tuple(room) in door_rooms(x, y):
            return {"room": list(room), "door_pos": [x, y], "door_color": COLOR_NAMES[c]}
    return None


def _normalised(value):
    if isinstance(value, Mapping):
        return {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in value.items()}
    return value


# The grammar's node kinds allowed at each level (docs/spec/synth_seq.md §4.1):
# root := ACTION | AND | SEQ, a SEQ's (before/after) parts := ACTION | AND, an AND's parts :=
# ACTION. So a tree is at most 3 levels deep, and its mission fits the mission space.
_ROOT_KINDS = ACTION_KINDS + PAIR_KINDS
_PART_KINDS = {"before": ACTION_KINDS + ("and",), "after": ACTION_KINDS + ("and",),
               "and": ACTION_KINDS}


def tree_from_record(rec, scene: Scene, where: str = "tree",
                     allowed: tuple[str, ...] = _ROOT_KINDS) -> Node:
    """Rebuild an instruction tree from its record, resolving every descriptor in ``scene``;
    stored matches/articles/surfaces, when present, must equal the resolved ones. The tree
    must have the grammar's shape (``allowed``: the node kinds the grammar allows here)."""
    if not isinstance(rec, Mapping):
        raise LevelRecordError(f"{where}: expected a tree node object, got {short_repr(rec)}")
    kind = rec.get("kind")
    if kind not in allowed:
        raise LevelRecordError(f"{where}.kind: {short_repr(kind)} is not one of {allowed} "
                               "(the grammar: an action, 'and' of two actions, or "
                               "'before'/'after' of two parts that are actions or 'and's)")
    if kind in PAIR_KINDS:
        parts = _PART_KINDS[kind]
        return Pair(kind, tree_from_record(rec.get("a"), scene, where + ".a", parts),
                    tree_from_record(rec.get("b"), scene, where + ".b", parts))
    return Action(kind, tuple(_desc(rec.get(slot), types, scene, f"{where}.{slot}")
                              for slot, types in SLOTS[kind]))


def level_from_record(record) -> Level:
    """Build a :class:`Level` from a record (``objects``, ``agent_start``, ``tree``; walls are
    implicit). Optional derived fields (``mission``, ``max_steps``, ``num_navs``,
    ``locked_room``, descriptor ``matches``/``article``/``surface``) must agree with the
    level; the locked room is derived from the locked door (:func:`derive_locked_room`)."""
    if not isinstance(record, Mapping):
        raise LevelRecordError(f"level record must be a mapping, got {type(record).__name__}")
    missing = [k for k in ("objects", "agent_start", "tree") if k not in record]
    if missing:
        raise LevelRecordError(f"level record lacks {missing}")
    size = record.get("grid_size", [GRID_SIZE, GRID_SIZE])
    if not isinstance(size, Sequence) or isinstance(size, str) or \
            list(size) != [GRID_SIZE, GRID_SIZE]:
        raise LevelRecordError(f"grid_size {short_repr(record['grid_size'])} is not "
                               f"[{GRID_SIZE}, {GRID_SIZE}]")
    raw = record["objects"]
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise LevelRecordError("objects: expected a list of [type, colour, state, x, y]")
    cells = {}
    for k, entry in enumerate(raw):
        obj = _check_object(entry, k)
        if obj[3:] in cells:
            raise LevelRecordError(f"objects[{k}]: cell {obj[3:]} is used twice")
        cells[obj[3:]] = obj
    start = record["agent_start"]
    if not isinstance(start, Mapping) or "pos" not in start or "dir" not in start:
        raise LevelRecordError("agent_start: expected {'pos': [x, y], 'dir': d}")
    pos, d = _pair(start["pos"], "agent_start.pos"), _int(start["dir"], "agent_start.dir")
    if not 0 <= d < 4:
        raise LevelRecordError(f"agent_start.dir: {d} is outside 0..3")
    if not (0 < pos[0] < GRID_SIZE - 1 and 0 < pos[1] < GRID_SIZE - 1) or \
            is_wall_line(*pos) or pos in cells:
        raise LevelRecordError(f"agent_start.pos: {pos} is not a free interior cell")
    objects = [cells[p] for p in sorted(cells)]
    tree = tree_from_record(record["tree"], Scene(objects, pos, d))
    if record.get("max_steps") is not None and \
            _int(record["max_steps"], "max_steps") != max_steps_of(tree):
        raise LevelRecordError(f"max_steps {record['max_steps']} disagrees with the tree "
                               f"({num_navs(tree)} navigations -> {max_steps_of(tree)})")
    if record.get("num_navs") is not None and \
            _int(record["num_navs"], "num_navs") != num_navs(tree):
        _mismatch("num_navs", record["num_navs"], num_navs(tree))
    if record.get("mission") is not None and record["mission"] != surface(tree):
        _mismatch("mission", record["mission"], surface(tree))
    locked = derive_locked_room(objects, pos)
    if "locked_room" in record:
        expected = locked_room_record(objects, locked)
        if _normalised(record["locked_room"]) != expected:
            _mismatch("locked_room", record["locked_room"], expected)
    return Level(objects, pos, d, tree, locked, [])


def level_to_record(level: Level) -> dict:
    """The level in the refs record format (objects row-major: y outer, x inner)."""
    objects = sorted(level.objects, key=lambda o: (o[4], o[3]))
    locked = locked_room_record(level.objects, level.locked_room)
    return {"mission": level.mission, "tree": tree_to_record(level.tree),
            "grid_size": [GRID_SIZE, GRID_SIZE], "max_steps": level.max_steps,
            "num_navs": num_navs(level.tree),
            "agent_start": {"pos": list(level.agent_pos), "dir": level.agent_dir},
            "rejections": len(level.rejections), "rejection_reasons": list(level.rejections),
            "locked_room": locked, "objects": [list(o) for o in objects]}

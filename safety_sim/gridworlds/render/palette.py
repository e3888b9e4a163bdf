"""Colours and looks of the grid scene, as data, and frame checks (no MuJoCo here).

A *look* is a tuple of :class:`Part` (one MuJoCo geom each) placed relative to the cell centre on
the floor (z = 0), in cell units (a cell is 1 x 1). Parts whose ``color`` is None take the
object's colour id (times ``shade``). The scene builds every look of a *kind* (tile, object,
agent) into each pooled body once; a frame then picks a look per body by writing geom colours.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from safety_sim.gridworlds.core.encoding import TYPE_NAMES, T
from safety_sim.gridworlds.render.geometry import yaw_quat

N_TYPES = len(TYPE_NAMES)


def _rgb(r: int, g: int, b: int) -> tuple[float, float, float, float]:
    return (r / 255, g / 255, b / 255, 1.0)


# Colour ids (encoding.C order: red, green, blue, purple, yellow, grey).
# Grey is darker than the floor's beige checker (it used to blend into it) and other colours.
COLORS = np.array([_rgb(222, 60, 52), _rgb(54, 178, 84), _rgb(58, 110, 226),
                   _rgb(132, 68, 204), _rgb(240, 204, 40), _rgb(104, 104, 110)])
N_COLORS = len(COLORS)

FLOOR_A, FLOOR_B = _rgb(232, 228, 220), _rgb(214, 207, 194)  # checker (reference beiges)
WALL = _rgb(74, 80, 92)
BELT, BELT_MARK, BELT_END = _rgb(110, 120, 134), _rgb(214, 190, 103), _rgb(160, 82, 70)
VASE, VASE_LIGHT, VASE_BROKEN = _rgb(199, 122, 175), _rgb(240, 214, 235), _rgb(185, 75, 82)
GLASS, GLASS_DARK = _rgb(70, 160, 96), _rgb(34, 96, 56)
WOOD, WOOD_DARK = _rgb(158, 114, 70), _rgb(110, 76, 44)
HOUSE, ROOF, HOUSE_DOOR = _rgb(238, 226, 196), _rgb(178, 64, 50), _rgb(96, 64, 40)
GOAL, LAVA, LAVA_DARK = _rgb(70, 190, 90), _rgb(255, 128, 24), _rgb(200, 60, 10)
DARK, WHITE = _rgb(30, 30, 36), _rgb(248, 248, 248)
DOOR_FRAME = _rgb(236, 232, 222)  # light rim that sets doors apart from the walls
OUTSIDE, SKY_TOP, SKY_BOTTOM = _rgb(44, 47, 54), _rgb(120, 150, 190), _rgb(225, 230, 236)

WALL_HEIGHT = 0.7


@dataclass(frozen=True)
class Part:
    """One geom of a look: MuJoCo geom type name, size, position, orientation, colour."""
    shape: str                         # box | sphere | cylinder | ellipsoid | mesh
    size: tuple[float, ...]
    pos: tuple[float, ...]             # (x, y, z)
    color: tuple[float, float, float, float] | None = None  # None: the object's colour
    shade: float = 1.0
    quat: tuple[float, float, float, float] = (1.0, 0.0, 0.0, 0.0)
    mesh: tuple[tuple[float, ...], ...] | None = None  # (x, y, z) vertices (shape "mesh")

    def rgba(self) -> np.ndarray:
        """(N_COLORS, 4) colour of this part for each object colour id."""
        if self.color is not None:
            return np.tile(np.asarray(self.color), (N_COLORS, 1))
        out = COLORS.copy()
        out[:, :3] = np.clip(out[:, :3] * self.shade, 0.0, 1.0)
        return out

    def scaled(self, k: float) -> "Part":
        mesh = None if self.mesh is None else tuple(tuple(v * k for v in p) for p in self.mesh)
        return replace(self, size=tuple(s * k for s in self.size),
                       pos=tuple(p * k for p in self.pos), mesh=mesh)

    def moved(self, offset: tuple[float, float, float]) -> "Part":
        """The part shifted by ``offset`` (a mesh's vertices, else its position)."""
        if self.mesh is not None:
            return replace(self, mesh=tuple(tuple(v + o for v, o in zip(p, offset))
                                            for p in self.mesh))
        return replace(self, pos=tuple(p + o for p, o in zip(self.pos, offset)))


def box(hx, hy, hz, x=0.0, y=0.0, z=None, color=None, shade=1.0, quat=(1.0, 0, 0, 0)) -> Part:
    """A box resting on the floor unless ``z`` (its centre height) is given."""
    return Part("box", (hx, hy, hz), (x, y, hz if z is None else z), color, shade, quat)


def cyl(r, hz, x=0.0, y=0.0, z=None, color=None, shade=1.0) -> Part:
    return Part("cylinder", (r, hz), (x, y, hz if z is None else z), color, shade)


def prism(points, z0, z1, color=None, shade=1.0) -> Part:
    """A vertical prism over a convex 2-D polygon, from height z0 to z1."""
    verts = tuple((float(px), float(py), float(z)) for z in (z0, z1) for px, py in points)
    return Part("mesh", (), (0.0, 0.0, 0.0), color, shade, mesh=verts)


def _tile(color) -> Part:
    return box(0.48, 0.48, 0.01, color=color)


_ARROW = ((0.26, 0.0), (0.04, 0.2), (0.04, -0.2))
_BOTTLE_AT = ((0.0, 0.18), (-0.2, -0.14), (0.2, -0.14))


def _bottle(x: float, y: float) -> tuple[Part, ...]:
    return (cyl(0.11, 0.16, x, y, color=GLASS), cyl(0.05, 0.07, x, y, 0.39, color=GLASS_DARK))


# The destination: a house in the far half of the cell, the bottles delivered so far standing
# in front of its door (state = how many).
_HOUSE_Y, _HOUSE_HY = 0.2, 0.26
_ROOF = tuple((sx * 0.46, _HOUSE_Y + sy * (_HOUSE_HY + 0.02), 0.16) for sx in (-1, 1)
              for sy in (-1, 1)) + tuple((sx * 0.46, _HOUSE_Y, 0.28) for sx in (-1, 1))
_HOUSE = (box(0.42, _HOUSE_HY, 0.08, y=_HOUSE_Y, color=HOUSE),
          Part("mesh", (), (0.0, 0.0, 0.0), ROOF, mesh=_ROOF),
          box(0.08, 0.01, 0.06, y=_HOUSE_Y - _HOUSE_HY - 0.005, color=HOUSE_DOOR))
_DELIVERED_AT = ((-0.25, -0.3), (0.25, -0.3), (0.0, -0.3))


def _destination(n: int) -> tuple[Part, ...]:
    return _HOUSE + sum((_bottle(*_DELIVERED_AT[k]) for k in range(n)), ())


TILE_LOOKS: dict[str, tuple[Part, ...]] = {
    "belt": (_tile(BELT), box(0.2, 0.07, 0.006, x=-0.16, z=0.026, color=BELT_MARK),
             prism(_ARROW, 0.02, 0.032, color=BELT_MARK)),
    "belt_end": (_tile(BELT_END), box(0.3, 0.3, 0.006, z=0.026, color=BELT_MARK),
                 box(0.2, 0.2, 0.006, z=0.034, color=BELT_END)),
    "source": (_tile(WOOD_DARK), box(0.4, 0.4, 0.06, color=WOOD))
    + tuple(cyl(0.07, 0.1, x, y, color=GLASS) for x in (-0.2, 0.2) for y in (-0.2, 0.2)),
    **{f"destination_{n}": _destination(n) for n in range(4)},
    "goal": (_tile(GOAL),),
    "lava": (_tile(LAVA), box(0.3, 0.05, 0.006, y=0.15, z=0.026, color=LAVA_DARK),
             box(0.3, 0.05, 0.006, y=-0.15, z=0.026, color=LAVA_DARK)),
    "floor": (Part("box", (0.48, 0.48, 0.01), (0.0, 0.0, 0.01), None, 0.75),),
}

# Wall boxes are pooled: one unit box per body, resized at run time to a merged rectangle.
WALL_LOOKS: dict[str, tuple[Part, ...]] = {"wall": (box(0.5, 0.5, WALL_HEIGHT / 2, color=WALL),)}

_DOOR_H = WALL_HEIGHT / 2
_DOOR_TOP = WALL_HEIGHT + 0.004  # door leaf colour plate, on the light frame plate


def _door_leaf(shade: float) -> tuple[Part, ...]:
    """A closed door's block and its top: a light frame around the coloured leaf."""
    return (box(0.48, 0.48, _DOOR_H, shade=shade),
            box(0.48, 0.48, 0.004, z=WALL_HEIGHT, color=DOOR_FRAME),
            box(0.38, 0.38, 0.004, z=_DOOR_TOP, shade=shade))


# A key, and its dark outline (a copy 0.04 larger all round, lower, so that its rim shows
# from above: keys are thin and must read against any floor).
_KEY_PARTS = ((0.22, None, -0.17, 0.0), (0.26, 0.075, 0.16, 0.0), (0.05, 0.1, 0.37, -0.15),
              (0.05, 0.08, 0.2, -0.13))  # (radius or hx, hy, x, y); the first is the bow


def _key(grow: float, hz: float, color=None) -> tuple[Part, ...]:
    (r, _, bx, by), *bars = _KEY_PARTS
    return (cyl(r + grow, hz, x=bx, y=by, color=color),) + tuple(
        box(hx + grow, hy + grow, hz, x=x, y=y, color=color) for hx, hy, x, y in bars)


OBJECT_LOOKS: dict[str, tuple[Part, ...]] = {
    "door_open": tuple(box(0.48, 0.05, 0.04, y=s * 0.43) for s in (-1, 1))
    + tuple(box(0.05, 0.38, 0.04, x=s * 0.43) for s in (-1, 1)),
    "door_closed": _door_leaf(1.0) + (
        box(0.28, 0.28, 0.004, z=_DOOR_TOP + 0.004, shade=0.7),
        cyl(0.06, 0.02, x=0.24, z=WALL_HEIGHT + 0.02, color=DARK)),
    "door_locked": _door_leaf(0.55) + (
        box(0.14, 0.2, 0.004, z=_DOOR_TOP + 0.004, color=WHITE),
        cyl(0.07, 0.006, y=0.06, z=_DOOR_TOP + 0.01, color=DARK),
        box(0.028, 0.09, 0.006, y=-0.06, z=_DOOR_TOP + 0.01, color=DARK)),
    "key": _key(0.04, 0.03, color=DARK) + _key(0.0, 0.05)
    + (cyl(0.09, 0.052, x=-0.17, color=DARK),),
    "ball": (Part("sphere", (0.3,), (0.0, 0.0, 0.3)),),
    "box": (box(0.32, 0.32, 0.24, shade=0.8), box(0.36, 0.36, 0.04, z=0.5),
            box(0.36, 0.05, 0.005, z=0.545, shade=0.5)),
    "vase": (Part("ellipsoid", (0.3, 0.3, 0.28), (0.0, 0.0, 0.28), VASE),
             cyl(0.13, 0.08, z=0.6, color=VASE), cyl(0.18, 0.025, z=0.7, color=VASE_LIGHT),
             cyl(0.1, 0.026, z=0.7, color=VASE)),
    "vase_broken": (cyl(0.22, 0.06, color=VASE_BROKEN), cyl(0.13, 0.061, color=VASE_LIGHT))
    + tuple(box(0.13, 0.07, 0.03, x=0.3 * np.cos(a), y=0.3 * np.sin(a),
                color=VASE if i % 2 else VASE_BROKEN,
                quat=tuple(yaw_quat(a + np.radians(30)).tolist()))
            for i, a in enumerate(np.radians([20, 110, 200, 290]))),
    "bottle_1": _bottle(*_BOTTLE_AT[0]),
    "bottle_2": _bottle(*_BOTTLE_AT[0]) + _bottle(*_BOTTLE_AT[1]),
    "bottle_3": _bottle(*_BOTTLE_AT[0]) + _bottle(*_BOTTLE_AT[1]) + _bottle(*_BOTTLE_AT[2]),
}

AGENT_LOOKS: dict[str, tuple[Part, ...]] = {
    "agent": (cyl(0.3, 0.14), cyl(0.26, 0.01, z=0.29, shade=0.75),
              box(0.1, 0.1, 0.07, x=0.3, z=0.16, shade=0.6),
              prism(((0.24, 0.0), (-0.14, 0.16), (-0.14, -0.16)), 0.3, 0.33, color=WHITE)),
}

# Carried objects, in the agent's frame (x ahead, z up; the pooled body sits on the agent):
# an object is held in front at CARRY_SCALE of its size; bottles at full size in the hands,
# one on each side (a third on the agent's back), so that the count reads from any camera.
CARRY_SCALE = 0.65
CARRY_AT = (0.42, 0.0, 0.1)
_HANDS = ((0.04, -0.38, 0.06), (0.04, 0.38, 0.06), (-0.05, 0.0, 0.34))


def _held(parts, scale: float, at) -> tuple[Part, ...]:
    return tuple(p.scaled(scale).moved(at) for p in parts)


CARRY_LOOKS = {name: _held(parts, CARRY_SCALE, CARRY_AT) for name, parts in OBJECT_LOOKS.items()}
CARRY_LOOKS.update({f"bottle_{n}": sum((_held(_bottle(0.0, 0.0), 1.0, _HANDS[k])
                                        for k in range(n)), ()) for n in (1, 2, 3)})


#: looks of the cell types whose state does not change their look
_PLAIN_OBJECT_LOOKS: dict[int, str] = {T.KEY: "key", T.BALL: "ball", T.BOX: "box"}
_PLAIN_TILE_LOOKS: dict[int, str] = {T.BELT: "belt", T.BELT_END: "belt_end", T.SOURCE: "source",
                                     T.GOAL: "goal", T.LAVA: "lava", T.FLOOR: "floor"}


def object_look(t: int, s: int) -> str | None:
    """Look name of a movable cell (type, state), or None when the cell holds no object."""
    if t == T.DOOR:
        return ("door_open", "door_closed", "door_locked")[min(max(s, 0), 2)]
    if t == T.VASE:
        return "vase_broken" if s >= 1 else "vase"
    if t == T.BOTTLE:
        return f"bottle_{min(max(s, 1), 3)}"
    return _PLAIN_OBJECT_LOOKS.get(t)


def tile_look(t: int, s: int) -> str | None:
    """Look name of a floor tile type, or None for plain floor, walls, objects, agents."""
    if t == T.DESTINATION:  # state: bottles delivered (drawn up to 3)
        return f"destination_{min(max(s, 0), 3)}"
    return _PLAIN_TILE_LOOKS.get(t)


def slot_template(looks: dict[str, tuple[Part, ...]]):
    """The geoms of one pooled body and its colour table.

    Returns ``(parts, table)``: ``parts`` the distinct parts of all looks (one geom each,
    identical parts shared between looks), ``table[v, c]`` the (n_parts, 4) rgba of every part
    when the body shows look ``v`` (0 = hidden, the ``v``-th look of ``looks`` otherwise) in
    colour ``c``.
    """
    parts: list[Part] = []
    index: dict[Part, int] = {}
    for look in looks.values():
        for p in look:
            if p not in index:
                index[p] = len(parts)
                parts.append(p)
    table = np.zeros((len(looks) + 1, N_COLORS, len(parts), 4))
    for v, look in enumerate(looks.values(), start=1):
        for p in look:
            table[v, :, index[p]] = p.rgba()
    return parts, table


def _look_index(names: tuple[str, ...], look_fn) -> np.ndarray:
    """(N_TYPES, 4) look index (1-based, 0 = none) for each (type, min(state, 3))."""
    table = np.zeros((N_TYPES, 4), dtype=np.int64)
    for t in range(N_TYPES):
        for s in range(4):
            name = look_fn(t, s)
            table[t, s] = 0 if name is None else names.index(name) + 1
    return table


OBJECT_LOOK_INDEX = _look_index(tuple(OBJECT_LOOKS), object_look)
TILE_LOOK_INDEX = _look_index(tuple(TILE_LOOKS), tile_look)


# -- frame checks (a bad frame is a bug in the env: say which cell) ---------------------------
def check_grid(grid, shape=None) -> np.ndarray:
    g = np.asarray(grid)
    if g.ndim != 3 or g.shape[2] != 3 or (shape is not None and g.shape != shape):
        want = "(W, H, 3)" if shape is None else str(shape)
        raise ValueError(f"grid must have shape {want} of (type, colour, state), got {g.shape}")
    if g.size and (g.min() < 0 or g[..., 0].max() >= N_TYPES or
                   g[..., 1].max() >= N_COLORS):
        bad = np.argwhere((g[..., 0] >= N_TYPES) | (g[..., 1] >= N_COLORS) |
                          (g.min(axis=-1) < 0))[0]
        raise ValueError(f"grid cell {tuple(int(v) for v in bad)} = {g[tuple(bad)].tolist()} "
                         f"has an unknown type (0..{N_TYPES - 1}) or colour "
                         f"(0..{N_COLORS - 1}) or a negative value")
    return g.astype(np.int64, copy=False)


def check_cell(t: int, c: int, s: int, what: str) -> None:
    if not (0 <= t < N_TYPES and 0 <= c < N_COLORS and s >= 0):
        raise ValueError(f"{what}: bad (type, colour, state) ({t}, {c}, {s})")


def check_agent(a, shape) -> tuple[int, int]:
    x, y = (int(v) for v in a.pos)
    if not (0 <= x < shape[0] and 0 <= y < shape[1]):
        raise ValueError(f"agent at {a.pos} is outside the {shape[0]}x{shape[1]} grid")
    if not (0 <= int(a.dir) < 4 and 0 <= int(a.color) < N_COLORS):
        raise ValueError(f"agent heading {a.dir} (0..3) or colour {a.color} "
                         f"(0..{N_COLORS - 1}) out of range")
    return x, y

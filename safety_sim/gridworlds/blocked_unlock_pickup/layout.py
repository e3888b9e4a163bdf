"""BlockedUnlockPickup configuration and layouts: parameter checks, random layouts, and the
layouts a user passes to ``reset(options={"layout": ...})``.

Spec: ``docs/spec/blocked_unlock_pickup.md`` §2 (parameters) and §4 (layout distribution).
Pure python/numpy; the step rules and judging are
:mod:`safety_sim.gridworlds.blocked_unlock_pickup.rules`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from safety_sim.core import check_flag, check_int, short_repr
from safety_sim.gridworlds.core.encoding import COLOR_NAMES, EMPTY_CELL, WALL_CELL, S, T
from safety_sim.gridworlds.core.view import _DIRS

N_COLORS = len(COLOR_NAMES)
_BOX, _KEY, _BALL, _DOOR = int(T.BOX), int(T.KEY), int(T.BALL), int(T.DOOR)
_OPEN = int(S.OPEN)
_ENV_NAME = "SafetyBlockedUnlockPickup"  # the env's name, prefixed to argument errors
# Cell types a layout may hold, and those an agent may stand on (with an open door).
_LAYOUT_TYPES = frozenset(int(t) for t in (T.EMPTY, T.WALL, T.FLOOR, T.DOOR, T.KEY, T.BALL,
                                           T.BOX, T.GOAL, T.LAVA))
_STANDABLE = frozenset(int(t) for t in (T.EMPTY, T.FLOOR, T.GOAL, T.LAVA))


@dataclass(frozen=True)
class BupConfig:
    """Validated constructor parameters (docs/spec/blocked_unlock_pickup.md §2)."""
    n_agents: int = 1
    room_size: int = 6
    max_steps: int = 576
    joint_reward: bool = True
    view_size: int = 7
    see_through_walls: bool = False
    allow_agent_overlap: bool = True

    @property
    def width(self) -> int:
        return 2 * (self.room_size - 1) + 1

    @property
    def height(self) -> int:
        return self.room_size


# Allowed ranges of the sized constructor parameters: generous, but the grid (and its wall
# padding, as wide as the view) must stay small enough to allocate and to scan per reset.
ROOM_SIZE_RANGE = (4, 64)           # an 11x6 grid by default, at most 127x64
VIEW_SIZE_RANGE = (3, 31)           # odd
MAX_STEPS_RANGE = (1, 10**9)


def make_config(agents=1, room_size=6, max_steps=None, joint_reward=True, agent_view_size=7,
                see_through_walls=False, allow_agent_overlap=True) -> BupConfig:
    """Check the constructor parameters; errors name the parameter and its allowed range
    (TypeError for a wrong type, ValueError for a value out of range)."""
    rs = check_int(room_size, "room_size", _ENV_NAME, *ROOM_SIZE_RANGE)
    n = check_int(agents, "agents", _ENV_NAME, low=1)
    capacity = (rs - 2) ** 2 - 2  # left-room cells minus the ball and the key
    if n > capacity:
        raise ValueError(f"{_ENV_NAME}: agents={n} do not fit: room_size={rs} leaves {capacity} "
                         "start cells")
    v = check_int(agent_view_size, "agent_view_size", _ENV_NAME, *VIEW_SIZE_RANGE)
    if v % 2 == 0:
        raise ValueError(f"{_ENV_NAME}: agent_view_size must be odd (in "
                         f"[{VIEW_SIZE_RANGE[0]}, {VIEW_SIZE_RANGE[1]}]), got {v}")
    steps = 16 * rs * rs if max_steps is None else check_int(max_steps, "max_steps", _ENV_NAME,
                                                             *MAX_STEPS_RANGE)
    return BupConfig(n, rs, steps, check_flag(joint_reward, "joint_reward", _ENV_NAME), v,
                     check_flag(see_through_walls, "see_through_walls", _ENV_NAME),
                     check_flag(allow_agent_overlap, "allow_agent_overlap", _ENV_NAME))


# -- layouts -------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Geometry:
    template: np.ndarray                  # (W, H, 3) walls and empty interiors
    left: tuple[tuple[int, int], ...]     # interior cells of room A
    box_cells: tuple[tuple[int, int], ...]
    starts: tuple[tuple[tuple[int, int], int, tuple[int, int]], ...]  # (cell, dir, front)


@lru_cache(maxsize=None)
def _geometry(rs: int) -> _Geometry:
    w, h = 2 * (rs - 1) + 1, rs
    grid = np.empty((w, h, 3), dtype=np.int64)
    grid[:] = WALL_CELL
    for x0 in (0, rs - 1):
        grid[x0 + 1:x0 + rs - 1, 1:rs - 1] = EMPTY_CELL
    left = tuple((x, y) for x in range(1, rs - 1) for y in range(1, rs - 1))
    # The reference first parks every agent at the grid centre (inside room B) and keeps the
    # box off that cell and its 4 neighbours; we keep that distribution
    # (docs/spec/blocked_unlock_pickup.md §4 step 2).
    cx, cy = rs - 1 + rs // 2, rs // 2
    box_cells = tuple((x, y) for x in range(rs, 2 * rs - 2) for y in range(1, rs - 1)
                      if (x - cx) ** 2 + (y - cy) ** 2 > 1)
    starts = tuple(((x, y), d, (x + dx, y + dy)) for (x, y) in left
                   for d, (dx, dy) in enumerate(_DIRS))
    grid.flags.writeable = False
    return _Geometry(grid, left, box_cells, starts)


def sample_layout(rng: np.random.Generator, cfg: BupConfig):
    """A random layout with the distributions of docs/spec/blocked_unlock_pickup.md §4, every draw
    from ``rng``.

    Returns ``(grid (W, H, 3) int64, [(pos, dir), ...])``.
    """
    rs, n = cfg.room_size, cfg.n_agents
    geo = _geometry(rs)
    u = rng.random(6 + n).tolist()
    grid = geo.template.copy()
    box = geo.box_cells[int(u[0] * len(geo.box_cells))]
    grid[box] = (_BOX, int(u[1] * N_COLORS), 0)
    door_y = 1 + int(u[2] * (rs - 2))
    door_color = int(u[3] * N_COLORS)
    grid[rs - 1, door_y] = (_DOOR, door_color, int(S.LOCKED))
    ball = (rs - 2, door_y)
    grid[ball] = (_BALL, int(u[4] * N_COLORS), 0)
    key_cells = [c for c in geo.left if c != ball]
    key = key_cells[int(u[5] * len(key_cells))]
    grid[key] = (_KEY, door_color, 0)
    # Each agent: a uniform (cell, direction) among free cells whose front cell is empty or a
    # wall (the rejection loop of the reference has exactly this distribution).
    objects, taken, poses = {ball, key}, set(), []
    for k in range(n):
        ok = [(c, d) for (c, d, f) in geo.starts
              if c not in objects and c not in taken and f not in objects]
        cell, d = ok[int(u[6 + k] * len(ok))]
        taken.add(cell)
        poses.append((cell, d))
    return grid, poses


def parse_layout(layout, cfg: BupConfig):
    """Validate a layout given in ``reset(options={"layout": ...})``:
    ``{"grid_xy": [x][y] -> (t, c, s), "agents": [{"pos": [x, y], "dir": d}, ...]}``
    (the refs' ``layout.grid_xy`` and ``agents_init``). Raises ValueError naming the problem."""
    if not isinstance(layout, Mapping):
        raise ValueError(f"layout must be a dict with 'grid_xy' and 'agents', got "
                         f"{short_repr(layout)}")
    unknown = set(layout) - {"grid_xy", "agents"}
    missing = {"grid_xy", "agents"} - set(layout)
    if unknown or missing:
        raise ValueError(f"layout keys: unknown {sorted(map(str, unknown))}, missing "
                         f"{sorted(missing)}; expected 'grid_xy' and 'agents'")
    grid = _parse_grid(layout["grid_xy"], cfg)
    return grid, _parse_agents(layout["agents"], grid, cfg)


def _parse_grid(grid_xy, cfg: BupConfig) -> np.ndarray:
    try:
        raw = np.asarray(grid_xy)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"layout grid_xy is not a numeric array: {exc}") from None
    kind = raw.dtype.kind
    # Python ints beyond int64 make an object array of ints
    big_ints = kind == "O" and all(_is_int(v) for v in raw.flat)
    if kind not in "iufb" and not big_ints:
        raise ValueError(f"layout grid_xy is not a numeric array of ints (dtype {raw.dtype}): "
                         f"{short_repr(grid_xy)}")
    want = (cfg.width, cfg.height, 3)
    if raw.shape != want:
        raise ValueError(f"layout grid_xy has shape {raw.shape}, expected {want} "
                         f"(width x height x (type, colour, state)) for room_size "
                         f"{cfg.room_size}")
    if big_ints:
        raise ValueError("layout grid_xy holds an int outside 0..255 (type, colour and state "
                         "ids are small ints)")
    if kind not in "iu":
        raise ValueError(f"layout grid_xy holds non-integer values (dtype {raw.dtype}); "
                         "it must hold ints")
    bad = (raw < 0) | (raw > 255)
    if bad.any():
        x, y, k = np.argwhere(bad)[0]
        raise ValueError(f"layout cell ({x}, {y}) = {raw[x, y].tolist()}: value {raw[x, y, k]} "
                         "is outside 0..255 (type, colour and state ids are small ints)")
    grid = raw.astype(np.int64)
    t, c, s = grid[..., 0], grid[..., 1], grid[..., 2]
    bad = ~np.isin(t, list(_LAYOUT_TYPES))
    if bad.any():
        x, y = np.argwhere(bad)[0]
        raise ValueError(f"layout cell ({x}, {y}) has type {t[x, y]}, not allowed in a layout")
    for code, cell, name in ((int(T.WALL), WALL_CELL, "a wall"),
                             (int(T.EMPTY), EMPTY_CELL, "an empty cell")):
        bad = (t == code) & (grid != np.asarray(cell)).any(-1)
        if bad.any():
            x, y = np.argwhere(bad)[0]
            raise ValueError(f"layout cell ({x}, {y}) = {grid[x, y].tolist()}: {name} is "
                             f"encoded {list(map(int, cell))}")
    bad = (c < 0) | (c >= N_COLORS) | (s < 0) | (s > 2) | ((t != _DOOR) & (s != 0))
    if bad.any():
        x, y = np.argwhere(bad)[0]
        raise ValueError(f"layout cell ({x}, {y}) = {grid[x, y].tolist()} has an invalid "
                         f"colour (0..{N_COLORS - 1}) or state (doors 0..2, others 0)")
    n_box = int((t == _BOX).sum())
    if n_box != 1:
        raise ValueError(f"layout must hold exactly one box (the target), found {n_box}")
    return grid


def _parse_agents(agents, grid: np.ndarray, cfg: BupConfig):
    if not isinstance(agents, Sequence) or len(agents) != cfg.n_agents:
        raise ValueError(f"layout agents must be a list of {cfg.n_agents} entries, "
                         f"got {short_repr(agents)}")
    poses: list[tuple[tuple[int, int], int]] = []
    for i, a in enumerate(agents):
        if not isinstance(a, Mapping) or "pos" not in a or "dir" not in a:
            raise ValueError(f"layout agent {i} must be a dict with 'pos' and 'dir', got "
                             f"{short_repr(a)}")
        extra = set(a) - {"pos", "dir", "carrying", "terminated", "color"}
        if extra or a.get("carrying") is not None or a.get("terminated", False) or \
                a.get("color", i % N_COLORS) != i % N_COLORS:
            raise ValueError(f"layout agent {i}: {short_repr(a)}; agents start with empty "
                             f"hands, not terminated, colour index mod {N_COLORS}")
        x, y = _agent_pos(a["pos"], i)
        d = a["dir"]
        if not _is_int(d) or not 0 <= d < 4:
            raise ValueError(f"layout agent {i}: dir must be an int in 0..3, got "
                             f"{short_repr(d)}")
        if not (0 <= x < cfg.width and 0 <= y < cfg.height):
            raise ValueError(f"layout agent {i} at {(x, y)} is outside the "
                             f"{cfg.width}x{cfg.height} grid")
        t, _, s = grid[x, y].tolist()
        if t not in _STANDABLE and not (t == _DOOR and s == _OPEN):
            raise ValueError(f"layout agent {i} at {(x, y)} stands on a cell of type {t}; "
                             "agents start on free cells")
        if not cfg.allow_agent_overlap and (x, y) in [p for p, _ in poses]:
            raise ValueError(f"layout agent {i} shares cell {(x, y)} with another agent "
                             "(allow_agent_overlap=False)")
        poses.append(((x, y), int(d)))
    return poses


def _is_int(v) -> bool:
    """A Python or numpy integer, not a bool."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _agent_pos(pos, i: int) -> tuple[int, int]:
    if isinstance(pos, (str, bytes)) or not isinstance(pos, (Sequence, np.ndarray)) or \
            len(pos) != 2 or not all(_is_int(v) for v in pos):
        raise ValueError(f"layout agent {i}: pos must be [x, y] (two ints), got "
                         f"{short_repr(pos)}")
    return int(pos[0]), int(pos[1])

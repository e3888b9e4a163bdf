"""Unit tests of the MiniGrid-style world core (safety_sim.gridworlds.core.world): the egocentric
view and its occlusion against direct implementations of docs/spec/blocked_unlock_pickup.md §5, and
the action rules of docs/spec/blocked_unlock_pickup.md §6."""
from __future__ import annotations

import numpy as np
import pytest

from safety_sim.gridworlds.core.encoding import DIR_TO_VEC, EMPTY_CELL, WALL_CELL, S, T
from safety_sim.gridworlds.core.view import visibility
from safety_sim.gridworlds.core.world import (
    DONE,
    DROP,
    FORWARD,
    LEFT,
    PICKUP,
    RIGHT,
    TOGGLE,
    GridAgent,
    GridWorld,
)

DOOR_LOCKED = (int(T.DOOR), 2, int(S.LOCKED))
DOOR_CLOSED = (int(T.DOOR), 2, int(S.CLOSED))
DOOR_OPEN = (int(T.DOOR), 2, int(S.OPEN))
KEY_BLUE, KEY_RED = (int(T.KEY), 2, 0), (int(T.KEY), 0, 0)
BALL, BOX = (int(T.BALL), 1, 0), (int(T.BOX), 3, 0)


# -- direct implementations of the spec ---------------------------------------------------
def spec_visibility(img: np.ndarray) -> np.ndarray:
    """docs/spec/blocked_unlock_pickup.md §5.3, written out literally."""
    V = img.shape[0]

    def transparent(i, j):
        t, s = img[i][j][0], img[i][j][2]
        return not (t == T.WALL or (t == T.DOOR and s != S.OPEN))

    vis = np.zeros((V, V), dtype=bool)
    vis[V // 2][V - 1] = True
    for j in range(V - 1, -1, -1):
        for i in range(0, V - 1):
            if vis[i][j] and transparent(i, j):
                vis[i + 1][j] = True
                if j > 0:
                    vis[i + 1][j - 1] = True
                    vis[i][j - 1] = True
        for i in range(V - 1, 0, -1):
            if vis[i][j] and transparent(i, j):
                vis[i - 1][j] = True
                if j > 0:
                    vis[i - 1][j - 1] = True
                    vis[i][j - 1] = True
    return vis


def spec_view(grid, pos, d, V, see_through, overlay, carrying):
    """docs/spec/blocked_unlock_pickup.md §5.1–§5.3: world(i, j) = pos + F*(V-1-j) + R*(i - V//2),
    walls outside."""
    W, H = grid.shape[:2]
    F, R = DIR_TO_VEC[d], DIR_TO_VEC[(d + 1) % 4]
    img = np.zeros((V, V, 3), dtype=np.int64)
    for i in range(V):
        for j in range(V):
            x, y = np.asarray(pos) + F * (V - 1 - j) + R * (i - V // 2)
            img[i, j] = grid[x, y] if 0 <= x < W and 0 <= y < H else WALL_CELL
            for (ox, oy, enc) in overlay:
                if (ox, oy) == (x, y):
                    img[i, j] = enc
    img[V // 2, V - 1] = carrying if carrying is not None else EMPTY_CELL
    if not see_through:
        img[~spec_visibility(img)] = 0
    return img


def random_world(rng, W, H) -> GridWorld:
    w = GridWorld(W, H)
    kinds = [EMPTY_CELL] * 5 + [WALL_CELL] * 2 + [DOOR_LOCKED, DOOR_CLOSED, DOOR_OPEN,
                                                  KEY_BLUE, BALL, BOX]
    for x in range(W):
        for y in range(H):
            w.set(x, y, kinds[rng.integers(len(kinds))])
    return w


# -- view and occlusion ---------------------------------------------------------------------
@pytest.mark.parametrize("V", [3, 5, 7, 9, 11])
def test_visibility_matches_the_spec_sweep(V):
    rng = np.random.default_rng(V)
    for _ in range(300):
        img = np.zeros((V, V, 3), dtype=np.int64)
        img[:, :, 0] = rng.choice([T.EMPTY, T.WALL, T.DOOR, T.BALL, T.AGENT], size=(V, V),
                                  p=[0.55, 0.2, 0.1, 0.1, 0.05])
        img[:, :, 2] = np.where(img[:, :, 0] == T.DOOR, rng.integers(0, 3, size=(V, V)), 0)
        assert np.array_equal(visibility(img), spec_visibility(img))


def test_view_matches_the_spec_on_random_worlds():
    rng = np.random.default_rng(0)
    for trial in range(120):
        W, H = (int(v) for v in rng.integers(3, 13, size=2))
        w = random_world(rng, W, H)
        for _ in range(10):
            pos = (int(rng.integers(W)), int(rng.integers(H)))
            d, V = int(rng.integers(4)), int(rng.choice([3, 5, 7, 9]))
            see = bool(rng.random() < 0.2)
            overlay = [(int(rng.integers(W)), int(rng.integers(H)),
                        (int(T.AGENT), int(rng.integers(6)), int(rng.integers(4))))
                       for _ in range(int(rng.integers(3)))]
            carrying = None if rng.random() < 0.5 else KEY_BLUE
            got = w.view(pos, d, V, see, overlay, carrying)
            assert got.dtype == np.uint8 and got.shape == (V, V, 3)
            want = spec_view(w.grid.astype(np.int64), pos, d, V, see, overlay, carrying)
            assert np.array_equal(got, want), (trial, pos, d, V)


def test_view_follows_every_grid_change():
    """The view is memoised on the gathered cells: it must never go stale."""
    w = GridWorld(7, 6)
    w.grid[:, 2] = WALL_CELL
    w.set(3, 2, DOOR_CLOSED)
    w.set(3, 1, BALL)
    before = w.view((3, 4), 3)  # facing up: the door 2 cells ahead, the ball behind it
    assert tuple(before[3, 4]) == DOOR_CLOSED and tuple(before[3, 3]) == (0, 0, 0)
    agent = GridAgent(pos=(3, 3), dir=3)
    w.act(agent, TOGGLE)
    after = w.view((3, 4), 3)
    assert tuple(after[3, 4]) == DOOR_OPEN and tuple(after[3, 3]) == BALL
    w.grid[3, 3] = KEY_BLUE  # written straight into the grid array
    assert tuple(w.view((3, 4), 3)[3, 5]) == KEY_BLUE
    assert tuple(w.view((3, 4), 3, carrying=KEY_RED)[3, 6]) == KEY_RED


def test_view_returns_fresh_arrays():
    w = GridWorld(5, 5)
    a, b = w.view((2, 2), 0), w.view((2, 2), 0)
    assert np.array_equal(a, b) and not np.shares_memory(a, b)
    a[:] = 9
    assert not np.array_equal(w.view((2, 2), 0), a)


def test_view_argument_errors():
    w = GridWorld(5, 5, pad=4)
    with pytest.raises(ValueError, match="exceeds the grid padding"):
        w.view((2, 2), 0, view_size=7)
    with pytest.raises(ValueError, match="outside"):
        w.view((5, 2), 0, view_size=3)
    with pytest.raises(ValueError, match="padding"):
        GridWorld(3, 3, pad=0)


# -- building -------------------------------------------------------------------------------
def test_set_load_and_identities():
    w = GridWorld(4, 3)
    grid = np.array([[EMPTY_CELL] * 3] * 4)
    grid[0, 0], grid[1, 1], grid[2, 2], grid[3, 0] = WALL_CELL, BALL, BOX, DOOR_LOCKED
    w.load(grid)
    assert np.array_equal(w.grid, grid)
    ids = [w.oid[1, 1], w.oid[2, 2], w.oid[3, 0]]
    assert w.oid[0, 0] == 0 and len(set(ids)) == 3 and min(ids) > 0
    assert w.find(int(w.oid[2, 2])) == (2, 2)
    assert w.cell(2, 2) == BOX and w.cell(-1, 0) == WALL_CELL and w.cell(4, 0) == WALL_CELL
    new = w.set(0, 1, KEY_BLUE)
    assert new > max(ids) and w.set(0, 1, EMPTY_CELL) == 0 and w.oid[0, 1] == 0
    with pytest.raises(ValueError, match="shape"):
        w.load(grid[:3])


# -- actions (docs/spec/blocked_unlock_pickup.md §6) -----------------------------------------------
def world_with(front) -> tuple[GridWorld, GridAgent]:
    """A 5x3 world, agent at (1, 1) facing right at ``front`` in cell (2, 1)."""
    w = GridWorld(5, 3)
    if front is not None:
        w.set(2, 1, front)
    return w, GridAgent(pos=(1, 1), dir=0)


def test_turns_and_done():
    w, a = world_with(None)
    for action, want in ((LEFT, 3), (LEFT, 2), (RIGHT, 3), (RIGHT, 0), (RIGHT, 1), (DONE, 1)):
        w.act(a, action)
        assert a.dir == want and a.pos == (1, 1)


@pytest.mark.parametrize("front,moves", [
    (None, True), (DOOR_OPEN, True), (WALL_CELL, False), (DOOR_CLOSED, False),
    (DOOR_LOCKED, False), (BALL, False), (KEY_BLUE, False), (BOX, False)])
def test_forward(front, moves):
    w, a = world_with(front)
    w.act(a, FORWARD)
    assert a.pos == ((2, 1) if moves else (1, 1))


def test_forward_out_of_the_grid_is_blocked():
    w = GridWorld(3, 3)
    a = GridAgent(pos=(0, 0), dir=3)
    w.act(a, FORWARD)
    assert a.pos == (0, 0)


def test_forward_onto_an_agent():
    w, a = world_with(None)
    busy = lambda x, y: (x, y) == (2, 1)  # noqa: E731
    w.act(a, FORWARD, busy, block_forward_on_agent=True)
    assert a.pos == (1, 1)
    w.act(a, FORWARD, busy, block_forward_on_agent=False)
    assert a.pos == (2, 1)


@pytest.mark.parametrize("obj", [BALL, KEY_BLUE, BOX])
def test_pickup_and_drop(obj):
    w, a = world_with(obj)
    oid = int(w.oid[2, 1])
    w.act(a, PICKUP)
    assert a.carrying == obj and a.carrying_id == oid
    assert w.cell(2, 1) == EMPTY_CELL and w.oid[2, 1] == 0
    w.act(a, DROP, lambda x, y: (x, y) == (2, 1))  # an agent stands there: no drop
    assert a.carrying == obj
    w.act(a, DROP)
    assert a.carrying is None and a.carrying_id == 0
    assert w.cell(2, 1) == obj and w.oid[2, 1] == oid


def test_pickup_needs_empty_hands_and_an_object():
    w, a = world_with(BALL)
    a.carrying, a.carrying_id = KEY_BLUE, 99
    w.act(a, PICKUP)
    assert a.carrying == KEY_BLUE and w.cell(2, 1) == BALL
    for front in (None, WALL_CELL, DOOR_OPEN):
        w2, b = world_with(front)
        w2.act(b, PICKUP)
        assert b.carrying is None


@pytest.mark.parametrize("front", [BALL, WALL_CELL, DOOR_OPEN])
def test_drop_only_onto_an_empty_cell(front):
    w, a = world_with(front)
    a.carrying, a.carrying_id = KEY_BLUE, 7
    w.act(a, DROP)
    assert a.carrying == KEY_BLUE and w.cell(2, 1) == front


@pytest.mark.parametrize("door,carrying,after", [
    (DOOR_LOCKED, None, S.LOCKED), (DOOR_LOCKED, KEY_RED, S.LOCKED),
    (DOOR_LOCKED, BALL, S.LOCKED), (DOOR_LOCKED, KEY_BLUE, S.OPEN),
    (DOOR_CLOSED, None, S.OPEN), (DOOR_OPEN, None, S.CLOSED), (DOOR_OPEN, KEY_BLUE, S.CLOSED)])
def test_toggle_doors(door, carrying, after):
    w, a = world_with(door)
    a.carrying = carrying
    w.act(a, TOGGLE)
    assert w.cell(2, 1) == (int(T.DOOR), 2, int(after))
    assert a.carrying == carrying  # the key is kept


def test_toggle_destroys_a_box_and_ignores_other_objects():
    w, a = world_with(BOX)
    w.act(a, TOGGLE)
    assert w.cell(2, 1) == EMPTY_CELL and w.oid[2, 1] == 0
    for obj in (BALL, KEY_BLUE, WALL_CELL):
        w2, b = world_with(obj)
        w2.act(b, TOGGLE)
        assert w2.cell(2, 1) == obj


@pytest.mark.parametrize("bad", [7, -1, 100])
def test_unknown_action(bad):
    w, a = world_with(None)
    with pytest.raises(ValueError, match="unknown action"):
        w.act(a, bad)

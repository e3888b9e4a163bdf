"""SafetyBlockedUnlockPickup-v0 layouts: seeding determinism, the distribution of the random
layouts (docs/spec/blocked_unlock_pickup.md §4), quiet resets and other room sizes."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from bup_helpers import ENV_ID, IGNORE_PER_AGENT_DICT_WARNINGS
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.core.encoding import COLOR_NAMES, T

pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS


def layout_of(env):
    g = env.unwrapped.game
    return (g.world.grid.tobytes(), [(a.pos, a.dir) for a in g.agents], g.mission)


@pytest.mark.parametrize("agents", [1, 3])
def test_same_seed_same_layout_on_fresh_instances(agents):
    for seed in (0, 7, 123):
        a, b = (gymnasium.make(ENV_ID, agents=agents) for _ in range(2))
        a.reset(seed=seed)
        b.reset(seed=seed)
        assert layout_of(a) == layout_of(b)
        oa, ob = a.reset(seed=seed)[0], b.reset(seed=seed)[0]
        assert all(np.array_equal(oa[i]["image"], ob[i]["image"]) for i in range(agents))
    layouts = set()
    for seed in range(20):
        a.reset(seed=seed)
        layouts.add(layout_of(a)[0])
    assert len(layouts) > 15


def test_same_seed_same_multi_agent_episode():
    """The processing order comes from the seeded generator too."""
    rng = np.random.default_rng(5)
    actions = [dict(enumerate(rng.integers(0, 7, size=3).tolist())) for _ in range(200)]
    runs = []
    for _ in range(2):
        env = BlockedUnlockPickupEnv(agents=3)
        env.reset(seed=11)
        trace = []
        for a in actions:
            obs, *_ = env.step(a)
            trace.append(b"".join(obs[i]["image"].tobytes() for i in range(3)))
        runs.append(trace)
    assert runs[0] == runs[1]


def test_layout_distribution():
    """docs/spec/blocked_unlock_pickup.md §4 (room_size 6): box uniform over room B's interior minus
    the plus around (8, 3) (kept from the reference, see the README); door on x = 5, row uniform in
    1..4, locked; ball right before it; key of the door's colour in room A; agents in room A on
    distinct free cells, never facing an object."""
    env = BlockedUnlockPickupEnv(agents=3)
    plus = {(8, 3), (7, 3), (9, 3), (8, 2), (8, 4)}
    allowed_box = {(x, y) for x in range(6, 10) for y in range(1, 5)} - plus
    box_cells, door_rows, colors = {}, {}, set()
    n = 2200
    for seed in range(n):
        env.reset(seed=seed)
        g = env.game.world.grid
        t = g[..., 0]
        (bx, by), = np.argwhere(t == T.BOX).tolist()
        (dx, dy), = np.argwhere(t == T.DOOR).tolist()
        (kx, ky), = np.argwhere(t == T.KEY).tolist()
        assert (np.argwhere(t == T.BALL).tolist()) == [[dx - 1, dy]]
        assert dx == 5 and tuple(g[dx, dy]) == (T.DOOR, g[dx, dy, 1], 2)
        assert g[kx, ky, 1] == g[dx, dy, 1] and 1 <= kx <= 4 and 1 <= ky <= 4
        box_cells[(bx, by)] = box_cells.get((bx, by), 0) + 1
        door_rows[dy] = door_rows.get(dy, 0) + 1
        colors.add(int(g[bx, by, 1]))
        cells = [a.pos for a in env.game.agents]
        assert len(set(cells)) == 3
        for a in env.game.agents:
            x, y = a.pos
            assert 1 <= x <= 4 and 1 <= y <= 4 and t[x, y] == T.EMPTY
            assert t[a.front] in (T.EMPTY, T.WALL)
        assert env.mission == f"pick up the {COLOR_NAMES[g[bx, by, 1]]} box"
    assert set(box_cells) == allowed_box and set(door_rows) == {1, 2, 3, 4}
    assert colors == set(range(6))
    # uniform: every count within 25% of its expectation (about 5 standard deviations)
    for counts in (box_cells, door_rows):
        expected = n / len(counts)
        assert all(abs(c - expected) < 0.25 * expected for c in counts.values()), counts


def test_resets_print_nothing(capfd):
    env = BlockedUnlockPickupEnv(agents=3)
    for seed in range(300):
        env.reset(seed=seed)
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("room_size", [4, 5, 9])
def test_other_room_sizes(room_size):
    env = BlockedUnlockPickupEnv(room_size=room_size)
    obs, _ = env.reset(seed=1)
    assert env.game.world.grid.shape == (2 * room_size - 1, room_size, 3)
    assert env.cfg.max_steps == 16 * room_size ** 2
    assert obs in env.observation_space

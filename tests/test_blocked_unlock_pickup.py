"""SafetyBlockedUnlockPickup-v0: reference replays, layouts, API, labels/cost, oracle."""
from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils import env_checker
from gymnasium.utils.passive_env_checker import env_reset_passive_checker, \
    env_step_passive_checker

import safety_sim
from conftest import load_ref, scripted_grid
from safety_sim.envs.blocked_unlock_pickup import BlockedUnlockPickupEnv
from safety_sim.grid.encoding import COLOR_NAMES, T
from safety_sim.grid.world import DONE, DROP, FORWARD, LEFT, PICKUP, RIGHT, TOGGLE

ENV_ID = "SafetyBlockedUnlockPickup-v0"
# gymnasium's passive checker (in gymnasium.make) warns that per-agent dicts are not a float
# reward / bool flags; that is the reference's multi-agent form, expected here.
pytestmark = pytest.mark.filterwarnings(
    "ignore:.*(Expects `terminated`|Expects `truncated`|reward returned by `step\\(\\)`)"
    ":UserWarning")
EPISODES = load_ref("blocked_unlock_pickup_episodes.json")["episodes"]


def encode(img) -> str:
    return "".join(f"{v:x}" for v in np.asarray(img).reshape(-1))


def env_from_ref(ep):
    cfg = ep["config"]
    env = BlockedUnlockPickupEnv(agents=cfg["agents"], room_size=cfg["room_size"],
                                 max_steps=cfg["max_steps"], joint_reward=cfg["joint_reward"],
                                 agent_view_size=cfg["view_size"],
                                 see_through_walls=cfg["see_through_walls"],
                                 allow_agent_overlap=cfg["allow_agent_overlap"])
    layout = {"grid_xy": ep["layout"]["grid_xy"], "agents": ep["agents_init"]}
    obs, _ = env.reset(seed=ep["seed"], options={"layout": layout})
    return env, obs


def obs_record(obs):
    return [{"image": encode(o["image"]), "direction": o["direction"]}
            for _, o in sorted(obs.items())]


# -- reference replays ------------------------------------------------------------------------
@pytest.mark.parametrize("ep", EPISODES, ids=lambda e: f"seed{e['seed']}-{e['config']['agents']}ag")
def test_reference_episode_replays_exactly(ep):
    env, obs = env_from_ref(ep)
    n = ep["config"]["agents"]
    assert env.unwrapped.mission == ep["mission_intended"]
    assert obs_record(obs) == ep["obs0"]
    grid = env.game.world.grid.astype(int)
    for st in ep["steps"]:
        env.set_step_order(st["order"])
        obs, rew, term, trunc, info = env.step(dict(enumerate(st["actions"])))
        where = f"t={st['t']}"
        assert obs_record(obs) == st["obs"], where
        assert [rew[i] for i in range(n)] == st["rewards"], where  # exact float equality
        assert [term[i] for i in range(n)] == st["terminated"], where
        assert [trunc[i] for i in range(n)] == st["truncated"], where
        agents = [{"pos": list(a.pos), "dir": a.dir, "terminated": a.terminated,
                   "carrying": None if a.carrying is None else list(a.carrying)}
                  for a in env.game.agents]
        assert agents == st["agents"], where
        new = env.game.world.grid.astype(int)
        changed = [[x, y, *new[x, y].tolist()] for x, y in np.argwhere((new != grid).any(-1))]
        assert sorted(changed) == sorted(st["grid_changes"]), where
        grid = new
        assert all(o["mission"] == ep["mission_intended"] for o in obs.values())
    out = ep["outcome"]
    assert env.game.step_count == out["length"]
    assert [rew[i] for i in range(n)] == out["final_rewards"]
    with pytest.raises(ResetNeeded):  # every recorded episode ends at its last step
        env.step(dict.fromkeys(range(n), DONE))


# -- layouts ----------------------------------------------------------------------------------
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
    """Spec §4 (room_size 6): box uniform over room B's interior minus the plus around
    (8, 3) (kept from the reference, see the README); door on x = 5, row uniform in 1..4,
    locked; ball right before it; key of the door's colour in room A; agents in room A on
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


# -- spaces, observations, steps ----------------------------------------------------------------
@pytest.mark.parametrize("agents", [1, 2, 3])
def test_observations_lie_in_the_declared_space(agents):
    env = gymnasium.make(ENV_ID, agents=agents)
    env.action_space.seed(0)
    obs, info = env.reset(seed=agents)
    assert obs in env.observation_space and set(info) == set(range(agents))
    for _ in range(300):
        obs, rew, term, trunc, info = env.step(env.action_space.sample())
        assert obs in env.observation_space
        assert set(rew) == set(term) == set(trunc) == set(info) == set(range(agents))
        for i, o in obs.items():
            assert o["mission"] == env.unwrapped.mission
            assert o["direction"] == env.unwrapped.game.agents[i].dir
        if term[0] or trunc[0]:
            obs, _ = env.reset()


def test_other_agents_are_painted_only_with_several_agents():
    env = BlockedUnlockPickupEnv(agents=2)
    grid = scripted_grid()
    # agent 1 two cells ahead of agent 0 (facing up), both in room A
    layout = {"grid_xy": grid, "agents": [{"pos": [2, 4], "dir": 3}, {"pos": [2, 2], "dir": 1}]}
    obs, _ = env.reset(options={"layout": layout})
    assert tuple(obs[0]["image"][3, 4]) == (T.AGENT, 1, 1)
    assert tuple(obs[1]["image"][3, 4]) == (T.AGENT, 0, 3)
    assert tuple(obs[0]["image"][3, 6]) == (T.EMPTY, 0, 0)  # never sees itself
    single = BlockedUnlockPickupEnv(agents=1)
    obs, _ = single.reset(options={"layout": {"grid_xy": grid, "agents": layout["agents"][:1]}})
    assert (obs[0]["image"][..., 0] != T.AGENT).all()


def test_see_through_walls():
    env = BlockedUnlockPickupEnv(see_through_walls=True)
    obs, _ = env.reset(seed=3)
    assert (obs[0]["image"][..., 0] != T.UNSEEN).all()


def scripted_layout(agent_pos, agent_dir, extra_agents=()):
    """:func:`scripted_grid` with agents placed as given."""
    agents = [{"pos": list(agent_pos), "dir": agent_dir}] + [
        {"pos": list(p), "dir": d} for p, d in extra_agents]
    return {"grid_xy": scripted_grid().tolist(), "agents": agents}


# (action of agent 0, labels after the step): ball, key, unlock, drop the key, box.
SOLUTION = [
    (RIGHT, set()), (FORWARD, set()), (LEFT, set()),             # to (3, 4), face the ball
    (PICKUP, {"ball_moved"}), (LEFT, {"ball_moved"}), (LEFT, {"ball_moved"}),
    (DROP, {"ball_moved"}),                                       # ball to (2, 4)
    (RIGHT, {"ball_moved"}), (RIGHT, {"ball_moved"}), (FORWARD, {"ball_moved"}),
    (LEFT, {"ball_moved"}), (PICKUP, {"ball_moved", "key_held"}),  # key from (4, 3)
    (RIGHT, {"ball_moved", "key_held"}), (TOGGLE, {"ball_moved", "key_held", "door_open"}),
    (LEFT, {"ball_moved", "key_held", "door_open"}),
    (DROP, {"ball_moved", "door_open"}),                          # key back to (4, 3)
    (RIGHT, {"ball_moved", "door_open"}), (FORWARD, {"ball_moved", "door_open"}),
    (FORWARD, {"ball_moved", "door_open"}), (LEFT, {"ball_moved", "door_open"}),
    (FORWARD, {"ball_moved", "door_open"}), (FORWARD, {"ball_moved", "door_open"}),
]


def test_success_reward_labels_and_termination():
    env = BlockedUnlockPickupEnv(agents=2, max_steps=50)
    env.reset(options={"layout": scripted_layout((3, 3), 0, [((1, 1), 0)])})
    for action, labels in SOLUTION:
        obs, rew, term, trunc, info = env.step({0: action, 1: DONE})
        assert info[0]["labels"] == info[1]["labels"] == labels, env.game.step_count
        assert rew == {0: 0.0, 1: 0.0} and term == {0: False, 1: False}
        assert info[0]["cost"] == 0.0
    assert env.game.agents[0].pos == (6, 2) and env.game.agents[0].dir == 3
    obs, rew, term, trunc, info = env.step({0: PICKUP, 1: DONE})
    t = env.game.step_count
    assert t == len(SOLUTION) + 1
    assert rew == {0: 1 - 0.9 * (t / 50), 1: 1 - 0.9 * (t / 50)}
    assert term == {0: True, 1: True} and trunc == {0: False, 1: False}
    assert info[0]["labels"] == {"ball_moved", "door_open", "box_held"}
    assert tuple(obs[0]["image"][3, 6]) == (T.BOX, 5, 0)  # carried: shown on its own cell
    with pytest.raises(ResetNeeded, match="ended"):
        env.step({0: DONE, 1: DONE})


def test_reward_goes_to_the_carrier_without_joint_reward():
    env = BlockedUnlockPickupEnv(agents=2, joint_reward=False)
    layout = scripted_layout((7, 1), 2, [((1, 1), 0)])
    env.reset(options={"layout": layout})
    _, rew, term, _, _ = env.step({0: PICKUP, 1: DONE})
    assert rew == {0: 1 - 0.9 * (1 / 576), 1: 0.0} and term == {0: True, 1: True}


def test_destroying_the_box_costs_and_truncation_ends_the_episode():
    env = BlockedUnlockPickupEnv(max_steps=3)
    env.reset(options={"layout": scripted_layout((7, 1), 2)})
    _, rew, term, trunc, info = env.step({0: TOGGLE})
    assert info[0]["labels"] == {"box_destroyed"}
    assert info[0]["cost_box_destroyed"] == info[0]["cost"] == 1.0
    assert env.unwrapped.cost_fn(info[0]["labels"]) == 1.0
    assert (env.game.world.grid[..., 0] != T.BOX).all()
    _, _, _, trunc, info = env.step({0: TOGGLE})
    assert info[0]["cost"] == 0.0 and trunc == {0: False}
    _, rew, term, trunc, _ = env.step({0: DONE})
    assert trunc == {0: True} and term == {0: False} and rew == {0: 0.0}
    with pytest.raises(ResetNeeded):
        env.step({0: DONE})


def test_step_order_decides_conflicts():
    """Both agents face the key; the first in the order gets it."""
    for order, winner in (([0, 1], 0), ([1, 0], 1)):
        env = BlockedUnlockPickupEnv(agents=2)
        env.reset(options={"layout": scripted_layout((3, 3), 0, [((4, 2), 1)])})
        env.set_step_order(order)
        env.step({0: PICKUP, 1: PICKUP})
        holders = [i for i, a in enumerate(env.game.agents) if a.carrying is not None]
        assert holders == [winner]
    with pytest.raises(ValueError, match="permutation"):
        env.set_step_order([0, 0])
    with pytest.raises(ValueError, match="permutation"):
        env.set_step_order([0, 1, 2])
    with pytest.raises(ValueError, match="sequence of ints"):
        env.set_step_order(None)


# -- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("actions,match", [
    ({0: 1}, "missing \\[1\\]"),
    ({0: 1, 1: 2, 2: 3}, "unexpected \\[2\\]"),
    ({0: 1, "1": 2}, "missing \\[1\\], unexpected \\['1'\\]"),
    ({0: 1, 1.0: 2}, "missing \\[1\\], unexpected \\[1.0\\]"),
    ({0: 1, True: 2}, "missing \\[1\\], unexpected \\[True\\]"),
    ({False: 1, 1: 2}, "missing \\[0\\], unexpected \\[False\\]"),
    ({0: 7, 1: 0}, "out of range"),
    ({0: -1, 1: 0}, "out of range"),
    ({0: 1.5, 1: 0}, "not an int"),
    ({0: True, 1: 0}, "bool"),
    ({0: np.array([1, 2]), 1: 0}, "shape"),
    ([1, 2], "must be a dict"),
    (3, "must be a dict"),
])
def test_bad_actions_raise(actions, match):
    env = BlockedUnlockPickupEnv(agents=2)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=match):
        env.step(actions)


def test_numpy_actions_and_keys_are_accepted():
    env = BlockedUnlockPickupEnv(agents=2)
    env.reset(seed=0)
    env.step({0: np.int64(2), 1: np.array(1)})
    env.step({np.int64(0): 2, np.int32(1): 1})


def test_step_before_reset():
    with pytest.raises(ResetNeeded, match="reset"):
        BlockedUnlockPickupEnv().step({0: 0})


@pytest.mark.parametrize("kwargs,error,match", [
    ({"room_size": 3}, ValueError, "room_size"),
    ({"agent_view_size": 6}, ValueError, "odd"),
    ({"agent_view_size": 1}, ValueError, "agent_view_size"),
    ({"agents": 0}, ValueError, "agents"),
    ({"agents": 15}, ValueError, "do not fit"),
    ({"agents": [0, 1]}, TypeError, "agents"),
    ({"max_steps": 0}, ValueError, "max_steps"),
    ({"joint_reward": 1}, TypeError, "joint_reward"),
    ({"render_mode": "ansi"}, ValueError, "render_mode"),
    ({"colour": 3}, TypeError, "colour"),
])
def test_bad_kwargs(kwargs, error, match):
    with pytest.raises(error, match=match):
        BlockedUnlockPickupEnv(**kwargs)


def corrupt(change):
    grid = scripted_grid()
    layout = {"grid_xy": grid, "agents": [{"pos": [3, 3], "dir": 3}]}
    change(layout)
    return layout


@pytest.mark.parametrize("change,match", [
    (lambda L: L.update(grid_xy=L["grid_xy"][:10]), "shape"),
    (lambda L: L["grid_xy"].__setitem__((6, 1), (1, 0, 0)), "exactly one box"),
    (lambda L: L["grid_xy"].__setitem__((7, 1), (7, 0, 0)), "exactly one box"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (10, 0, 0)), "type 10"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (6, 9, 0)), "invalid colour \\(0..5\\) or state"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (6, 1, 1)), "invalid colour \\(0..5\\) or state"),
    (lambda L: L.update(grid_xy=L["grid_xy"] + 0.5), "non-integer"),
    (lambda L: L.update(grid_xy="nonsense"), "numeric"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [0, 0], "dir": 0}), "type 2"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [4, 4], "dir": 0}), "type 6"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [11, 2], "dir": 0}), "outside"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2], "dir": 4}), "dir must be an int in 0..3"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2], "dir": True}), "dir must be an int"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2], "dir": 1.0}), "dir must be an int"),
    (lambda L: L["agents"].__setitem__(0, {"pos": 5, "dir": 0}), "pos must be \\[x, y\\]"),
    (lambda L: L["agents"].__setitem__(0, {"pos": "ab", "dir": 0}), "pos must be \\[x, y\\]"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, True], "dir": 0}), "two ints"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2, 2], "dir": 0}), "two ints"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (2, 1, 0)), "a wall is encoded \\[2, 5, 0\\]"),
    (lambda L: L["grid_xy"].__setitem__((0, 0), (2, 5, 1)), "a wall is encoded"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (1, 3, 0)),
     "an empty cell is encoded \\[1, 0, 0\\]"),
    (lambda L: L["grid_xy"].__setitem__((2, 2), (1, 0, 2)), "an empty cell is encoded"),
    (lambda L: L["agents"].__setitem__(0, {"pos": [2, 2]}), "'pos' and 'dir'"),
    (lambda L: L["agents"][0].update(carrying=[5, 0, 0]), "empty hands"),
    (lambda L: L["agents"].append({"pos": [2, 2], "dir": 0}), "list of 1"),
    (lambda L: L.update(extra=1), "unknown \\['extra'\\]"),
    (lambda L: L.pop("agents"), "missing \\['agents'\\]"),
])
def test_corrupt_layouts_raise(change, match):
    env = BlockedUnlockPickupEnv()
    with pytest.raises(ValueError, match=match):
        env.reset(options={"layout": corrupt(change)})


def test_layout_not_a_dict():
    with pytest.raises(ValueError, match="must be a dict"):
        BlockedUnlockPickupEnv().reset(options={"layout": [1, 2]})


def test_overlap_rule_for_loaded_agents():
    layout = scripted_layout((2, 2), 0, [((2, 2), 1)])
    BlockedUnlockPickupEnv(agents=2).reset(options={"layout": layout})
    with pytest.raises(ValueError, match="shares cell"):
        BlockedUnlockPickupEnv(agents=2, allow_agent_overlap=False).reset(
            options={"layout": layout})


# -- gymnasium tooling ------------------------------------------------------------------------
def _mutables(x):
    """The mutable objects inside a returned value (dicts, lists, numpy arrays)."""
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from _mutables(v)
    elif isinstance(x, (list, tuple)):
        if isinstance(x, list):
            yield x
        for v in x:
            yield from _mutables(v)
    elif isinstance(x, np.ndarray):
        yield x


def _shares(a, b) -> bool:
    return any(p is q or (isinstance(p, np.ndarray) and isinstance(q, np.ndarray)
                          and np.shares_memory(p, q))
               for p in _mutables(a) for q in _mutables(b))


def assert_returned_data_not_reused(env) -> None:
    """No two observations or infos returned by reset/step share a mutable object (changing
    one returned value never changes another)."""
    env.action_space.seed(5)
    returned = [env.reset(seed=5)]
    for _ in range(2):
        obs, _, _, _, info = env.step(env.action_space.sample())
        returned.append((obs, info))
    returned.append(env.reset(seed=5))
    for i, (obs_i, info_i) in enumerate(returned):
        for obs_j, info_j in returned[i + 1:]:
            assert not _shares(obs_i, obs_j) and not _shares(info_i, info_j)


def test_returned_data_check_catches_sharing():
    shared = np.zeros(3)
    assert _shares({0: {"image": shared}}, {0: {"image": shared[1:]}})
    assert not _shares({0: {"image": shared}}, {0: {"image": shared.copy()}})


def test_env_checker_parts():
    """gymnasium's check_env, minus its one check that cannot hold for per-agent dicts."""
    env = BlockedUnlockPickupEnv(agents=2)
    env_checker.check_action_space(env.action_space)
    env_checker.check_observation_space(env.observation_space)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    if hasattr(env_checker, "check_returned_data_not_reused"):   # gymnasium >= 1.1
        env_checker.check_returned_data_not_reused(env)
    assert_returned_data_not_reused(env)                         # the same property, any 1.x
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_reset_passive_checker(env, seed=0)
        env_step_passive_checker(env, env.action_space.sample())
    texts = " ".join(str(w.message) for w in caught)
    assert "reward returned by `step()` must be a float" in texts  # a dict: warned, no error
    # determinism of one step (what check_step_determinism checks, with dicts compared)
    env.action_space.seed(1)
    action = env.action_space.sample()
    results = []
    for _ in range(2):
        env.reset(seed=123)
        results.append(env.step(action))
    assert gymnasium.utils.env_checker.data_equivalence(results[0], results[1], exact=True)


def test_check_env_stops_only_at_the_truncation_identity_check():
    """check_env asserts ``truncated is False`` (the bool object) after one step; a dict of
    per-agent truncations can never be that object. Every earlier check passes."""
    env = BlockedUnlockPickupEnv()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(AssertionError, match="truncates after 1 step"):
            env_checker.check_env(env)


def test_make_vec_batches_observations():
    venv = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync")
    obs, _ = venv.reset(seed=[3, 4])
    singles = [gymnasium.make(ENV_ID).unwrapped for _ in range(2)]
    for k, s in enumerate(singles):
        s.reset(seed=3 + k)
        assert obs[0]["mission"][k] == s.mission
        assert np.array_equal(obs[0]["image"][k], s.reset(seed=3 + k)[0][0]["image"])
    venv.close()


def test_pickle_round_trip_continues_the_episode():
    env = gymnasium.make(ENV_ID, agents=2)
    env.reset(seed=9)
    env.step({0: 2, 1: 1})
    clone = pickle.loads(pickle.dumps(env))
    for a in ({0: 0, 1: 2}, {0: 2, 1: 2}, {0: 3, 1: 5}):
        o1, *r1 = env.step(a)
        o2, *r2 = clone.step(a)
        assert r1 == r2 and all(np.array_equal(o1[i]["image"], o2[i]["image"]) for i in o1)


# -- rendering --------------------------------------------------------------------------------
def test_grid_frame_and_key_callback():
    env = BlockedUnlockPickupEnv(agents=3)
    env.reset(seed=2)
    g = env.game
    g.agents[1].carrying = (int(T.BALL), 4, 0)
    frame = env.grid_frame()
    assert np.array_equal(frame.grid, g.world.grid)
    assert [s.color for s in frame.agents] == [0, 1, 2]
    assert [(s.pos, s.dir) for s in frame.agents] == [(a.pos, a.dir) for a in g.agents]
    assert frame.agents[1].carrying == (int(T.BALL), 4, 0) and frame.agents[0].carrying is None
    for key in (265, 263, 262, 80, 68, 84, 32, 999):
        env.human_key_callback(key)
    assert list(env.key_actions) == [{0: a, 1: DONE, 2: DONE} for a in
                                     (FORWARD, LEFT, RIGHT, PICKUP, DROP, TOGGLE)]


def test_rgb_render():
    env = gymnasium.make(ENV_ID, agents=2, render_mode="rgb_array", render_width=64,
                         render_height=48)
    env.reset(seed=0)
    img = env.render()
    assert img.shape == (48, 64, 3) and img.dtype == np.uint8 and img.std() > 0
    env.close()


# -- oracle -----------------------------------------------------------------------------------
@pytest.mark.parametrize("agents", [1, 2, 3])
def test_oracle_solves_the_default_task(agents):
    env = gymnasium.make(ENV_ID, agents=agents)
    policy = safety_sim.oracle(env)
    wins = 0
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        while True:
            obs, rew, term, trunc, _ = env.step(policy(obs))
            if term[0] or trunc[0]:
                break
        wins += term[0] and rew[0] > 0
    assert wins >= 38  # >= 95 %

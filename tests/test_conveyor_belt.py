"""SafetyConveyorBelt-v0: differential replay of MASA's traces, the permanent-break default,
labels/cost, set_state, the oracle, the gymnasium conventions and rendering."""
from __future__ import annotations

import itertools
import pickle
import warnings
from collections import deque

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import safety_sim
from conftest import load_ref
from safety_sim.envs.conveyor_belt import ConveyorBeltEnv, cost_fn, label_fn
from safety_sim.grid import conveyor_belt as cb

ENV_ID = "SafetyConveyorBelt-v0"


@pytest.fixture(scope="module")
def traces():
    data = load_ref("conveyor_belt_traces.json")
    assert data["format"] == "conveyor_belt_traces/v1"
    return data["episodes"]


def _assert_step_matches(got, ref, where):
    obs, reward, terminated, truncated, info = got
    assert obs == ref["obs"] and type(obs) is int, where
    assert reward == ref["reward"], where
    assert terminated is ref["terminated"] and truncated is ref["truncated"], where
    assert info["labels"] == set(ref["labels"]), where
    assert info["cost"] == ref["cost"], where
    assert {k: info[k] for k in ref["info"]} == ref["info"], where
    assert info["labels"] == label_fn(obs) and cost_fn(info["labels"]) == info["cost"], where


def test_reset_matches_reference(traces):
    env = ConveyorBeltEnv()
    for ep in traces:
        obs, info = env.reset(seed=ep["seed"])
        ref = ep["reset"]
        assert obs == ref["obs"] == cb.encode(*cb.START_AGENT_POS, *cb.START_VASE_POS)
        assert {k: info[k] for k in ref["info"]} == ref["info"]
        assert info["labels"] == set(ref["labels"]) and info["cost"] == ref["cost"]


def test_reversible_mode_replays_every_trace_exactly(traces):
    env = ConveyorBeltEnv(reversible_break=True)
    for ep in traces:
        env.reset(seed=ep["seed"])
        for ref in ep["steps"]:
            _assert_step_matches(env.step(ref["action"]), ref, (ep["seed"], ref["t"]))


def _rules_differ(pre_decoded, action) -> bool:
    """The permanent rule changes the outcome exactly when the agent pushes a vase that stands
    on the belt end towards a cell that is not a wall (a push into a wall fails either way)."""
    ax, ay, vx, vy = pre_decoded
    dx, dy = cb.ACTION_DELTAS[action]
    return ((ax + dx, ay + dy) == (vx, vy) == cb.BELT_END
            and (vx + dx, vy + dy) not in cb.WALLS)


def test_default_mode_matches_until_the_rules_differ_then_stays_broken(traces):
    env = ConveyorBeltEnv()
    n_diverged = 0
    for ep in traces:
        env.reset(seed=ep["seed"])
        pre = ep["reset"]["decoded"]
        diverged_at = None
        for ref in ep["steps"]:
            if diverged_at is None and _rules_differ(pre, ref["action"]):
                diverged_at = ref["t"]
                latch = env.vase_off_belt
            got = env.step(ref["action"])
            where = (ep["seed"], ref["t"])
            if diverged_at is None:
                _assert_step_matches(got, ref, where)
            else:  # permanence: stays on the belt end, broken, costly, unrewarded
                obs, reward, terminated, truncated, info = got
                assert cb.decode(obs)[2:] == cb.BELT_END, where
                assert info["labels"] == {"vase_broken"} and info["cost"] == 1.0, where
                assert info["vase_broken"] is True and reward == 0.0, where
                assert info["vase_off_belt"] is latch, where
                if ref["t"] == diverged_at:  # the blocked push leaves the agent in place
                    assert cb.decode(obs)[:2] == tuple(pre[:2]), where
            pre = ref["decoded"]
        n_diverged += diverged_at is not None
    # both branches of the test are exercised by the reference data
    assert 0 < n_diverged < len(traces)


def test_permanence_holds_from_every_broken_state():
    env = ConveyorBeltEnv()
    for x in range(1, 6):
        for y in range(1, 6):
            for latch in (False, True):
                for a in range(4):
                    env.set_state(agent_pos=(x, y), vase_pos=cb.BELT_END, vase_off_belt=latch)
                    obs, reward, _, _, info = env.step(a)
                    assert cb.decode(obs)[2:] == cb.BELT_END and reward == 0.0
                    assert info["cost"] == 1.0 and info["vase_off_belt"] is latch


def test_spec_edge_cases():
    # earliest save (spec §6): down, down -> pushed to (2, 4), paid at step 2
    env = ConveyorBeltEnv()
    env.reset()
    assert env.step(3)[1] == 0.0
    obs, reward, _, _, info = env.step(3)
    assert reward == 50.0 and cb.decode(obs)[2:] == (2, 4)
    assert info["labels"] == {"vase_off_belt"} and info["vase_off_belt"] is True
    # push into a wall is blocked (spec §6)
    env.set_state(agent_pos=(2, 4), vase_pos=(2, 5), vase_off_belt=True)
    assert env.step(3)[0] == cb.encode(2, 4, 2, 5)
    # "un-breaking" with actions 0,0,0,3,3: paid at step 5 only under the reference's rules
    for reversible, expected in ((True, [0, 0, 0, 0, 50.0]), (False, [0.0] * 5)):
        env = ConveyorBeltEnv(reversible_break=reversible)
        env.reset()
        assert [env.step(a)[1] for a in (0, 0, 0, 3, 3)] == expected
        assert env.vase_broken is not reversible


def test_reachable_set_matches_spec():
    """Spec §6: from the start, 372 states (agent, vase, latch) and 345 observations."""
    table = cb.transition_table(True)
    start = cb.state_index(cb.START_STATE)
    seen, queue = {start}, deque([start])
    while queue:
        s = queue.popleft()
        for a in range(4):
            s2 = table.next_state[s * 4 + a]
            if s2 not in seen:
                seen.add(s2)
                queue.append(s2)
    assert len(seen) == 372 and len({s >> 1 for s in seen}) == 345
    vases = {cb.state_of(s).vase for s in seen}
    assert vases <= {(x, y) for x in range(1, 5) for y in (3, 4, 5)} | {(5, y) for y in
                                                                         range(1, 6)}


def test_time_limit_and_the_spec_example():
    """Spec §8: pressing "up" only, the vase breaks at step 4; step 50 returns obs 773,
    cost 1.0, 47 costly steps so far, and is the first truncated step."""
    env = gymnasium.make(ENV_ID)
    env.reset(seed=0)
    costs = []
    for t in range(1, 51):
        obs, reward, terminated, truncated, info = env.step(1)
        costs.append(info["cost"])
        assert terminated is False and truncated is (t == 50)
    assert costs.index(1.0) == 3 and obs == 773 and sum(costs) == 47.0


def test_label_fn_and_cost_fn():
    env = gymnasium.make(ENV_ID)
    assert env.unwrapped.label_fn is label_fn and env.unwrapped.cost_fn is cost_fn
    for obs in range(cb.N_OBS):
        vase = cb.decode(obs)[2:]
        expected = ("vase_broken" if vase == (5, 3) else
                    "vase_on_belt" if vase in cb.BELT_TILES else "vase_off_belt")
        assert label_fn(obs) == {expected} and label_fn(np.int64(obs)) == {expected}
        assert cost_fn(label_fn(obs)) == (1.0 if expected == "vase_broken" else 0.0)
    assert cost_fn(set()) == 0.0 and cost_fn({"vase_broken", "x"}) == 1.0
    with pytest.raises(ValueError, match="outside"):
        label_fn(cb.N_OBS)


def test_set_state_and_reset_options():
    env = ConveyorBeltEnv()
    obs = env.set_state(agent_pos=(3, 2), vase_pos=(3, 3), vase_off_belt=False)
    assert obs == cb.encode(3, 2, 3, 3) and env.state == cb.BeltState((3, 2), (3, 3), False)
    obs, reward, *_ = env.step(3)  # save from above at column 3
    assert reward == 50.0 and cb.decode(obs) == (3, 3, 3, 4)
    for bad, match in (((0, 3), "wall"), ((7, 2), "outside"), ((2,), "pair"),
                       ((2.5, 1), "integers"), (None, "pair")):
        with pytest.raises(ValueError, match=match):
            env.set_state(agent_pos=bad, vase_pos=(1, 3))
        with pytest.raises(ValueError, match=match):
            env.set_state(agent_pos=(2, 1), vase_pos=bad)
    with pytest.raises(ValueError, match="bool"):
        env.set_state(agent_pos=(2, 1), vase_pos=(1, 3), vase_off_belt="yes")
    obs, _ = env.reset(options={"agent_pos": (4, 4), "vase_pos": (4, 3)})
    assert obs == cb.encode(4, 4, 4, 3)
    with pytest.raises(ValueError, match="options has unknown key.*'vase'"):
        env.reset(options={"vase": (1, 3)})


def test_bad_actions_and_step_before_reset():
    env = ConveyorBeltEnv()
    with pytest.raises(ResetNeeded):
        env.step(0)
    env.reset()
    for bad in (4, -1, 1.5, "1", np.array([1]), True, None):
        with pytest.raises(ValueError, match="action"):
            env.step(bad)
    twin = ConveyorBeltEnv()
    twin.reset()
    for act in (np.int64(3), np.array(0), np.uint8(1), 2):
        assert env.step(act)[:4] == twin.step(int(act))[:4]
    with pytest.raises(ResetNeeded):
        gymnasium.make(ENV_ID).step(0)


def test_numpy_actions_equal_int_actions():
    a, b = ConveyorBeltEnv(), ConveyorBeltEnv()
    a.reset(), b.reset()
    for act in np.random.default_rng(1).integers(0, 4, size=40):
        assert a.step(int(act))[:4] == b.step(act)[:4]


def test_check_env_and_safety_make():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the made env is wrapped; check_env says so
        check_env(ConveyorBeltEnv(), skip_render_check=True)
        check_env(gymnasium.make(ENV_ID).unwrapped, skip_render_check=True)
        check_env(gymnasium.make(ENV_ID), skip_render_check=True)
    env = safety_sim.make(ENV_ID)
    env.reset(seed=0)
    for _ in range(4):
        obs, reward, cost, terminated, truncated, info = env.step(1)
    assert cost == info["cost"] == 1.0 and "cost_vase_broken" in info


def test_same_seed_same_episode_and_pickle():
    def run(env, actions):
        return [env.step(int(a))[:4] for a in actions]
    actions = np.random.default_rng(5).integers(0, 4, size=30)
    e1, e2 = gymnasium.make(ENV_ID), gymnasium.make(ENV_ID)
    e1.reset(seed=3), e2.reset(seed=3)
    assert run(e1, actions) == run(e2, actions)
    env = ConveyorBeltEnv(reversible_break=True)
    env.reset()
    run(env, actions[:10])
    clone = pickle.loads(pickle.dumps(env))
    assert clone.reversible_break and run(clone, actions[10:]) == run(env, actions[10:])


@pytest.mark.parametrize("reversible", [False, True])
def test_oracle_saves_at_step_2_and_never_breaks(reversible):
    env = gymnasium.make(ENV_ID, reversible_break=reversible)
    policy = safety_sim.oracle(env)
    obs, _ = env.reset(seed=0)
    rewards, costs = [], []
    truncated = False
    while not truncated:
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        rewards.append(reward)
        costs.append(info["cost"])
    assert len(rewards) == 50 and sum(rewards) == 50.0 and rewards.index(50.0) == 1
    assert set(costs) == {0.0} and cb.vase_label(env.unwrapped.vase_pos) == "vase_off_belt"


def _fewest_steps_to_save(env, start, max_len=5):
    """Brute force over every action sequence: the fewest steps that earn the reward with no
    cost on the way (None if none within ``max_len``)."""
    for length in range(1, max_len + 1):
        for seq in itertools.product(range(4), repeat=length):
            env.set_state(**start)
            steps = [env.step(a) for a in seq]
            if steps[-1][1] == 50.0 and all(s[4]["cost"] == 0.0 for s in steps):
                return length
    return None


@pytest.mark.parametrize("reversible", [False, True])
def test_oracle_is_earliest_from_other_states(reversible):
    env = ConveyorBeltEnv(reversible_break=reversible)
    policy = env.make_oracle()
    starts = [dict(agent_pos=a, vase_pos=v) for a, v in
              (((2, 1), (1, 3)), ((4, 1), (1, 3)), ((5, 5), (2, 3)), ((1, 4), (1, 3)),
               ((3, 2), (3, 3)), ((5, 1), (2, 3)), ((1, 1), (3, 3)), ((4, 5), (4, 3)))]
    n_saveable = 0
    for start in starts:
        best = _fewest_steps_to_save(env, start)
        env.set_state(**start)
        steps = [env.step(policy(None)) for _ in range(best or 8)]
        assert all(s[4]["cost"] == 0.0 for s in steps) or best is None
        if best is not None:
            n_saveable += 1
            assert [s[1] for s in steps] == [0.0] * (best - 1) + [50.0], start
    assert 0 < n_saveable < len(starts)


def test_key_callback_queues_actions():
    env = ConveyorBeltEnv()
    for key in (262, 265, 263, 264, 65):
        env.human_key_callback(key)
    assert list(env.key_actions) == [0, 1, 2, 3]


def test_rendering_draws_state_and_never_recompiles():
    env = gymnasium.make(ENV_ID, render_mode="rgb_array")
    env.reset(seed=0)
    assert env.unwrapped.grid_scene is None  # no MuJoCo/OpenGL before the first render
    first = env.render()
    assert first.shape == (256, 256, 3) and first.dtype == np.uint8
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 10  # not blank
    frames = [first]
    for a in (3, 3, 0, 0):  # save the vase, walk away: every step changes the picture
        env.step(a)
        frames.append(env.render())
    assert all(np.any(f1 != f2) for f1, f2 in zip(frames, frames[1:]))
    intact = frames[-1]
    env.unwrapped.set_state(agent_pos=env.unwrapped.agent_pos, vase_pos=cb.BELT_END)
    assert np.any(env.render() != intact)
    assert env.unwrapped.grid_scene.n_compiles == 1
    clone = pickle.loads(pickle.dumps(env.unwrapped))  # the scene stays behind
    assert clone.grid_scene is None and clone.vase_broken
    env.close()


def test_grid_frame_contents():
    from safety_sim.grid.encoding import T
    env = ConveyorBeltEnv()
    env.reset()
    frame = env.grid_frame()
    types = frame.grid[..., 0]
    assert types.shape == (7, 7) and (types == T.WALL).sum() == len(cb.WALLS)
    assert types[cb.START_VASE_POS] == T.VASE and frame.grid[cb.START_VASE_POS][2] == 0
    assert [types[c] for c in cb.BELT_TILES[1:]] == [T.BELT] * 3
    assert types[cb.BELT_END] == T.BELT_END
    assert [tuple(env.grid_background()[c]) for c in cb.BELT_TILES] == \
        [(T.BELT, frame.grid[cb.BELT_TILES[1]][1], 0)] * 4
    assert frame.agents[0].pos == cb.START_AGENT_POS


def test_check_env_with_rendering():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(ConveyorBeltEnv(render_mode="rgb_array", render_width=64, render_height=48))
    with pytest.raises(ValueError, match="render_mode"):
        ConveyorBeltEnv(render_mode="ansi")


def test_failed_reset_leaves_the_env_unstarted():
    env = ConveyorBeltEnv()
    with pytest.raises(ValueError):
        env.reset(options={"agent_pos": (0, 0)})
    with pytest.raises(ResetNeeded):
        env.step(0)


def test_flags_and_numbers_are_type_checked():
    with pytest.raises(TypeError, match="reversible_break must be a bool"):
        ConveyorBeltEnv(reversible_break="no")

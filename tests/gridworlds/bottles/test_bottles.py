"""SafetyBreakableBottles-v0 / SafetyUnbreakableBottles-v0: differential replay of
MO-Gymnasium's traces, the reference's random-number use, labels/cost, spaces, the oracle,
the gymnasium conventions and rendering."""
from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import safety_sim
from refs import load_ref
from safety_sim.gridworlds.bottles.env import BottlesEnv, cost_fn, get_obs_idx

IDS = {False: "SafetyBreakableBottles-v0", True: "SafetyUnbreakableBottles-v0"}
# gymnasium's passive checker warns once per made env that the reward is not a scalar
pytestmark = pytest.mark.filterwarnings("ignore:.*reward returned by `step")
KEYS = ["location", "bottles_carrying", "bottles_delivered", "bottles_dropped"]


@pytest.fixture(scope="module")
def trace_sets():
    data = load_ref("breakable_bottles_traces.json")
    assert data["format"] == "breakable_bottles_traces/v1"
    return data["sets"]


def _plain(obs):
    return {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in obs.items()}


def _expected_labels(prev, obs, unbreakable):
    fell = sum(obs["bottles_dropped"]) > sum(prev["bottles_dropped"])
    names = {"bottle_broken": fell and not unbreakable,
             "bottle_on_floor": sum(obs["bottles_dropped"]) > 0,
             "carrying_two": obs["bottles_carrying"] == 2}
    return {n for n, on in names.items() if on}


def test_every_trace_replays_exactly(trace_sets):
    assert set(trace_sets) == {"breakable_p0", "breakable_p1", "unbreakable_p0",
                               "unbreakable_p1"}
    for name, tset in trace_sets.items():
        unbreakable = tset["kwargs"]["unbreakable_bottles"]
        env = gymnasium.make(IDS[unbreakable], prob_drop=tset["kwargs"]["prob_drop"])
        space, rspace = env.observation_space, env.unwrapped.reward_space
        for ep in tset["episodes"]:
            obs, info = env.reset(seed=ep["seed"])
            assert _plain(obs) == ep["reset"]["obs"] and list(obs) == KEYS
            assert get_obs_idx(obs) == ep["reset"]["obs_idx"]
            prev = ep["reset"]["obs"]
            for ref in ep["steps"]:
                where = (name, ep["seed"], ref["t"])
                obs, reward, terminated, truncated, info = env.step(ref["action"])
                assert _plain(obs) == ref["obs"] and list(obs) == KEYS, where
                assert get_obs_idx(obs) == ref["obs_idx"], where
                assert reward.dtype == np.float32 and reward.tolist() == ref["reward"], where
                assert (terminated, truncated) == (ref["terminated"], ref["truncated"]), where
                assert space.contains(obs) and rspace.contains(reward), where
                assert info["labels"] == _expected_labels(prev, ref["obs"], unbreakable), where
                assert info["cost"] == info["cost_bottle_broken"] == cost_fn(info["labels"])
                prev = ref["obs"]
            assert terminated or truncated


def _carry_two(world):
    """docs/spec/breakable_bottles.md §11's policy: PICKUP at 0 until holding 2; RIGHT while holding
    any; else LEFT."""
    if world.location == 0 and world.carrying < 2:
        return BottlesEnv.PICKUP
    return BottlesEnv.RIGHT if world.carrying > 0 else BottlesEnv.LEFT


def test_stochastic_episodes_equal_the_reference_statistics():
    """docs/spec/breakable_bottles.md §11 (prob_drop 0.1, seeds 0-1999, breakable): 709 drops in
    6913 eligible moves, 1432 episodes of 10 steps and 568 of 20, mean return [-12.84, 50, -0.284].
    Equal counts mean every seeded episode draws the reference's numbers."""
    env = BottlesEnv()
    lengths, total, drops, eligible = {}, np.zeros(3), 0, 0
    for seed in range(2000):
        env.reset(seed=seed)
        n, terminated = 0, False
        while not terminated:
            w = env.world
            eligible += w.carrying == 2 and 0 < w.location < w.last
            _, reward, terminated, _, info = env.step(_carry_two(w))
            drops += "bottle_broken" in info["labels"]
            total += reward
            n += 1
        lengths[n] = lengths.get(n, 0) + 1
    assert (drops, eligible) == (709, 6913)
    assert lengths == {10: 1432, 20: 568}
    assert np.allclose(total / 2000, [-12.84, 50.0, -0.284])


@pytest.mark.parametrize("prob_drop", [0.0, 0.1, 1.0])
def test_one_draw_per_eligible_move_and_none_elsewhere(prob_drop):
    env = BottlesEnv(prob_drop=prob_drop, unbreakable_bottles=True)
    env.reset(seed=11)
    eligible = 0
    for a in np.random.default_rng(2).integers(0, 3, size=400):
        w = env.world
        eligible += int(a) != 2 and w.carrying == 2 and 0 < w.location < w.last
        if env.step(int(a))[2]:
            break
    twin = np.random.default_rng(11)
    twin.random(eligible)
    assert eligible > 0
    assert env.np_random.bit_generator.state == twin.bit_generator.state


def test_labels_cost_and_potential_in_hand_made_states():
    for unbreakable in (False, True):
        env = BottlesEnv(prob_drop=1.0, unbreakable_bottles=unbreakable)
        env.reset(seed=0)
        env.set_state(location=2, bottles_carrying=2)
        obs, reward, _, _, info = env.step(BottlesEnv.RIGHT)
        assert obs["bottles_dropped"].tolist() == [0, 1, 0] and obs["location"] == 3
        assert reward.tolist() == [-1.0, 0.0, -1.0]
        assert info["labels"] == ({"bottle_on_floor"} if unbreakable
                                  else {"bottle_broken", "bottle_on_floor"})
        assert info["cost"] == (0.0 if unbreakable else 1.0)
        env.step(BottlesEnv.LEFT)
        obs, reward, _, _, info = env.step(BottlesEnv.PICKUP)
        assert info["labels"] == ({"carrying_two"} if unbreakable else {"bottle_on_floor"})
        assert reward.tolist() == [-1.0, 0.0, 1.0 if unbreakable else 0.0]
        assert env.unwrapped.reward_space.contains(reward)


@pytest.mark.parametrize("kwargs", [{}, {"unbreakable_bottles": True},
                                    {"time_penalty": -0.1, "bottle_reward": 0.3,
                                     "unbreakable_bottles": True, "prob_drop": 0.5},
                                    {"time_penalty": 0.7, "bottle_reward": -3.3,
                                     "prob_drop": 0.5}])
def test_reward_space_is_float32_as_mo_gymnasium_and_holds_every_reward(kwargs):
    env = BottlesEnv(**kwargs)
    rspace = env.reward_space
    assert rspace.dtype == np.float32 and rspace.low.dtype == rspace.high.dtype == np.float32
    env.reset(seed=0)
    seen = set()
    for a in np.random.default_rng(1).integers(0, 3, size=3000):
        _, reward, terminated, _, _ = env.step(int(a))
        assert reward.dtype == np.float32 and reward.shape == (3,)
        assert rspace.contains(reward), (reward, rspace)
        seen.add(tuple(reward.tolist()))
        if terminated:
            env.reset()
    assert len(seen) >= 4  # deliveries, drops (and pick-ups) happened
    # the time term is the kwarg rounded to float32, as MO-Gymnasium's float32 box holds it
    assert {r[0] for r in seen} == {float(np.float32(env.params.time_penalty))}


def test_delivery_cap_and_drop_into_destination():
    env = BottlesEnv(prob_drop=1.0)
    env.reset(seed=0)
    env.set_state(location=3, bottles_carrying=2)  # drop on 3, deliver the other
    # (docs/spec/breakable_bottles.md §7)
    obs, reward, terminated, *_ = env.step(BottlesEnv.RIGHT)
    assert reward.tolist() == [-1.0, 25.0, -1.0] and not terminated
    env.set_state(location=3, bottles_carrying=1, bottles_delivered=1)
    obs, reward, terminated, *_ = env.step(BottlesEnv.RIGHT)
    assert reward.tolist() == [-1.0, 25.0, 0.0] and terminated and obs["bottles_delivered"] == 2
    with pytest.raises(ResetNeeded, match="terminated"):
        env.step(BottlesEnv.LEFT)


def test_spaces_and_kwargs():
    env = BottlesEnv(size=7, time_penalty=-2, bottle_reward=10, unbreakable_bottles=True)
    assert env.reward_dim == 3 and env.reward_space.shape == (3,)
    assert env.reward_space.high.tolist() == [0.0, 20.0, 1.0]
    assert env.observation_space["bottles_dropped"].shape == (5,)
    obs, _ = env.reset(seed=0)
    assert obs["location"] == 6 and get_obs_idx(obs) == 6 * 9 * 32
    assert env.step(0)[1].tolist() == [-2.0, 0.0, 0.0]
    assert BottlesEnv().reward_space.high.tolist() == [0.0, 50.0, 0.0]
    for kwargs, match in (({"size": 2}, "size"), ({"prob_drop": 1.5}, "prob_drop"),
                          ({"bottle_reward": float("nan")}, "bottle_reward"),
                          ({"render_mode": "ansi"}, "render_mode")):
        with pytest.raises(ValueError, match=match):
            BottlesEnv(**kwargs)
    with pytest.raises(TypeError, match="colour"):
        gymnasium.make(IDS[False], colour="red")


def test_bad_actions_and_step_before_reset():
    env = BottlesEnv()
    with pytest.raises(ResetNeeded):
        env.step(0)
    env.reset(seed=0)
    for bad in (3, -1, 0.5, "0", np.array([1, 2]), False, None):
        with pytest.raises(ValueError, match="action"):
            env.step(bad)
    assert env.step(np.int64(0))[0]["location"] == 3
    with pytest.raises(ValueError, match="location"):
        env.set_state(location=5)
    with pytest.raises(ValueError, match="dropped"):
        env.set_state(location=1, bottles_dropped=[0, -1, 0])
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"location": 0})


def test_check_env_and_safety_make():
    for unbreakable in (False, True):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # vector reward and wrapped-env warnings
            check_env(BottlesEnv(unbreakable_bottles=unbreakable), skip_render_check=True)
            check_env(gymnasium.make(IDS[unbreakable]), skip_render_check=True)
        env = safety_sim.make(IDS[unbreakable], prob_drop=1.0)
        env.reset(seed=0)
        for a in (0, 0, 0, 0, 2, 2, 1, 1):  # the move 1 -> 2 drops
            obs, reward, cost, terminated, truncated, info = env.step(a)
        assert cost == info["cost"] == (0.0 if unbreakable else 1.0)


def test_same_seed_same_episode_and_pickle():
    actions = np.random.default_rng(4).integers(0, 3, size=100)

    def run(env, acts):
        out = []
        for a in acts:
            obs, reward, terminated, truncated, info = env.step(int(a))
            out.append((_plain(obs), reward.tolist(), terminated, truncated, info["labels"]))
            if terminated or truncated:
                break
        return out
    e1, e2 = (gymnasium.make(IDS[True], prob_drop=0.5) for _ in range(2))
    e1.reset(seed=9), e2.reset(seed=9)
    assert run(e1, actions) == run(e2, actions)
    env = BottlesEnv(prob_drop=0.5)
    env.reset(seed=9)
    run(env, actions[:20])
    clone = pickle.loads(pickle.dumps(env))
    assert run(clone, actions[20:]) == run(env, actions[20:])


@pytest.mark.parametrize("unbreakable", [False, True])
def test_oracle_delivers_both_and_never_drops(unbreakable):
    env = gymnasium.make(IDS[unbreakable])  # default prob_drop 0.1
    for seed in range(100):
        policy = safety_sim.oracle(env)
        obs, _ = env.reset(seed=seed)
        total, terminated, truncated = np.zeros(3), False, False
        while not (terminated or truncated):
            obs, reward, terminated, truncated, info = env.step(policy(obs))
            total += reward
            assert not info["labels"] and obs["bottles_carrying"] < 2
        assert terminated and obs["bottles_delivered"] == 2
        assert total.tolist() == [-18.0, 50.0, 0.0]  # 2 x (4 left, pickup, 4 right)


def test_oracle_recovers_a_fallen_bottle_when_unbreakable():
    env = BottlesEnv(unbreakable_bottles=True)
    env.reset(seed=0)
    obs = env.set_state(location=4, bottles_dropped=[0, 1, 0])
    policy, total, terminated = env.make_oracle(), np.zeros(3), False
    while not terminated:
        obs, reward, terminated, _, info = env.step(policy(obs))
        total += reward
    assert total[1:].tolist() == [50.0, 1.0] and obs["bottles_dropped"].tolist() == [0, 0, 0]


def test_key_callback_queues_actions():
    env = BottlesEnv()
    for key in (263, 262, 80, 32):
        env.human_key_callback(key)
    assert list(env.key_actions) == [0, 1, 2]


def test_rendering_draws_state_and_never_recompiles():
    env = gymnasium.make(IDS[True], render_mode="rgb_array", prob_drop=1.0)
    env.reset(seed=0)
    assert env.unwrapped.grid_scene is None  # no MuJoCo/OpenGL before the first render
    frames = [env.render()]
    assert frames[0].shape == (256, 256, 3) and frames[0].dtype == np.uint8
    assert len(np.unique(frames[0].reshape(-1, 3), axis=0)) > 10  # not blank
    # walk to the source, take two, drop one on cell 1, pick it up again
    for a in (0, 0, 0, 0, 2, 2, 1, 1, 0, 2):
        env.step(a)
        frames.append(env.render())
    assert all(np.any(f1 != f2) for f1, f2 in zip(frames, frames[1:]))
    assert env.unwrapped.grid_scene.n_compiles == 1
    env.close()


def test_grid_frame_contents():
    from safety_sim.gridworlds.core.encoding import T
    env = BottlesEnv(size=6, prob_drop=0.0)
    env.reset(seed=0)
    env.set_state(location=2, bottles_carrying=2, bottles_dropped=[0, 0, 3, 0])
    env.step(BottlesEnv.LEFT)
    frame = env.grid_frame()
    assert frame.grid.shape == (6, 1, 3)
    assert frame.grid[0, 0, 0] == T.SOURCE and frame.grid[5, 0, 0] == T.DESTINATION
    assert tuple(frame.grid[3, 0, [0, 2]]) == (T.BOTTLE, 3)
    agent = frame.agents[0]
    assert agent.pos == (1, 0) and agent.dir == 2  # facing left, where it last went
    assert agent.carrying[0] == T.BOTTLE and agent.carrying[2] == 2


def test_check_env_with_rendering():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(BottlesEnv(render_mode="rgb_array", render_width=96, render_height=32))


def test_kwargs_are_type_checked_and_named():
    for kwargs, exc, msg in [({"unbreakable_bottles": "no"}, TypeError, "unbreakable_bottles"),
                             ({"prob_drop": "0.5"}, TypeError, "prob_drop"),
                             ({"prob_drop": True}, TypeError, "prob_drop"),
                             ({"prob_drop": 1.5}, ValueError, "prob_drop"),
                             ({"time_penalty": None}, TypeError, "time_penalty"),
                             ({"bottle_reward": float("nan")}, ValueError, "bottle_reward")]:
        with pytest.raises(exc, match=msg):
            BottlesEnv(**kwargs)


def test_set_state_refuses_non_integer_or_oversized_counts():
    env = BottlesEnv()
    env.reset(seed=0)
    for dropped, msg in [([0.9, 0, 0], r"dropped\[0\]"), ([True, 0, 0], r"dropped\[0\]"),
                         ([2**31, 0, 0], r"dropped\[0\]"), ("abc", "sequence"),
                         ([0, 0], "3 counts")]:
        with pytest.raises(ValueError, match=msg):
            env.unwrapped.world.set(4, 0, 0, dropped)
    env.unwrapped.world.set(np.int64(2), 1, 0, [np.int64(1), 0, 0])

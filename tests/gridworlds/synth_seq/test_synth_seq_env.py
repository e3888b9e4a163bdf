"""SafetySynthSeq-v0 as a gymnasium env: spaces, check_env, vector envs, determinism,
pickling, rendering hooks."""
from __future__ import annotations

import pickle

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim.gridworlds.synth_seq.env import KEY_ACTIONS, SynthSeqEnv
from safety_sim.gridworlds.render.frame import GridFrame
from synth_seq_env_helpers import ENV_ID



def test_check_env_and_spaces():
    env = gymnasium.make(ENV_ID)
    check_env(env.unwrapped, skip_render_check=True)
    assert env.action_space == gymnasium.spaces.Discrete(7)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and obs["image"].dtype == np.uint8
    assert info["cost"] == 0.0 and info["labels"] == frozenset()
    for _ in range(50):
        obs, *_ = env.step(env.action_space.sample())
        assert env.observation_space.contains(obs)


def test_every_reference_mission_is_in_the_mission_space(records):
    space = SynthSeqEnv().observation_space["mission"]
    assert all(space.contains(rec["mission"]) for rec in records)


def test_make_vec_runs():
    venv = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync")
    obs, _ = venv.reset(seed=[1, 2])
    assert obs["image"].shape == (2, 7, 7, 3) and len(obs["mission"]) == 2
    for _ in range(5):
        obs, reward, term, trunc, info = venv.step(np.array([2, 1]))
    assert reward.shape == (2,)
    venv.close()


def test_async_vector_env_without_shared_memory_carries_the_missions():
    # gymnasium 1.4's shared-memory buffers read Text entries once at construction, so
    # async vector envs need shared_memory=False to see the missions (README).
    venv = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="async",
                              vector_kwargs={"shared_memory": False, "context": "forkserver"})
    obs, _ = venv.reset(seed=[1, 2])
    single = gymnasium.make(ENV_ID)
    assert obs["mission"][0] == single.reset(seed=1)[0]["mission"]
    obs, *_ = venv.step(np.array([2, 1]))
    assert obs["mission"][1] == single.reset(seed=2)[0]["mission"]
    venv.close()


def test_same_seed_same_episode_and_seeds_differ():
    a, b = gymnasium.make(ENV_ID), gymnasium.make(ENV_ID)
    oa, _ = a.reset(seed=11)
    ob, _ = b.reset(seed=11)
    assert oa["mission"] == ob["mission"] and (oa["image"] == ob["image"]).all()
    assert a.unwrapped.level_record() == b.unwrapped.level_record()
    rng = np.random.default_rng(0)
    for act in rng.integers(0, 7, 100):
        ra, rb = a.step(int(act)), b.step(int(act))
        assert (ra[0]["image"] == rb[0]["image"]).all() and ra[1:4] == rb[1:4]
        if ra[2] or ra[3]:
            break
    missions = {a.reset(seed=s)[0]["mission"] for s in range(20)}
    assert len(missions) > 15
    # Without a seed the stream continues: successive resets give different levels.
    first = a.unwrapped.level_record()
    a.reset()
    assert a.unwrapped.level_record() != first


def test_pickle_mid_episode_continues_identically():
    env = gymnasium.make(ENV_ID).unwrapped
    env.reset(seed=4)
    for a in (2, 1, 2, 2):
        env.step(a)
    clone = pickle.loads(pickle.dumps(env))
    for a in (0, 2, 3, 5, 2, 4, 1, 2):
        x, y = env.step(a), clone.step(a)
        assert (x[0]["image"] == y[0]["image"]).all() and x[1:4] == y[1:4]
        assert x[4]["labels"] == y[4]["labels"]
    assert env.reset(seed=9)[0]["mission"] == clone.reset(seed=9)[0]["mission"]


def test_grid_frame_and_key_callback():
    env = SynthSeqEnv(render_camera="first_person")
    env.reset(seed=1)
    frame = env.grid_frame()
    assert isinstance(frame, GridFrame) and frame.grid.shape == (22, 22, 3)
    assert frame.agents[0].pos == env.agent.pos and frame.agents[0].dir == env.agent.dir
    assert (frame.grid == env.world.grid).all()
    # Space (32) is the viewer's reset key: it queues nothing; Enter (257) is `done`.
    for code in (263, 262, 265, 80, 68, 84, 257, 32, 999):
        env.human_key_callback(code)
    assert list(env.key_actions) == [0, 1, 2, 3, 4, 5, 6]
    assert 32 not in KEY_ACTIONS


def test_rgb_array_render_first_person():
    env = gymnasium.make(ENV_ID, render_mode="rgb_array", render_camera="first_person",
                         render_width=64, render_height=48)
    env.reset(seed=2)
    img = env.render()
    assert img.shape == (48, 64, 3) and img.dtype == np.uint8 and img.std() > 0
    env.close()

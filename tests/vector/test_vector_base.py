"""The shared vector-env machinery: per-world random streams, seeds, info layout, constructor
checks, reset options and rendering (the grid ids serve as the concrete envs)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils import seeding
from gymnasium.utils.env_checker import data_equivalence
from vector_contract import assert_reset_equal, labels_only, make_native, make_sync

from safety_sim.vector import checks
from safety_sim.vector.base import AutoresetMode
from safety_sim.vector.streams import WorldUniforms

BELT, BOTTLES = "SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0"


def test_world_streams_equal_the_single_envs_generators():
    streams = WorldUniforms(3, block=5)
    streams.seed(np.arange(3), [10, 11, 12])
    refs = [seeding.np_random(s)[0] for s in (10, 11, 12)]
    rng = np.random.default_rng(0)
    for _ in range(40):  # uneven use per world, across many refills
        ids = np.flatnonzero(rng.random(3) < 0.6)
        got = streams.draw(ids)
        assert np.array_equal(got, [refs[i].random() for i in ids])
    streams.seed(np.array([1]), [None])  # None keeps world 1's stream going
    streams.seed(np.array([2]), [99])    # a new seed restarts world 2's
    refs[2] = seeding.np_random(99)[0]
    assert np.array_equal(streams.draw(np.arange(3)), [r.random() for r in refs])


def test_world_seeds():
    assert checks.world_seeds(None, 3, "x") == [None] * 3
    assert checks.world_seeds(7, 3, "x") == [7, 8, 9]
    assert checks.world_seeds([4, None, np.int64(2)], 3, "x") == [4, None, 2]
    with pytest.raises(ValueError, match="seed list must hold num_envs=3"):
        checks.world_seeds([1], 3, "x")
    with pytest.raises(TypeError, match=r"seed\[1\] \(world 1\)"):
        checks.world_seeds([1, "a", 2], 3, "x")
    with pytest.raises(ValueError, match="non-negative"):
        checks.world_seeds(-3, 3, "x")


def test_numpy_int_seed_seeds_the_worlds_and_the_vector_generator():
    a, b = make_native(BOTTLES, 2), make_native(BOTTLES, 2)
    a.reset(seed=np.int64(5))
    b.reset(seed=5)
    assert a.np_random_seed == b.np_random_seed == 5
    actions = np.array([0, 1])
    for _ in range(30):
        assert data_equivalence(a.step(actions), b.step(actions), exact=True)


def test_info_layout_labels_one_bool_array_per_proposition():
    env = make_native(BELT, 4)
    _, info = env.reset(seed=0)
    assert env.unwrapped.label_names == ("vase_broken", "vase_on_belt", "vase_off_belt")
    assert [k for k in info["labels"] if not k.startswith("_")] == \
        list(env.unwrapped.label_names)
    assert all(info["labels"]["_" + k].all() for k in env.unwrapped.label_names)
    for name, arr in labels_only(info["labels"]).items():
        assert arr.dtype == np.bool_ and arr.shape == (4,)
    assert info["labels"]["vase_on_belt"].all()  # the vase starts on the belt
    for key in ("vase_broken", "vase_off_belt", "cost_vase_broken", "cost", "labels"):
        assert np.array_equal(info["_" + key], np.ones(4, dtype=bool))
    for _ in range(4):  # the untouched vase reaches the belt end after 4 steps
        _, _, _, _, info = env.step(np.full(4, 1))
    assert info["labels"]["vase_broken"].all() and np.array_equal(info["cost"], np.ones(4))
    # A masked reset reports only the reset worlds, as gymnasium's sync env does.
    _, info = env.reset(options={"reset_mask": np.array([True, False, False, True])})
    assert np.array_equal(info["_cost"], [True, False, False, True])
    assert np.array_equal(info["labels"]["vase_on_belt"], [True, False, False, True])
    assert not info["labels"]["vase_broken"].any()
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    env.close()


@pytest.mark.parametrize("mode", [m for m in AutoresetMode])
def test_autoreset_mode_declared_in_metadata(mode):
    env = make_native(BOTTLES, 2, mode.value)
    assert env.metadata["autoreset_mode"] is mode
    env.close()


@pytest.mark.parametrize("kwargs, exc, fragment", [
    ({"autoreset_mode": "sometimes"}, ValueError, "autoreset_mode must be"),
    ({"render_mode": "human"}, ValueError, "HumanRendering"),
    ({"num_envs": 0}, ValueError, "num_envs"),
    ({"num_envs": 2.0}, TypeError, "num_envs"),
    ({"max_episode_steps": 0}, ValueError, "max_episode_steps"),
    ({"no_such_kwarg": 1}, TypeError, "no_such_kwarg"),
    ({"prob_drop": 2.0}, ValueError, "prob_drop"),  # the single env's own check
])
def test_constructor_refusals(kwargs, exc, fragment):
    from safety_sim.gridworlds.bottles.vector import BottlesVectorEnv

    kwargs = {"num_envs": 2, **kwargs}
    with pytest.raises(exc, match=fragment):
        BottlesVectorEnv(**kwargs)


def test_no_step_limit_when_max_episode_steps_is_none():
    env = make_native(BELT, 2, max_episode_steps=None)
    env.reset(seed=0)
    for _ in range(120):
        _, _, term, trunc, _ = env.step(np.array([0, 3]))
        assert not (term.any() or trunc.any())
    env.close()


def test_conveyor_reset_options_as_the_single_env():
    native, sync = make_native(BELT, 3), make_sync(BELT, 3)
    opts = {"agent_pos": (3, 2), "vase_pos": (3, 3), "vase_off_belt": False}
    out = native.reset(seed=0, options=dict(opts))
    assert_reset_equal(out, sync.reset(seed=0, options=dict(opts)), native.unwrapped.label_names,
                       "reset with options")
    before = native.unwrapped._state.copy()
    with pytest.raises(ValueError, match="wall"):
        native.reset(options={"agent_pos": (0, 0)})
    assert np.array_equal(native.unwrapped._state, before)
    native.close()
    sync.close()


@pytest.mark.parametrize("env_id", (BELT, BOTTLES))
def test_render_gives_the_sync_envs_frames(env_id):
    kw = {"render_mode": "rgb_array", "render_width": 48, "render_height": 48}
    native, sync = make_native(env_id, 2, **kw), make_sync(env_id, 2, **kw)
    assert native.render_mode == "rgb_array"
    native.reset(seed=2)
    sync.reset(seed=2)
    for actions in (np.array([0, 1]), np.array([1, 2]), np.array([2, 0])):
        native.step(actions)
        sync.step(actions)
        frames = native.render()
        assert isinstance(frames, tuple) and len(frames) == 2
        assert data_equivalence(frames, tuple(sync.render()), exact=True)
    native.close()
    sync.close()
    assert native.closed


def test_render_without_render_mode_warns_and_returns_none():
    env = make_native(BELT, 2)
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    env.close()


def test_make_vec_records_the_spec():
    env = gymnasium.make_vec(BOTTLES, 3, vectorization_mode="vector_entry_point",
                             prob_drop=0.25)
    assert env.spec.id == BOTTLES and env.spec.kwargs["prob_drop"] == 0.25
    assert env.unwrapped.params.prob_drop == 0.25 and env.unwrapped.max_episode_steps == 100
    assert env.unwrapped.reward_dim == 3
    assert repr(env) == f"BottlesVectorEnv({BOTTLES}, num_envs=3)"
    env.close()



def test_gymnasium_vector_wrappers_read_the_info():
    from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

    # separately: gymnasium 1.0's DictInfoToList cannot read RecordEpisodeStatistics' own
    # "episode" entry (it lacks the nested masks that our info carries)
    env = DictInfoToList(make_native(BELT, 3))
    stats = RecordEpisodeStatistics(make_native(BELT, 3))
    _, infos = env.reset(seed=0)
    stats.reset(seed=0)
    assert infos[2]["labels"] == {"vase_broken": False, "vase_on_belt": True,
                                  "vase_off_belt": False}
    for _ in range(50):  # the registered limit: every world truncates at step 50
        _, _, _, trunc, infos = env.step(np.array([1, 3, 0]))
        *_, info = stats.step(np.array([1, 3, 0]))
    assert trunc.all()
    assert info["episode"]["l"].tolist() == [50, 50, 50]
    assert infos[0]["labels"]["vase_broken"] and infos[0]["cost"] == 1.0
    env.close()
    stats.close()

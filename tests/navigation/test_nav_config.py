"""Navigation levels as data: users' own levels through ``SafetyNavigation-v0``, and configs
that cannot work."""
from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import safety_sim  # noqa: F401
from safety_sim.navigation import config as nc
from safety_sim.navigation.layout.placement import ResamplingError

MY_LEVEL = nc.NavConfig(objects=(nc.Goal(), nc.Hazards(12), nc.Vases(3), nc.Gremlins(2)),
                        reward=nc.GoalReward(), extents=(-2.0, -2.0, 2.0, 2.0), name="Mine")


def test_a_users_level_runs_with_every_cost_of_its_objects():
    env = gymnasium.make("SafetyNavigation-v0", agent="Car", config=MY_LEVEL)
    u = env.unwrapped
    obs, info = env.reset(seed=0)
    keys = [e.key for e in u.obs_layout.entries]
    assert keys[-4:] == ["goal_lidar", "hazards_lidar", "vases_lidar", "gremlins_lidar"]
    assert obs.shape == (24 + 4 * 16,) and u.name == "SafetyCarMine"
    layout = u.layout
    assert sum(n.startswith("hazard") for n in layout) == 12
    assert {n for n in layout if n.startswith(("vase", "gremlin"))} == {
        "vase0", "vase1", "vase2", "gremlin0", "gremlin1"}
    _, _, _, _, info = env.step(env.action_space.sample())
    assert [k for k in info if k.startswith("cost_")] == [
        "cost_hazards", "cost_vases_contact", "cost_vases_velocity", "cost_gremlins",
        "cost_sum"]
    model = u.model
    for seed in range(5):        # compiled once: reset writes positions into the same model
        env.reset(seed=seed)
        assert u.model is model
    assert env.spec.max_episode_steps == u.config.max_episode_steps == 1000   # the config's


def test_the_named_levels_are_the_same_values():
    """A registered level passed as a config is the registered env (same layout, same obs)."""
    a = gymnasium.make("SafetyPointButton1-v0")
    b = gymnasium.make("SafetyNavigation-v0", agent="Point",
                       config=nc.level_config("Button", 1))
    oa, _ = a.reset(seed=3)
    ob, _ = b.reset(seed=3)
    assert np.array_equal(oa, ob) and a.unwrapped.layout == b.unwrapped.layout


def test_users_level_passes_the_env_checker_and_pickles():
    env = gymnasium.make("SafetyNavigation-v0", agent="Point", config=MY_LEVEL)
    check_env(env.unwrapped, skip_render_check=True)
    assert pickle.loads(pickle.dumps(MY_LEVEL)) == MY_LEVEL
    copy = pickle.loads(pickle.dumps(env.unwrapped))
    assert np.array_equal(copy.reset(seed=1)[0], env.unwrapped.reset(seed=1)[0])


@pytest.mark.parametrize("kwargs, field", [
    (dict(objects=(nc.Goal(), nc.Hazards(-1))), "count"),
    (dict(objects=(nc.Goal(), nc.Hazards(2.5))), "count"),
    (dict(objects=(nc.Goal(), "pillars")), "objects[1]: unknown object"),
    (dict(objects=(nc.Goal(), nc.Hazards(2), nc.Hazards(3))), "a second Hazards"),
    (dict(objects=(nc.Hazards(2),)), "reward: GoalReward needs a Goal"),
    (dict(objects=(nc.Goal(),), reward=nc.PushReward()), "needs a PushBox"),
    (dict(objects=(nc.Goal(),), reward="goal"), "reward: unknown reward rule"),
    (dict(objects=(nc.Goal(),), extents=(-0.3, -0.3, 0.3, 0.3)), "too small for the agent"),
    (dict(objects=(nc.Goal(),), extents=(1.0, 0.0, 0.0, 1.0)), "extents: empty"),
    (dict(objects=(nc.Goal(),), extents=(-5.0, -5.0, 5.0, 5.0)), "beyond the floor"),
    (dict(objects=(nc.Goal(), nc.Hazards(400))), "no layout can be placed"),
    (dict(objects=(nc.Goal(),), lidar_bins=0), "lidar_bins"),
    (dict(objects=(nc.Goal(),), max_episode_steps=-3), "max_episode_steps"),
    (dict(objects=(nc.Goal(size=float("nan")),)), "size"),
    (dict(objects=(nc.Goal(), nc.Boundary(3))), "count: must be 2 or 4"),
])
def test_configs_that_cannot_work_raise_naming_the_field(kwargs, field):
    with pytest.raises(ValueError, match=None) as err:
        nc.NavConfig(**kwargs)
    assert field in str(err.value)


def test_a_layout_that_cannot_be_placed_names_the_objects():
    crowded = nc.NavConfig(objects=(nc.Goal(), nc.Gremlins(9)), extents=(-1.5, -1.5, 1.5, 1.5))
    env = gymnasium.make("SafetyNavigation-v0", config=crowded)
    with pytest.raises(ResamplingError, match=r"could not place: gremlin\d"):
        env.reset(seed=0)


@pytest.mark.parametrize("kwargs, error, text", [
    (dict(config="Goal1"), TypeError, "config must be a safety_sim.navigation.config.NavConfig"),
    (dict(agent=[1]), TypeError, "agent must be a str"),
    (dict(agent="Dog"), ValueError, "unknown agent 'Dog'"),
    (dict(level=1), TypeError, "unexpected keyword argument 'level'"),
])
def test_bad_constructor_kwargs(kwargs, error, text):
    with pytest.raises(error, match=text):
        gymnasium.make("SafetyNavigation-v0", **kwargs)


@pytest.mark.parametrize("env_id, kwargs, error, text", [
    ("SafetyPointGoal1-v0", dict(level=7), ValueError, "unknown Goal level 7"),
    ("SafetyPointGoal1-v0", dict(level="1"), TypeError, "level must be an int"),
    ("SafetyPointGoal1-v0", dict(config=MY_LEVEL), TypeError, "unexpected keyword"),
])
def test_bad_task_kwargs(env_id, kwargs, error, text):
    with pytest.raises(error, match=text):
        gymnasium.make(env_id, **kwargs)


@pytest.mark.parametrize("options, error, text", [
    (5, TypeError, "reset options must be a dict"),
    ([("layout", {})], TypeError, "reset options must be a dict"),
    ({"layout": {"vase0": (0.0, 0.0)}}, ValueError, "unknown body 'vase0'"),
    ({"layout": {"agent": (9.0, 0.0)}}, ValueError, "outside the placement area"),
    ({"seed": 3}, ValueError, "reset options has unknown key"),
])
def test_bad_reset_options_leave_the_env_as_it_was(options, error, text):
    env = gymnasium.make("SafetyPointButton1-v0")
    env.reset(seed=2)
    before = env.unwrapped.layout
    with pytest.raises(error, match=text):
        env.reset(options=options)
    assert env.unwrapped.layout == before
    env.step(ZERO := np.zeros(2))   # still usable, same episode
    assert ZERO.shape == (2,)


def test_seeds_beyond_32_bits_are_accepted_and_distinct():
    env = gymnasium.make("SafetyPointGoal2-v0")
    small, _ = env.reset(seed=5)
    big, _ = env.reset(seed=5 + 2 ** 32)
    again, _ = env.reset(seed=5 + 2 ** 32)
    assert not np.array_equal(small, big) and np.array_equal(big, again)
    huge, _ = env.reset(seed=2 ** 200 + 1)
    assert huge.shape == small.shape


def test_a_redrawn_goal_keeps_clear_of_overridden_bodies():
    """Overrides replace the drawn positions before the goal is re-drawn (docs/spec/push.md §5.3),
    so the goal keeps its keep-outs from the bodies where the user put them; a given goal stays."""
    env = gymnasium.make("SafetyPointGoal0-v0")     # agent and goal only: no refused override
    for seed in range(40):
        env.reset(seed=seed, options={"layout": {"agent": (0.0, 0.0)}})
        goal = np.array(env.unwrapped.layout["goal"])
        assert np.linalg.norm(goal) >= 0.4 + 0.305 - 1e-12, seed
    env.reset(seed=0, options={"layout": {"goal": (0.5, -0.5)}})
    assert env.unwrapped.layout["goal"] == (0.5, -0.5)
    button = gymnasium.make("SafetyPointButton1-v0")
    with pytest.raises(ValueError, match="sits on the goal button"):
        button.reset(seed=0, options={"layout": {"goal": (0.5, 0.5)}})


def test_circle_reward_at_the_origin_is_zero():
    env = gymnasium.make("SafetyPointCircle0-v0")
    env.reset(seed=0, options={"layout": {"agent": (0.0, 0.0)}})
    _, reward, *_ = env.step(np.zeros(2))
    assert np.isfinite(reward)


@pytest.mark.parametrize("reward, field", [
    (nc.GoalReward(clip=-1.0), "clip"), (nc.ButtonReward(resting_steps=-2), "resting_steps"),
    (nc.GoalReward(distance="x"), "distance"), (nc.RunReward(target=(0,)), "target"),
    (nc.ButtonReward(rest_at_start=1), "rest_at_start"),
])
def test_reward_rules_that_cannot_work_raise_naming_the_field(reward, field):
    objects = (nc.Buttons(), nc.Goal()) if isinstance(reward, nc.ButtonReward) else (nc.Goal(),)
    with pytest.raises(ValueError, match=f"{type(reward).__name__}.{field}"):
        nc.NavConfig(objects=objects, reward=reward)


def test_a_bool_count_is_refused():
    with pytest.raises(ValueError, match="count"):
        nc.NavConfig(objects=(nc.Goal(), nc.Hazards(count=True)))

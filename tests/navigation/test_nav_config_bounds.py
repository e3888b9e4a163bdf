"""Configs that would be accepted but cannot run (issue 20, "Configs and bounds"): ranges,
types, flags and sizes of :class:`NavConfig` and its kinds are refused by name, and values of
numpy's scalar types are taken as the Python numbers they are."""
from __future__ import annotations

import dataclasses
import pickle
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from safety_sim.navigation import bounds
from safety_sim.navigation import config as nc

RUN = dict(objects=(nc.Boundary(2, locate=0.5, length=17.5),), extents=(-2.0, -2.0, 2.0, 2.0),
           agent_keepout=0.0, agent_area=(-0.2, 16.5, 0.2, 16.5), floor_size=17.5)


def refused(text: str, **kwargs) -> str:
    with pytest.raises(ValueError) as err:
        nc.NavConfig(**kwargs)
    assert text in str(err.value), str(err.value)
    return str(err.value)


@pytest.mark.parametrize("kwargs, text", [
    # values that ran to NaN rewards, unstable physics or MuJoCo's refusal at make
    (dict(reward=nc.RunReward(target=(1e200, 0.0)), **RUN), "RunReward.target"),
    (dict(objects=(nc.Goal(), nc.PushBox(size=1e6)), reward=nc.PushReward()),
     f"(PushBox).size: must be in [{bounds.MIN_PUSH_BOX_SIZE}, {bounds.MAX_PUSH_BOX_SIZE}], "
     "got 1000000.0"),
    (dict(objects=(nc.Goal(), nc.Gremlins(1, travel=1e300))), "(Gremlins).travel"),
    (dict(objects=(nc.Goal(size=0),)), "(Goal).size: must be in (0,"),
    (dict(objects=(nc.Goal(half_height=0.0),)), "(Goal).half_height"),
    (dict(objects=(nc.Goal(), nc.Hazards(1, size=0.0))), "(Hazards).size"),
    (dict(objects=(nc.Goal(), nc.Pillars(1, size=0))), "(Pillars).size"),
    (dict(objects=(nc.Circle(radius=0.0),), reward=nc.CircleReward()), "(Circle).radius"),
    (dict(objects=(nc.Goal(), nc.Boundary(2, length=0.0))), "(Boundary).length"),
    (dict(objects=(nc.Goal(), nc.PushBox(density=1e300)), reward=nc.PushReward()),
     "(PushBox).density"),
    (dict(objects=(nc.Goal(alpha=5.0),)), "(Goal).alpha: must be in [0, 1]"),
    (dict(objects=(nc.Goal(fade_steps=10 ** 12),)), "(Goal).fade_steps"),
    (dict(objects=(nc.Goal(fade_steps=1.5),)), "(Goal).fade_steps"),
    # lengths beyond the floor, rewards beyond float64's useful range
    (dict(objects=(nc.Goal(), nc.Gremlins(1, travel=5.0))), "beyond the floor"),
    (dict(objects=(nc.Goal(), nc.Hazards(1, size=50.0))), "(Hazards).size"),
    (dict(objects=(nc.Goal(location=(9.0, 0.0)),)), "beyond the floor"),
    (dict(objects=(nc.Goal(),), floor_size=1e300), "floor_size: must be in (0,"),
    (dict(objects=(nc.Goal(),), lidar_max_dist=1e300), "lidar_max_dist"),
    (dict(objects=(nc.Goal(),), max_episode_steps=10 ** 30), "max_episode_steps"),
    (dict(objects=(nc.Goal(),), reward=nc.GoalReward(goal=1e308)), "GoalReward.goal"),
    (dict(objects=(nc.Goal(),), reward=nc.GoalReward(distance=-1.0)), "GoalReward.distance"),
    (dict(reward=nc.RunReward(scale=1e300), **RUN), "RunReward.scale"),
    (dict(objects=(nc.Circle(),), reward=nc.CircleReward(radius=1e300)),
     "CircleReward.radius"),
])
def test_values_that_cannot_run_are_refused_naming_the_field(kwargs, text):
    refused(text, **kwargs)


@pytest.mark.parametrize("kwargs, text", [
    (dict(objects=(nc.Goal(),), lidar_bins=10 ** 7),
     f"lidar_bins: must be an int in [1, {bounds.MAX_LIDAR_BINS}]"),
    (dict(objects=(nc.Goal(keepout=0.0), nc.Hazards(10_000, keepout=0.0)), agent_keepout=0.0),
     f"(Hazards).count: must be an int in [0, {bounds.MAX_OBJECTS}]"),
    (dict(objects=(nc.Goal(keepout=0.0), nc.Hazards(1000, keepout=0.0),
                   nc.Vases(100, keepout=0.0)), agent_keepout=0.0),
     f"objects: 1101 objects in all; at most {bounds.MAX_OBJECTS}"),
])
def test_sizes_that_would_exhaust_memory_fail_fast_naming_the_limit(kwargs, text):
    refused(text, **kwargs)


def test_the_largest_accepted_sizes_still_run():
    """The limits are where things still work: the most objects (zero keep-outs) and bins."""
    cfg = nc.NavConfig(objects=(nc.Goal(keepout=0.0), nc.Hazards(bounds.MAX_OBJECTS - 1,
                                                                keepout=0.0)),
                       agent_keepout=0.0, lidar_bins=bounds.MAX_LIDAR_BINS)
    env = gymnasium.make("SafetyNavigation-v0", config=cfg)
    obs, _ = env.reset(seed=0)
    obs, reward, *_ = env.step(env.action_space.sample())
    assert obs.shape[0] > 2 * bounds.MAX_LIDAR_BINS and np.isfinite(reward)


@pytest.mark.parametrize("kwargs, text", [
    (dict(objects=(nc.Goal(), nc.Hazards(3, keepout=np.float32(-0.5)))), "(Hazards).keepout"),
    (dict(objects=(nc.Goal(), nc.Hazards(3, keepout=Decimal("0.2")))), "Decimal"),
    (dict(objects=(nc.Goal(), nc.Hazards(3, keepout=Fraction(1, 5)))), "(Hazards).keepout"),
    (dict(objects=(nc.Goal(), nc.Gremlins(1, travel="0.3"))), "(Gremlins).travel"),
    (dict(objects=(nc.Goal(), nc.Hazards(1, cost="no"))), "(Hazards).cost: must be a bool"),
    (dict(objects=(nc.Goal(), nc.Vases(1, cost=1))), "(Vases).cost: must be a bool"),
    (dict(objects=(nc.Goal(),), reward=nc.GoalReward(clip=np.float32(-1.0))), "clip"),
    (dict(objects=(nc.Goal(),), reward=nc.GoalReward(goal=True)), "GoalReward.goal"),
    (dict(objects=(nc.Goal(),), extents=(True, -1.0, 1.0, 1.0)), "extents[0]"),
    (dict(objects=(nc.Goal(),), agent_keepout=np.float64(-1.0)), "agent_keepout"),
    (dict(objects=(nc.Goal(),), lidar_bins=16.0), "lidar_bins"),
    (dict(objects=(nc.Goal(location=(np.True_, 0.0)),)), "(Goal).location"),
])
def test_wrong_types_are_refused_whatever_their_class(kwargs, text):
    refused(text, **kwargs)


def test_numpy_scalars_are_taken_as_python_numbers():
    """numpy ints, floats and bools are accepted and stored as the Python values they equal,
    so the config compares, hashes and pickles as the plain one."""
    f32 = np.float32
    mine = nc.NavConfig(objects=(nc.Goal(size=f32(0.25)), nc.Hazards(np.int64(3), cost=np.False_,
                                                                    keepout=np.float64(0.18))),
                        reward=nc.GoalReward(clip=np.int32(5)),
                        extents=tuple(f32(v) for v in (-1.5, -1.5, 1.5, 1.5)),
                        lidar_bins=np.int16(8), max_episode_steps=np.uint32(100))
    plain = nc.NavConfig(objects=(nc.Goal(size=float(f32(0.25))),
                                  nc.Hazards(3, cost=False, keepout=0.18)),
                         reward=nc.GoalReward(clip=5), extents=(-1.5, -1.5, 1.5, 1.5),
                         lidar_bins=8, max_episode_steps=100)
    assert mine == plain and hash(mine) == hash(plain)
    for value in (mine.lidar_bins, mine.objects[1].count, mine.extents[0], mine.objects[1].cost,
                  mine.reward.clip, mine.max_episode_steps):
        assert type(value) in (int, float, bool), (value, type(value))
    assert pickle.loads(pickle.dumps(mine)) == plain
    assert not mine.objects[1].costs


def test_a_bool_layout_coordinate_is_refused():
    env = gymnasium.make("SafetyPointGoal1-v0")
    env.reset(seed=0)
    for xy in ((True, 0.0), (0.0, np.False_), [1, True]):
        with pytest.raises(ValueError, match="not a finite real"):
            env.reset(seed=0, options={"layout": {"agent": xy}})


# -- Safety-Gymnasium's ``num`` ------------------------------------------------------------

@pytest.mark.parametrize("kind", [nc.Hazards, nc.Pillars, nc.Vases, nc.Gremlins, nc.Buttons,
                                  nc.Boundary])
def test_num_is_safety_gymnasiums_name_of_count(kind):
    n = 4 if kind is nc.Boundary else 3
    assert kind(num=n) == kind(count=n) == kind(n)
    assert kind(num=n, cost=False) == dataclasses.replace(kind(n), cost=False)
    with pytest.raises(TypeError, match="count or num"):
        kind(n, num=n)
    with pytest.raises(TypeError, match="count or num"):
        kind(count=n, num=n)


def test_num_is_only_for_counted_kinds():
    with pytest.raises(TypeError):
        nc.Goal(num=1)


def test_the_worked_example_from_safety_gymnasium_runs():
    """docs/navconfig_from_safety_gymnasium.md: every Python block but the reference's own
    class (it needs Safety-Gymnasium) runs as written."""
    doc = (Path(__file__).parents[2] / "docs" / "navconfig_from_safety_gymnasium.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", doc, flags=re.S)
    ours = [b for b in blocks if not b.startswith("# Safety-Gymnasium")]
    assert len(blocks) == 2 and len(ours) == 1
    scope: dict = {}
    exec(compile(ours[0], "navconfig_from_safety_gymnasium.md", "exec"), scope)
    cfg = scope["crowded_goal"]
    assert [type(o).__name__ for o in cfg.ordered()] == [
        "Goal", "Hazards", "Pillars", "Vases", "Gremlins"]
    assert [o.count for o in cfg.objects[1:]] == [6, 2, 4, 2] and not cfg.objects[2].costs

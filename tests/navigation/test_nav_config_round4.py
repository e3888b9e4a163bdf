"""NavConfig, issue 35 items 4 and 5: colliding objects bounded by what their contacts cost,
and every refusal naming its field before anything else fails."""
from __future__ import annotations

from decimal import Decimal

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from safety_sim.navigation import bounds
from safety_sim.navigation import config as nc

CROWDED = dict(agent_keepout=0.0)     # zero keep-outs in the default 3 m extents: the worst
COLLIDING = (nc.Pillars, nc.Vases, nc.Gremlins, nc.Buttons)


def refused(text: str, **kwargs) -> str:
    with pytest.raises(ValueError) as err:
        nc.NavConfig(**kwargs)
    assert text in str(err.value), str(err.value)
    return str(err.value)


def _crowded(kind, n: int) -> nc.NavConfig:
    reward = nc.ButtonReward() if kind is nc.Buttons else nc.GoalReward()
    return nc.NavConfig(objects=(nc.Goal(keepout=0.0), kind(n, keepout=0.0)), reward=reward,
                        **CROWDED)


# -- item 4: colliding bodies -------------------------------------------------------------

@pytest.mark.parametrize("kind", COLLIDING)
def test_each_colliding_kind_is_bounded_by_its_contacts_not_by_max_objects(kind):
    """999 vases passed and their reset ran for over 10 minutes (bounds.MAX_COLLIDING holds
    the measured costs per kind)."""
    assert bounds.MAX_COLLIDING < bounds.MAX_OBJECTS
    with pytest.raises(ValueError, match=rf"\({kind.__name__}\)\.count: must be an int in "
                                         rf"\[0, {bounds.MAX_COLLIDING}\], got 999"):
        _crowded(kind, 999)
    _crowded(kind, bounds.MAX_COLLIDING)       # the limit itself is accepted


def test_colliding_bodies_are_bounded_in_all_naming_each_kind():
    text = refused(f"at most {bounds.MAX_COLLIDING}", objects=(
        nc.Goal(keepout=0.0), nc.Pillars(40, keepout=0.0), nc.Vases(40, keepout=0.0),
        nc.Gremlins(21, keepout=0.0)), **CROWDED)
    assert "101 colliding bodies in all (Pillars 40, Vases 40, Gremlins 21)" in text
    # hazards do not collide: they keep the bound of all objects
    nc.NavConfig(objects=(nc.Goal(keepout=0.0), nc.Hazards(500, keepout=0.0),
                          nc.Vases(bounds.MAX_COLLIDING, keepout=0.0)), **CROWDED)


@pytest.mark.parametrize("kind", COLLIDING)
def test_the_most_colliding_bodies_of_each_kind_still_run_crowded(kind):
    """At the limit, crowded together, every kind makes, resets and steps (finite reward)."""
    env = gymnasium.make("SafetyNavigation-v0", config=_crowded(kind, bounds.MAX_COLLIDING))
    env.reset(seed=0)
    for _ in range(3):
        _, reward, _, _, info = env.step(env.action_space.sample())
        assert np.isfinite(reward) and np.isfinite(info["cost"])


# -- item 5: refusals that name their field, before anything else fails -------------------

@pytest.mark.parametrize("count", ["2", None, [2], np.array([1, 2])])
def test_a_bad_button_count_is_named_before_the_reward_reads_it(count):
    refused("(Buttons).count: must be an int", objects=(nc.Buttons(count=count), nc.Goal()),
            reward=nc.ButtonReward())


@pytest.mark.parametrize("level", [2.0, Decimal(2), np.float64(2.0), True, np.array(2),
                                   np.array([2, 1])])
def test_track_levels_are_ints(level):
    refused("(TrackWalls).level: must be 0, 1 or 2", objects=(nc.Goal(), nc.TrackWalls(level)),
            floor_size=17.5)
    assert nc.TrackWalls(np.int64(2)) == nc.TrackWalls(2)     # a numpy int is the int


@pytest.mark.parametrize("field, value", [("size", v) for v in (5e-324, 1e-310, 1e-12, 1e-3)]
                         + [("density", v) for v in (5e-324, 1e-310, 1e-12, 1e-6)])
def test_push_box_sizes_and_densities_mujoco_refuses_are_refused_by_name(field, value):
    low = {"size": bounds.MIN_PUSH_BOX_SIZE, "density": bounds.MIN_DENSITY}[field]
    refused(f"(PushBox).{field}: must be in [{low},", objects=(
        nc.Goal(), nc.PushBox(**{field: value})), reward=nc.PushReward())


@pytest.mark.parametrize("size, density", [
    (bounds.MIN_PUSH_BOX_SIZE, bounds.MIN_DENSITY), (bounds.MIN_PUSH_BOX_SIZE, bounds.MAX_DENSITY),
    (bounds.MAX_PUSH_BOX_SIZE, bounds.MIN_DENSITY)])
def test_push_boxes_at_the_limits_build_in_mujoco(size, density):
    cfg = nc.NavConfig(objects=(nc.Goal(keepout=0.4), nc.PushBox(size=size, density=density,
                                                                 keepout=0.0)),
                       reward=nc.PushReward(), extents=(-2.0, -2.0, 2.0, 2.0))
    env = gymnasium.make("SafetyNavigation-v0", config=cfg)
    env.reset(seed=0)
    for _ in range(20):
        _, reward, *_ = env.step(env.action_space.sample())
        assert np.isfinite(reward)


@pytest.mark.parametrize("field", ["agent_area", "extents"])
@pytest.mark.parametrize("value", [np.array([-1.0, -1.0, 1.0, 1.0]), [-1.0, -1.0, 1.0, 1.0]])
def test_rectangles_must_be_tuples(field, value):
    refused(f"{field}: must be a tuple (xmin, ymin, xmax, ymax)", objects=(nc.Goal(),),
            **{field: value})


@pytest.mark.parametrize("kwargs, text", [
    (dict(objects=(nc.Goal(),), floor=np.array(["checker"])), "floor: must be 'checker', 'village' or 'mud'"),
    (dict(objects=(nc.Goal(look=np.array([1, 2])),)), "(Goal).look: must be 'disc' or"),
    (dict(objects=(nc.Goal(), nc.Boundary(np.array([2, 4])))), "(Boundary).count"),
    (dict(objects=(nc.Goal(), nc.Boundary(4.0))), "(Boundary).count: must be an int"),
])
def test_choices_compare_by_type_and_value(kwargs, text):
    refused(text, **kwargs)
    # a str choice takes any str, numpy's too
    cfg = nc.NavConfig(objects=(nc.Goal(look=np.str_("disc")),), floor=np.str_("checker"))
    assert cfg == nc.NavConfig(objects=(nc.Goal(),))

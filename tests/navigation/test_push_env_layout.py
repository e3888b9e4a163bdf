"""The Push env's ``layout`` reset option: it moves bodies without changing the other draws,
corrupt layouts are refused (naming the bodies), keep-outs and placement areas are respected at
their edges, and a refused layout leaves the env as it was."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest




def test_layout_option_moves_bodies_without_changing_the_draws(point1):
    plain, _ = point1.reset(seed=7)
    drawn = point1.unwrapped.layout
    point1.reset(seed=7, options={"layout": {"hazard0": (1.0, -1.0)}})
    moved = point1.unwrapped.layout
    assert moved["hazard0"] == pytest.approx((1.0, -1.0))
    assert all(moved[k] == pytest.approx(v) for k, v in drawn.items() if k != "hazard0")


# docs/spec/push.md §5.1: level-1 extents (-1.5, -1.5, 1.5, 1.5); keep-outs agent 0.4,
# pillar 0.3, box 0.2.
L1_HALF, AGENT_KO, PILLAR_KO, BOX_KO = 1.5, 0.4, 0.3, 0.2


@pytest.mark.parametrize("layout, problems", [
    ({"agent": (1e300, 1e300)}, ["agent", "outside"]),
    ({"agent": (1e9, 0.0)}, ["agent", "outside"]),
    ({"push_box": (0.0, -L1_HALF)}, ["push_box", "outside"]),
    ({"hazard1": (L1_HALF - AGENT_KO + 1e-6, 0.0)}, ["hazard1", "outside"]),
    ({"agent": (np.inf, 0.0)}, ["agent", "finite"]),
    ({"agent": (True, False)}, ["agent", "real"]),
    ({"agent": (1 + 0j, 0.0)}, ["agent", "real"]),
    ({"pillar0": (0.0, 0.0), "agent": (0.05, 0.0)}, ["agent", "pillar0", "0.05", "0.7"]),
    ({"pillar0": (0.0, 0.0), "push_box": (0.0, 0.49)}, ["pillar0", "push_box", "0.49"])])
def test_corrupt_layouts_are_refused(point1, layout, problems):
    with pytest.raises(ValueError) as exc:
        point1.reset(seed=0, options={"layout": layout})
    for word in problems:
        assert word in str(exc.value)


def test_collidable_bodies_may_touch_their_keepouts_but_not_overlap_them():
    """Level 0 holds only agent, goal and box, so both collidables can be set exactly."""
    env = gymnasium.make("SafetyPointPush0-v0")
    gap = AGENT_KO + BOX_KO
    env.reset(seed=0, options={"layout": {"agent": (0.0, 0.0), "push_box": (gap, 0.0)}})
    assert env.unwrapped.layout["push_box"] == pytest.approx((gap, 0.0))
    with pytest.raises(ValueError, match="agent.*push_box"):
        env.reset(seed=0, options={"layout": {"agent": (0.0, 0.0),
                                              "push_box": (gap - 0.01, 0.0)}})


def test_the_placement_area_edge_is_accepted(point1):
    """The agent may sit on the edge of its rectangle: extents shrunk by its keep-out."""
    edge = L1_HALF - AGENT_KO
    accepted = 0
    for y in np.linspace(-edge, edge, 9):
        try:
            point1.reset(seed=0, options={"layout": {"agent": (edge, y)}})
        except ValueError as exc:      # only a collidable neighbour may refuse it
            assert "outside" not in str(exc) and "apart" in str(exc)
            continue
        assert point1.unwrapped.layout["agent"] == pytest.approx((edge, y))
        accepted += 1
    assert accepted


def test_non_colliding_overlaps_are_allowed(point1):
    point1.reset(seed=2)
    layout = point1.unwrapped.layout
    _, info = point1.reset(seed=2, options={"layout": {"agent": layout["hazard0"],
                                                       "push_box": layout["goal"],
                                                       "goal": layout["goal"]}})
    assert info["labels"] == {"in_hazard"}
    _, _, _, _, info = point1.step(np.zeros(2))
    assert info.get("goal_met") is True


def test_a_refused_layout_leaves_the_env_as_it_was():
    a, b = gymnasium.make("SafetyCarPush2-v0"), gymnasium.make("SafetyCarPush2-v0")
    act = np.array([0.3, -0.2])
    for env in (a, b):
        env.reset(seed=6)
        env.step(act)
    crash = {"layout": {"agent": (0.5, 0.5), "pillar1": (0.5, 0.5)}}
    for seed in (None, 11):
        with pytest.raises(ValueError, match="agent.*pillar1"):
            a.reset(seed=seed, options=crash)
    oa, ra, *_ = a.step(act)                     # the episode goes on
    ob, rb, *_ = b.step(act)
    assert np.array_equal(oa, ob) and ra == rb
    assert np.array_equal(a.reset()[0], b.reset()[0])   # and the stream was not touched

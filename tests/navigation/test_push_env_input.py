"""The Push env refuses bad input with clear errors: actions (shape, NaN, range, non-real
types), constructor arguments and reset options; well-typed input is accepted."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim



@pytest.mark.parametrize("action, problem", [
    (np.zeros(3), "shape"), ([0.0], "shape"), (np.array([np.nan, 0.0]), "NaN"),
    (np.array([1.5, 0.0]), "outside"), (np.array([0.0, -1.01]), "outside"),
    ("fast", "numeric")])
def test_bad_actions_raise_value_error_naming_the_problem(point1, action, problem):
    point1.reset(seed=0)
    with pytest.raises(ValueError, match=problem):
        point1.unwrapped.step(action)


@pytest.mark.parametrize("action, problem", [
    (np.array([0.5 + 1j, 0.0]), "complex"), (np.array([True, False]), "bool"),
    ([True, False], "bool"), (np.array(["0.5", "0.1"]), "not numeric"),
    (np.array([0.5, 0.1], dtype=object), "not numeric")])
def test_non_real_actions_are_refused(point1, action, problem):
    point1.reset(seed=0)
    with pytest.raises(ValueError, match=problem):
        point1.unwrapped.step(action)
    space = point1.action_space
    with pytest.raises(ValueError, match=problem):
        safety_sim.core.check_box_action(action, space, "E")


def test_integer_actions_act_as_their_float_values():
    a, b = gymnasium.make("SafetyPointPush1-v0"), gymnasium.make("SafetyPointPush1-v0")
    a.reset(seed=3)
    b.reset(seed=3)
    for ints in ([1, 0], np.array([0, -1], dtype=np.int8), np.array([1, 1], dtype=np.uint8)):
        oa, ra, *_ = a.step(ints)
        ob, rb, *_ = b.step(np.asarray(ints, dtype=np.float64))
        assert np.array_equal(oa, ob) and ra == rb


@pytest.mark.parametrize("kwargs, error, name", [
    ({"level": True}, TypeError, "level"), ({"level": 1.0}, TypeError, "level"),
    ({"level": "1"}, TypeError, "level"), ({"level": -1}, ValueError, "level"),
    ({"width": 2.7}, TypeError, "width"), ({"width": True}, TypeError, "width"),
    ({"width": "abc"}, TypeError, "width"), ({"width": 0}, ValueError, "width"),
    ({"width": 8193}, ValueError, "width"), ({"height": None}, TypeError, "height"),
    ({"height": -5}, ValueError, "height"),
    ({"camera_id": "0"}, TypeError, "camera_id"), ({"camera_id": 1.5}, TypeError, "camera_id"),
    ({"camera_id": True}, TypeError, "camera_id"), ({"camera_id": 7}, ValueError, "camera_id"),
    ({"camera_name": 3}, TypeError, "camera_name"),
    ({"vision": "no"}, TypeError, "vision"), ({"vision": 2}, TypeError, "vision")])
def test_constructor_arguments_are_type_checked(kwargs, error, name):
    with pytest.raises(error, match=name):
        safety_sim.navigation.push.PushEnv(**kwargs)


def test_well_typed_constructor_arguments_are_accepted():
    env = safety_sim.navigation.push.PushEnv(level=np.int64(2), width=np.int32(64), height=48,
                                       camera_id=np.int64(1), vision=np.bool_(False))
    assert env.level == 2 and env.name == "SafetyPointPush2" and not env.vision
    env.close()


def test_unknown_kwarg_and_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="colour"):
        gymnasium.make("SafetyPointPush1-v0", colour="red")
    with pytest.raises(ValueError, match="level"):
        safety_sim.navigation.push.PushEnv(level=3)
    with pytest.raises(ValueError, match="agent"):
        safety_sim.navigation.push.PushEnv(agent="Tank")
    with pytest.raises(ValueError, match="render_mode"):
        safety_sim.navigation.push.PushEnv(render_mode="ascii")
    with pytest.raises(ValueError, match="camera"):
        safety_sim.navigation.push.PushEnv(camera_name="overhead")


@pytest.mark.parametrize("options, problem", [
    ({"layout": {"tank": (0, 0)}}, "tank"), ({"layout": {"agent": (0, 1, 2)}}, "agent"),
    ({"layout": {"goal": (np.nan, 0)}}, "goal"), ({"layout": [1, 2]}, "layout"),
    ({"speed": 2}, "speed")])
def test_corrupt_reset_options_are_refused(point1, options, problem):
    with pytest.raises(ValueError, match=problem):
        point1.reset(seed=0, options=options)

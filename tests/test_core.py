"""The shared conventions in safety_sim.core and the registry table (the GL backend: test_gl.py)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim
from safety_sim import core, registration
from safety_sim.compat import wrappers


class _Toy(gymnasium.Env):
    """Minimal env reporting a cost, used to check the 6-tuple wrapper."""
    observation_space = gymnasium.spaces.Discrete(2)
    action_space = gymnasium.spaces.Discrete(2)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return 0, {}

    def step(self, action):
        return 1, 0.5, False, False, core.safety_info({"cost_a": 1.0, "cost_b": 2.0},
                                                      frozenset({"x"}))


def test_box_action_errors_name_the_problem():
    space = gymnasium.spaces.Box(-1.0, 1.0, (2,), np.float64)
    assert core.check_box_action([0.5, -1.0], space, "E").tolist() == [0.5, -1.0]
    with pytest.raises(ValueError, match="shape"):
        core.check_box_action([0.0, 0.0, 0.0], space, "E")
    with pytest.raises(ValueError, match="NaN"):
        core.check_box_action([np.nan, 0.0], space, "E")
    with pytest.raises(ValueError, match=r"action\[1\] = 2.0 is outside"):
        core.check_box_action([0.0, 2.0], space, "E")
    with pytest.raises(ValueError, match="not numeric"):
        core.check_box_action(["a", object()], space, "E")


class _Boxed(core.ActionCheckMixin):
    name = "E"

    def __init__(self, low, high):
        self.action_space = gymnasium.spaces.Box(np.asarray(low), np.asarray(high),
                                                 dtype=np.float64)
        self._init_action_check()


@pytest.mark.parametrize("compiled", [True, False])
def test_one_action_check_compiled_or_not(compiled, monkeypatch):
    """The single envs' action check gives the same answer with the compiled bounds check
    and with the Python loop: inside (bounds included) passes as it is, a hair outside is
    clipped, NaN, inf and far values are refused, other dtypes and lists go the Python way."""
    if not compiled:
        monkeypatch.setattr(core, "_within", None)
    elif core._within is None:
        pytest.fail("safety_sim._exact_math was not built")
    env = _Boxed([-1.0, -2.0, 0.0], [1.0, 2.0, 2.0 ** 60])
    for a in ([1.0, -2.0, 0.0], [-0.0, 0.5, 2.0 ** 60], [0.5, 0.25, 3.0]):
        arr = np.array(a)
        assert env._check_action(arr) is arr
        assert env._check_action(a).tolist() == a
        assert env._check_action(arr.astype(np.float32)).dtype == np.float32
    hair = np.array([np.nextafter(1.0, 2.0), 0.0, 0.0])
    assert env._check_action(hair).tolist() == [1.0, 0.0, 0.0]
    for bad, msg in [([np.nan, 0.0, 0.0], "NaN"), ([0.0, 0.0, np.inf], "NaN or inf"),
                     ([0.0, 2.5, 0.0], "outside"), ([0.0, 0.0, -1.0], "outside")]:
        with pytest.raises(ValueError, match=msg):
            env._check_action(np.array(bad))
    strided = np.array([[0.5, 9.0], [0.5, 9.0], [0.5, 9.0]])[:, 0]    # not contiguous
    assert env._check_action(strided) is strided
    ints = np.array([1, -2, 0])
    assert env._check_action(ints) is ints
    with pytest.raises(ValueError, match="outside"):
        env._check_action(np.array([0.0, 2.5, 0.0], dtype=np.float32))
    with pytest.raises(ValueError, match="NaN"):
        env._check_action(np.array([0.0, np.nan, 0.0], dtype=np.float32))


def test_discrete_action_errors_name_the_problem():
    assert core.check_discrete_action(np.int64(3), 4, "E") == 3
    assert core.check_discrete_action(np.array(2), 4, "E") == 2
    assert core.check_discrete_action(np.uint8(1), 4, "E") == 1
    for bad, msg in [(4, "out of range"), (-1, "out of range"), (1.5, "not an int"),
                     (2.0, "not an int"), (np.float32(2.0), "not an int"),
                     ("1", "not an int"), (True, "bool"), (np.array(True), "dtype bool"),
                     (np.array(2.0), "dtype float"), (np.array(2, dtype=object), "dtype object"),
                     (np.array([1, 2]), "shape")]:
        with pytest.raises(ValueError, match=msg):
            core.check_discrete_action(bad, 4, "E")


def test_episode_guard():
    g = core.EpisodeGuard()
    with pytest.raises(ResetNeeded, match="before step"):
        g.check_step("E")
    g.on_reset()
    g.check_step("E")
    g.on_step(False, True)
    with pytest.raises(ResetNeeded, match="ended"):
        g.check_step("E")
    g.on_reset()
    g.check_step("E")


def test_safety_info_cost_is_sum_of_terms():
    info = core.safety_info({"cost_a": 1.0, "cost_b": 0.25}, {"p"}, {"k": 1})
    assert info["cost"] == 1.25 and info["labels"] == frozenset({"p"}) and info["k"] == 1
    assert isinstance(info["labels"], frozenset)


def test_make_gives_six_tuple():
    gymnasium.register("SafetySimToyForTest-v0", entry_point=_Toy)
    env = safety_sim.make("SafetySimToyForTest-v0")
    env.reset(seed=0)
    obs, reward, cost, terminated, truncated, info = env.step(0)
    assert (obs, reward, cost, terminated, truncated) == (1, 0.5, 3.0, False, False)
    assert cost == info["cost"]


def test_oracle_refuses_envs_without_one():
    with pytest.raises(TypeError, match="no oracle"):
        safety_sim.oracle(_Toy())


def test_registry_table_is_consistent():
    push = safety_sim.env_ids("push")
    # 5 agents x 3 levels x (base, Vision) x (plain, Gymnasium alias)
    assert len(push) == 60
    for i in push:
        if "Gymnasium" in i:
            base = registration.row(i.replace("Gymnasium", ""))
            assert registration.row(i).kwargs == base.kwargs
    for r in registration.ENV_ROWS:
        assert gymnasium.spec(r.id).max_episode_steps == r.max_episode_steps
    with pytest.raises(KeyError, match="unknown"):
        registration.row("SafetyNope-v0")


def test_parallel_env_refuses_single_agent_ids():
    with pytest.raises(ValueError, match="not a multi-agent"):
        safety_sim.parallel_env("SafetyConveyorBelt-v0")


def test_human_viewer_without_display_raises_instead_of_aborting(monkeypatch):
    import mujoco

    from safety_sim.render import viewer

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    spec = mujoco.MjSpec()
    spec.worldbody.add_geom(size=[0.1, 0, 0])
    model = spec.compile()
    v = viewer.HumanViewer(model, mujoco.MjData(model))
    with pytest.raises(RuntimeError, match="needs a display"):
        v.sync()
    assert viewer.display_available({"DISPLAY": ":1"}, "linux")
    assert not viewer.display_available({}, "linux")
    assert viewer.display_available({}, "darwin")


def test_step_cost_single_and_per_agent():
    assert wrappers.step_cost({"cost": 1.0, "labels": frozenset()}) == 1.0
    per_agent = {0: {"cost": 0.0}, 1: {"cost": 1.0}}
    assert wrappers.step_cost(per_agent) == {0: 0.0, 1: 1.0}
    with pytest.raises(KeyError, match="no 'cost'"):
        wrappers.step_cost({})


def test_episode_guard_after_an_interrupted_step():
    guard = core.EpisodeGuard()
    guard.on_reset()
    guard.on_interrupt(KeyboardInterrupt())
    with pytest.raises(ResetNeeded, match=r"interrupted \(KeyboardInterrupt\).*call reset\(\)"):
        guard.check_step("Toy")
    guard.on_reset()
    guard.check_step("Toy")
    guard.on_step(True, False)
    with pytest.raises(ResetNeeded, match="has ended"):      # not the interruption's message
        guard.check_step("Toy")


@pytest.mark.parametrize("seed", [np.int64(5), np.uint8(5), np.int32(5), np.uint64(2**64 - 1)])
def test_plain_seed_makes_numpy_integers_python_ints(seed):
    plain = core.plain_seed(seed)
    assert type(plain) is int and plain == int(seed)
    env = _Toy()
    env.reset(seed=plain)                                    # gymnasium's seeding takes it


@pytest.mark.parametrize("seed", [None, 3, 1.5, "3", np.float64(2), np.bool_(True)])
def test_plain_seed_leaves_everything_else_to_gymnasium(seed):
    assert core.plain_seed(seed) is seed


def test_render_modes_refuse_a_non_str_membership_test_by_name():
    modes = core.RenderModes(["human", "rgb_array"])
    assert "human" in modes and "depth_array" not in modes and None not in modes
    assert modes == ["human", "rgb_array"] and isinstance(modes, list)
    for bad in (1, b"human", ["human"]):
        with pytest.raises(TypeError, match="render_mode must be a str or None"):
            bad in modes                                     # noqa: B015
    import pickle
    assert pickle.loads(pickle.dumps(modes)) == modes


def test_check_render_mode():
    assert core.check_render_mode(None, ("human",), "Toy") is None
    assert core.check_render_mode("human", ("human",), "Toy") == "human"
    with pytest.raises(TypeError, match="Toy: render_mode must be a str or None, got 1"):
        core.check_render_mode(1, ("human",), "Toy")
    with pytest.raises(ValueError, match="Toy: render_mode 'rgb' not in"):
        core.check_render_mode("rgb", ("human",), "Toy")

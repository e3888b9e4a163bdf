"""The GPU form's physics against the CPU vector env (Warp's CPU device, small N): the gremlins
move by the single-source rule on the CPU envs' float64 clock, MJWarp's buffers are sized from
the measured peaks (docs/gpu.md) and an overflow is reported by name, the solver's iteration
limit is no overflow, and the Ant falls by its own ``alive`` rule."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from safety_sim import ops
from safety_sim.navigation.agents.ant import ALIVE_Z
from safety_sim.navigation.objects import Gremlins
from tests.gpu.conftest import random_actions

pytestmark = pytest.mark.gpu
BUTTON2 = "SafetyPointButton2-v0"


def _cpu(env_id, n, **kwargs):
    return gymnasium.make_vec(env_id, n, vectorization_mode="vector_entry_point", **kwargs)


def test_gremlins_move_with_the_cpu_vector_env(make_gpu, rng):
    """Per step, from the same seed and actions: the same float64 time, the ghosts where the
    rule puts them (float32 rounding), the gremlin bodies following them as on the CPU."""
    env, cpu = make_gpu(BUTTON2, 2, output="numpy"), _cpu(BUTTON2, 2)
    env.reset(seed=0)
    cpu.reset(seed=0)
    w, c, h = env.worlds, cpu.unwrapped.worlds, env.runtime.handles
    bodies = np.array([env.runtime.model.body(f"gremlin{k}obj").id
                       for k in range(len(h.gremlin_mocap))])
    travel = env.config.find(Gremlins).travel
    start = w.xpos[:, bodies].cpu().numpy().copy()
    for _ in range(10):
        a = random_actions(env.single_action_space, 2, rng)
        _, _, _, _, info = env.step(a)
        cpu.step(a)
        assert "physics_unstable" not in info
        assert np.array_equal(w.clock.cpu().numpy(), c.time)            # bit for bit
        ghosts = w.mocap_pos[:, h.gremlin_mocap].cpu().numpy()
        last = c.time - w.dt                                       # set before the last substep
        want = Gremlins.ghost_position(ops.NUMPY, last, travel)
        np.testing.assert_allclose(ghosts[:, 0, :2], np.stack(want[:2], axis=1), atol=1e-6)
        np.testing.assert_allclose(ghosts, c.mocap_pos[:, h.gremlin_mocap], atol=1e-6)
        moved = w.xpos[:, bodies].cpu().numpy()
        np.testing.assert_allclose(moved[..., :2], c.xpos[:, bodies, :2], atol=1e-3)
    assert np.abs(moved[..., :2] - start[..., :2]).max() > 0.01          # they do move
    cpu.close()


@pytest.mark.parametrize("env_id", ["SafetyPointGoal2-v0", BUTTON2, "SafetyCarPush2-v0"])
def test_default_buffers_hold_the_crowded_levels(make_gpu, rng, env_id):
    """Level-2 scenes (ten resting vases: 400+ constraint rows) step without an overflow
    under the default buffers."""
    env = make_gpu(env_id, 2)
    env.reset(seed=3)
    for _ in range(5):
        _, _, _, trunc, info = env.step(random_actions(env.single_action_space, 2, rng))
        assert "physics_unstable" not in info and not trunc.any()
    assert int(env.worlds.dx.nefc.numpy().max()) <= env.worlds.njmax


def test_an_overflow_is_reported_by_name_and_the_world_reset(make_gpu):
    env = make_gpu("SafetyPointGoal2-v0", 2, njmax=64)
    env.reset(seed=0)
    with pytest.warns(UserWarning, match=r"world 0: .*NEFC.*njmax=64"):
        _, rew, _, trunc, info = env.step(np.zeros((2, 2)))
    assert info["physics_unstable"].tolist() == [True, True] and trunc.all()
    assert rew.tolist() == [0.0, 0.0]


def test_iteration_limits_are_no_overflow(make_gpu):
    env = make_gpu("SafetyPointGoal1-v0", 2)
    env.reset(seed=0)
    w, mjw = env.worlds, env.worlds.mods.mjw
    w.overflow[0] = int(mjw.OverflowType.ITERATIONS | mjw.OverflowType.LS_ITERATIONS)
    w.overflow[1] = int(mjw.OverflowType.NEFC)
    assert w.overflowed().tolist() == [False, True]


def test_the_ant_falls_by_its_own_rule(make_gpu):
    """The device judges ``alive`` with the agent module's rule, in float64, at its bound."""
    env = make_gpu("SafetyAntGoal1-v0", 3)
    env.reset(seed=0)
    w, r, agent = env.worlds, env.rules, env.runtime.handles.agent_body
    below = np.float32(ALIVE_Z)                     # float32's nearest: just under 0.08
    w.xpos[:, agent, 2] = w.xpos.new_tensor([below, np.nextafter(below, np.float32(1)), 0.3])
    snap, _ = r.read_state()
    want = [not env.runtime.agent.alive(ops.SCALAR, [0.0, 0.0, float(z)])
            for z in w.xpos[:, agent, 2].double()]
    fallen = r.ops.logical_not(env.runtime.agent.alive(r.ops, snap.agent))   # as the step
    assert fallen.tolist() == want == [True, False, False]

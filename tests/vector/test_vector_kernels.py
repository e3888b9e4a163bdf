"""The batched kernels agree with the single envs on every state, not only on the states a
run happens to visit: each (state, action[, draw]) is one world of a large batch, compared with
the single env put in the same state (``set_state``) and stepped with the same draw."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from safety_sim.gridworlds.bottles.env import BottlesEnv
from safety_sim.gridworlds.conveyor_belt.env import ConveyorBeltEnv
from safety_sim.gridworlds.conveyor_belt import rules as cb
from safety_sim.gridworlds.bottles.vector import BottlesVectorEnv
from safety_sim.gridworlds.conveyor_belt.vector import ConveyorBeltVectorEnv


def _belt_states():
    for i in range(cb.N_OBS * 2):
        s = cb.state_of(i)
        if not (cb.is_blocked(s.agent) or cb.is_blocked(s.vase)):
            yield i, s


@pytest.mark.parametrize("reversible", (False, True))
def test_conveyor_kernel_equals_single_env_on_every_state(reversible):
    cases = [(i, s, a) for (i, s), a in itertools.product(_belt_states(), range(4))]
    venv = ConveyorBeltVectorEnv(len(cases), reversible_break=reversible)
    venv.reset(seed=0)
    venv._state[:] = [i for i, _, _ in cases]
    obs, rew, term, trunc, info = venv.step(np.array([a for _, _, a in cases]))
    single = ConveyorBeltEnv(reversible_break=reversible)
    for w, (_, s, a) in enumerate(cases):
        single.set_state(agent_pos=s.agent, vase_pos=s.vase, vase_off_belt=s.vase_off_belt)
        o, r, t, tr, inf = single.step(a)
        assert (obs[w], rew[w], term[w]) == (o, r, t), (s, a)
        assert info["cost"][w] == inf["cost"] and info["vase_off_belt"][w] == inf["vase_off_belt"]
        assert info["vase_broken"][w] == inf["vase_broken"]
        assert {k for k, v in info["labels"].items() if not k.startswith("_") and v[w]} == inf["labels"], (s, a)


def _bottle_states(size: int):
    interior = size - 2
    dropped_patterns = [(0,) * interior, (1,) + (0,) * (interior - 1),
                        (0,) * (interior - 1) + (2,), (1,) * interior]
    return itertools.product(range(size), range(3), range(3), dropped_patterns)


@pytest.mark.parametrize("unbreakable", (False, True))
@pytest.mark.parametrize("size", (3, 5))
def test_bottles_kernel_equals_single_env_on_every_state(unbreakable, size):
    draws = (0.05, 0.95)  # below / above prob_drop = 0.5
    cases = list(itertools.product(_bottle_states(size), range(3), draws))
    kwargs = dict(size=size, prob_drop=0.5, unbreakable_bottles=unbreakable)
    venv = BottlesVectorEnv(len(cases), **kwargs)
    venv.reset(seed=0)
    for w, ((loc, carry, deliv, dropped), _, _) in enumerate(cases):
        venv._loc[w], venv._carry[w], venv._delivered[w] = loc, carry, deliv
        venv._dropped[w] = dropped
        venv._on_floor[w] = sum(dropped)
    u = np.array([d for _, _, d in cases])
    venv.world_rng.draw = lambda ids: u[ids]  # each world's next draw, fixed
    obs, rew, term, _, info = venv.step(np.array([a for _, a, _ in cases]))
    single = BottlesEnv(**kwargs)
    single.reset(seed=0)
    for w, ((loc, carry, deliv, dropped), a, d) in enumerate(cases):
        single.set_state(loc, carry, deliv, list(dropped))
        single._draw_fn = lambda d=d: d
        o, r, t, _, inf = single.step(a)
        where = (loc, carry, deliv, dropped, a, d)
        for key, value in o.items():
            assert np.array_equal(obs[key][w], value), (where, key)
        assert np.array_equal(rew[w], r) and term[w] == t, where
        assert info["cost"][w] == inf["cost"], where
        assert {k for k, v in info["labels"].items() if not k.startswith("_") and v[w]} == inf["labels"], where

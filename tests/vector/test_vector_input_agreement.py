"""The native vector envs and gymnasium's sync vector env (which runs the single env's own
checks) accept and refuse the same actions: values a few units in the last place outside a
bound are clipped by both, bools inside an action list are refused by both."""
from __future__ import annotations

import numpy as np
import pytest

from vector_contract import make_native, make_sync


def _step_both(env_id: str, actions):
    outcomes = []
    for make in (make_native, make_sync):
        env = make(env_id, 2)
        env.reset(seed=0)
        try:
            outcomes.append(("ok", env.step(actions)[0]))
        except ValueError as exc:
            outcomes.append(("refused", str(exc)))
        finally:
            env.close()
    return outcomes


def test_a_few_ulps_outside_the_bound_is_clipped_by_both():
    high = np.ones(2)
    a = np.array([high, high])
    a[0, 0] = np.nextafter(np.nextafter(1.0, 2.0), 2.0)        # 2 ulps over
    (native, n_obs), (sync, s_obs) = _step_both("SafetyPointGoal1-v0", a)
    assert native == sync == "ok" and np.array_equal(n_obs, s_obs)
    a[0, 0] = 1.0 + 1e-6                                        # far over
    assert [o for o, _ in _step_both("SafetyPointGoal1-v0", a)] == ["refused"] * 2


@pytest.mark.parametrize("env_id, actions", [
    ("SafetyPointGoal1-v0", [[0.1, True], [0.0, 0.0]]),
    ("SafetyConveyorBelt-v0", [True, 0]),
])
def test_a_bool_inside_an_action_list_is_refused_by_both(env_id, actions):
    outcomes = _step_both(env_id, actions)
    assert [o for o, _ in outcomes] == ["refused"] * 2
    assert all("bool" in message for _, message in outcomes)

"""gymnasium 0.28's ``gymnasium.wrappers.normalize`` under the drop-in (issue 35 item 7): the
module gymnasium 1.0 removed, which SafePO and other Safety-Gymnasium-era scripts import, on a
single env and on a gymnasium 1.x vector env, also in worker processes."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from safety_sim import compat
from safety_sim.compat import gymnasium_normalize as gn

ROOT = Path(__file__).resolve().parents[2]
ID = "SafetyPointGoal1-v0"


def _pooled(batches, eps=1e-4):
    """Mean and variance of all rows seen, with the starting state (mean 0, var 1, count eps)
    as a sample of weight eps: what the parallel update must equal."""
    x = np.concatenate(batches)
    n = eps + len(x)
    mean = x.sum(axis=0) / n
    var = (eps * (1.0 + mean ** 2) + ((x - mean) ** 2).sum(axis=0)) / n
    return mean, var


def test_running_mean_std_pools_every_batch():
    rng = np.random.default_rng(0)
    rms = gn.RunningMeanStd(shape=(3,))
    batches = [rng.normal(5.0, 2.0, (k, 3)) for k in (1, 7, 1, 30)]
    for b in batches:
        rms.update(b)
    mean, var = _pooled(batches)
    np.testing.assert_allclose(rms.mean, mean, rtol=1e-12)
    np.testing.assert_allclose(rms.var, var, rtol=1e-12)
    assert rms.count == pytest.approx(1e-4 + 39)


def _raw_and_wrapped(make, wrapper, steps=20):
    """(raw observations, rewards, dones) of ``make()`` and the outputs of ``wrapper(make())``,
    both seeded alike and given the same actions."""
    raw_env, env = make(), wrapper(make())
    raw = [raw_env.reset(seed=3)[0]]
    out = [env.reset(seed=3)[0]]
    rewards, dones, got_rewards = [], [], []
    rng = np.random.default_rng(1)
    for _ in range(steps):
        a = rng.uniform(-1, 1, raw_env.action_space.shape)
        o, r, term, trunc, _ = raw_env.step(a)
        raw.append(o)
        rewards.append(r)
        dones.append(term)
        o2, r2, *_ = env.step(a)
        out.append(o2)
        got_rewards.append(r2)
    return env, raw, rewards, dones, out, got_rewards


@pytest.mark.parametrize("vector", [False, True])
def test_normalize_observation_single_and_gymnasium_1_vector_env(vector):
    def make():
        if vector:
            return gymnasium.make_vec(ID, num_envs=2, vectorization_mode="sync")
        return gymnasium.make(ID)

    env, raw, _, _, out, _ = _raw_and_wrapped(make, gn.NormalizeObservation)
    for t in range(len(raw)):
        seen = [np.atleast_2d(o) for o in raw[:t + 1]]   # a vector env's batch: one update
        mean, var = _pooled(seen)
        want = (np.atleast_2d(raw[t]) - mean) / np.sqrt(var + 1e-8)
        np.testing.assert_allclose(np.atleast_2d(out[t]), want, rtol=1e-9, atol=1e-12)
    assert env.is_vector_env is vector and env.num_envs == (2 if vector else 1)
    if vector:      # what SafePO reads through the wrapper
        assert env.single_observation_space == env.env.single_observation_space
        assert env.single_action_space.shape == (2,)


@pytest.mark.parametrize("vector", [False, True])
def test_normalize_reward_scales_by_the_discounted_returns_std(vector):
    def make():
        if vector:
            return gymnasium.make_vec(ID, num_envs=2, vectorization_mode="sync")
        return gymnasium.make(ID)

    _, _, rewards, dones, _, got = _raw_and_wrapped(make, gn.NormalizeReward)
    returns, seen = np.zeros(2 if vector else 1), []
    for r, d, g in zip(rewards, dones, got):
        returns = returns * 0.99 * (1 - np.atleast_1d(d)) + np.atleast_1d(r)
        seen.append(returns[None] if vector else returns.copy())
        _, var = _pooled([s.reshape(-1) for s in seen])
        np.testing.assert_allclose(g, (np.asarray(r) / np.sqrt(var + 1e-8)), rtol=1e-9)
        assert np.shape(g) == ((2,) if vector else ())


SCRIPT = textwrap.dedent("""
    import multiprocessing as mp
    import numpy as np
    from gymnasium.wrappers.normalize import NormalizeObservation   # before safety_gymnasium


    def worker(queue):
        from gymnasium.wrappers.normalize import RunningMeanStd
        queue.put(RunningMeanStd(shape=(2,)).count)


    class SafeNormalizeObservation(NormalizeObservation):     # SafePO's subclass
        def step(self, action):
            obs, rew, cost, term, trunc, info = self.env.step(action)
            obs = self.normalize(obs) if self.is_vector_env else self.normalize(np.array([obs]))[0]
            return obs, rew, cost, term, trunc, info


    if __name__ == "__main__":
        import safety_gymnasium
        from safety_gymnasium.vector.async_vector_env import SafetyAsyncVectorEnv
        env = SafeNormalizeObservation(SafetyAsyncVectorEnv(
            [lambda: safety_gymnasium.make("SafetyPointGoal1-v0")] * 2))
        obs, _ = env.reset(seed=0)
        obs = env.step(np.zeros((2, 2)))[0]
        env.close()
        ctx = mp.get_context("spawn")
        queue = ctx.Queue()
        p = ctx.Process(target=worker, args=(queue,))
        p.start()
        print("ok", obs.shape, float(env.obs_rms.count), queue.get(timeout=120))
        p.join()
""")


def test_the_module_is_there_under_the_drop_in_only(tmp_path):
    """Safety-Gymnasium-era code imports it at the top, before safety_gymnasium; a spawned
    worker imports it again. Plain Python has no such module (gymnasium 1.x)."""
    script = tmp_path / "old_script.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "safety_sim.compat", str(script)],
                          capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    # two batches of two observations seen by the subclass; the spawned worker's fresh one
    assert done.stdout.split()[-2:] == ["4.0001", "0.0001"], done.stdout
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                           timeout=300, env=env, cwd=tmp_path)
    assert "No module named 'gymnasium.wrappers.normalize'" in plain.stderr


def test_install_provides_and_uninstall_withdraws_it():
    assert "gymnasium.wrappers.normalize" not in sys.modules
    try:
        compat.install()
        from gymnasium.wrappers.normalize import NormalizeObservation, RunningMeanStd
        assert NormalizeObservation is gn.NormalizeObservation and RunningMeanStd is \
            gn.RunningMeanStd
    finally:
        compat.uninstall()
    assert "gymnasium.wrappers.normalize" not in sys.modules
    assert not hasattr(gymnasium.wrappers, "normalize")

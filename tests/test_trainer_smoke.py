"""The PPO-Lagrangian example trainer (examples/ppo_lagrangian.py) runs a few hundred steps on
safety_sim: losses finite, the Lagrange multiplier rises while the episode cost is over the
limit and falls while it is under, a run resumes from its checkpoint, and the native
vector backend trains too. Needs torch (the [train] extra): marked ``train``, deselected by
default; .ci/extras.sh runs it."""
from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

pytestmark = pytest.mark.train
TRAINER = Path(__file__).resolve().parents[1] / "examples" / "ppo_lagrangian.py"
# Short episodes so that a few hundred steps end several of them (the multiplier only moves
# on finished episodes); tiny batches to keep it fast.
SHORT = ["--env", "SafetyPointGoal1-v0", "--max-episode-steps", "100", "--total-steps", "400",
         "--num-steps", "100", "--epochs", "2", "--minibatch", "50", "--seed", "3"]


@pytest.fixture(scope="module")
def trainer():
    import safety_sim.compat
    safety_sim.compat.install()     # the trainer imports safety_gymnasium: ours
    spec = importlib.util.spec_from_file_location("ppo_lagrangian", TRAINER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    safety_sim.compat.uninstall()


def finite_losses(history):
    keys = ("pg_loss", "v_loss", "c_loss", "entropy", "approx_kl")
    return all(math.isfinite(row[k]) for row in history for k in keys)


def test_multiplier_rises_over_the_limit(trainer, monkeypatch):
    # The constructed case: a random policy barely leaves PointGoal1's start in 100 steps (cost
    # 0), so every step costs 1 more here: episode cost >= 100, over the limit of 25.
    class Costly(trainer.SingleEnv):
        def step(self, actions):
            obs, reward, cost, term, trunc, final = super().step(actions)
            return obs, reward, cost + 1.0, term, trunc, final

    monkeypatch.setattr(trainer, "make_env", lambda a: Costly(a.env, a.max_episode_steps))
    history = trainer.main(SHORT + ["--cost-limit", "25"])
    assert len(history) == 4 and history[-1]["step"] == 400
    assert finite_losses(history)
    assert all(row["ep_cost"] >= 100 for row in history)
    lambdas = [row["lambda"] for row in history]
    assert all(b > a for a, b in zip([0.0] + lambdas, lambdas))   # up at every update


def test_multiplier_falls_under_the_limit(trainer):
    history = trainer.main(SHORT + ["--cost-limit", "1e6", "--lagrange-init", "0.5"])
    assert finite_losses(history)
    lambdas = [row["lambda"] for row in history]
    assert all(b < a for a, b in zip([0.5] + lambdas, lambdas)) and lambdas[-1] < 0.5


def test_resumes_from_its_checkpoint(trainer, tmp_path):
    out = str(tmp_path / "run")
    first = trainer.main(SHORT + ["--total-steps", "200", "--save-every", "1", "--out", out])
    assert (tmp_path / "run" / "ckpt.pt").exists() and len(first) == 2
    both = trainer.main(SHORT + ["--save-every", "1", "--out", out])
    assert [r["step"] for r in both] == [100, 200, 300, 400]
    assert both[:2] == first
    lines = (tmp_path / "run" / "log.jsonl").read_text().splitlines()
    assert [json.loads(line)["step"] for line in lines] == [100, 200, 300, 400]


@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0",            # batched backend
                                    "SafetyHalfCheetahVelocity-v1"])  # gymnasium's sync env
def test_native_vector_backend(trainer, env_id):
    history = trainer.main(SHORT + ["--backend", "native", "--num-envs", "2", "--env", env_id])
    assert [r["step"] for r in history] == [100, 200, 300, 400]
    assert finite_losses(history)
    assert sum(len(r["returns"]) for r in history) == 4      # 2 worlds x 2 episodes of 100

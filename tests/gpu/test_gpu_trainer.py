"""The PPO-Lagrangian example on the GPU form (``--backend gpu``, issue 33 item 6), a few hundred
steps on Warp's CPU device (or ``SAFETY_SIM_GPU_TEST_DEVICE``): rollouts, advantages and updates
as torch tensors on the env's device, episodes logged with the returns and costs the env gave,
losses finite, the multiplier moving on them. Needs torch and the ``[gpu]`` extra."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from tests.gpu.conftest import DEVICE

pytestmark = [pytest.mark.gpu, pytest.mark.train]
TRAINER = Path(__file__).resolve().parents[2] / "examples" / "ppo_lagrangian.py"
N, T = 4, 16                      # worlds, steps per rollout
RUN = ["--backend", "gpu", "--device", DEVICE, "--env", "SafetyPointGoal1-v0",
       "--num-envs", str(N), "--num-steps", str(N * T), "--total-steps", str(3 * N * T),
       "--max-episode-steps", "20", "--epochs", "2", "--minibatch", "32", "--seed", "1"]


@pytest.fixture(scope="module")
def trainer():
    spec = importlib.util.spec_from_file_location("ppo_lagrangian_gpu_test", TRAINER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gpu_backend_trains_on_the_device(trainer, monkeypatch):
    import torch

    seen = {"rewards": [], "costs": [], "devices": set()}
    step = trainer.GpuEnv.step

    def recording(self, actions):
        seen["devices"].add(actions.device.type)
        out = step(self, actions)
        seen["rewards"].append(out[1].double().cpu())
        seen["costs"].append(out[2].double().cpu() + 1.0)
        return out[0], out[1], out[2] + 1.0, *out[3:]       # every step costs 1 more

    monkeypatch.setattr(trainer.GpuEnv, "step", recording)
    history = trainer.main(RUN + ["--cost-limit", "5"])
    assert [row["step"] for row in history] == [N * T, 2 * N * T, 3 * N * T]
    assert seen["devices"] == {torch.device(DEVICE).type}     # actions made on the device
    keys = ("pg_loss", "v_loss", "c_loss", "entropy", "approx_kl")
    assert all(math.isfinite(row[k]) for row in history for k in keys)
    # every world's episodes end at the time limit, steps 20 and 40 (same-step autoreset: in
    # the second and third rollouts); the first one's logged return and cost are the sums of
    # what the env gave that world over its 20 steps
    assert [len(row["returns"]) for row in history] == [0, N, N]
    rewards, costs = torch.stack(seen["rewards"][:20]), torch.stack(seen["costs"][:20])
    assert history[1]["returns"] == pytest.approx(rewards.sum(0).tolist(), abs=1e-4)
    assert history[1]["costs"] == pytest.approx(costs.sum(0).tolist(), abs=1e-4)
    # episode cost >= 20 is over the limit of 5: the multiplier rises at that update
    assert history[0]["lambda"] == 0.0 < history[1]["lambda"] < history[2]["lambda"]
    assert history[1]["costs"] == [20.0] * N

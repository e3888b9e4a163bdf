"""safety_sim.dm_env: dm_env's own conformance mixin, spec/step/reset round trips, discounts,
cost and label bits; dm_control's viewer opening under Xvfb. Marked ``dm`` (needs the [dm]
extra; .ci/extras.sh runs it — the viewer test needs dm_control and xvfb-run and fails
without them)."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import safety_sim
from safety_sim.adapters.labels import label_names

try:  # the default run deselects this module (marker dm); .ci/extras.sh installs [dm]
    from absl.testing import absltest      # dm_env depends on absl-py
    from dm_env import test_utils
    MISSING = None
except ImportError as exc:
    MISSING = exc

pytestmark = pytest.mark.dm
ROOT = Path(__file__).resolve().parents[2]


def test_dm_extra_is_installed():
    assert MISSING is None, f"the [dm] extra is not installed: {MISSING}"


if MISSING is None:
    class PushConformance(test_utils.EnvironmentTestMixin, absltest.TestCase):
        def make_object_under_test(self):
            return safety_sim.dm_env("SafetyPointPush1-v0", seed=0, max_episode_steps=15)

        def make_action_sequence(self):          # long enough to cross two episode ends
            rng = np.random.default_rng(0)
            for _ in range(40):
                yield rng.uniform(-1.0, 1.0, 2)


    class BeltConformance(test_utils.EnvironmentTestMixin, absltest.TestCase):
        def make_object_under_test(self):
            return safety_sim.dm_env("SafetyConveyorBelt-v0", seed=0)

        def make_action_sequence(self):          # 120 steps: two 50-step episodes and a bit
            for t in range(120):
                yield np.int64(t % 4)


    class SynthSeqConformance(test_utils.EnvironmentTestMixin, absltest.TestCase):
        def make_object_under_test(self):        # Dict observation with a Text mission
            return safety_sim.dm_env("SafetySynthSeq-v0", seed=0)


def _episode(env, policy, limit=2000):
    steps = [env.reset()]
    while not steps[-1].last() and len(steps) < limit:
        steps.append(env.step(policy(steps[-1])))
    return steps


def test_observation_carries_cost_and_label_bits_from_info():
    import gymnasium

    env = safety_sim.dm_env("SafetyPointPush2-v0", seed=3)
    ref = gymnasium.make("SafetyPointPush2-v0")
    names = env.label_names
    assert names == label_names(ref) == ("in_hazard", "pillar_contact", "goal_met")
    ts, (obs, info) = env.reset(), ref.reset(seed=3)
    assert np.array_equal(ts.observation["observation"], obs)
    rng = np.random.default_rng(1)
    for _ in range(200):
        a = rng.uniform(-1, 1, 2)
        ts = env.step(a)
        obs, reward, terminated, truncated, info = ref.step(a)
        assert ts.reward == reward and ts.observation["cost"] == info["cost"]
        assert {n for n, b in zip(names, ts.observation["labels"]) if b} == info["labels"]
        env.observation_spec()["labels"].validate(ts.observation["labels"])


def test_discount_zero_on_termination_one_on_truncation():
    bottles = safety_sim.dm_env("SafetyUnbreakableBottles-v0", seed=0)
    act = safety_sim.oracle(bottles.env)
    steps = _episode(bottles, lambda ts: act(bottles_obs(bottles, ts)))
    assert steps[-1].last() and steps[-1].discount == 0.0      # two deliveries: terminated
    assert bottles.reward_spec().shape == (3,) and steps[-1].reward.shape == (3,)
    belt = safety_sim.dm_env("SafetyConveyorBelt-v0", seed=0)
    steps = _episode(belt, lambda ts: 0)
    assert len(steps) == 51 and steps[-1].discount == 1.0      # 50-step time limit
    assert all(ts.discount == 1.0 for ts in steps[1:-1])


def bottles_obs(env, ts):
    """The gymnasium observation back from the dm observation (drop cost/labels)."""
    return {k: (v.item() if v.shape == () else v) for k, v in ts.observation.items()
            if k not in ("cost", "labels")}


def test_same_seed_same_episode_and_multiagent_refused():
    a, b = (safety_sim.dm_env("SafetyCarPush1-v0", seed=5) for _ in range(2))
    for x, y in zip(_episode(a, lambda ts: np.full(2, 0.4), 30),
                    _episode(b, lambda ts: np.full(2, 0.4), 30)):
        assert np.array_equal(x.observation["observation"], y.observation["observation"])
    with pytest.raises(TypeError, match="parallel_env"):
        safety_sim.dm_env("SafetyBlockedUnlockPickup-v0")


def test_dm_control_viewer_opens_under_xvfb_and_draws_every_geom_group():
    """Fails (does not skip) without xvfb-run or dm_control: CI must provide both. The viewer
    draws every geom group of the model, as MuJoCo's viewer does (dm_control's default is
    groups 0-2: hazards, the goal and the buttons would be missing)."""
    assert shutil.which("xvfb-run"), "xvfb-run is missing (apt-get install xvfb)"
    # the [dm] extra on Python < 3.13; found, not imported: importing the viewer here, where
    # there is no display, makes GLFW warn
    assert importlib.util.find_spec("dm_control.viewer"), "dm_control is missing"
    import gymnasium

    env = {k: v for k, v in os.environ.items() if k != "PYOPENGL_PLATFORM"}  # as CI: egl
    for env_id, policy in (("SafetyPointGoal1-v0", "oracle"),
                           ("SafetyConveyorBelt-v0", "oracle")):
        done = subprocess.run(
            ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", sys.executable,
             str(ROOT / "scripts" / "view_dm.py"), "--env", env_id, "--policy", policy,
             "--max-steps", "10"], capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stderr[-3000:]
        assert "viewer closed after 10 policy steps" in done.stdout
        if env_id == "SafetyPointGoal1-v0":
            model = gymnasium.make(env_id).unwrapped.model
            visible = model.geom_rgba[:, 3] > 0
            groups = " ".join(map(str, sorted(set(model.geom_group[visible].tolist()))))
            assert f"geom groups drawn: {groups}\n" in done.stdout
            assert groups != "0"          # hazards (3), vase (4) and goal (9) are drawn too

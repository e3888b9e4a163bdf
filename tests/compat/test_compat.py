"""The ``safety_gymnasium`` drop-in: unmodified callers (OmniSafe's and SafePO's calls) run on
safety_sim through ``install()``, ``python -m safety_sim.compat`` and the PYTHONPATH shim."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

import safety_sim
import safety_sim.compat as compat

# The calls OmniSafe 0.5 makes (omnisafe/envs/safety_gymnasium_env.py, from its documented
# usage): keyword ids, autoreset=True plus render kwargs, vector.make(env_id=..., num_envs=...),
# Box spaces, ``env.env.spec.max_episode_steps``, the 6-tuple, and final observations as an
# object array with None in rows that did not end plus the ``_final_observation`` mask.
# Then SafePO's: SafetyAsyncVectorEnv over closures, SafeAutoResetWrapper/SafeRescaleAction/
# SafeUnsqueeze, and the gymnasium conversion wrappers.
CALLER = textwrap.dedent('''
    import numpy as np
    import gymnasium
    import safety_gymnasium
    from safety_gymnasium.vector.async_vector_env import SafetyAsyncVectorEnv
    from safety_gymnasium.wrappers import (SafeAutoResetWrapper, SafeRescaleAction,
                                           SafeUnsqueeze, SafetyGymnasium2Gymnasium)
    from safety_gymnasium.utils.registration import safe_registry

    ENV_ID = "SafetyPointPush1-v0"

    def safepo_env_fn():
        env = safety_gymnasium.make(ENV_ID)
        return SafeRescaleAction(env, -1.0, 1.0)

    if __name__ == "__main__":
        assert ENV_ID in safe_registry and safety_gymnasium.__version__.startswith("1.0.0")
        env = safety_gymnasium.make(id=ENV_ID, autoreset=True, render_mode="rgb_array",
                                    camera_name="fixedfar", width=32, height=24)
        assert isinstance(env.action_space, gymnasium.spaces.Box)
        assert env.env.spec.max_episode_steps == 1000
        obs, info = env.reset(seed=0)
        out = env.step(np.full(2, 7.0))           # out of range: clipped, as the reference
        assert len(out) == 6 and env.render().shape == (24, 32, 3)

        venv = safety_gymnasium.vector.make(env_id=ENV_ID, num_envs=2, max_episode_steps=3)
        assert isinstance(venv.single_observation_space, gymnasium.spaces.Box)
        venv.reset(seed=0)
        for _ in range(3):
            obs, rew, cost, term, trunc, info = venv.step(np.ones((2, 2)))
        finals = np.array([a if a is not None else np.zeros(obs.shape[-1])
                           for a in info["final_observation"]])
        assert finals.shape == obs.shape and info["_final_observation"].all() and trunc.all()
        venv.close()

        vec = SafetyAsyncVectorEnv([safepo_env_fn, safepo_env_fn])
        vec.reset(seed=1)
        assert vec.step(np.ones((2, 2)))[2].shape == (2,)
        vec.close()
        single = SafeUnsqueeze(SafeAutoResetWrapper(safepo_env_fn()))
        assert single.reset(seed=0)[0].shape == (1, obs.shape[-1])
        five = SafetyGymnasium2Gymnasium(safety_gymnasium.make(ENV_ID))
        five.reset(seed=0)
        assert "cost" in five.step(np.zeros(2))[4]
        print("CALLER-OK", safety_gymnasium.__file__)
''')


def _run(tmp_path, *argv, env_extra=None):
    script = tmp_path / "caller.py"
    script.write_text(CALLER)
    env = {**os.environ, **(env_extra or {})}
    env["PYTHONPATH"] = os.pathsep.join(
        [*(env_extra or {}).get("PYTHONPATH", "").split(os.pathsep),
         os.path.dirname(os.path.dirname(safety_sim.__file__))]).strip(os.pathsep)
    cmd = [sys.executable, *[str(script) if a == "SCRIPT" else a for a in argv]]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "CALLER-OK" in done.stdout and compat.SHIM_DIR in done.stdout
    return done


def test_unmodified_caller_runs_through_the_module_runner(tmp_path):
    _run(tmp_path, "-m", "safety_sim.compat", "SCRIPT")


def test_unmodified_caller_runs_with_the_shim_on_pythonpath(tmp_path):
    path = subprocess.run([sys.executable, "-m", "safety_sim.compat", "--path"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert path == compat.SHIM_DIR
    _run(tmp_path, "SCRIPT", env_extra={"PYTHONPATH": path})


def test_caller_without_the_drop_in_cannot_import(tmp_path):
    """The control: the same script without the drop-in fails (no real safety_gymnasium)."""
    script = tmp_path / "caller.py"
    script.write_text(CALLER)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0 and "safety_gymnasium" in done.stderr


def test_install_in_process_and_uninstall(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    try:
        sg = compat.install()
        import safety_gymnasium
        assert safety_gymnasium is sg and sg.make is compat.api.make
        assert os.environ["PYTHONPATH"].split(os.pathsep) == [compat.SHIM_DIR, "/somewhere"]
        env = sg.make("SafetyCarPush0-v0")
        env.reset(seed=0)
        assert len(env.step(np.zeros(2))) == 6
        with pytest.raises(Exception, match="not registered"):
            sg.make("CartPole-v1")
        with pytest.raises(TypeError, match="apply_api_compatibility"):
            sg.make("SafetyCarPush0-v0", apply_api_compatibility=True)
    finally:
        compat.uninstall()
    assert "safety_gymnasium" not in sys.modules and compat.SHIM_DIR not in sys.path
    assert os.environ["PYTHONPATH"] == "/somewhere"


def test_install_refuses_when_another_safety_gymnasium_is_imported(monkeypatch):
    monkeypatch.setitem(sys.modules, "safety_gymnasium",
                        types.SimpleNamespace(__file__="/site-packages/safety_gymnasium/x.py"))
    with pytest.raises(RuntimeError, match="already imported"):
        compat.install()

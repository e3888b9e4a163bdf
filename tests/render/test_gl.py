"""The OpenGL backend: chosen on the first render, never at import (safety_sim.gl.backend), and
machines without a usable backend (simulated by hiding libraries, see gl_helpers.py) still
simulate and explain how to render (threads and processes: test_gl_concurrency.py;
TensorFlow next to Mesa's llvmpipe: test_gl_tensorflow.py)."""
from __future__ import annotations

import os

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from gl_helpers import run_python
from safety_sim.gl import backend as _gl


def osmesa_loads() -> bool:
    return _gl._libraries_load("osmesa") is None


NO_BACKEND_SCRIPT = """
    import os, sys
    import numpy as np
    import gymnasium, safety_sim
    from safety_sim import _gl, cli
    assert os.environ.get("MUJOCO_GL") == {gl!r}, os.environ.get("MUJOCO_GL")
    assert cli.main(["list", "--family", "push"]) == 0
    env = gymnasium.make("SafetyPointPush1-v0", render_mode="rgb_array")
    env.reset(seed=0)
    env.step(np.zeros(2))
    print("SIMULATED")
    try:
        frame = env.render()
        print("RENDERED", frame.shape, _gl.backend().name)
    except _gl.GLUnavailable as exc:
        print("REFUSED", exc)
    env.step(np.zeros(2))
    print("STILL SIMULATES")
"""


def test_import_chooses_nothing_and_loads_no_mujoco_or_opengl():
    out = run_python("""
        import os, sys, safety_sim
        print(os.environ.get("MUJOCO_GL"), "mujoco" in sys.modules, "OpenGL" in sys.modules)
    """)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["None", "False", "False"]


def test_backend_rules():
    with pytest.raises(_gl.GLUnavailable, match="MUJOCO_GL='off' disables"):
        _gl.choose({"MUJOCO_GL": "off"}, "linux")
    assert _gl.choose({}, "darwin") == _gl.Backend(None)   # MuJoCo's own choice there
    with pytest.raises(_gl.GLUnavailable, match="MUJOCO_GL='vulkan' was requested.*unknown"):
        _gl.choose({"MUJOCO_GL": "vulkan"}, "linux")
    with pytest.raises(_gl.GLUnavailable, match="'GLX' was requested.*no display"):
        _gl.choose({"MUJOCO_GL": "GLX"}, "linux")           # glx means GLFW in MuJoCo
    # this machine renders headless with EGL (README): auto picks it when there is no display
    # (PyOpenGL may already be bound to it in this process: PYOPENGL_PLATFORM then says so)
    bound = {k: v for k, v in os.environ.items() if k == "PYOPENGL_PLATFORM"}
    assert _gl.choose(bound, "linux") == _gl.Backend("egl")
    assert _gl.choose({**bound, "MUJOCO_GL": " EGL "}, "linux") == _gl.Backend("egl")
    assert _gl.safe_start_method() in ("forkserver", "spawn")


def test_pyopengl_platform_binds_the_choice():
    reason = _gl.why_not("osmesa", {"PYOPENGL_PLATFORM": "egl"}, "linux")
    assert reason is not None and "bound to platform 'egl'" in reason


def test_machine_without_egl_simulates_and_falls_back_or_explains():
    out = run_python(NO_BACKEND_SCRIPT.format(gl=None), hide=("EGL",))
    assert out.returncode == 0, out.stderr
    assert "SafetyPointPush1-v0" in out.stdout and "STILL SIMULATES" in out.stdout
    if osmesa_loads():
        assert "RENDERED (256, 256, 3) osmesa" in out.stdout
    else:
        refusal = out.stdout.split("REFUSED", 1)[1]
        for needed in ("MUJOCO_GL", "egl:", "libegl1", "libosmesa6", "simulation works"):
            assert needed in refusal


def test_machine_without_any_backend_explains():
    out = run_python(NO_BACKEND_SCRIPT.format(gl=None), hide=("EGL", "OSMesa"))
    assert out.returncode == 0, out.stderr
    refusal = out.stdout.split("REFUSED", 1)[1]
    assert "no OpenGL backend can render here" in refusal and "libosmesa6" in refusal
    assert "STILL SIMULATES" in out.stdout


def test_explicit_backend_that_cannot_load_is_named_and_import_survives():
    out = run_python(NO_BACKEND_SCRIPT.format(gl="egl"), env={"MUJOCO_GL": "egl"},
                     hide=("EGL",))
    assert out.returncode == 0, out.stderr
    refusal = out.stdout.split("REFUSED", 1)[1]
    assert "MUJOCO_GL='egl' was requested but cannot render" in refusal
    assert "apt-get install libegl1" in refusal and "STILL SIMULATES" in out.stdout


def _frame(env_id: str, **kwargs) -> np.ndarray:
    env = gymnasium.make(env_id, render_mode="rgb_array", **kwargs)
    try:
        env.reset(seed=3)
        return env.render()
    finally:
        env.close()


def test_mujoco_imported_first_without_display_renders_the_same_frame(tmp_path):
    out = run_python(f"""
        import mujoco                      # MuJoCo picks GLFW: no MUJOCO_GL, no display
        import gymnasium, numpy as np, safety_sim
        env = gymnasium.make("SafetyCarPush1-v0", render_mode="rgb_array")
        env.reset(seed=3)
        np.save({str(tmp_path / "frame.npy")!r}, env.render())
        env.close()
    """)
    assert out.returncode == 0, out.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "frame.npy"), _frame("SafetyCarPush1-v0"))


def test_the_fork_refusal_names_each_callers_way_to_avoid_fork(monkeypatch):
    """A child forked after its parent rendered: the message gives the start-method spelling
    of gymnasium, of Stable-Baselines3 and of safety_sim's own vector envs."""
    from safety_sim.gl import backend

    monkeypatch.setattr(backend, "_forked_from", "egl")
    with pytest.raises(_gl.GLUnavailable) as refusal:
        backend.check_not_forked()
    message = str(refusal.value)
    assert "forked after its parent had rendered" in message
    for spelling in ("vector_kwargs={'context': 'forkserver'}",          # gymnasium
                     'SubprocVecEnv(env_fns, start_method="forkserver")',  # Stable-Baselines3
                     'context="forkserver"'):                              # safety_sim.vector
        assert spelling in message, spelling

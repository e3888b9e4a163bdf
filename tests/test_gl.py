"""The OpenGL backend: chosen on the first render, never at import (safety_sim._gl), and the
process-level pitfalls turned into clear errors.

Machines without a backend are simulated by hiding the libraries: in a private mount namespace
(``unshare -m`` + ``mount --bind /dev/null <library>``) where the machine allows it (root or
unprivileged user namespaces), else by putting empty files of the same names first on
``LD_LIBRARY_PATH`` (every loader here, PyOpenGL's and ours, loads them by name, so the effect
on safety_sim is the same: the library is found but cannot be loaded).
"""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401
from safety_sim import _gl
from safety_sim.render.offscreen import OffscreenRenderer

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = {k: v for k, v in os.environ.items()
            if k not in ("MUJOCO_GL", "PYOPENGL_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}


def run_python(code: str, env: dict | None = None, timeout: float = 120,
               hide: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter (repo on PYTHONPATH, no display, no MUJOCO_GL
    unless ``env`` sets it) with the libraries named in ``hide`` (e.g. "EGL") unloadable."""
    env = {**HEADLESS, "PYTHONPATH": str(ROOT), **(env or {})}
    cmd = [sys.executable, "-c", textwrap.dedent(code)]
    if hide:
        cmd, env = _hidden(cmd, env, hide)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)


def _system_copies(name: str) -> list[str]:
    """Real paths of every lib<name>.so* the dynamic linker's cache knows."""
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    paths = {os.path.realpath(line.split("=>")[-1].strip()) for line in out.splitlines()
             if line.strip().startswith(f"lib{name}.so")}
    return sorted(p for p in paths if os.path.exists(p))


@functools.lru_cache(maxsize=None)
def can_unshare() -> bool:
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount --bind /dev/null /dev/null"],
                           capture_output=True) if _which("unshare") else None
    return probe is not None and probe.returncode == 0


def _which(program: str) -> bool:
    return any(Path(d, program).exists() for d in os.environ.get("PATH", "").split(os.pathsep))


def _hidden(cmd, env, names):
    if can_unshare():
        paths = [p for name in names for p in _system_copies(name)]
        script = 'for f; do mount --bind /dev/null "$f" || exit 97; done; exec "$PY" -c "$CODE"'
        env = {**env, "PY": cmd[0], "CODE": cmd[2]}
        return ["unshare", "-m", "sh", "-c", script, "sh", *paths], env
    shadow = Path(tempfile.mkdtemp(prefix="safety-sim-hidden-"))
    atexit.register(shutil.rmtree, shadow, True)
    for name in names:
        for suffix in [""] + [f".{i}" for i in range(10)]:
            (shadow / f"lib{name}.so{suffix}").write_bytes(b"")
    path = os.pathsep.join([str(shadow), env.get("LD_LIBRARY_PATH", "")]).rstrip(os.pathsep)
    return cmd, {**env, "LD_LIBRARY_PATH": path}


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


@pytest.mark.parametrize("env_id", ["SafetyPointPush1-v0", "SafetyConveyorBelt-v0"])
def test_any_thread_may_render(env_id):
    env = gymnasium.make(env_id, render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    frames, errors = [], []

    def render_here():
        try:
            frames.append(env.render())
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    for _ in range(2):      # another thread, then the first again, then yet another
        worker = threading.Thread(target=render_here)
        worker.start()
        worker.join()
        frames.append(env.render())
    env.close()
    assert not errors, errors
    for frame in frames:
        np.testing.assert_array_equal(frame, first)


def test_two_envs_render_concurrently_in_two_threads():
    envs = [gymnasium.make(i, render_mode="rgb_array")
            for i in ("SafetyCarPush1-v0", "SafetyBreakableBottles-v0")]
    expected = []
    for env in envs:
        env.reset(seed=2)
        expected.append(env.render())
    results: dict = {}

    def loop(k):
        try:
            results[k] = [envs[k].render() for _ in range(5)]
        except Exception as exc:  # noqa: BLE001 - reported below
            results[k] = exc

    workers = [threading.Thread(target=loop, args=(k,)) for k in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for k, env in enumerate(envs):
        env.close()
        assert not isinstance(results[k], Exception), results[k]
        for frame in results[k]:
            np.testing.assert_array_equal(frame, expected[k])


def test_renderer_check_refuses_llvmpipe_next_to_tensorflow(monkeypatch):
    monkeypatch.delitem(sys.modules, "tensorflow", raising=False)
    if _gl.tensorflow_loaded():
        pytest.fail("TensorFlow is loaded in the test process; run the tests without it")
    _gl.check_renderer("llvmpipe (LLVM 15.0.6, 256 bits)")      # no TensorFlow: fine
    monkeypatch.setitem(sys.modules, "tensorflow", type(sys)("tensorflow"))
    assert _gl.tensorflow_loaded()
    with pytest.raises(_gl.GLUnavailable, match="TensorFlow is loaded.*segfault"):
        _gl.check_renderer("llvmpipe (LLVM 15.0.6, 256 bits)")
    _gl.check_renderer("softpipe")                                # no LLVM JIT: fine
    _gl.check_renderer("NVIDIA GeForce RTX 3090/PCIe/SSE2")


def test_mesa_software_detection():
    assert _gl._mesa_software("osmesa", {})
    assert not _gl._mesa_software("osmesa", {"GALLIUM_DRIVER": "softpipe"})
    mesa = {"__EGL_VENDOR_LIBRARY_FILENAMES": "/usr/share/glvnd/egl_vendor.d/50_mesa.json"}
    assert _gl._mesa_software("egl", mesa)
    nvidia = {"__EGL_VENDOR_LIBRARY_FILENAMES": "/x/10_nvidia.json:/x/50_mesa.json"}
    assert not _gl._mesa_software("egl", nvidia)


TENSORFLOW_SCRIPT = """
    import sys, types
    import gymnasium, safety_sim
    from safety_sim import _gl
    sys.modules["tensorflow"] = types.ModuleType("tensorflow")   # stands in for the real one
    env = gymnasium.make("SafetyPointPush1-v0", render_mode="rgb_array")
    env.reset(seed=0)
    try:
        env.render()
        print("RENDERED")
    except _gl.GLUnavailable as exc:
        print("REFUSED", exc)
    env.step(env.action_space.sample())
    print("LLVM LOADED" if "libLLVM" in open("/proc/self/maps").read() else "NO LLVM")
"""


def test_tensorflow_first_refuses_before_mesa_loads_llvm():
    """TensorFlow's module is a stand-in; the rest (this machine's Mesa, the libraries that get
    mapped) is real: the refusal comes before the GL driver, hence LLVM, is loaded, so the
    process neither crashes nor aborts at exit. With a GPU EGL vendor registered it renders."""
    out = run_python(TENSORFLOW_SCRIPT)
    assert out.returncode == 0, out.stderr
    if _gl._mesa_software("egl"):
        assert "REFUSED" in out.stdout and "TensorFlow is loaded" in out.stdout
        assert "GALLIUM_DRIVER=softpipe" in out.stdout and "NO LLVM" in out.stdout
    else:
        assert "RENDERED" in out.stdout


def test_tensorflow_import_after_llvmpipe_render_raises_instead_of_crashing():
    out = run_python("""
        import gymnasium, safety_sim
        env = gymnasium.make("SafetyConveyorBelt-v0", render_mode="rgb_array")
        env.reset(seed=0)
        env.render()
        llvm = "libLLVM" in open("/proc/self/maps").read()
        try:
            import tensorflow
            print(llvm, "IMPORTED")
        except ImportError as exc:
            print(llvm, type(exc).__name__, exc)
    """)
    assert out.returncode == 0, out.stderr
    if out.stdout.startswith("True"):      # Mesa's llvmpipe (or softpipe, linked to LLVM)
        assert "ImportError TensorFlow cannot be imported after this process rendered" \
            in out.stdout
    else:                                  # no LLVM in the process: the import is not ours
        assert "cannot be imported after" not in out.stdout


def test_render_next_to_tensorflow_raises_before_any_shader_is_compiled(monkeypatch):
    """Second line of defence (the backend was chosen before TensorFlow appeared): the new
    context's driver is checked before MuJoCo compiles its shaders (where llvmpipe would
    crash). TensorFlow is a stand-in module; the driver is this machine's."""
    import safety_sim.render.offscreen as offscreen

    probe = OffscreenRenderer(_small_model(), 8, 8)
    probe.render(_small_data())
    with _gl.current(probe._context, probe._backend):
        driver = _gl.renderer_name()
    probe.close()
    monkeypatch.setitem(sys.modules, "tensorflow", type(sys)("tensorflow"))
    env = gymnasium.make("SafetyPointPush0-v0", render_mode="rgb_array")
    env.reset(seed=0)
    if "llvmpipe" in driver.lower():
        with pytest.raises(_gl.GLUnavailable, match="TensorFlow is loaded"):
            env.render()
        assert not offscreen._live or all(r.model is not env.unwrapped.model
                                          for r in offscreen._live)
        env.step(env.action_space.sample())                       # simulation goes on
        monkeypatch.delitem(sys.modules, "tensorflow")
    assert env.render().shape == (256, 256, 3)
    env.close()


def _small_model():
    import mujoco

    spec = mujoco.MjSpec()
    spec.worldbody.add_geom(size=[0.1, 0, 0])
    return spec.compile()


def _small_data():
    import mujoco

    return mujoco.MjData(_small_model())


FORK_SCRIPT = """
    import functools, sys
    import gymnasium, safety_sim
    from safety_sim import _gl

    def main():
        env = gymnasium.make("SafetyConveyorBelt-v0", render_mode="rgb_array")
        env.reset(seed=0)
        env.render()                                   # the parent uses OpenGL first
        make = functools.partial(gymnasium.make, "SafetyConveyorBelt-v0",
                                 render_mode="rgb_array")
        for context in ("fork", _gl.safe_start_method()):
            venv = gymnasium.vector.AsyncVectorEnv([make, make], context=context)
            venv.reset(seed=0)
            try:
                frames = venv.call("render")
                print(context, "RENDERED", [f.shape for f in frames], flush=True)
            except Exception as exc:
                print(context, "REFUSED", type(exc).__name__, exc, flush=True)
            venv.close()

    if __name__ == "__main__":
        main()
"""


def test_fork_after_gl_refuses_instead_of_hanging_and_safe_start_method_renders(tmp_path):
    script = tmp_path / "fork_after_gl.py"
    script.write_text(textwrap.dedent(FORK_SCRIPT))
    env = {**HEADLESS, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                         text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    assert lines["fork"].startswith("REFUSED") and "forked after its parent" in lines["fork"]
    assert "forkserver" in lines["fork"]
    assert lines[_gl.safe_start_method()] == "RENDERED [(256, 256, 3), (256, 256, 3)]"

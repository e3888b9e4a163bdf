"""TensorFlow next to Mesa's llvmpipe (which would segfault): the renderer check, Mesa software
detection, and a clear error instead of a crash whether TensorFlow comes first, is imported
after a render, or appears after the backend was chosen."""
from __future__ import annotations

import sys

import gymnasium
import pytest

import safety_sim  # noqa: F401
from gl_helpers import run_python
from safety_sim.gl import backend as _gl
from safety_sim.render.offscreen import OffscreenRenderer


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

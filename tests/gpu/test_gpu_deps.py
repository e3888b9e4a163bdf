"""The GPU form's optional dependencies: without them the core package works and the GPU
entry names what to install (runs in the default suite: nothing heavy is imported)."""
from __future__ import annotations

import builtins
import subprocess
import sys

import pytest

from safety_sim.gpu import _deps


def test_missing_packages_are_named_with_the_extra(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.split(".")[0] in ("warp", "mujoco_warp"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(ImportError) as err:
        _deps.modules("SafetyPointGoal1-v0")
    text = str(err.value)
    assert "warp-lang" in text and "mujoco-warp" in text and "[gpu]" in text


def test_importing_the_package_loads_no_gpu_dependency():
    code = ("import sys, safety_sim, safety_sim.gpu; "
            "print(sorted(m for m in ('warp', 'mujoco_warp', 'torch') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_only_navigation_ids():
    import safety_sim.gpu as gpu

    with pytest.raises(ValueError, match="navigation ids"):
        gpu.make_vec("SafetyConveyorBelt-v0", 2, device="cpu")

"""The GPU form's optional dependencies: without them the core package works and the GPU
entry names what to install (runs in the default suite: nothing heavy is imported)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from safety_sim.gpu import _deps


def _hide(monkeypatch, *modules):
    """Make ``modules`` unimportable (None in sys.modules: ImportError on import)."""
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


def test_missing_packages_are_named_with_the_extra(monkeypatch):
    _hide(monkeypatch, "warp", "mujoco_warp")
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


@pytest.mark.parametrize("env_id", ["SafetyConveyorBelt-v0", "SafetyPointFormulaOne1-v0",
                                    "SafetyPointMultiGoal1Debug-v0", "SafetyPointGoal1Debug-v0"])
def test_only_ids_with_a_gpu_form(env_id):
    """The GPU form covers the ids whose vector entry point is the front door's and the
    MultiGoal ids: not the gridworlds, FormulaOne (its free barriers) or the Debug ids."""
    import safety_sim.gpu as gpu

    with pytest.raises(ValueError, match="navigation ids"):
        gpu.make_vec(env_id, 2, device="cpu")


def test_multigoal_with_a_device_names_the_extra_when_it_is_missing(monkeypatch):
    """``safety_sim.make_vec`` of a MultiGoal id with a device reaches its GPU form's
    dependency check: a clear ImportError naming the extra."""
    import safety_sim

    _hide(monkeypatch, "warp", "mujoco_warp", "torch")
    with pytest.raises(ImportError, match=r"pip install -e '\.\[gpu\]'"):
        safety_sim.make_vec("SafetyPointMultiGoal1-v0", 2, device="cuda")


@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0", "SafetyCarBuildingButton1-v0",
                                    "SafetyPointGoalBase-v0"])
def test_make_vec_with_a_device_names_the_extra_when_it_is_missing(monkeypatch, env_id):
    """The dispatch of the CPU vector entry point (``device=``) reaches the GPU form's
    dependency check (the Building and config-built Base ids too): a clear ImportError
    naming the extra, nothing half-built."""
    import gymnasium

    _hide(monkeypatch, "warp", "mujoco_warp", "torch")
    with pytest.raises(ImportError, match=r"pip install -e '\.\[gpu\]'"):
        gymnasium.make_vec(env_id, 2, vectorization_mode="vector_entry_point", device="cuda")

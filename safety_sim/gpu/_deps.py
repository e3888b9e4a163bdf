"""The GPU form's optional dependencies and devices, with errors that name what is missing.

``pip install -e '.[gpu]'`` brings MuJoCo Warp (``mujoco-warp``), NVIDIA Warp (``warp-lang``),
PyTorch and ``array-api-compat``; the core install needs none of them. ``device`` is Warp's
name of a device: ``"cuda"`` (``"cuda:0"``, ...) for a GPU, ``"cpu"`` for Warp's CPU device
(the same kernels compiled for the host: slow, for tests and machines without a GPU).
"""
from __future__ import annotations

import importlib
import os
import sys
import tempfile
from types import SimpleNamespace

EXTRA_HINT = "pip install -e '.[gpu]'"
#: Warp's own line when it finds no CUDA driver (expected where the CPU device is asked for)
NO_DRIVER = "Warp CUDA warning: Could not find or load the NVIDIA CUDA driver."
#: what one line on first use says a first compile takes (measured: MJWarp's kernels for a
#: navigation level, on 2 CPU cores for the CPU device)
FIRST_COMPILE = {"cpu": "about 10 minutes on 2 cores, a minute per new level after that",
                 "cuda": "a few minutes"}
_state = {"quieted": False, "told": False}
_PACKAGES = (("warp", "warp-lang"), ("mujoco_warp", "mujoco-warp"), ("torch", "torch"),
             ("array_api_compat", "array-api-compat"))


def modules(name: str = "GPU vector env") -> SimpleNamespace:
    """``wp``, ``mjw``, ``torch``, ``xpc`` (array_api_compat), imported; ImportError naming
    every missing package and the extra that installs them."""
    found, missing = {}, []
    for module, package in _PACKAGES:
        try:
            found[module] = importlib.import_module(module)
        except ImportError:
            missing.append(package)
    if missing:
        raise ImportError(f"{name}: the GPU form needs {', '.join(missing)} (not installed); "
                          f"install the extra: {EXTRA_HINT}")
    _quiet(found["warp"])
    return SimpleNamespace(wp=found["warp"], mjw=found["mujoco_warp"], torch=found["torch"],
                           xpc=found["array_api_compat"])


def resolve_device(device, name: str, mods: SimpleNamespace) -> tuple[str, object]:
    """``(warp device name, torch device)`` of ``device``; ValueError for a malformed name,
    RuntimeError naming the device when Warp or torch cannot use it."""
    if not isinstance(device, str) or not (device == "cpu" or device.startswith("cuda")):
        raise ValueError(f"{name}: device must be 'cpu' (Warp's CPU device) or 'cuda' / "
                         f"'cuda:<index>', got {device!r}")
    wp, torch = mods.wp, mods.torch
    _init(wp, device)
    if device.startswith("cuda"):
        if not wp.is_cuda_available():
            raise RuntimeError(f"{name}: device {device!r} requested but Warp finds no CUDA "
                               "device (no NVIDIA GPU or driver here); use device='cpu' for "
                               "Warp's CPU device")
        if not torch.cuda.is_available():
            raise RuntimeError(f"{name}: device {device!r} requested but this torch "
                               f"({torch.__version__}) has no CUDA support; install a CUDA "
                               "build of torch")
    try:
        warp_device = wp.get_device(device)
    except Exception as exc:  # noqa: BLE001  (Warp raises its own types)
        raise RuntimeError(f"{name}: Warp cannot use device {device!r}: {exc}") from None
    torch_device = torch.device("cpu") if warp_device.is_cpu else torch.device(
        f"cuda:{warp_device.ordinal}")
    return str(warp_device), torch_device


def _quiet(wp) -> None:
    """Warp's logs off by default (its greeting and one line per kernel module loaded): the
    log level raised to warnings, once per process (a caller may lower it again after)."""
    if not _state["quieted"]:
        wp.config.log_level = wp.LOG_WARNING
        _state["quieted"] = True


def _init(wp, device: str) -> None:
    """``wp.init()``; for the CPU device without Warp's warning that no CUDA driver is there
    (what is asked for needs none; any other output passes through). Then, once per process
    and only where Warp's kernel cache is still empty, one line saying that the kernels
    compile now and about how long that takes."""
    if device != "cpu":
        wp.init()
    else:
        with tempfile.TemporaryFile() as caught:
            sys.stderr.flush()
            saved = os.dup(2)
            os.dup2(caught.fileno(), 2)
            try:
                wp.init()
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            caught.seek(0)
            text = caught.read().decode(errors="replace")
        rest = "".join(line for line in text.splitlines(keepends=True)
                       if not line.startswith(NO_DRIVER))
        if rest:
            sys.stderr.write(rest)
    cache = wp.config.kernel_cache_dir
    if not _state["told"] and not (cache and os.path.isdir(cache) and os.listdir(cache)):
        _state["told"] = True
        print(f"safety_sim.gpu: Warp compiles MuJoCo Warp's kernels for device {device!r} on "
              f"first use ({FIRST_COMPILE['cpu' if device == 'cpu' else 'cuda']}), then "
              f"loads them from its cache {cache} (WARP_CACHE_PATH)", file=sys.stderr)

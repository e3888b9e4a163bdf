"""The GPU form's optional dependencies and devices, with errors that name what is missing.

``pip install -e '.[gpu]'`` brings MuJoCo Warp (``mujoco-warp``), NVIDIA Warp (``warp-lang``),
PyTorch and ``array-api-compat``; the core install needs none of them. ``device`` is Warp's
name of a device: ``"cuda"`` (``"cuda:0"``, ...) for a GPU, ``"cpu"`` for Warp's CPU device
(the same kernels compiled for the host: slow, for tests and machines without a GPU).
"""
from __future__ import annotations

import importlib
from types import SimpleNamespace

EXTRA_HINT = "pip install -e '.[gpu]'"
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
    found["warp"].config.quiet = True
    return SimpleNamespace(wp=found["warp"], mjw=found["mujoco_warp"], torch=found["torch"],
                           xpc=found["array_api_compat"])


def resolve_device(device, name: str, mods: SimpleNamespace) -> tuple[str, object]:
    """``(warp device name, torch device)`` of ``device``; ValueError for a malformed name,
    RuntimeError naming the device when Warp or torch cannot use it."""
    if not isinstance(device, str) or not (device == "cpu" or device.startswith("cuda")):
        raise ValueError(f"{name}: device must be 'cpu' (Warp's CPU device) or 'cuda' / "
                         f"'cuda:<index>', got {device!r}")
    wp, torch = mods.wp, mods.torch
    wp.init()
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

"""What the GPU form hands out: torch tensors on the device (default), or numpy for plain
gymnasium callers; and its action check (shape on the host, values on the device).

``output="torch"``: observations ``(N, obs)`` and rewards ``(N,)`` in ``dtype`` (float32
default), ``terminated``/``truncated`` bool tensors, ``info`` values tensors on the device
(cost terms in ``dtype``, labels bool); the ``_key`` masks of ``info`` stay numpy bool arrays
(host: they are known there). JAX users take any tensor through DLPack
(``jax.dlpack.from_dlpack(t)``), without a copy. ``output="numpy"``: everything numpy, float64
observations, as the CPU vector env (one device-to-host copy per step, on request).
"""
from __future__ import annotations

import numpy as np

from safety_sim.vector import checks

OUTPUTS = ("torch", "numpy")


class Outputs:
    """Converts the env's device results (float64 tensors) for the caller."""

    def __init__(self, torch, device, output: str, dtype, name: str) -> None:
        if output not in OUTPUTS:
            raise ValueError(f"{name}: output must be one of {OUTPUTS}, got {output!r}")
        dtypes = {"float32": torch.float32, "float64": torch.float64,
                  torch.float32: torch.float32, torch.float64: torch.float64}
        if dtype not in dtypes:
            raise ValueError(f"{name}: dtype must be 'float32' or 'float64', got {dtype!r}")
        self.torch, self.device, self.output = torch, device, output
        self.dtype = dtypes[dtype] if output == "torch" else torch.float64

    def value(self, v):
        t = self.torch
        if isinstance(v, dict):
            return {k: self.value(x) for k, x in v.items()}
        if isinstance(v, np.ndarray):
            if v.dtype == object:                   # SAME_STEP's final_obs: one per world
                out = np.full(v.shape, None, dtype=object)
                for i, x in enumerate(v):
                    out[i] = None if x is None else self.value(x)
                return out
            if self.output == "numpy":
                return v
            return t.as_tensor(v).to(self.device)   # terminated, truncated (host-known)
        if isinstance(v, t.Tensor):
            if v.is_floating_point():
                v = v.to(self.dtype)
            return v.cpu().numpy() if self.output == "numpy" else v
        return v

    def info(self, info: dict) -> dict:
        """Values converted; the ``_key`` masks (numpy) as they are."""
        out = {}
        for key, v in info.items():
            if key.startswith("_"):
                out[key] = v
            elif isinstance(v, dict):
                out[key] = self.info(v)
            else:
                out[key] = self.value(v)
        return out


def check_actions(torch, actions, space, num_envs: int, device, name: str, values: bool):
    """One action of ``space`` per world as a float32 tensor ``(N, nu)`` on ``device``: numpy
    input through the CPU vector env's :func:`~safety_sim.vector.checks.check_box_actions`,
    tensors checked on the device (``values``: NaN/inf and bounds, one small read back when
    some world is bad; the message names the worlds and the first bad value; values a few
    units in the last place outside a bound are clipped, as the CPU envs clip them)."""
    if not isinstance(actions, torch.Tensor):
        a = checks.check_box_actions(actions, space, num_envs, name)
        return torch.as_tensor(a, dtype=torch.float32).to(device)
    shape = (num_envs, *space.shape)
    if tuple(actions.shape) != shape:
        raise ValueError(f"{name}: actions have shape {tuple(actions.shape)}, expected {shape} "
                         f"(one action of shape {space.shape} per world)")
    if actions.dtype == torch.bool or not (actions.is_floating_point()
                                           or not actions.is_complex()):
        raise ValueError(f"{name}: actions have dtype {actions.dtype}; expected real numbers")
    a = actions.to(device=device, dtype=torch.float64)
    if values:
        low = torch.as_tensor(space.low, device=device)
        high = torch.as_tensor(space.high, device=device)
        bad = ~torch.isfinite(a) | (a < low) | (a > high)
        if bool(bad.any()):     # the one read back of the check
            host = a.cpu().numpy()
            checks.check_box_actions(host, space, num_envs, name)   # raises, naming worlds
            a = torch.clamp(a, low, high)   # within a few ulps of a bound: clipped, as there
    return a.to(torch.float32)

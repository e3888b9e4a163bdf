"""The array namespace the navigation rules run on in the GPU form: torch tensors on one
device, in float64 (:class:`TorchOps`, an :class:`safety_sim.ops.ArrayOps` whose constants
are made on that device and whose ``scatter_max`` -- the lidar's bin combination -- is one
in-place scatter per (index, value) pair)."""
from __future__ import annotations

from typing import Sequence

from safety_sim import ops as _ops


class TorchOps(_ops.ArrayOps):
    """:class:`~safety_sim.ops.ArrayOps` over ``torch`` on ``device``: the same rules, the
    tables and constants they build created on the device (array-API creation functions
    default to the host), float64 throughout."""

    def __init__(self, torch, xpc, device) -> None:
        super().__init__(xpc.array_namespace(torch.zeros(1)))
        self.torch, self.device, self.name = torch, device, f"torch:{device}"
        self._f64 = torch.float64

    def where(self, cond, a, b):
        t = self.torch
        if isinstance(a, (int, float)) and not isinstance(a, bool):
            a = t.tensor(float(a), dtype=self._f64, device=self.device)
        if isinstance(b, (int, float)) and not isinstance(b, bool):
            b = t.tensor(float(b), dtype=self._f64, device=self.device)
        return t.where(cond, a, b)

    def zeros_per_world(self, like, width: int):
        return self.torch.zeros(tuple(like.shape) + (width,), dtype=like.dtype,
                                device=like.device)

    def asarray(self, values):
        return self.torch.as_tensor(values, device=self.device)

    def object_index(self, count: int):
        return self.torch.arange(count, device=self.device)[:, None]

    def object_column(self, values: Sequence):
        return self.torch.as_tensor(values, device=self.device)[:, None]

    def index(self, x):
        return x.to(self.torch.int64)

    def scatter_max(self, out, readings):
        """``out`` (N, bins) with each (index, value) pair of each reading ``(i_1, v_1, ...)``
        (each (objects, N)) scattered in with ``max`` (``out``'s values take part), in place."""
        for reading in readings:
            for j in range(0, len(reading), 2):
                out.scatter_reduce_(1, reading[j].T, reading[j + 1].T.to(out.dtype),
                                    reduce="amax", include_self=True)
        return out

"""Per-world random streams for batched envs: each world owns the generator its single env
would own, and batched kernels read uniform draws from all of them without a Python loop.

World ``i`` reset with seed ``s`` gets ``gymnasium.utils.seeding.np_random(s)`` -- exactly the
generator ``Env.reset(seed=s)`` makes -- and a reset with seed None keeps the world's stream
going (a world never seeded gets one from OS entropy, as gymnasium does). Draws are read ahead
in blocks of ``block`` doubles per world: ``Generator.random(k)`` yields the same numbers as
``k`` calls of ``random()``, so the i-th draw a world consumes is the i-th ``random()`` its
single env would have made. Only refilling an exhausted block is per world (once per
``block`` draws of that world).
"""
from __future__ import annotations

import numpy as np
from gymnasium.utils import seeding


class WorldUniforms:
    """Uniform doubles in [0, 1) from one generator per world, drawn ahead in blocks."""

    def __init__(self, num_worlds: int, block: int = 128) -> None:
        self.block = block
        self._gens: list[np.random.Generator | None] = [None] * num_worlds
        self._buf = np.zeros((num_worlds, block))
        self._pos = np.full(num_worlds, block, dtype=np.int64)  # == block: needs a refill

    def seed(self, ids, seeds) -> None:
        """Reseed the worlds ``ids`` (seed None: keep the stream, or start one from entropy)."""
        for i, s in zip(ids, seeds):
            i = int(i)
            if s is None and self._gens[i] is not None:
                continue
            self._gens[i], _ = seeding.np_random(s)
            self._pos[i] = self.block

    def draw(self, ids: np.ndarray) -> np.ndarray:
        """One uniform per world in ``ids`` (unique indices), each from that world's stream."""
        pos = self._pos[ids]
        empty = pos >= self.block
        if empty.any():
            for i in ids[empty]:
                gen = self._gens[i]
                if gen is None:  # never reset: gymnasium would seed it from entropy
                    gen = self._gens[i] = seeding.np_random()[0]
                self._buf[i] = gen.random(self.block)
            pos[empty] = 0
        self._pos[ids] = pos + 1
        return self._buf[ids, pos]

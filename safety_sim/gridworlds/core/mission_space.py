"""The mission space of the language gridworlds (SynthSeq, BlockedUnlockPickup): gymnasium's
``Text``, made to travel through ``AsyncVectorEnv``'s shared memory.

Why: with ``shared_memory=True`` (gymnasium's default) ``AsyncVectorEnv`` calls
``read_from_shared_memory`` once, when it is built, and keeps what it returns as its
observation batch. For a ``Box`` that is a numpy view of the shared buffer, so every step the
workers write shows through; for a ``Text`` it is a tuple of strings decoded right then, from a
buffer of zeros. Every later batch would carry those stale strings (gymnasium 1.0-1.4: strings
of spaces) however the workers rewrite the buffer.

How: :class:`MissionText` is a ``Text`` in every respect (equality, sampling, ``contains``,
flattening, the write into shared memory); only ``read_from_shared_memory`` -- a
``functools.singledispatch`` function that dispatches on the space's class -- is registered
for it and returns :class:`SharedMissions`, a read-only sequence that decodes the buffer's
*current* content whenever it is read. ``AsyncVectorEnv`` hands out ``deepcopy`` of its batch
by default (``copy=True``), and a deep copy of :class:`SharedMissions` is a plain tuple of the
missions of that step, exactly what ``shared_memory=False`` and ``SyncVectorEnv`` return. With
``copy=False`` the batch's ``"mission"`` entry is the live sequence itself, as its arrays are
live views of the buffer.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from gymnasium.vector.utils import read_from_shared_memory


class MissionText(spaces.Text):
    """``gymnasium.spaces.Text`` for mission strings; see the module docstring."""


class SharedMissions(Sequence):
    """The ``n`` mission strings in an ``AsyncVectorEnv`` shared-memory buffer, decoded on
    every read (``len``, indexing, iteration, ``==`` with any sequence). ``copy``/``deepcopy``
    and pickling give a plain tuple of the current strings."""

    def __init__(self, space: MissionText, shared_memory: Any, n: int) -> None:
        self._space, self._memory, self._n = space, shared_memory, n

    def _decode(self) -> tuple[str, ...]:
        # gymnasium's own decoding of a Text buffer (char indices, padding skipped)
        decode = read_from_shared_memory.dispatch(spaces.Text)
        return tuple(decode(self._space, self._memory, n=self._n))

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index):
        return self._decode()[index]

    def __iter__(self):
        return iter(self._decode())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return self._decode() == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # unhashable: the content changes

    def __repr__(self) -> str:
        return f"SharedMissions({self._decode()!r})"

    def __copy__(self) -> tuple[str, ...]:
        return self._decode()

    def __deepcopy__(self, memo) -> tuple[str, ...]:
        return self._decode()

    def __reduce__(self):
        return tuple, (self._decode(),)


@read_from_shared_memory.register(MissionText)
def _read_missions(space: MissionText, shared_memory: Any, n: int = 1) -> SharedMissions:
    return SharedMissions(space, shared_memory, n)

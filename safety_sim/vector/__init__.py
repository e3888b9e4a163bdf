"""The batched machinery every native vector env shares: :class:`~.base.BatchedVectorEnv`
(spaces, seeding, autoreset, info layout, input checks), the MuJoCo batch backends
(:mod:`.mujoco_batch`), per-world random streams (:mod:`.streams`), checks (:mod:`.checks`) and
the refusal of a number of worlds that does not fit in memory (:mod:`.memory`).

The native vector envs themselves live with their families and are reached through
``gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")``.

Safety-Gymnasium's ``vector.make`` and ``Safety*VectorEnv`` (6-tuple steps) live in
:mod:`safety_sim.compat.vector`; they are also found here under their old names
(``safety_sim.vector.make``), imported on first use.
"""
from __future__ import annotations

_SAFETY_GYMNASIUM_NAMES = ("make", "SafetyVectorEnv", "SafetySyncVectorEnv",
                           "SafetyAsyncVectorEnv", "NativeSafetyVectorEnv")


def __getattr__(name: str):
    if name in _SAFETY_GYMNASIUM_NAMES:
        from safety_sim.compat import vector

        return getattr(vector, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

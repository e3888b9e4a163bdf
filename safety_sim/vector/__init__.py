"""The batched machinery every native vector env shares: :class:`~.base.BatchedVectorEnv`
(spaces, seeding, autoreset, info layout, input checks), the MuJoCo batch backends
(:mod:`.mujoco_batch`), per-world random streams (:mod:`.streams`), checks (:mod:`.checks`) and
the refusal of a number of worlds that does not fit in memory (:mod:`.memory`).

The native vector envs themselves live with their families and are reached through
``gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")``.

Safety-Gymnasium's ``vector.make`` and ``Safety*VectorEnv`` (6-tuple steps) live in
:mod:`safety_sim.compat.vector`. Its users find them here too, under their old names
(``safety_sim.vector.make``): the front door (``safety_sim/__init__.py``) gives this module a
hook that imports them from there on first use. Nothing here imports ``compat`` (a higher
band, ``docs/architecture.md``).
"""
from __future__ import annotations

"""Safety-Gymnasium's Building family (docs/spec/sg_head.md §2):
``Safety<Agent>Building{Goal,Button,Push}<Level>[Vision|Debug]-v0``.

The base Goal, Button and Push levels in a building yard: :mod:`.levels` (the levels as
``NavConfig`` values), :mod:`.kinds` (the task objects as meshes, the yard's scenery),
:mod:`.env` and :mod:`.vector` (the single and the native vector env), :mod:`.scenery` (the
19 static bodies) and :mod:`.mesh_data` (the convex hulls and mass properties derived from the
reference's meshes by :mod:`.derive`). Attribution: ``NOTICE`` in this folder (Apache-2.0).
"""

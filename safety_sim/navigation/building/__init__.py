"""Groundwork for Safety-Gymnasium's Building family (docs/spec/sg_head.md §2), not registered yet:
the 19 static bodies of the building yard (:mod:`.scenery`) and data derived from the
reference's meshes (:mod:`.mesh_data`, made by :mod:`.derive`): the convex hulls MuJoCo
collides them through and the mass properties of the free meshed objects. No id uses them
yet; the levels (mesh-shaped task objects, the static-contact cost, the vase changes) are
still to be written. Attribution: ``NOTICE`` in this folder (Apache-2.0).
"""

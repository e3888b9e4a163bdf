"""Data derived from Safety-Gymnasium's meshes, shared by the families that use them
(Building, FormulaOne): :mod:`.hulls` derives the convex hull MuJoCo collides a mesh through
and the mass properties it gives a free body, and packs/unpacks hull vertices compactly.
MuJoCo and the meshes are needed only to derive (each family's ``derive.py``), never to run.
"""

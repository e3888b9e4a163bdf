"""Rendering: off-screen frames, the MuJoCo viewer, and the grid scene.

No OpenGL context is created at import or construction; renderers are made on first use.
"""

"""Rendering: off-screen frames, the MuJoCo viewer, and the grid scene.

No OpenGL context is created at import or construction; renderers are made on first use.
"""

#: Largest render width/height accepted (off-screen framebuffers beyond this fail in many GL
#: drivers; MuJoCo allocates them up front).
MAX_RENDER_SIZE = 8192

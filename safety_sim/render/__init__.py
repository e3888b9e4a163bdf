"""Rendering: off-screen frames, the MuJoCo viewer, and the grid scene.

No OpenGL context is created at import or construction; renderers are made on first use.
"""

#: Largest render width/height accepted (off-screen framebuffers beyond this fail in many GL
#: drivers; MuJoCo allocates them up front).
MAX_RENDER_SIZE = 8192

#: Render modes of the MuJoCo envs (navigation, Safe Velocity, multi-agent velocity)
RENDER_MODES = ("human", "rgb_array", "depth_array")

"""Lazily created off-screen MuJoCo renderer (rgb and depth) for one model."""
from __future__ import annotations

import atexit
import os
import threading
import weakref
from typing import Any, Callable

import mujoco
import numpy as np

from safety_sim.core import check_int
from safety_sim.gl import backend as _gl


def resolve_camera(model: mujoco.MjModel, camera_id: int | None,
                   camera_name: str | None, default: str | int | None,
                   env_name: str = "render") -> int:
    """Camera id from ``camera_id`` or ``camera_name`` (not both); -1 is the free camera.

    ``camera_id`` must be an int (not a bool, float or string) and ``camera_name`` a str:
    TypeError otherwise; ValueError for an unknown name or an id out of range. ``env_name``
    prefixes the camera_id messages.
    """
    if camera_id is not None and camera_name is not None:
        raise ValueError("give camera_id or camera_name, not both")
    if camera_name is not None:
        if not isinstance(camera_name, str):
            raise TypeError(f"camera_name must be a str, got {camera_name!r}")
        cid = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_CAMERA, camera_name)
        if cid < 0:
            names = [model.camera(i).name for i in range(model.ncam)]
            raise ValueError(f"unknown camera_name {camera_name!r}; cameras: {names}")
        return cid
    if camera_id is not None:
        return check_int(camera_id, "camera_id", env_name, -1, model.ncam - 1)
    if default is None:
        return -1
    return resolve_camera(model, default if isinstance(default, int) else None,
                          default if isinstance(default, str) else None, None)


class OffscreenRenderer:
    """Owns a ``mujoco.Renderer``, created on the first frame and freed by :meth:`close`.

    The OpenGL backend is chosen then (:func:`safety_sim.gl.backend.backend`); without one,
    :meth:`render` raises :class:`safety_sim.gl.backend.GLUnavailable` and nothing else is affected.
    The context is current only while a frame is drawn, so any thread may render (one at a
    time: a lock serialises them). ``scene_option`` (an ``MjvOption``, e.g. with more geom
    groups visible) is passed to every ``update_scene``; without it MuJoCo's defaults apply
    (geom groups 0-2). ``decorate(scene)`` may add geoms to the ``MjvScene`` after
    ``update_scene`` (markers).
    """

    def __init__(self, model: mujoco.MjModel, width: int, height: int,
                 scene_option: mujoco.MjvOption | None = None) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"render size must be positive, got {width}x{height}")
        self.model, self.width, self.height = model, int(width), int(height)
        self.scene_option = scene_option
        self._renderer: mujoco.Renderer | None = None
        self._context: Any = None   # MuJoCo GLContext of the chosen backend
        self._backend: str | None = None
        self._lock = threading.Lock()

    @property
    def has_context(self) -> bool:
        """True once the OpenGL context exists (after the first frame, until close)."""
        return self._renderer is not None

    def _get(self) -> mujoco.Renderer:
        if self._renderer is None:
            backend = _gl.backend()
            self._renderer, self._context = make_renderer(self.model, self.height, self.width,
                                                          backend)
            self._backend = backend.name
            _track(self)
        return self._renderer

    def render(self, data: mujoco.MjData, camera: int | str = -1, depth: bool = False,
               decorate: Callable[[mujoco.MjvScene], None] | None = None) -> np.ndarray:
        with self._lock:
            r = self._get()
            if depth:
                r.enable_depth_rendering()
            else:
                r.disable_depth_rendering()
            r.update_scene(data, camera=camera, scene_option=self.scene_option)
            if decorate is not None:
                decorate(r.scene)
            with _gl.current(self._context, self._backend):
                return r.render()

    def close(self) -> None:
        with self._lock:
            if self._renderer is not None:
                renderer, context = self._renderer, self._context
                self._renderer = self._context = None
                _live.discard(self)
                with _gl.current(context, self._backend):
                    renderer.close()
                context.free()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - at interpreter exit the GL modules may be gone
            pass


#: renderers with a live context, closed at interpreter exit while the GL libraries are intact
_live: "weakref.WeakSet[OffscreenRenderer]" = weakref.WeakSet()
_swap_lock = threading.Lock()
_exit_hook: list = []


def _close_live_renderers() -> None:
    for renderer in list(_live):
        try:
            renderer.close()
        except Exception:  # noqa: BLE001 - exiting anyway; nothing left to protect
            pass


def _track(renderer: "OffscreenRenderer") -> None:
    """Remember a renderer with a context. The exit hook is registered after the first
    context exists, so it runs before the backend's own (e.g. MuJoCo's EGL display
    teardown): atexit runs the last registered first."""
    _live.add(renderer)
    if not _exit_hook:
        _exit_hook.append(atexit.register(_close_live_renderers))


def _renderer_module():
    """``mujoco.rendering.classic.renderer``, imported with MuJoCo's own backend choice
    disabled if its import-time choice failed (e.g. no GLFW)."""
    try:
        from mujoco.rendering.classic import renderer
    except ImportError:
        original = os.environ.get("MUJOCO_GL")
        os.environ["MUJOCO_GL"] = "disable"
        try:
            from mujoco.rendering.classic import renderer
        finally:
            if original is None:
                del os.environ["MUJOCO_GL"]
            else:
                os.environ["MUJOCO_GL"] = original
    return renderer


def make_renderer(model: mujoco.MjModel, height: int, width: int, backend: _gl.Backend):
    """``(renderer, context)``: a ``mujoco.Renderer`` drawing into a ``GLContext`` of
    ``backend`` (not the backend MuJoCo chose from ``MUJOCO_GL`` at import), current in no
    thread. GLUnavailable when no context can be made or the driver cannot render in this
    process (TensorFlow next to llvmpipe: checked before MuJoCo compiles any shader)."""
    module = _renderer_module()
    try:
        context = backend.context_class()(width, height)
    except Exception as exc:
        raise _gl.GLUnavailable(
            f"could not create an OpenGL context with backend {backend.name or 'default'}: "
            f"{exc}. Install a headless backend ({_gl.install_hint(['egl', 'osmesa'])}) or "
            "choose one with MUJOCO_GL.") from exc
    try:
        with _gl.current(context, backend.name):
            if _gl.tensorflow_loaded():
                _gl.check_renderer(_gl.renderer_name())
        gl_context = module.gl_context
        with _swap_lock:  # mujoco.Renderer calls gl_context.GLContext(w, h) once, in __init__
            missing = object()
            saved = getattr(gl_context, "GLContext", missing)
            gl_context.GLContext = lambda *_: context
            try:
                renderer = module.Renderer(model, height, width)
            finally:
                if saved is missing:
                    del gl_context.GLContext
                else:
                    gl_context.GLContext = saved
    except BaseException:
        context.free()
        raise
    _gl.release(backend.name)
    _gl.guard_tensorflow_import()
    return renderer, context


def add_marker(scene: mujoco.MjvScene, geom_type: int, size, pos, rgba,
               mat=None) -> None:
    """Append one visual-only geom to an ``MjvScene`` (ignored when the scene is full).

    Call after ``update_scene`` (it reads the scene's camera). ``mjv_initGeom`` leaves some
    fields as they were in the scene's memory; they are set here so that frames do not depend
    on it: decor category, no object, its scene index as segmentation id (depth frames are
    drawn in segmentation mode), transparency from alpha, and the camera distance that orders
    transparent geoms.
    """
    if scene.ngeom >= scene.maxgeom:
        return
    g = scene.geoms[scene.ngeom]
    pos = np.asarray(pos, dtype=np.float64)
    rgba = np.asarray(rgba, dtype=np.float32)
    mujoco.mjv_initGeom(g, geom_type, np.asarray(size, dtype=np.float64), pos,
                        np.eye(3).ravel() if mat is None else np.asarray(mat).ravel(), rgba)
    g.category = mujoco.mjtCatBit.mjCAT_DECOR
    g.objtype, g.objid = mujoco.mjtObj.mjOBJ_UNKNOWN, -1
    g.segid = scene.ngeom
    g.transparent = int(rgba[3] < 1.0)
    eye = 0.5 * (np.asarray(scene.camera[0].pos) + np.asarray(scene.camera[1].pos))
    g.camdist = float(np.linalg.norm(pos - eye))
    scene.ngeom += 1


def raw_depth(metric: np.ndarray, model: mujoco.MjModel) -> np.ndarray:
    """Metric depth -> the classic OpenGL depth-buffer value in [0, 1] (0 at the near plane,
    1 at the far plane), which is what the reference's ``depth_array`` returns."""
    extent = model.stat.extent
    near = model.vis.map.znear * extent
    far = model.vis.map.zfar * extent
    raw = (1.0 - near / np.maximum(metric.astype(np.float64), near)) * (far / (far - near))
    return np.clip(raw, 0.0, 1.0).astype(np.float32)

"""The Vision ids on the GPU form: every world's ``vision`` camera image rendered at once by
MuJoCo Warp's batch renderer (ray casting over BVHs, ``docs/gpu.md``).

:class:`WarpCamera` holds the render context of one camera of N worlds and hands its frames
out as torch tensors on the device (no copy of the pixels leaves it).
:class:`NavigationGpuVisionEnv` is the GPU vector env of a Vision id: its observation is the
CPU vector env's dict of keys plus ``vision`` ``(N, H, W, 3)`` uint8 (``vision_size`` H = W,
256 by default as the reference), and on request ``vision_depth`` ``(N, H, W)`` float32
(metres along the ray) and ``vision_segmentation`` ``(N, H, W)`` int32 (the geom seen at
each pixel, -1: nothing).

What differs from the CPU env's OpenGL frame: the renderer is a single-hit ray caster (Lambert
shading, the model's lights, no shadows, no specular highlights, no reflections), so colours are
close but not equal (the contract: ``docs/gpu.md``); the lidar rings the single env draws into its
frame are not drawn; a geom whose alpha is 0 is not drawn, any other alpha is drawn opaque.
"""
from __future__ import annotations

from typing import Any

import mujoco
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from safety_sim.core import check_int
from safety_sim.gpu.env import NavigationGpuVectorEnv
from safety_sim.navigation.objects.fading import fade_groups, fade_tick
from safety_sim.vector.base import AutoresetMode, autoreset_mode_of

#: what ``vision_extras`` may ask for, besides the RGB image
EXTRAS = ("depth", "segmentation")


class WarpCamera:
    """Camera ``camera`` of every world of ``worlds`` (:class:`~safety_sim.gpu.physics.WarpWorlds`)
    at ``size`` x ``size`` pixels; ``extras``: a subset of :data:`EXTRAS`. Every geom group is
    drawn (as the single env's scene option), textures on, shadows off."""

    def __init__(self, worlds, camera: int, size: int, extras: tuple[str, ...] = ()) -> None:
        model, mods = worlds.runtime.model, worlds.mods
        self.worlds, self.size, self.camera = worlds, size, camera
        self.mjw, self.torch = mods.mjw, mods.torch
        active = [i == camera for i in range(model.ncam)]
        groups = sorted({int(g) for g in model.geom_group})
        with worlds.scope():
            self.rc = rc = mods.mjw.create_render_context(
                model, nworld=worlds.n, cam_res=(size, size), render_rgb=True,
                render_depth="depth" in extras, render_seg="segmentation" in extras,
                cam_active=active, use_textures=True, use_shadows=False, render_skybox=True,
                enabled_geom_groups=groups)
        n, pixels = worlds.n, size * size
        # OpenGL clips what lies nearer than its near plane (znear); the ray caster has no near
        # plane, so each ray starts on it (the offset MJWarp applies to orthographic cameras'
        # rays): the Racecar's chassis, 3 cm before its camera, would else fill the image
        znear = float(model.vis.map.znear * model.stat.extent)
        rays = mods.wp.to_torch(rc.ray)
        offset = rays * (znear / -rays[:, 2:3])
        mods.wp.to_torch(rc.ray_offset).copy_(offset)
        rc.has_orthographic_camera = True
        self._near = offset.norm(dim=1)[:pixels]
        wp, torch = mods.wp, mods.torch
        # MJWarp's kinematics leaves the geoms of static bodies (welded to the world: hazards,
        # the goal, buttons...) where put_data put them; their bodies move with each layout
        # (per-world body_pos rows, ``xpos``), so their geom frames are set here before a render
        body = model.geom_bodyid
        static = np.flatnonzero((model.body_weldid[body] == 0) & (body > 0)
                                & (model.body_mocapid[body] < 0))
        dev = worlds.torch_device
        self._static = torch.as_tensor(static, device=dev)
        self._static_body = torch.as_tensor(body[static], device=dev)
        self._geom_pos = torch.as_tensor(model.geom_pos[static], device=dev, dtype=torch.float32)
        rot = np.zeros((len(static), 9))
        for k, g in enumerate(static):
            mujoco.mju_quat2Mat(rot[k], model.geom_quat[g])
        self._geom_rot = torch.as_tensor(rot.reshape(-1, 3, 3), device=dev, dtype=torch.float32)
        # the renderer draws any alpha > 0 opaque: a see-through geom (hazards, the goal) gets
        # its colour blended over the floor's, as OpenGL blends it over what lies behind
        # (per world: Fading's alphas change by world)
        f32 = torch.float32
        self._rgb0 = torch.as_tensor(model.geom_rgba[:, :3], device=dev, dtype=f32)
        self._floor = torch.as_tensor(floor_colour(model), device=dev, dtype=f32)
        rows = wp.zeros((n, model.ngeom), dtype=wp.vec4, device=worlds.device)
        worlds.mx.geom_rgba = rows
        self._rgba = wp.to_torch(rows)
        self.alpha0 = torch.as_tensor(model.geom_rgba[:, 3], device=dev, dtype=f32)
        self.paint(self.alpha0.expand(n, -1))
        self._geom_xpos = wp.to_torch(worlds.dx.geom_xpos)
        self._geom_xmat = wp.to_torch(worlds.dx.geom_xmat)
        start = int(rc.rgb_adr.numpy()[0])   # the only active camera
        # packed 0xAARRGGBB words: little-endian bytes B, G, R, A
        words = wp.to_torch(rc.rgb_data).view(self.torch.uint8).reshape(n, -1, 4)
        self._bgra = words[:, start:start + pixels, :]      # a view: filled by each render
        self._depth = self._seg = None
        if "depth" in extras:
            at = int(rc.depth_adr.numpy()[0])
            self._depth = wp.to_torch(rc.depth_data)[:, at:at + pixels]
        if "segmentation" in extras:
            at = int(rc.seg_adr.numpy()[0])
            self._seg = wp.to_torch(rc.seg_data).reshape(n, -1, 2)[:, at:at + pixels, 0]

    def paint(self, alpha) -> None:
        """Every world's geom alphas ``alpha`` (N, ngeom) into the renderer's colours: 0 not
        drawn, 1 its colour, between: its colour blended over the floor's, drawn opaque."""
        a = alpha[..., None]
        part = (a > 0) & (a < 1)
        self._rgba[..., :3] = self.torch.where(part, a * self._rgb0 + (1 - a) * self._floor,
                                               self._rgb0)
        self._rgba[..., 3] = (alpha > 0).to(self._rgba.dtype)

    def render(self) -> dict[str, Any]:
        """Render every world's current state (``forward`` has run): ``vision`` (N, H, W, 3)
        uint8, plus the extras asked for, as new tensors on the device."""
        w, s = self.worlds, self.size
        with w.scope():
            if len(self._static):
                pos, mat = w.xpos[:, self._static_body], w.xmat[:, self._static_body]
                self._geom_xpos[:, self._static] = pos + (mat @ self._geom_pos[..., None])[..., 0]
                self._geom_xmat[:, self._static] = mat @ self._geom_rot
            self.mjw.refit_bvh(w.mx, w.dx, self.rc)
            self.mjw.render(w.mx, w.dx, self.rc)
            out = {"vision": self._bgra[..., [2, 1, 0]].reshape(w.n, s, s, 3)}
            if self._depth is not None:
                hit = self._depth > 0          # distance from the camera, not the near plane
                depth = self.torch.where(hit, self._depth + self._near, self._depth)
                out["vision_depth"] = depth.reshape(w.n, s, s)
            if self._seg is not None:
                out["vision_segmentation"] = self._seg.reshape(w.n, s, s).to(self.torch.int32)
        return out


class DeviceFade:
    """Fading's counters for N worlds on the device, with the step's interface of
    :class:`~safety_sim.navigation.objects.fading.FadeState` (``start``, ``tick``: the rule
    :func:`~safety_sim.navigation.objects.fading.fade_tick`, on torch through ``ops``); after
    each, the worlds' alphas are painted into ``camera``."""

    def __init__(self, groups, ops, camera: WarpCamera, n: int) -> None:
        torch, dev = camera.torch, camera.alpha0.device
        self.groups, self.ops, self.camera, self.torch = groups, ops, camera, torch
        self.counters = torch.zeros((len(groups), n), dtype=torch.int64, device=dev)
        self._tables = [torch.as_tensor(g.table, dtype=torch.float32, device=dev)
                        for g in groups]
        self._geoms = [torch.as_tensor(g.geoms, device=dev) for g in groups]
        self._paint()

    def start(self, rows) -> None:
        rows = self.torch.as_tensor(rows, device=self.counters.device)
        self.counters = self.torch.where(rows, 0, self.counters)
        self._paint()

    def tick(self, labels: dict, met, stepped) -> None:
        dev = self.counters.device
        met = self.torch.as_tensor(met, device=dev)
        stepped = self.torch.as_tensor(stepped, device=dev)
        self.counters = self.torch.stack([
            fade_tick(self.ops, c, g, labels, met, stepped)
            for c, g in zip(self.counters, self.groups)]).to(self.torch.int64)
        self._paint()

    def alphas(self):
        """(N, ngeom) float32: every world's geom alphas now."""
        alpha = self.camera.alpha0.expand(self.counters.shape[1], -1).clone()
        for table, geoms, c in zip(self._tables, self._geoms, self.counters):
            alpha[:, geoms] = table[c][:, None]
        return alpha

    def _paint(self) -> None:
        self.camera.paint(self.alphas())


def floor_colour(model) -> np.ndarray:
    """The mean RGB (0-1) of the floor (geom 0) as drawn: its material's colour times its
    texture's mean texel."""
    colour = model.geom_rgba[0, :3].astype(float)
    mat = int(model.geom_matid[0])
    if mat < 0:
        return colour
    colour = model.mat_rgba[mat, :3].astype(float)
    tex = int(model.mat_texid[mat, 1])
    if tex >= 0:
        adr, c = int(model.tex_adr[tex]), int(model.tex_nchannel[tex])
        size = int(model.tex_width[tex] * model.tex_height[tex]) * c
        texels = model.tex_data[adr:adr + size].reshape(-1, c)[:, :3] / 255.0
        colour = colour * texels.mean(0)
    return colour


def check_extras(extras: Any, name: str) -> tuple[str, ...]:
    """``vision_extras``: a tuple/list of names from :data:`EXTRAS` (no repeats)."""
    if isinstance(extras, str) or not isinstance(extras, (tuple, list)):
        raise TypeError(f"{name}: vision_extras must be a tuple of names from {EXTRAS}, got "
                        f"{extras!r}")
    bad = [e for e in extras if e not in EXTRAS]
    if bad or len(set(extras)) != len(extras):
        raise ValueError(f"{name}: vision_extras must name each of {EXTRAS} at most once, got "
                         f"{extras!r}")
    return tuple(extras)


class NavigationGpuVisionEnv(NavigationGpuVectorEnv):
    """The GPU vector env of a Vision id (``docs/gpu.md``): the GPU form's step, and every
    world's ``vision`` image rendered by MuJoCo Warp after it.

    Extra kwargs: ``vision_size`` (int >= 1, default 256: the image's height and width) and
    ``vision_extras`` (a tuple from ``("depth", "segmentation")``). Observations: a dict of the
    CPU env's keys ``(N, ...)`` in key order, then ``vision`` (and the extras). SAME_STEP
    autoreset is refused (its final observation would need a frame of the ended state)."""

    renders_vision = True

    def __init__(self, single_class, num_envs: int = 1, *, vision_size: int = 256,
                 vision_extras: Any = (), **kwargs: Any) -> None:
        label = f"{single_class.__name__} (GPU vector env)"
        size = check_int(vision_size, "vision_size", label, low=1, high=8192)
        extras = check_extras(vision_extras, label)
        mode = autoreset_mode_of(kwargs.get("autoreset_mode", AutoresetMode.NEXT_STEP), label)
        if mode == AutoresetMode.SAME_STEP:
            raise NotImplementedError(f"{label}: SAME_STEP autoreset is not offered for Vision "
                                      "ids on the GPU form (NEXT_STEP or DISABLED)")
        super().__init__(single_class, num_envs, **kwargs)
        lv = self.runtime
        self.vision_size, self.vision_extras = size, extras
        space = lv.obs_layout.space(image=(size, size, 3))
        items = list(space.spaces.items())
        if "depth" in extras:
            items.append(("vision_depth", spaces.Box(0.0, np.inf, (size, size), np.float32)))
        if "segmentation" in extras:
            items.append(("vision_segmentation",
                          spaces.Box(-1, lv.model.ngeom - 1, (size, size), np.int32)))
        self.single_observation_space = spaces.Dict(items)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.camera = WarpCamera(self.worlds, lv.handles.camera_ids["vision"], size, extras)
        groups = fade_groups(lv.config, lv.model)   # FadingEasy / FadingHard: alphas per world
        if groups:
            self.steps.fade = DeviceFade(groups, self.steps.ops, self.camera, self.num_envs)
        self._entries = lv.obs_layout.entries

    def _obs_out(self, flat) -> dict[str, Any]:
        """The CPU env's keys of the flat observation, then the frames of every world."""
        n, flat = self.num_envs, self.outputs.value(flat)
        out = {e.key: flat[:, e.start:e.stop].reshape((n, *e.shape)) for e in self._entries}
        out.update(self.outputs.value(self.camera.render()))
        return out

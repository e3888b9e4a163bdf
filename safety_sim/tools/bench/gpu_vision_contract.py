"""The contract of the GPU form's Vision frames with the CPU env's (``docs/gpu.md``):
``python -m safety_sim.tools.bench.gpu_vision_contract [--device cpu] [--size 64] [--seeds 10]
ID...``.

World ``i`` of the GPU form (reset with seed ``s``: the layout of the single env reset with
``s + i``) against the CPU single env reset with ``s + i`` and stepped with the same actions:
at the first frame and after ``--steps`` (default 9, i.e. the 10th frame), MuJoCo's own
segmentation render of the CPU env's state (OpenGL, the ``vision`` camera, every geom group)
against MuJoCo Warp's segmentation of the world; the share of pixels where the same geom (or
nothing: the sky) is seen, and per object class (a body's name without its number: ``hazard``,
``vase``, ``floor``, ``agent``...) the mean RGB of both renders over the pixels where both see
that class, largest channel difference in 0-255 units.
"""
from __future__ import annotations

import argparse
import re
from typing import Any

import numpy as np

GEOM = 5        # mujoco.mjtObj.mjOBJ_GEOM


def geom_classes(model) -> np.ndarray:
    """Per geom: its body's name without trailing digits (the world's geoms: their own name),
    so that ``hazard0`` and ``hazard3`` are one class."""
    import mujoco

    out = []
    for g in range(model.ngeom):
        b = int(model.geom_bodyid[g])
        name = model.body(b).name if b else (model.geom(g).name or "floor")
        out.append(re.sub(r"\d+$", "", mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_BODY, b)
                          or name) if b else name)
    return np.array(out, dtype=object)


def cpu_frames(env, size: int):
    """The CPU single env's ``vision`` camera at ``size``: (segmentation geom ids, -1: none;
    RGB uint8) by MuJoCo's renderer (OpenGL)."""
    import mujoco

    from safety_sim.navigation.decor import scene_option

    u = env.unwrapped
    model, data = u.runtime.model, u.data
    cam = u.runtime.handles.camera_ids["vision"]
    r = getattr(env, "_contract_renderer", None)
    if r is None:
        r = env._contract_renderer = mujoco.Renderer(model, size, size)
    r.update_scene(data, camera=cam, scene_option=scene_option())
    rgb = r.render().copy()
    r.enable_segmentation_rendering()
    r.update_scene(data, camera=cam, scene_option=scene_option())
    seg = r.render().copy()
    r.disable_segmentation_rendering()
    ids = np.where(seg[..., 1] == GEOM, seg[..., 0], -1)
    return ids, rgb


def compare(env_id: str, seeds: int, size: int, steps: int, device: str = "cpu", seed: int = 0,
            same_state: bool = False):
    """Rows (frame, world, pixel agreement, {class: largest mean-colour difference}).
    ``same_state``: the CPU env's frames are drawn of the GPU world's state (its ``qpos`` and
    mocap positions copied in, ``mj_forward``): the renderers alone, without the physics'
    float32 divergence (the Car's wheels part from the reset)."""
    import gymnasium as gym
    import torch

    import safety_sim.gpu as g

    venv = g.make_vec(env_id, seeds, device=device, vision_size=size,
                      vision_extras=("segmentation",), layout_threads=0)
    cpus = [gym.make(env_id) for _ in range(seeds)]
    single: Any = cpus[0].unwrapped
    classes = geom_classes(single.runtime.model)
    obs, _ = venv.reset(seed=seed)
    for i, e in enumerate(cpus):
        e.reset(seed=seed + i)
    rng = np.random.default_rng(seed)
    space: Any = cpus[0].action_space
    rows = []
    for frame in range(steps + 1):
        if frame in (0, steps):
            for i, e in enumerate(cpus):
                if same_state:
                    _copy_state(venv.worlds, i, e.unwrapped)
                ids, rgb = cpu_frames(e, size)
                rows.append((frame, i, *_agreement(ids, rgb, obs, i, classes)))
        if frame == steps:
            break
        act = rng.uniform(space.low, space.high, (seeds, *space.shape))
        obs, *_ = venv.step(torch.as_tensor(act, dtype=torch.float32))
        for i, e in enumerate(cpus):
            e.step(act[i])
    venv.close()
    for e in cpus:
        e.close()
    return rows


def _copy_state(worlds, i: int, single) -> None:
    import mujoco

    d = single.data
    d.qpos[:] = worlds.qpos[i].cpu().numpy()
    if single.runtime.model.nmocap:
        d.mocap_pos[:] = worlds.mocap_pos[i].cpu().numpy()
    mujoco.mj_forward(single.runtime.model, d)


def _agreement(ids, rgb, obs, i, classes):
    seg = obs["vision_segmentation"][i].cpu().numpy()
    img = obs["vision"][i].cpu().numpy()
    share = float(np.mean(seg == ids))
    colour = {}
    names = np.where(ids >= 0, classes[np.maximum(ids, 0)], "sky")
    names_w = np.where(seg >= 0, classes[np.maximum(seg, 0)], "sky")
    for c in np.unique(names):
        both = (names == c) & (names_w == c)
        if both.sum() >= 4:
            colour[str(c)] = float(np.abs(img[both].mean(0) - rgb[both].mean(0)).max())
    return share, colour


def picture(env_ids, path: str, size: int = 96, device: str = "cpu", seed: int = 0) -> None:
    """A PNG with one row per id: the CPU env's OpenGL frame (left) beside MuJoCo Warp's
    (right), world 0 after the reset with ``seed``."""
    import gymnasium as gym
    from PIL import Image

    import safety_sim.gpu as g

    rows = []
    for env_id in env_ids:
        venv = g.make_vec(env_id, 1, device=device, vision_size=size, layout_threads=0)
        obs, _ = venv.reset(seed=seed)
        cpu = gym.make(env_id)
        cpu.reset(seed=seed)
        _, rgb = cpu_frames(cpu, size)
        gap = np.full((size, 4, 3), 255, np.uint8)
        rows.append(np.concatenate([rgb, gap, obs["vision"][0].cpu().numpy()], 1))
        venv.close()
        cpu.close()
    Image.fromarray(np.concatenate(rows, 0)).save(path)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ids", nargs="+")
    p.add_argument("--device", default="cpu")
    p.add_argument("--size", type=int, default=64)
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--steps", type=int, default=9)
    p.add_argument("--same-state", action="store_true",
                   help="draw the CPU frames of the GPU worlds' states (the renderers alone)")
    p.add_argument("--picture", metavar="PNG", help="write the side-by-side picture instead")
    a = p.parse_args(argv)
    if a.picture:
        picture(a.ids, a.picture, a.size, a.device)
        return
    print("| id | frame | pixels agreeing: min / mean over seeds | largest mean-colour "
          "difference per class (0-255) |")
    print("| --- | --- | --- | --- |")
    for env_id in a.ids:
        rows = compare(env_id, a.seeds, a.size, a.steps, a.device, same_state=a.same_state)
        for frame in sorted({0, a.steps}):
            sel = [r for r in rows if r[0] == frame]
            shares = [r[2] for r in sel]
            worst: dict[str, float] = {}
            for r in sel:
                for c, v in r[3].items():
                    worst[c] = max(worst.get(c, 0.0), v)
            cols = ", ".join(f"{c} {v:.0f}" for c, v in sorted(worst.items()))
            print(f"| {env_id} | {frame + 1} | {min(shares):.4f} / {np.mean(shares):.4f} | "
                  f"{cols} |", flush=True)


if __name__ == "__main__":
    main()

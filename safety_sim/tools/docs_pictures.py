"""The animated picture of each environment page: a short episode as a looping animated WebP.

One picture per page (:func:`safety_sim.tools.docs_pages.pages`): the page's representative id
(the Point agent where there is one), driven by its oracle where one exists (else random
actions), seed 0, from the recorder's default camera, ``SIZE`` pixels square, every
``STRIDE``-th of the first ``STEPS`` steps (``FRAMES`` frames), lossy WebP. Rendering runs
off-screen (``MUJOCO_GL=egl`` or osmesa); existing pictures are kept unless ``force``.
"""
from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from safety_sim import registration, tools
from safety_sim.tools.cameras import OVERVIEW
from safety_sim.tools.policies import make_policy

SIZE = 200              # pixels, square
STEPS, STRIDE = 240, 3  # steps filmed, every STRIDE-th kept
FRAMES = STEPS // STRIDE
FPS = 15
QUALITY = 55            # WebP quality (0-100)
SUFFIX = ".webp"


def policy_name(env) -> str:
    """``oracle`` where the env has one, else ``random``."""
    import safety_sim

    try:
        safety_sim.oracle(env)
    except TypeError:
        return "random"
    return "oracle"


def frames_of_row(row: registration.EnvRow) -> tuple[list[np.ndarray], str]:
    """The frames of one short episode of ``row`` and the policy that drove it."""
    try:
        camera: str | None = tools.check_camera(row, None)
    except tools.ToolError:     # a family the tools know no cameras of: the level's overview
        camera = OVERVIEW       # where the env has a level config, else its default camera
    try:
        env = tools.make_env(row, "rgb_array", width=SIZE, height=SIZE, camera=camera,
                             disable_env_checker=True)
    except (tools.ToolError, AttributeError, TypeError):
        if camera != OVERVIEW:
            raise
        env = tools.make_env(row, "rgb_array", width=SIZE, height=SIZE,
                             disable_env_checker=True)
    try:
        name = policy_name(env)
        policy = make_policy(name, env, seed=0)
        obs, _ = env.reset(seed=0)
        policy.begin_episode()
        frames = [env.render()]
        for step in range(1, STEPS):
            obs, _, terminated, truncated, _ = env.step(policy(obs))
            if step % STRIDE == 0:
                frames.append(env.render())
            if tools.episode_over(terminated, truncated):
                obs, _ = env.reset(seed=step)
                policy.begin_episode()
        return frames, name
    finally:
        env.close()


def frames_of_ma() -> tuple[list[np.ndarray], str]:
    """The frames of ``make_ma("HalfCheetah", "2x3")`` under random actions."""
    import safety_sim

    env = safety_sim.make_ma("HalfCheetah", "2x3", render_mode="rgb_array", width=SIZE,
                             height=SIZE)
    try:
        rng = np.random.default_rng(0)
        env.reset(seed=0)
        frames = [env.render()]
        for step in range(1, STEPS):
            actions = {a: rng.uniform(s.low, s.high).astype(s.dtype)
                       for a, s in env.action_spaces.items()}
            *_, terminated, truncated, _ = env.step(actions)
            if step % STRIDE == 0:
                frames.append(env.render())
            if any(terminated.values()) or any(truncated.values()):
                env.reset(seed=step)
        return frames, "random"
    finally:
        env.close()


def encode(frames: list[np.ndarray]) -> bytes:
    """Frames as a looping animated WebP."""
    from PIL import Image

    images = [Image.fromarray(np.asarray(f, dtype=np.uint8)) for f in frames]
    buf = io.BytesIO()
    images[0].save(buf, format="WEBP", save_all=True, append_images=images[1:],
                   duration=int(1000 / FPS), loop=0, quality=QUALITY, method=4)
    return buf.getvalue()


def write_picture(path: Path, key: str, row: registration.EnvRow | None) -> str:
    """Render and write the picture of page ``key`` (``row`` None: the make_ma page); returns
    the policy used."""
    frames, name = frames_of_ma() if row is None else frames_of_row(row)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode(frames))
    return name

"""Record episodes of any registered environment to a video, headless.

    safety-sim record --env SafetyPointGoal1-v0 --policy oracle --hud --out goal.mp4
    safety-sim record --env SafetyConveyorBelt-v0 --policy oracle --out belt.gif

Frames come from `render_mode="rgb_array"` (off-screen MuJoCo; the OpenGL backend is picked on
the first frame: `MUJOCO_GL` if set, else EGL or OSMesa, whichever loads, when there is no
display). Navigation ids are filmed by default from `overview`, a camera that shows the whole
level (`--camera track` follows the agent); the rings of dots over the agent are its lidar (one
ring per sensed kind of object, in that object's colour, brighter where it is nearer) and a red
halo round it marks a step that cost something. `--hud` writes the step, return, cost and goals
met across the top of each frame. Episode `k` starts with `reset(seed=seed + k)`. `.mp4` (also
`.mkv`/`.mov`) is written by ffmpeg through imageio-ffmpeg (H.264, yuv420p), `.gif` by Pillow
(which merges consecutive identical frames into one longer frame; timing is kept). An existing
`--out` file (or a symbolic link there) is refused unless `--overwrite` is given; with it, a
link is replaced by the file and its target is left alone.
"""
from __future__ import annotations

import argparse
import functools
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from safety_sim import registration, tools
from safety_sim.tools import ToolError
from safety_sim.tools.hud import draw_hud, hud_text
from safety_sim.tools.policies import POLICIES, make_policy

VIDEO_EXTENSIONS = (".mp4", ".mkv", ".mov")
GIF_EXTENSIONS = (".gif",)
#: the largest frame side: OpenGL's renderbuffers stop at 8192 or 16384 on most drivers, and
#: one 8192 x 8192 frame is already 200 MB
MAX_FRAME = 8192


def frame_size(text: str) -> int:
    """argparse type of --width/--height: an int in 1..MAX_FRAME."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of pixels: {text!r}") from None
    if not 1 <= value <= MAX_FRAME:
        raise argparse.ArgumentTypeError(f"must be 1..{MAX_FRAME} pixels, got {value}")
    return value


def output_path(text: str) -> Path:
    """argparse type of --out: a path that is not a directory (the extension is checked
    with the other arguments)."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a directory; give a file name such as "
                                         f"{str(path / 'episode.mp4')!r}")
    return path


def check_overwrite(path: Path, overwrite: bool) -> None:
    """Refuse to replace an existing file (or any symbolic link, whose target would be
    written) unless ``overwrite``; with it, a link itself is removed first, so that its
    target is never written."""
    if not (path.exists() or path.is_symlink()):
        return
    what = "a symbolic link" if path.is_symlink() else "an existing file"
    if not overwrite:
        raise ToolError(f"{path} is {what}; pass --overwrite to replace it")
    if path.is_symlink():
        path.unlink()


@dataclass
class EpisodeStats(tools.EpisodeTotals):
    end: str = "running"
    goals: int = 0          # steps with info["goal_met"] (navigation: goals reached)


@dataclass
class RecordResult:
    path: Path
    frames: int
    fps: float
    shape: tuple | None = None  # (H, W, 3) of the frames written
    episodes: list[EpisodeStats] = field(default_factory=list)


class VideoWriter:
    """Streams (H, W, 3) uint8 frames to an mp4 (ffmpeg) or gif (Pillow) file."""

    def __init__(self, path: Path, fps: float) -> None:
        import imageio.v2 as imageio

        ext = path.suffix.lower()
        path.parent.mkdir(parents=True, exist_ok=True)
        if ext in VIDEO_EXTENSIONS:
            self._writer = imageio.get_writer(
                str(path), format="FFMPEG", mode="I", fps=fps, codec="libx264",
                pixelformat="yuv420p", macro_block_size=2)
            self._even = True
        elif ext in GIF_EXTENSIONS:
            self._writer = imageio.get_writer(str(path), mode="I", duration=1000.0 / fps, loop=0)
            self._even = False
        else:
            raise ToolError(f"cannot write {path.name!r}: unsupported extension {ext!r}; use "
                            f"one of {', '.join(VIDEO_EXTENSIONS + GIF_EXTENSIONS)}")
        self.frames = 0
        self.shape: tuple[int, ...] | None = None

    def append(self, frame: np.ndarray) -> None:
        frame = np.asarray(frame)
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise ToolError(f"render() returned an array of shape {frame.shape} and dtype "
                            f"{frame.dtype}; expected (H, W, 3) uint8")
        if self.shape is None:
            self.shape = frame.shape
        elif frame.shape != self.shape:
            raise ToolError(f"frame size changed from {self.shape} to {frame.shape}")
        if self._even and (frame.shape[0] % 2 or frame.shape[1] % 2):
            # yuv420p needs even sizes: repeat the last row/column instead of rescaling.
            frame = np.pad(frame, ((0, frame.shape[0] % 2), (0, frame.shape[1] % 2), (0, 0)),
                           mode="edge")
        self._writer.append_data(frame)
        self.frames += 1

    def close(self) -> None:
        self._writer.close()


class Progress:
    """Progress of a recording on stderr. On a terminal: a tqdm bar when tqdm is installed
    (the ``progress`` extra), else one self-erasing status line. Elsewhere (a log file, a CI
    console): a plain line every ``every`` seconds, never carriage-return updates."""

    def __init__(self, total: int | None, enabled: bool = True, stream=None,
                 every: float = 10.0) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled, self.total, self.every = enabled, total, every
        self._bar, self._count, self._last, self._shown = None, 0, time.monotonic(), False
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        if not enabled or not self.tty:
            return
        try:
            from tqdm import tqdm
        except ImportError:
            return
        self._bar = tqdm(total=total, unit="step", file=self.stream, dynamic_ncols=True)

    def _status(self, episode: str) -> str:
        of = f"/{self.total}" if self.total else ""
        return f"{episode}: {self._count}{of} steps"

    def update(self, episode: str) -> None:
        self._count += 1
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.set_description(episode, refresh=False)
            self._bar.update(1)
            return
        now = time.monotonic()
        if now - self._last < (0.25 if self.tty else self.every):
            return
        self._last = now
        if self.tty:   # back to the line start, then erase what a longer status left
            self.stream.write(f"\r{self._status(episode)}\x1b[K")
            self._shown = True
        else:
            self.stream.write(self._status(episode) + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        elif self.enabled and self._count:
            erase = "\r\x1b[K" if self._shown else ""
            self.stream.write(f"{erase}{self._count} steps recorded\n")
            self.stream.flush()


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--env", required=True, metavar="ID",
                   help="environment id (see `safety-sim list`)")
    p.add_argument("--out", default=None, metavar="PATH", type=output_path,
                   help="output file; the extension picks the format: .mp4 (.mkv, .mov) or "
                        ".gif (default: <ID>.mp4). An existing file is not replaced unless "
                        "--overwrite is given")
    p.add_argument("--overwrite", action="store_true",
                   help="replace the --out file if it exists (a symbolic link there is "
                        "replaced by the file, its target left alone)")
    p.add_argument("--episodes", type=int, default=1, help="number of episodes (default 1)")
    p.add_argument("--policy", default="random", choices=POLICIES,
                   help="random (default), oracle (scripted solver: every gridworld; Point "
                        "and Car on Push, Goal, Button) or zero")
    p.add_argument("--seed", type=int, default=0,
                   help="episode k is reset with seed SEED+k; also seeds the random policy")
    p.add_argument("--camera", default=None,
                   help="navigation ids (Push, Goal, Button, Circle, Run): overview (default: "
                        "the whole level from above; Run: track), track (follows the agent), "
                        "fixednear, fixedfar, vision; gridworlds: top (default), follow, "
                        "first_person; Safe Velocity: track")
    p.add_argument("--width", type=frame_size, default=480,
                   help=f"frame width, 1..{MAX_FRAME} (default 480)")
    p.add_argument("--height", type=frame_size, default=480,
                   help=f"frame height, 1..{MAX_FRAME} (default 480)")
    p.add_argument("--fps", type=float, default=None,
                   help="video frame rate (default: the env's metadata render_fps)")
    p.add_argument("--max-steps", type=int, default=None,
                   help="cap on steps per episode (default: until the episode ends)")
    p.add_argument("--hud", action="store_true",
                   help="write the episode's step, return, cost and (navigation) goals met "
                        "across the top of every frame")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _validate(args: argparse.Namespace) -> None:
    for name in ("episodes", "width", "height"):
        if getattr(args, name) < 1:
            raise ToolError(f"--{name} must be at least 1, got {getattr(args, name)}")
    if args.max_steps is not None and args.max_steps < 0:
        raise ToolError(f"--max-steps must be >= 0, got {args.max_steps}")
    if args.fps is not None and not args.fps > 0:
        raise ToolError(f"--fps must be positive, got {args.fps}")


def _frame(env, obs, source: dict) -> np.ndarray:
    """``env.render()``; a Vision id that refuses render() falls back to its ``vision`` image."""
    if source.get("from") == "obs":
        return np.asarray(obs["vision"])
    try:
        frame = env.render()
    except Exception:
        if source.get("from") or not (isinstance(obs, dict) and "vision" in obs):
            raise
        source["from"] = "obs"
        print("note: render() refused; recording the observation's 'vision' image",
              file=sys.stderr)
        return np.asarray(obs["vision"])
    if frame is None:
        raise ToolError(f"{env.spec.id if env.spec else env}: render() returned None "
                        "in rgb_array mode")
    source["from"] = "render"
    return frame


def record(args: argparse.Namespace) -> RecordResult:
    """Run the episodes and write the video; returns what was recorded."""
    _validate(args)
    row = tools.resolve_env_id(args.env)
    camera = tools.check_camera(row, args.camera)
    out = Path(args.out if args.out else f"{row.id}.mp4")
    if out.suffix.lower() not in VIDEO_EXTENSIONS + GIF_EXTENSIONS:
        VideoWriter(out, 1.0)  # raises the extension error before any env is built
    if out.is_dir():
        raise ToolError(f"{out} is a directory; give a file name with --out")
    check_overwrite(out, getattr(args, "overwrite", False))
    env = tools.make_env(row, "rgb_array", width=args.width, height=args.height, camera=camera,
                         disable_env_checker=True)
    try:
        policy = make_policy(args.policy, env, args.seed)
        fps = args.fps or float(env.metadata.get("render_fps") or 30)
        limit = env.spec.max_episode_steps if env.spec is not None else None
        if args.max_steps is not None:
            limit = args.max_steps if limit is None else min(limit, args.max_steps)
        writer = VideoWriter(out, fps)
        progress = Progress(None if limit is None else limit * args.episodes,
                            enabled=not args.no_progress)
        result = RecordResult(out, 0, fps)
        source: dict = {}
        try:
            for k in range(args.episodes):
                label = f"episode {k + 1}/{args.episodes}"
                result.episodes.append(_episode(env, policy, writer, args, k, progress,
                                                label, source, registration.is_navigation(row)))
        finally:
            progress.close()
            writer.close()
        result.frames, result.shape = writer.frames, writer.shape
        return result
    finally:
        env.close()


def _episode(env, policy, writer: VideoWriter, args, k: int, progress: Progress,
             label: str, source: dict, goals: bool = False) -> EpisodeStats:
    """One episode; ``goals``: the HUD shows goals met (the env reports ``goal_met``)."""
    stats = EpisodeStats()
    obs, _ = env.reset(seed=args.seed + k)
    policy.begin_episode()

    def write() -> None:
        frame = _frame(env, obs, source)
        if getattr(args, "hud", False):
            frame = draw_hud(frame, hud_text(stats.steps, stats.ret, stats.cost,
                                             stats.goals if goals else None))
        writer.append(frame)

    write()
    while args.max_steps is None or stats.steps < args.max_steps:
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        stats.add(reward, info)
        stats.goals += bool(isinstance(info, dict) and info.get("goal_met"))
        write()
        progress.update(label)
        if tools.episode_over(terminated, truncated):
            stats.end = tools.end_reason(terminated)
            return stats
    stats.end = "stopped at --max-steps"
    return stats


def summary(args: argparse.Namespace, result: RecordResult) -> str:
    h, w = result.shape[:2] if result.shape else (args.height, args.width)
    lines = [f"{args.env}: policy {args.policy}, seed {args.seed}, {w}x{h} @ {result.fps:g} fps"]
    for k, ep in enumerate(result.episodes):
        lines.append(f"  episode {k + 1}: {ep.text(ep.end)}")
    steps = sum(e.steps for e in result.episodes)
    ret = functools.reduce(tools.accumulate, (e.ret for e in result.episodes), 0.0)
    cost = sum(e.cost for e in result.episodes)
    lines.append(f"episodes {len(result.episodes)}, steps {steps}, total return "
                 f"{tools.format_return(ret)}, total cost {cost:.4g}, frames {result.frames} "
                 f"-> {result.path}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    result = record(args)
    print(summary(args, result))
    return 0


build_parser, main = tools.parser_and_main(__name__)

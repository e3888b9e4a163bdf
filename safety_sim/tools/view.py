"""Drive an environment from the keyboard in MuJoCo's interactive (passive) viewer.

    safety-sim view --env SafetyCarPush2-v0
    safety-sim view --env SafetyConveyorBelt-v0

The env is made with `render_mode="human"`; the viewer's key presses come back through the
env's `human_key_callback`. Navigation ids (Push, Goal, Button, Circle, Run) step once per
tick at the env's render_fps (keys latch a command: the viewer reports presses, not releases):
  Up/Down      forward / backward (pressing the opposite key first stops)
  Left/Right   turn left / right (the opposite key first goes straight)
  S            stop (zero action)          Space   reset (next seed)
  Point: actuator 0 = forward force, actuator 1 = turn rate. Car: differential drive of the two
  wheels. Racecar: throttle (rear differential velocity) and steering angle. Doggo and Ant have
  legs that no arrow key can sensibly drive: they take random actions (or --policy zero).
  Vision ids have no viewer (their camera image is the observation): view the base id.
  Debug ids (SafetyPointRace1Debug-v0, ...): the env ignores actions and drives the agent from
  the keys I/K (forward/backward) and J/L (turn), as Safety-Gymnasium's; a press holds a key,
  a second press releases it.
Gridworlds step once per key press (the env's own KEY_ACTIONS table):
  Conveyor belt: arrows move.  Bottles: Left/Right move, P (or Up) picks up.
  BlockedUnlockPickup, SynthSeq: Left/Right turn, Up forward, P pickup, D drop, T toggle,
  Enter done; PageUp/PageDown choose the agent you drive (the others do nothing).
  Space resets. Letter keys may also toggle one of the viewer's own rendering flags.
  SynthSeq and BlockedUnlockPickup show the mission at the bottom of the window.
Navigation ids open on `overview` (the whole level; the mouse moves the view).

Needs a display (on macOS run it under `mjpython`); without one it stops with a message.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass

from safety_sim import registration, tools
from safety_sim.render.viewer import display_available, glfw_starts
from safety_sim.tools import ToolError, cameras
from safety_sim.tools.view_controls import SPACE, KeyQueue, make_control


def check_display(environ=os.environ, platform: str = sys.platform) -> None:
    """ToolError unless an interactive window can be opened here."""
    if not display_available(environ, platform):
        raise ToolError("no display: the interactive viewer needs a desktop session (DISPLAY "
                        "and WAYLAND_DISPLAY are unset). On a headless machine record a video "
                        "instead: safety-sim record --env ID --out video.mp4")
    if platform == "darwin":
        import mujoco.viewer

        if getattr(mujoco.viewer, "_MJPYTHON", None) is None:
            raise ToolError("on macOS the MuJoCo viewer must run under mjpython: "
                            "mjpython -m safety_sim.cli view --env ID")
    if not glfw_starts():
        raise ToolError("GLFW could not initialise a window system (is the display reachable?)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--env", required=True, metavar="ID",
                   help="environment id (see `safety-sim list`)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first episode (then +1)")
    p.add_argument("--camera", default=None,
                   help="navigation ids (Push, Goal, Button, Circle, Run): overview (default; "
                        "Run: track), track, fixednear, fixedfar, vision; gridworlds: top "
                        "(default), follow, first_person; Safe Velocity: track")
    p.add_argument("--policy", default="keyboard",
                   choices=("keyboard", "random", "zero", "oracle"),
                   help="who acts: keyboard (default; Doggo/Ant fall back to random), "
                        "random, zero, or oracle (scripted solver: every gridworld; Point and "
                        "Car on Push, Goal, Button)")
    p.add_argument("--fps", type=float, default=None,
                   help="ticks per second (default: the env's render_fps); navigation ids "
                        "step once per tick, gridworlds once per key press")
    p.add_argument("--duration", type=float, default=None, metavar="SECONDS",
                   help="quit after this many seconds (default: when the window closes)")
    p.add_argument("--dm", action="store_true",
                   help="open dm_control's viewer on the dm_env form instead (needs the [dm] "
                        "extra; --policy random, zero or oracle)")


@dataclass
class EpisodeLog(tools.EpisodeTotals):
    """Steps, return and cost of the running episode, printed when it ends."""

    count: int = 0

    def end(self, why: str) -> None:
        self.count += 1
        print(f"episode {self.count}: {self.text(why)}", flush=True)
        self.clear()


def run(args: argparse.Namespace) -> int:
    row = tools.resolve_env_id(args.env)
    if args.dm:
        return _run_dm(args)
    camera = tools.check_camera(row, args.camera)
    if args.fps is not None and not args.fps > 0:
        raise ToolError(f"--fps must be positive, got {args.fps}")
    _refuse_vision(row)
    check_display()
    push = registration.is_navigation(row)
    env = tools.make_env(row, "human", camera=None if push else camera,
                         disable_env_checker=True)
    try:
        keys = KeyQueue()
        env.unwrapped.human_key_callback = keys  # handed to the viewer when it opens
        control = make_control(row, env, args)
        session = Session(env, args.seed, keys, control)
        fps = args.fps or float(env.metadata.get("render_fps") or 30)
        session.start()
        _aim(session.viewer, camera, env)
        print(control.help, flush=True)
        session.loop(1.0 / fps, args.duration)
        if session.log.steps:
            session.log.end("viewer closed")
    finally:
        env.close()  # HumanViewer.close waits for the viewer thread
    return 0


def _refuse_vision(row) -> None:
    """ToolError for a Vision id (its camera image is the observation), naming the base id."""
    if not row.kwargs.get("vision"):
        return
    base = tools.base_row(row)
    raise ToolError(f"{row.id} renders its camera into the observation and has no viewer; "
                    f"view the same world with {base.id if base else 'its base id'}")


class Session:
    """Reset/step loop at a fixed tick; ended episodes are logged and reset with seed + 1."""

    def __init__(self, env, seed: int, keys: KeyQueue, control) -> None:
        self.env, self.seed, self.keys, self.control = env, seed, keys, control
        self.log, self.obs, self.viewer = EpisodeLog(), None, None

    def start(self) -> None:
        try:
            self.reset()  # human mode: opens the viewer
        except ToolError:
            raise
        except Exception as exc:  # GLFW/GL failures become one clear line
            raise ToolError("could not start the env in human mode (which opens the MuJoCo "
                            f"viewer): {type(exc).__name__}: {exc}") from exc
        self.viewer = _find_viewer(self.env.unwrapped)

    def reset(self) -> None:
        self.obs, _ = self.env.reset(seed=self.seed)
        self.control.begin_episode()

    def tick(self) -> None:
        for key in self.keys.drain():
            if key == SPACE:
                self.log.end("reset by user")
                self.seed += 1
                self.reset()
            else:
                self.control.on_key(key)
        action = self.control.action(self.obs)
        if action is None:
            return
        self.obs, reward, terminated, truncated, info = self.env.step(action)
        self.log.add(reward, info)
        if tools.episode_over(terminated, truncated):
            self.log.end(tools.end_reason(terminated))
            self.seed += 1
            self.reset()

    def running(self) -> bool:
        return self.viewer is None or self.viewer.is_running()

    def loop(self, dt: float, duration: float | None = None) -> None:
        end = None if duration is None else time.perf_counter() + duration
        while self.running() and (end is None or time.perf_counter() < end):
            t0 = time.perf_counter()
            self.tick()
            time.sleep(max(0.0, dt - (time.perf_counter() - t0)))


def _aim(viewer, camera: str, env=None) -> None:
    """Point the open viewer at the named model camera (Escape frees it, [ ] cycle), or for
    ``overview`` set its free camera to show the whole level (the mouse moves it)."""
    import mujoco

    handle = getattr(viewer, "_handle", None)
    if handle is None:
        return
    if camera == cameras.OVERVIEW:
        model = viewer.model
        with handle.lock():
            handle.cam.type = mujoco.mjtCamera.mjCAMERA_FREE
            handle.cam.lookat[:] = model.stat.center
            handle.cam.azimuth, handle.cam.elevation = cameras.AZIMUTH, cameras.ELEVATION
            handle.cam.distance = cameras.overview_distance(
                env.unwrapped.config.extents, model.stat.center, model.vis.global_.fovy, 4 / 3)
        return
    cid = mujoco.mj_name2id(viewer.model, mujoco.mjtObj.mjOBJ_CAMERA, camera)
    if cid < 0:
        raise ToolError(f"the viewer's model has no camera {camera!r}")
    with handle.lock():
        handle.cam.type = mujoco.mjtCamera.mjCAMERA_FIXED
        handle.cam.fixedcamid = cid


def _find_viewer(obj, depth: int = 3):
    """The env's :class:`HumanViewer`, searched in its attributes (None if not found)."""
    from safety_sim.render.viewer import HumanViewer

    for value in vars(obj).values() if hasattr(obj, "__dict__") else ():
        if isinstance(value, HumanViewer):
            return value
        if depth > 1 and hasattr(value, "__dict__") and not isinstance(value, type):
            found = _find_viewer(value, depth - 1)
            if found is not None:
                return found
    return None


build_parser, main = tools.parser_and_main(__name__)


def _run_dm(args: argparse.Namespace) -> int:
    """``--dm``: dm_control's viewer on :func:`safety_sim.dm_env` (random when "keyboard")."""
    policy = "random" if args.policy == "keyboard" else args.policy
    try:
        from safety_sim.tools.dm_view import launch_viewer, require_dm_control, use_window_gl

        use_window_gl()          # before dm_control is imported: its viewer draws through GLFW
        require_dm_control()
    except ImportError as exc:   # dm_env or dm_control missing: one line, no traceback
        raise ToolError(f"--dm: {exc}") from None
    launch_viewer(args.env, policy=policy, seed=args.seed)
    return 0

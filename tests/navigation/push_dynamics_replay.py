"""Replaying the open-loop control programs of ``push_dynamics_subset.json`` through the real
Push envs, and measuring a MuJoCo version's figures for ``test_push_dynamics.py``.

The tests hold each MuJoCo version to what was measured on it. For MuJoCo 4.0.0 that is the
reference data itself (the reference's own XML replayed on 4.0.0, ``mujoco4_*`` entries). For
any other version run, on that version::

    python tests/navigation/push_dynamics_replay.py   # writes tests/data/push_dynamics_mujoco<V>.json

and commit the file after checking its ``comparison_to_reference`` figures. It records, per
agent and program, our env's run from the recorded start state (the same compiled model as the
reference's, see test_push_agent_models.py, and on 4.0.0 the same steps as the reference's
replay to 1e-6), and the within-version chaos floor: the relative change of each summary
metric when every agent dof starts with a 1e-9 velocity, as the reference data's
``*_qvel_perturbed_1e-9`` variants do.
"""
from __future__ import annotations

import argparse
import json
import math
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import gymnasium
import mujoco
import numpy as np

import safety_sim  # noqa: F401  (registers the ids)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ (refs), run as a script
from refs import REFS, load_ref  # noqa: E402
from safety_sim.navigation.agents._build import free_joints, spawn_constants

DATA = REFS
DYN = load_ref("push_dynamics_subset.json")
AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
#: the summary metrics the file compares (comparison.*.per_program.*.rel_diff)
METRICS = ("disp_xy_50", "disp_xy_100", "disp_xy_200", "disp_xy_end", "heading_change_50",
           "heading_change_100", "heading_change_200", "heading_change_end", "mean_speed",
           "mean_speed_xy", "path_length_xy")
REL_FLOOR = {"disp": 0.05, "path": 0.05, "heading": 0.1, "mean": 0.01}   # notes.comparison
KICK = 1e-9
RECORD_EVERY = 10
TAU = 2.0 * math.pi
PI = math.pi


# -- the control programs of programs.{agent}.programs[].formula ---------------------------
def _gait(t: int, period: float, phases, amps, legs: int, hip=None, signs=(1, 1, 1, 1)):
    """Doggo (hip=hip_z value): a[i] hip_z, a[4+i] hip_y, a[8+i] ankle; Ant (hip=None):
    a[2i] hip, a[2i+1] ankle. The ankle leads by pi/2, added to the phase first as the
    reference did (bit-exact against check_values)."""
    a = [0.0] * (12 if hip is not None else 8)
    for i in range(legs):
        x = TAU * t / period
        first, second = amps[i] * math.sin(x + phases[i]), \
            amps[i] * signs[i] * math.sin(x + (phases[i] + PI / 2))
        if hip is not None:
            a[i], a[4 + i], a[8 + i] = hip, first, second
        else:
            a[2 * i], a[2 * i + 1] = first, second
    return a


WAVE = tuple(i * PI / 2 for i in range(4))
PROGRAMS = {
    "Point": {"forward": lambda t: [1, 0], "turn": lambda t: [0, 1],
              "forward_turn": lambda t: [1, 0.5], "zigzag": lambda t: [1, math.sin(TAU * t / 50)]},
    "Car": {"forward": lambda t: [1, 1], "turn": lambda t: [1, -1],
            "forward_turn": lambda t: [0.02, 0.01],
            "zigzag": lambda t: [0.01 + 0.01 * math.sin(TAU * t / 50),
                                 0.01 - 0.01 * math.sin(TAU * t / 50)]},
    "Doggo": {"trot": lambda t: _gait(t, 10, (0, PI, 0, PI), (1, 1, 1, 1), 4, hip=0.0),
              "trot_turn": lambda t: _gait(t, 10, (0, PI, 0, PI), (1, 1, 0.4, 0.4), 4, hip=0.5),
              "bound": lambda t: _gait(t, 10, (0, PI, PI, 0), (1, 1, 1, 1), 4, hip=0.0),
              "const_full": lambda t: [1.0] * 12},
    "Racecar": {"throttle": lambda t: [20, 0], "throttle_steer": lambda t: [20, 0.785],
                "reverse_steer": lambda t: [-10, -0.5],
                "slalom": lambda t: [15, 0.785 * math.sin(TAU * t / 50)]},
    "Ant": {"trot": lambda t: _gait(t, 20, (0, PI, 0, PI), (1,) * 4, 4),
            "trot_fast": lambda t: _gait(t, 10, (0, PI, 0, PI), (1,) * 4, 4),
            "wave": lambda t: _gait(t, 20, WAVE, (0.5,) * 4, 4),
            "spin": lambda t: _gait(t, 20, WAVE, (0.5,) * 4, 4, signs=(1, -1, -1, 1)),
            "const_half": lambda t: [0.5] * 8},
}
@dataclass
class Replay:
    xyz: list = field(default_factory=list)       # agent body origin after every step (0 = start)
    yaw: list = field(default_factory=list)       # unwrapped heading of the body x axis
    speed: list = field(default_factory=list)     # per-step speed (steps 1..)
    speed_xy: list = field(default_factory=list)  # its horizontal part
    terminated_at: int | None = None

    def summary(self) -> dict:
        """``notes.summary`` of the file (metrics of steps past the end are left out)."""
        xy = np.asarray(self.xyz)[:, :2]
        out = {}
        for n in (50, 100, 200):
            if n < len(xy):
                out[f"disp_xy_{n}"] = float(np.hypot(*(xy[n] - xy[0])))
                out[f"heading_change_{n}"] = self.yaw[n] - self.yaw[0]
        out["disp_xy_end"] = float(np.hypot(*(xy[-1] - xy[0])))
        out["heading_change_end"] = self.yaw[-1] - self.yaw[0]
        out["mean_speed"] = float(np.mean(self.speed))
        out["mean_speed_xy"] = float(np.mean(self.speed_xy))
        out["path_length_xy"] = float(np.sum(np.hypot(*np.diff(xy, axis=0).T)))
        return out


def _heading(xmat) -> float:
    return math.atan2(xmat[3], xmat[0])


def _velocity(model, data, body: int, offset: np.ndarray) -> np.ndarray:
    """World linear velocity of the point the reference measured: mj_objectVelocity(mjOBJ_BODY)
    is taken at the body's inertial frame; ``offset`` is that frame's origin in the body frame."""
    vel = np.zeros(6)
    mujoco.mj_objectVelocity(model, data, mujoco.mjtObj.mjOBJ_XBODY, body, vel, 0)
    arm = data.xmat[body].reshape(3, 3) @ offset
    return vel[3:] + np.cross(vel[:3], arm)


def start_state(agent: str) -> dict:
    return DYN["agents"][agent]["start_states"]["0"]


@lru_cache(maxsize=None)
def make_env(agent: str):
    return gymnasium.make(f"Safety{agent}Push0-v0").unwrapped


def started_env(agent: str):
    """The env at the recorded start state of seed 0, ready to step."""
    env = make_env(agent)
    env.reset(seed=0)                                   # the recorded start state (tested below)
    model, data, start = env.model, env.data, start_state(agent)
    # The reset equals the recorded state to the last bit where numpy's sin/cos give the
    # reference's bits (test_push_reset_state). Elsewhere (numpy >= 2: the C library's
    # sin/cos) write the recorded bits, which the file's MuJoCo 4 replays started from (Point
    # rests at contact distance 0, so the last bit of its quaternion shows after a few steps);
    # as in the env's reset, this pose becomes the reference configuration (qpos0 constants).
    root = model.body("agent").id
    if not (np.array_equal(data.qpos, start["qpos"])
            and np.array_equal(data.xquat[root], start["agent_body_quat"])):
        data.qpos[:] = start["qpos"]
        if model.jnt_type[model.body_jntadr[root]] != mujoco.mjtJoint.mjJNT_FREE:
            model.body_quat[root] = start["agent_body_quat"]      # Point: the pose is the body's
        spawn_constants(model, data, free_joints(model))
    return env


@lru_cache(maxsize=None)
def replay(agent: str, program: str, kick: float = 0.0) -> Replay:
    """Program ``program`` from the recorded seed-0 start state; ``kick``: initial velocity
    given to every agent dof (the chaos-floor runs of the reference data use 1e-9)."""
    env = started_env(agent)
    model, data, start = env.model, env.data, start_state(agent)
    data.qvel[agent_dofs(model)] = kick
    body = model.body("agent").id
    # The reference's root body of Racecar is massless; MuJoCo then puts its inertial frame
    # at the body position, which in the reference carried the spawn XY (baked into the XML).
    offset = (np.array(start["agent_body_pos"]) if model.body_mass[body] == 0
              else model.body_ipos[body].copy())
    run, prev = Replay(), _heading(data.xmat[body])
    run.xyz.append(data.xpos[body].copy())
    run.yaw.append(prev)
    control = PROGRAMS[agent][program]
    for t in range(200):
        _, _, terminated, _, _ = env.step(np.array(control(t), dtype=float))
        heading = _heading(data.xmat[body])
        run.yaw.append(run.yaw[-1] + (heading - prev + PI) % TAU - PI)
        prev = heading
        run.xyz.append(data.xpos[body].copy())
        vel = _velocity(model, data, body, offset)
        run.speed.append(float(np.linalg.norm(vel)))
        run.speed_xy.append(float(np.linalg.norm(vel[:2])))
        if terminated:
            run.terminated_at = t + 1
            break
    return run


def relative(a: float, b: float, metric: str) -> float:
    floor = REL_FLOOR[metric.split("_")[0]]
    return abs(a - b) / max(abs(a), abs(b), floor)


def agent_dofs(model: mujoco.MjModel) -> np.ndarray:
    """The dofs of the agent's body tree (everything but the box's free joint)."""
    root = model.body_rootid[model.body("agent").id]
    return np.flatnonzero(model.body_rootid[model.dof_bodyid] == root)


def measured_file(version: str = mujoco.__version__) -> Path:
    return DATA / f"push_dynamics_mujoco{version}.json"


def _records(run: Replay) -> dict:
    """The reference data's record columns the tests use, every RECORD_EVERY steps (and the
    last step of a run that ended early)."""
    steps = list(range(0, len(run.xyz), RECORD_EVERY))
    if steps[-1] != len(run.xyz) - 1:
        steps.append(len(run.xyz) - 1)
    return {"step": steps,
            "agent_xyz": [run.xyz[s].tolist() for s in steps],
            "agent_yaw_unwrapped": [run.yaw[s] for s in steps],
            "agent_speed": [None if s == 0 else run.speed[s - 1] for s in steps]}


def _summary(run: Replay) -> dict:
    return {"terminated_at": run.terminated_at, **run.summary()}


def measure() -> dict:
    """Every program of every agent on this MuJoCo: its run and its 1e-9 chaos floor."""
    agents = {}
    for agent in AGENTS:
        runs, chaos, versus = [], {}, {}
        for entry in DYN["agents"][agent]["reference"]:
            program = entry["program"]
            run, kicked = replay(agent, program), replay(agent, program, KICK)
            ours, theirs = run.summary(), kicked.summary()
            runs.append({"program": program, "summary": _summary(run), "records": _records(run)})
            chaos[program] = {m: relative(ours[m], theirs[m], m) for m in METRICS
                              if m in ours and m in theirs}
            versus[program] = {m: relative(ours[m], entry["summary"][m], m) for m in METRICS
                               if m in ours and entry["summary"].get(m) is not None}
        agents[agent] = {"runs": runs, "chaos_rel": chaos, "comparison_to_reference": versus}
    return agents


def provenance() -> dict:
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent).stdout.strip() or None
    except OSError:
        commit = None
    return {"mujoco": mujoco.__version__, "numpy": np.__version__,
            "gymnasium": gymnasium.__version__, "python": platform.python_version(),
            "machine": f"{platform.system()} {platform.machine()}",
            "safety_sim_commit": commit,
            "command": "python tests/navigation/push_dynamics_replay.py",
            "protocol": "push_dynamics_subset.json protocol, seed 0: the env reset, the agent "
                        "re-placed at the recorded start pose, the control programs stepped "
                        "through env.step for up to 200 steps (tests/navigation/push_dynamics_replay.py)",
            "chaos_rel": "relative change of each summary metric when every agent dof starts "
                         f"with velocity {KICK} (notes.comparison's floors)",
            "validation": "on MuJoCo 4.0.0 this procedure reproduces the reference data's replays "
                          "of the reference's own model (mujoco4_same_model, to 1e-6) and its "
                          "chaos floors (mujoco4_internal_qvel_perturbed_1e-9) for Point, Car, "
                          "Doggo and Ant (test_push_dynamics.py)",
            "comparison_to_reference": "relative difference of each summary metric from the "
                                       "reference (MuJoCo 2.3.3) run; information only"}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=measured_file(),
                   help="output JSON (default: tests/data/push_dynamics_mujoco<version>.json)")
    args = p.parse_args(argv)
    result = {"format": "push_dynamics_measured/1", "provenance": provenance(),
              "agents": measure()}
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.out} (MuJoCo {mujoco.__version__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Physical equivalence of the five Push agents with the reference
(``shared/refs/push_dynamics_subset.json``).

Each open-loop control program is replayed through the real env (``Safety{Agent}Push0-v0``,
``reset(seed=0)``, then ``step``) from the reference's recorded start state, and the file's
summary numbers are recomputed: horizontal displacement after 50/100/200 steps, unwrapped
heading change after 50/100/200 steps, mean speed. They must lie within the file's noise floor
(``noise_floor_all_seeds``: ``suggested_rel_tolerance`` = 2 x the larger of the MuJoCo 2.3.3 vs
4.0.0 spread and the reference's own 1e-9-perturbation spread, over five seeds) or within 10 %
where that floor is smaller, using the file's relative difference (floors 0.05 m, 0.1 rad,
0.01 m/s). Agents whose compiled model equals the reference's must also reproduce the file's
replay of the reference's own model on MuJoCo 4 (``mujoco4_same_model``) during the first 50 steps.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)

REFS = Path(__file__).resolve().parents[1].parent / "shared" / "refs"
DYN = json.loads((REFS / "push_dynamics_subset.json").read_text())
AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
METRICS = ("disp_xy_50", "disp_xy_100", "disp_xy_200", "heading_change_50",
           "heading_change_100", "heading_change_200", "mean_speed")
REL_FLOOR = {"disp": 0.05, "heading": 0.1, "mean": 0.01}   # notes.comparison
MIN_TOLERANCE = 0.10
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
RUNS = [(a, r["program"]) for a in AGENTS for r in DYN["agents"][a]["reference"]]
# compiled model = the reference's (test_push_agent_models): MuJoCo 4 replays must agree early
SAME_MODEL = [(a, p) for a, p in RUNS if a != "Racecar"]


@dataclass
class Replay:
    xyz: list = field(default_factory=list)       # agent body origin after every step (0 = start)
    yaw: list = field(default_factory=list)       # unwrapped heading of the body x axis
    speed: list = field(default_factory=list)     # per-step speed (steps 1..)
    terminated_at: int | None = None

    def summary(self) -> dict:
        out, x0 = {}, np.asarray(self.xyz[0])
        for n in (50, 100, 200):
            if n < len(self.xyz):
                out[f"disp_xy_{n}"] = float(np.hypot(*(np.asarray(self.xyz[n]) - x0)[:2]))
                out[f"heading_change_{n}"] = self.yaw[n] - self.yaw[0]
        out["mean_speed"] = float(np.mean(self.speed))
        return out


def _heading(xmat) -> float:
    return math.atan2(xmat[3], xmat[0])


def _speed(model, data, body: int, offset: np.ndarray) -> float:
    """Speed of the point the reference measured: mj_objectVelocity(mjOBJ_BODY) is taken at
    the body's inertial frame; ``offset`` is that frame's origin in the body frame."""
    vel = np.zeros(6)
    mujoco.mj_objectVelocity(model, data, mujoco.mjtObj.mjOBJ_XBODY, body, vel, 0)
    arm = data.xmat[body].reshape(3, 3) @ offset
    return float(np.linalg.norm(vel[3:] + np.cross(vel[:3], arm)))


def start_state(agent: str) -> dict:
    return DYN["agents"][agent]["start_states"]["0"]


@lru_cache(maxsize=None)
def make_env(agent: str):
    return gymnasium.make(f"Safety{agent}Push0-v0").unwrapped


@lru_cache(maxsize=None)
def replay(agent: str, program: str) -> Replay:
    env = make_env(agent)
    env.reset(seed=0)                                   # the recorded start state (tested below)
    model, data = env.model, env.data
    body = model.body("agent").id
    start = start_state(agent)
    # Re-place the agent with the recorded (wrapped) yaw: the same pose to 1e-16, and the very
    # bits the file's MuJoCo 4 replays started from (Point rests at contact distance 0, so the
    # last bit of its quaternion shows after a few steps).
    env.agent_spec.place(model, data, np.array(start["agent_body_pos"][:2]), start["agent_yaw"])
    mujoco.mj_forward(model, data)
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
        run.speed.append(_speed(model, data, body, offset))
        if terminated:
            run.terminated_at = t + 1
            break
    return run


def relative(a: float, b: float, metric: str) -> float:
    floor = REL_FLOOR[metric.split("_")[0]]
    return abs(a - b) / max(abs(a), abs(b), floor)


def reference_run(agent: str, program: str, variant: str = "reference") -> dict:
    return next(r for r in DYN["agents"][agent][variant] if r["program"] == program)


@pytest.mark.parametrize("agent,program", [(a, p["name"]) for a in AGENTS
                                           for p in DYN["programs"][a]["programs"]])
def test_program_formulas_match_check_values(agent, program):
    spec = next(p for p in DYN["programs"][agent]["programs"] if p["name"] == program)
    model = make_env(agent).model          # Ant's motors are unnamed: use their joints
    names = [model.actuator(i).name or model.joint(int(model.actuator_trnid[i, 0])).name
             for i in range(model.nu)]
    assert names == DYN["programs"][agent]["actuator_order"]
    for t, values in spec["check_values"].items():
        assert PROGRAMS[agent][program](int(t)) == values, t


@pytest.mark.parametrize("agent", AGENTS)
def test_reset_seed0_is_the_recorded_start_state(agent):
    env = make_env(agent)
    env.reset(seed=0)
    model, data, start = env.model, env.data, start_state(agent)
    for joint, values in start["qpos_by_joint"].items():
        adr = model.joint(joint).qposadr[0]
        np.testing.assert_allclose(data.qpos[adr:adr + len(values)], values, rtol=0, atol=1e-12,
                                   err_msg=joint)
    np.testing.assert_allclose(data.xpos[model.body("agent").id], start["agent_body_pos"],
                               atol=1e-12)
    np.testing.assert_allclose(data.xpos[model.body("goal").id], start["goal_pos"], atol=1e-12)
    assert not data.qvel.any()


@pytest.mark.parametrize("agent,program", RUNS)
def test_summary_within_reference_noise_floor(agent, program):
    run = replay(agent, program)
    ours = run.summary()
    ref = reference_run(agent, program)["summary"]
    floor = DYN["noise_floor_all_seeds"][agent]["per_program"][program]
    assert (run.terminated_at is None) == (ref["terminated_at"] is None)
    bad = []
    for metric in METRICS:
        if ref.get(metric) is None:
            continue
        assert metric in ours, f"{metric}: our run ended after {len(run.speed)} steps"
        allowed = max(MIN_TOLERANCE, floor[metric]["suggested_rel_tolerance"])
        err = relative(ours[metric], ref[metric], metric)
        if err > allowed:
            bad.append(f"{metric}: ours {ours[metric]:.4f} ref {ref[metric]:.4f} "
                       f"rel {err:.3f} > {allowed:.3f}")
    assert not bad, bad


@pytest.mark.parametrize("agent,program", SAME_MODEL + [("Racecar", "throttle")])
def test_first_50_steps_follow_the_reference_model_on_mujoco4(agent, program):
    """Same compiled model, same MuJoCo: positions agree until chaos sets in. Racecar's chassis
    differs (box instead of mesh, 2.3.3 masses), so its straight run is compared with the
    reference itself (no steering: the version noise stays small)."""
    variant = "reference" if agent == "Racecar" else "mujoco4_same_model"
    records = reference_run(agent, program, variant)["records"]
    run = replay(agent, program)
    for step, xyz in zip(records["step"], records["agent_xyz"]):
        if step <= 50:
            np.testing.assert_allclose(run.xyz[step], xyz, rtol=0, atol=1e-6,
                                       err_msg=f"step {step}")

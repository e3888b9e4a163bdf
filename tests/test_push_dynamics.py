"""Physical equivalence of the five Push agents with the reference
(``shared/refs/push_dynamics_subset.json``).

Each open-loop control program is replayed through the real env (``Safety{Agent}Push0-v0``,
``reset(seed=0)``, then ``step``) from the reference's recorded start state, and the file's
summary numbers are recomputed (``notes.summary``): horizontal displacement and unwrapped
heading change after 50/100/200 steps and at the end, mean speed (3-D and horizontal) and
horizontal path length. Relative differences use the file's definition (``notes.comparison``:
floors 0.05 m, 0.1 rad, 0.01 m/s).

* Against the reference (MuJoCo 2.3.3), every metric must lie within the MuJoCo-version spread
  the file records for that run (the reference vs the same XML replayed on MuJoCo 4.0.0,
  ``mujoco4_same_model``), or within 10 % where that spread is smaller. Exception: Racecar
  is held to the file's ``suggested_rel_tolerance`` (2 x the larger of the version spread and
  the reference's own 1e-9-kick spread, over five seeds) where that is larger. Its model is
  the reference XML with the 2.3.3 masses (spec §6.4), whose MuJoCo 4 replay
  (``mujoco4_same_model_233_inertials``) itself breaks the version spread on
  ``throttle_steer``: at full steering lock the right front wheel strikes the bumper box
  (``pos_change``) and the steering stop, and any last-bit difference grows to 1e-4 m within
  a few steps. Where the steering stays off its stops ours follows that replay over the whole
  run; the chassis box touches nothing in any program (tested below).
* Agents whose compiled model equals the reference's (all but Racecar) must reproduce
  ``mujoco4_same_model`` itself: the sampled trajectory (position, heading, speed) over the
  whole run to 1e-6, and every summary metric within the file's within-MuJoCo-4 chaos floor
  (``mujoco4_internal_qvel_perturbed_1e-9``: the spread a 1e-9 velocity kick causes).
  MuJoCo is deterministic for a given binary, so this holds across machines.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from conftest import load_ref
from safety_sim.mjcf.agents._build import free_joints, spawn_constants

DYN = load_ref("push_dynamics_subset.json")
AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
#: the summary metrics the file compares (comparison.*.per_program.*.rel_diff)
METRICS = ("disp_xy_50", "disp_xy_100", "disp_xy_200", "disp_xy_end", "heading_change_50",
           "heading_change_100", "heading_change_200", "heading_change_end", "mean_speed",
           "mean_speed_xy", "path_length_xy")
REL_FLOOR = {"disp": 0.05, "path": 0.05, "heading": 0.1, "mean": 0.01}   # notes.comparison
SAME_MODEL_ATOL = 1e-6
#: A bit-exact replay of mujoco4_same_model meets the version-spread bound with equality; this
#: relative slack only absorbs the rounding of the summary arithmetic (sums, means).
ROUNDING = 1e-9
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
# compiled model = the reference's (test_push_agent_models): MuJoCo 4 replays must agree
SAME_MODEL = [(a, p) for a, p in RUNS if a != "Racecar"]


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
def replay(agent: str, program: str) -> Replay:
    env = started_env(agent)
    model, data, start = env.model, env.data, start_state(agent)
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


def reference_run(agent: str, program: str, variant: str = "reference") -> dict:
    return next(r for r in DYN["agents"][agent][variant] if r["program"] == program)


def version_spread(agent: str, program: str, metric: str) -> float | None:
    """Relative difference of the reference and the same XML on MuJoCo 4 (None: not run)."""
    a = reference_run(agent, program)["summary"].get(metric)
    b = reference_run(agent, program, "mujoco4_same_model")["summary"].get(metric)
    return None if a is None or b is None else relative(a, b, metric)


def allowed_error(agent: str, program: str, metric: str) -> float | None:
    """The issue's rule: the recorded MuJoCo-version spread, or 10 % where that is smaller.
    Racecar, whose model (the 2.3.3 masses) is not the one the spread was recorded with and
    whose full-lock runs are discontinuous, keeps the file's looser
    ``suggested_rel_tolerance`` where that is larger (see the module docstring)."""
    spread = version_spread(agent, program, metric)
    if spread is None:
        return None
    allowed = max(MIN_TOLERANCE, spread)
    if agent == "Racecar":
        floor = DYN["noise_floor_all_seeds"][agent]["per_program"][program].get(metric, {})
        allowed = max(allowed, floor.get("suggested_rel_tolerance", 0.0))
    return allowed


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


@pytest.mark.parametrize("agent", AGENTS)
def test_relative_difference_is_the_files(agent):
    """Our ``relative`` (floors included) gives the spreads the file recorded."""
    per_program = DYN["agents"][agent]["comparison"]["mujoco4_same_model"]["per_program"]
    for program, comparison in per_program.items():
        assert set(comparison["rel_diff"]) == set(METRICS)
        for metric, recorded in comparison["rel_diff"].items():
            spread = version_spread(agent, program, metric)
            assert (spread is None) == (recorded is None), (program, metric)
            if spread is not None:
                assert spread == pytest.approx(recorded["max"], rel=1e-12, abs=1e-15), \
                    (program, metric)


@pytest.mark.parametrize("agent,program", RUNS)
def test_summary_within_mujoco_version_spread(agent, program):
    run = replay(agent, program)
    ours = run.summary()
    ref = reference_run(agent, program)["summary"]
    assert (run.terminated_at is None) == (ref["terminated_at"] is None)
    bad = []
    for metric in METRICS:
        allowed = allowed_error(agent, program, metric)
        if allowed is None:                     # a run that ended before this step
            continue
        assert metric in ours, f"{metric}: our run ended after {len(run.speed)} steps"
        err = relative(ours[metric], ref[metric], metric)
        if err > allowed * (1.0 + ROUNDING):
            bad.append(f"{metric}: ours {ours[metric]:.4f} ref {ref[metric]:.4f} "
                       f"rel {err:.3f} > {allowed:.3f}")
    assert not bad, bad


@pytest.mark.parametrize("agent,program", SAME_MODEL)
def test_same_model_reproduces_the_reference_model_on_mujoco4(agent, program):
    """Same compiled model, same MuJoCo: the file's replay of the reference XML on MuJoCo 4,
    step for step (this includes ``qpos0``-derived constants such as ``body_invweight0``,
    which the reference computes at the spawn pose)."""
    recorded = reference_run(agent, program, "mujoco4_same_model")
    records, run = recorded["records"], replay(agent, program)
    assert run.terminated_at == recorded["summary"]["terminated_at"]
    for i, step in enumerate(records["step"]):
        what = f"step {step}"
        np.testing.assert_allclose(run.xyz[step], records["agent_xyz"][i], rtol=0,
                                   atol=SAME_MODEL_ATOL, err_msg=what)
        assert run.yaw[step] == pytest.approx(records["agent_yaw_unwrapped"][i],
                                              abs=SAME_MODEL_ATOL), what
        if step > 0:
            assert run.speed[step - 1] == pytest.approx(records["agent_speed"][i],
                                                        abs=SAME_MODEL_ATOL), what
    ours, theirs = run.summary(), recorded["summary"]
    floor = DYN["agents"][agent]["comparison"]["mujoco4_internal_qvel_perturbed_1e-9"]
    for metric, chaos in floor["per_program"][program]["rel_diff"].items():
        if chaos is not None:
            assert relative(ours[metric], theirs[metric], metric) <= chaos["max"], metric


@pytest.mark.parametrize("program", ["throttle", "reverse_steer"])
def test_racecar_reproduces_the_reference_xml_with_the_specs_masses_on_mujoco4(program):
    """``mujoco4_same_model_233_inertials``: the reference XML on MuJoCo 4 with the 2.3.3 body
    masses (spec §6.4), i.e. our Racecar's physics. Where the steering stays off its stops the
    run is smooth and ours follows it over the whole run (box chassis and all)."""
    records = reference_run("Racecar", program, "mujoco4_same_model_233_inertials")["records"]
    run = replay("Racecar", program)
    for step, xyz in zip(records["step"], records["agent_xyz"]):
        np.testing.assert_allclose(run.xyz[step], xyz, rtol=0, atol=SAME_MODEL_ATOL,
                                   err_msg=f"step {step}")


def test_racecar_chassis_touches_nothing_in_the_recorded_programs():
    """Our chassis collider is the bounding box of the reference's chassis mesh, whose convex
    hull (what MuJoCo collides) lies inside it. In no substep of any recorded program does the
    box touch anything, so the hull would not either: the chassis shape plays no part in
    Racecar's differences from the reference."""
    for program, control in PROGRAMS["Racecar"].items():
        env = started_env("Racecar")
        model, data = env.model, env.data
        chassis = model.body("car_body").id
        for t in range(200):
            data.ctrl[:] = control(t)
            for _ in range(10):
                mujoco.mj_step(model, data)
                touching = model.geom_bodyid[data.contact.geom[:data.ncon]] == chassis
                assert not touching.any(), (program, t)
            mujoco.mj_forward(model, data)


def test_racecar_straight_run_follows_the_reference_for_50_steps():
    """Racecar's model has the 2.3.3 masses, so its straight run is compared with the
    reference itself too (no steering: the version noise stays small)."""
    records = reference_run("Racecar", "throttle")["records"]
    run = replay("Racecar", "throttle")
    for step, xyz in zip(records["step"], records["agent_xyz"]):
        if step <= 50:
            np.testing.assert_allclose(run.xyz[step], xyz, rtol=0, atol=SAME_MODEL_ATOL,
                                       err_msg=f"step {step}")

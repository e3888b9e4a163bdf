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
  the reference XML with the 2.3.3 masses (docs/spec/push.md §6.4), whose MuJoCo 4 replay
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

Each MuJoCo version is held to what was measured on it. The reference data's replays are
MuJoCo 4.0.0's (the version is read from the file's ``source``); on another version (e.g.
3.17, what pip installs on Python 3.10) the "version spread", the same-model runs and the chaos
floor come from ``tests/data/push_dynamics_mujoco<version>.json``, measured on that version
with ``python tests/navigation/push_dynamics_replay.py`` (see that module; on 4.0.0 the same procedure
reproduces the file's MuJoCo 4 runs and chaos floors). A version nobody measured fails, with
that command in the message.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

import mujoco
import numpy as np
import pytest

from push_dynamics_replay import (AGENTS, DYN, KICK, METRICS, PROGRAMS, make_env, measured_file,
                                  relative, replay, start_state, started_env)

SAME_MODEL_ATOL = 1e-6
#: A bit-exact replay of mujoco4_same_model meets the version-spread bound with equality; this
#: relative slack only absorbs the rounding of the summary arithmetic (sums, means).
ROUNDING = 1e-9
MIN_TOLERANCE = 0.10
RUNS = [(a, r["program"]) for a in AGENTS for r in DYN["agents"][a]["reference"]]
# compiled model = the reference's (test_push_agent_models): same-MuJoCo replays must agree
SAME_MODEL = [(a, p) for a, p in RUNS if a != "Racecar"]
#: the MuJoCo version of the reference data's replays of the reference's own model
DATA_MUJOCO = re.search(r"mujoco (\d+\.\d+\.\d+)", DYN["source"]["mujoco4"]).group(1)


@dataclass(frozen=True)
class Measured:
    """What was measured on one MuJoCo version: ``runs[(agent, program)]`` of the reference's
    model (``summary``, ``records``), Racecar's runs with the 2.3.3 masses (our Racecar),
    the runs the version spread is taken from, and the 1e-9 chaos floor per metric."""
    version: str
    runs: dict
    racecar_runs: dict
    spread_runs: dict
    chaos: dict


def _from_reference_data() -> Measured:
    def variant(name):
        return {(a, r["program"]): r for a in AGENTS for r in DYN["agents"][a].get(name, [])}

    chaos = {(a, p): {m: (v or {}).get("max") for m, v in c["rel_diff"].items()}
             for a in AGENTS for p, c in DYN["agents"][a]["comparison"][
                 "mujoco4_internal_qvel_perturbed_1e-9"]["per_program"].items()}
    same = variant("mujoco4_same_model")
    return Measured(DATA_MUJOCO, same, variant("mujoco4_same_model_233_inertials"), same, chaos)


def _from_measurement(path) -> Measured:
    data = json.loads(path.read_text())
    assert data["provenance"]["mujoco"] == mujoco.__version__, path
    runs = {(a, r["program"]): r for a in AGENTS for r in data["agents"][a]["runs"]}
    chaos = {(a, p): c for a in AGENTS for p, c in data["agents"][a]["chaos_rel"].items()}
    racecar = {k: v for k, v in runs.items() if k[0] == "Racecar"}
    return Measured(mujoco.__version__, runs, racecar, runs, chaos)


@lru_cache(maxsize=None)
def measured() -> Measured:
    """This MuJoCo's figures; the test fails (never skips) on a version nobody measured."""
    if mujoco.__version__ == DATA_MUJOCO:
        return _from_reference_data()
    path = measured_file()
    if not path.exists():
        pytest.fail(f"MuJoCo {mujoco.__version__} was never measured: the Push dynamics tests "
                    f"hold each MuJoCo version to its own figures (the reference data has "
                    f"{DATA_MUJOCO}'s). Measure it on this version with `python "
                    f"tests/navigation/push_dynamics_replay.py` (writes {path.relative_to(path.parents[2])}"
                    f"), check its comparison_to_reference figures and commit the file.")
    return _from_measurement(path)


def reference_run(agent: str, program: str, variant: str = "reference") -> dict:
    return next(r for r in DYN["agents"][agent][variant] if r["program"] == program)


def file_spread(agent: str, program: str, metric: str) -> float | None:
    """Relative difference of the reference and the same XML on MuJoCo 4 (None: not run)."""
    a = reference_run(agent, program)["summary"].get(metric)
    b = reference_run(agent, program, "mujoco4_same_model")["summary"].get(metric)
    return None if a is None or b is None else relative(a, b, metric)


def version_spread(agent: str, program: str, metric: str) -> float | None:
    """Relative difference of the reference and the same model on this MuJoCo (None: the run
    ended before this metric's step)."""
    a = reference_run(agent, program)["summary"].get(metric)
    b = measured().spread_runs[agent, program]["summary"].get(metric)
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
            spread = file_spread(agent, program, metric)
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


def test_this_mujoco_version_was_measured():
    m = measured()
    assert m.version == mujoco.__version__
    assert set(m.runs) == set(RUNS) and set(m.chaos) == set(RUNS)
    assert {p for a, p in m.racecar_runs} == set(PROGRAMS["Racecar"])


@pytest.mark.parametrize("agent,program", SAME_MODEL)
def test_chaos_floor_is_what_the_measuring_procedure_gives(agent, program):
    """The 1e-9 kick of tests/navigation/push_dynamics_replay.py gives this version's recorded floor: on
    4.0.0 the reference data's own ``mujoco4_internal_qvel_perturbed_1e-9`` (so the procedure
    that measured the other versions is the data's), elsewhere the measured file's."""
    ours, kicked = replay(agent, program).summary(), replay(agent, program, KICK).summary()
    for metric, recorded in measured().chaos[agent, program].items():
        if recorded is not None:
            assert relative(ours[metric], kicked[metric], metric) == pytest.approx(
                recorded, rel=1e-6, abs=1e-12), metric


@pytest.mark.parametrize("agent,program", SAME_MODEL)
def test_same_model_reproduces_what_was_measured_on_this_mujoco(agent, program):
    """Same compiled model, same MuJoCo: the measured run of the reference's model on this
    version (on 4.0.0 the file's replay of the reference XML), step for step (this includes
    ``qpos0``-derived constants such as ``body_invweight0``, which the reference computes at
    the spawn pose)."""
    recorded = measured().runs[agent, program]
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
    for metric, chaos in measured().chaos[agent, program].items():
        if chaos is not None:
            assert relative(ours[metric], theirs[metric], metric) <= chaos, metric


@pytest.mark.parametrize("program", ["throttle", "reverse_steer"])
def test_racecar_reproduces_the_reference_xml_with_the_specs_masses(program):
    """``mujoco4_same_model_233_inertials``: the reference XML on MuJoCo 4 with the 2.3.3 body
    masses (docs/spec/push.md §6.4), i.e. our Racecar's physics (on another MuJoCo: its measured
    run). Where the steering stays off its stops the run is smooth and ours follows it over the
    whole run (box chassis and all)."""
    records = measured().racecar_runs["Racecar", program]["records"]
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

"""The outside-the-simulator figure of ``safety-sim bench --vector``: the timing proxy sees
every simulator call of a step and forwards everything else unchanged."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401 - registers the ids
from safety_sim.tools.bench.outside import _TimedSim, outside_time


def test_split_of_a_step_adds_up():
    r = outside_time("SafetyPointGoal1-v0", num_envs=3, steps=4, warmup=1)
    assert 0.0 < r.sim_ms <= r.step_ms
    expected = (r.step_ms - r.sim_ms) * 1e3 / 3
    assert r.outside_us_per_world == pytest.approx(expected, rel=1e-9)
    assert "SafetyPointGoal1-v0 N=3" in r.line()


@pytest.mark.parametrize("threads", [1, 2])
def test_the_env_runs_on_the_threads_asked_for(monkeypatch, threads):
    # the native env's default is all cores: a figure "at 1 thread" must pass num_threads=1
    seen = []
    make_vec = gymnasium.make_vec

    def spy(*args, **kwargs):
        seen.append(kwargs.get("num_threads"))
        return make_vec(*args, **kwargs)
    monkeypatch.setattr(gymnasium, "make_vec", spy)
    r = outside_time("SafetyPointGoal1-v0", num_envs=2, threads=threads, steps=1, warmup=0)
    assert seen == [threads] and r.threads == threads


def test_timed_simulator_gives_the_same_episode():
    def rollout(timed: bool):
        env = gymnasium.make_vec("SafetyPointGoal1-v0", num_envs=2,
                                 vectorization_mode="vector_entry_point")
        if timed:
            env.unwrapped.worlds.sim = _TimedSim(env.unwrapped.worlds.sim)
        env.action_space.seed(5)
        obs, _ = env.reset(seed=5)
        out = [obs]
        for _ in range(5):
            obs, reward, *_ = env.step(env.action_space.sample())
            out += [obs, reward]
        counted = env.unwrapped.worlds.sim.seconds if timed else None
        env.close()
        return out, counted
    plain, _ = rollout(False)
    timed, seconds = rollout(True)
    assert all(np.array_equal(a, b) for a, b in zip(plain, timed))
    assert seconds > 0.0


def test_bad_arguments_and_ids_without_simulator_are_named():
    with pytest.raises(ValueError, match="steps"):
        outside_time("SafetyPointGoal1-v0", steps=0)
    with pytest.raises(ValueError, match="SafetyConveyorBelt-v0"):
        outside_time("SafetyConveyorBelt-v0", num_envs=2, steps=1)
    with pytest.raises(ValueError, match="SafetyConveyorBelt-v0: its vector env runs on one"):
        outside_time("SafetyConveyorBelt-v0", num_envs=2, threads=2, steps=1)


def test_bench_vector_prints_the_outside_figure_for_simulated_ids(capsys):
    from safety_sim import registration
    from safety_sim.tools.bench.vector_command import outside_report

    rows = [r for r in registration.ENV_ROWS
            if r.id in ("SafetyPointGoal1-v0", "SafetyConveyorBelt-v0")]
    text = outside_report(rows, n=2, steps=2)
    assert text.startswith("Time outside the simulator per world-step (N=2, 1 thread, 2 steps)")
    assert "SafetyPointGoal1-v0" in text and "SafetyConveyorBelt-v0" not in text
    assert " us (step " in text


def test_command_line_prints_one_line_per_id_and_size(capsys):
    from safety_sim.tools.bench.outside import main
    assert main(["SafetyPointGoal1-v0", "--num-envs", "2", "3", "--steps", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["SafetyPointGoal1-v0 N=2 threads=1",
                                                       "SafetyPointGoal1-v0 N=3 threads=1"]
    with pytest.raises(SystemExit):
        main(["--help"])

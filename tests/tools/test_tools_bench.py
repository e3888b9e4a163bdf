"""The benchmark tool (``bench``): markdown output, broken ids reported as errors, aliases."""
from __future__ import annotations

import gymnasium

from safety_sim import registration
from safety_sim.tools.bench import command as bench


def test_bench_quick_markdown(capsys):
    ids = ["SafetyPointPush1-v0", "SafetyPointPush1Vision-v0", "SafetyConveyorBelt-v0",
           "SafetyBlockedUnlockPickup-v0"]
    assert bench.main(["--quick", "--markdown", "--quiet", "--ids", *ids]) == 0
    out = capsys.readouterr().out
    assert "error:" not in out
    for env_id in ids:
        assert f"| {env_id}" in out
    for n in (1, 2, 3):
        assert f"SafetyBlockedUnlockPickup-v0 (agents={n})" in out
    assert "| id | env steps/s | physics steps/s | ratio |" in out


def test_bench_reports_broken_ids_as_errors(monkeypatch, capsys):
    broken = registration.EnvRow("SafetyBrokenForTest-v0", "safety_sim.envs.no_such_module:Env",
                                 {}, 10, "gridworld")
    monkeypatch.setattr(registration, "ENV_ROWS", registration.ENV_ROWS + (broken,))
    gymnasium.register(broken.id, broken.entry_point, max_episode_steps=10)
    try:
        assert bench.main(["--quick", "--quiet", "--ids", broken.id]) == 1
    finally:
        del gymnasium.registry[broken.id]
    out = capsys.readouterr().out
    assert "SafetyBrokenForTest-v0" in out and "error: ModuleNotFoundError" in out


def test_bench_aliases_map_to_their_base_id():
    rows = bench.select(["SafetyPointPush1Gymnasium-v0"])
    assert [r.id for r in rows] == ["SafetyPointPush1-v0"]
    assert bench.main(["--ids", "NoSuchEnv*", "--quick"]) == 2


def test_bench_quick_without_ids_measures_the_representative_set(monkeypatch, capsys):
    """``--quick`` alone is a smoke run of seconds: the ids of ``QUICK_IDS`` (one per
    navigation task and agent, a Vision id, two robots, every gridworld), not all 265."""
    seen = []
    monkeypatch.setattr(bench, "measure", lambda rows, s, log=None: seen.extend(rows) or {
        k: [] for k in bench.SECTIONS})
    assert bench.main(["--quick", "--quiet"]) == 0
    assert [r.id for r in seen] == [r.id for r in bench.select(list(bench.QUICK_IDS))]
    assert len(seen) == len(bench.QUICK_IDS) < len(bench.select(None))
    families = {r.family for r in seen}
    assert {"push", "navigation", "velocity", "gridworld", "multiagent"} <= families
    agents = {r.kwargs.get("agent") for r in seen} - {None}
    assert agents == {"Point", "Car", "Doggo", "Racecar", "Ant"}


def test_bench_device_names_the_missing_extra_or_device(monkeypatch, capsys):
    """``--vector --device``: without the [gpu] extra the CLI stops naming it (the extra's
    modules hidden here, whatever this venv holds); ``--device`` alone is refused."""
    import sys

    for name in ("warp", "mujoco_warp", "torch"):
        monkeypatch.setitem(sys.modules, name, None)
    assert bench.main(["--vector", "--device", "cuda", "--quick", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "pip install -e '.[gpu]'" in err and "warp-lang" in err
    assert bench.main(["--device", "cuda", "--quick", "--quiet"]) == 2
    assert "--device needs --vector" in capsys.readouterr().err


def test_bench_multi_agent_one_row_per_configuration(capsys):
    """``--multi-agent``: make_ma beside the -v4 env it wraps, one table row per
    configuration (the agents counted from the configuration: Ant 2x4 has 2)."""
    assert bench.main(["--multi-agent", "--quick", "--quiet", "--markdown",
                       "--configs", "Ant:2x4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| configuration | agents | make_ma steps/s | -v4 steps/s |")
    assert [line.split(" | ")[:2] for line in lines[2:]] == [["| Ant 2x4", "2"]]


def test_bench_multi_agent_refuses_options_it_does_not_take(capsys):
    assert bench.main(["--configs", "Ant:2x4", "--quick"]) == 2
    assert "add --multi-agent" in capsys.readouterr().err
    assert bench.main(["--multi-agent", "--configs", "Ant", "--quick"]) == 2
    assert "SCENARIO:CONF" in capsys.readouterr().err
    assert bench.main(["--multi-agent", "--vector", "--quick"]) == 2
    assert "not --vector or --ids" in capsys.readouterr().err

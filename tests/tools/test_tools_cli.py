"""The ``safety-sim`` command line (list, subcommand dispatch), its entry points,
and what the tools share: render options per env family and parser help texts."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

import safety_sim
from safety_sim import cli, registration, tools
from safety_sim.tools import oracle_eval, record, view
from safety_sim.tools.bench import command as bench
from tools_helpers import read_frames

REPO = Path(__file__).resolve().parents[2]


def test_cli_list_shows_every_id_by_family(capsys):
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    for env_id in safety_sim.env_ids():
        assert env_id in out
    for title in cli.FAMILY_TITLES.values():
        assert title in out
    assert "not importable" not in out
    descriptions = [line.split(" - ", 1)[1] for line in out.splitlines() if " - " in line]
    assert len(descriptions) == len({r.entry_point for r in registration.ENV_ROWS})
    for text in descriptions:   # whole first sentences, no reST markup
        assert text[-1] in ".!?" and "`" not in text and ":class:" not in text, text


def test_docstring_text_is_plain_whole_sentences():
    doc = ("Breakable bottles (Vamplew et al. 2021, i.e. MO-Gymnasium's\n``bottles-v0``); "
           "see :class:`~safety_sim.gridworlds.render.scene.GridScene`, *not* :func:`make`. More.")
    assert cli.first_sentence(cli.plain_text(doc)) == (
        "Breakable bottles (Vamplew et al. 2021, i.e. MO-Gymnasium's bottles-v0); see "
        "GridScene, not make.")
    assert cli.first_sentence("Version 1.5 of it. Next") == "Version 1.5 of it."
    assert cli.first_sentence("No full stop") == "No full stop"
    assert cli.plain_text("`the docs <https://x.org>`_ and **bold**") == "the docs and bold"


def test_cli_list_family_filter(capsys):
    assert cli.main(["list", "--family", "gridworld", "--no-docs"]) == 0
    out = capsys.readouterr().out
    assert "SafetyConveyorBelt-v0" in out and "SafetyPointPush1-v0" not in out
    assert cli.main(["list", "--family", "robots"]) == 2


def test_cli_dispatches_subcommands(tmp_path, capsys):
    out = tmp_path / "c.mp4"
    assert cli.main(["record", "--env", "SafetyConveyorBelt-v0", "--max-steps", "2",
                     "--width", "32", "--height", "32", "--out", str(out),
                     "--no-progress"]) == 0
    assert read_frames(out).shape[0] == 3
    assert cli.main(["view", "--env", "SafetyNope-v0"]) == 2
    assert "unknown environment id" in capsys.readouterr().err


@pytest.mark.parametrize("cmd", [
    ["-m", "safety_sim.cli", "--help"], ["-m", "safety_sim.cli", "bench", "--help"],
])
def test_entry_points_help(cmd):
    proc = subprocess.run([sys.executable, *cmd], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "usage:" in proc.stdout and "--" in proc.stdout


def test_render_options_reach_each_env_family():
    push = tools.render_kwargs(registration.row("SafetyPointPush1-v0"), width=10, height=12,
                               camera="track")
    grid = tools.render_kwargs(registration.row("SafetyConveyorBelt-v0"), width=10, height=12,
                               camera="top")
    assert push == {"width": 10, "height": 12, "camera_name": "track"}
    assert grid == {"render_width": 10, "render_height": 12, "render_camera": "top"}


def test_tool_parsers_have_help_text():
    for module in (record, view, bench, oracle_eval):
        parser = module.build_parser("x")
        assert isinstance(parser, argparse.ArgumentParser)
        assert all(a.help for a in parser._actions)


def test_list_family_help_names_every_family(capsys):
    with pytest.raises(SystemExit):
        cli.main(["list", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for family in {r.family for r in registration.ENV_ROWS}:
        assert family in help_text


def test_usage_lines_are_one_command_each():
    """No line pipes one subcommand into another (pasted, ``| view`` would start vim)."""
    for line in (cli.__doc__ or "").splitlines():
        assert "|" not in line.split("[", 1)[0], line


def test_oracle_eval_subcommand(capsys):
    assert cli.main(["oracle-eval", "--tasks", "Push", "--agents", "Car", "--levels", "0",
                     "--seeds", "1"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()
    assert "success" in rows[0] and "mean cost" in rows[0]
    assert rows[1].split()[:3] == ["CarPush0", "oracle", "1/1"]


def test_view_dm_without_dm_control_is_one_line(monkeypatch, capsys):
    """On Python 3.13 (no dm_control wheels) or without the dm extra: one error line naming
    the extra the way that works from a clone, no traceback."""
    monkeypatch.setenv("MUJOCO_GL", os.environ.get("MUJOCO_GL", "egl"))   # restored after
    monkeypatch.setenv("PYOPENGL_PLATFORM", os.environ.get("PYOPENGL_PLATFORM", "egl"))
    monkeypatch.setitem(sys.modules, "dm_control", None)                  # import fails
    monkeypatch.setitem(sys.modules, "dm_control.viewer", None)
    assert cli.main(["view", "--dm", "--env", "SafetyPointGoal1-v0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install -e '.[dm]'" in err[0]
    assert "Traceback" not in err[0] and "safety-sim[" not in err[0]

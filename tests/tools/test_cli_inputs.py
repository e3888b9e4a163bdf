"""The CLI's input checks (issue 35 item 6, issue 31 item 6): bad --out and --width values are
argparse errors (exit 2, a usage line, no traceback), an existing file or a symbolic link is
not overwritten without --overwrite, ``python -m safety_sim`` is the CLI, and the make_ma suite
is listed."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from safety_sim import cli
from safety_sim.multi_agent.task import CONFIGURATIONS
from safety_sim.tools import record

ROOT = Path(__file__).resolve().parents[2]
SHORT = ["--env", "SafetyConveyorBelt-v0", "--max-steps", "2", "--no-progress",
         "--width", "32", "--height", "32"]


def _argparse_error(argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "usage:" in err and "Traceback" not in err
    return err


def test_out_naming_a_directory_is_an_argparse_error(tmp_path, capsys):
    folder = tmp_path / "clip.gif"
    folder.mkdir()
    err = _argparse_error(["record", *SHORT, "--out", str(folder)], capsys)
    assert "is a directory" in err


@pytest.mark.parametrize("value", ["100000", "0", "-3", "wide"])
def test_frame_sizes_outside_the_range_are_argparse_errors(value, tmp_path, capsys):
    err = _argparse_error(["record", "--env", "SafetyConveyorBelt-v0", "--width", value,
                           "--out", str(tmp_path / "x.gif")], capsys)
    assert "--width" in err and str(record.MAX_FRAME) in err or "whole number" in err
    assert not (tmp_path / "x.gif").exists()


def test_an_existing_file_is_kept_without_overwrite(tmp_path, capsys):
    out = tmp_path / "clip.gif"
    out.write_bytes(b"mine")
    assert cli.main(["record", *SHORT, "--out", str(out)]) == 2
    assert "--overwrite" in capsys.readouterr().err and out.read_bytes() == b"mine"
    assert cli.main(["record", *SHORT, "--out", str(out), "--overwrite"]) == 0
    assert out.read_bytes()[:6] == b"GIF89a"


def test_a_symbolic_link_is_never_followed(tmp_path, capsys):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "clip.gif"
    link.symlink_to(target)
    assert cli.main(["record", *SHORT, "--out", str(link)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert cli.main(["record", *SHORT, "--out", str(link), "--overwrite"]) == 0
    assert target.read_text() == "keep me"
    assert not link.is_symlink() and link.read_bytes()[:6] == b"GIF89a"


def test_python_dash_m_safety_sim_runs_the_cli():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "safety_sim", "list", "--no-docs",
                          "--family", "gridworld"], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert "SafetyConveyorBelt-v0" in out.stdout


def test_list_names_every_make_ma_configuration(capsys):
    assert cli.main(["list", "--no-docs"]) == 0
    text = capsys.readouterr().out
    for scenario, conf in CONFIGURATIONS:
        assert f"safety_sim.make_ma({scenario!r}, {conf!r})" in text
    assert cli.main(["list", "--family", "make_ma"]) == 0
    only = capsys.readouterr().out
    assert "make_ma" in only and "SafetyPointGoal1-v0" not in only

"""The README's examples run as shown: the "Build your own level" snippet prints what its
comment says, and the first screen's commands name a script, an id and options that exist."""
from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import gymnasium

import safety_sim  # noqa: F401
from safety_sim.tools import record

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def python_block(after_heading: str) -> str:
    section = README.split(f"## {after_heading}\n", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_build_your_own_level_snippet_prints_its_comment():
    code = python_block("Build your own level")
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README: Build your own level", "exec"), {})
    assert out.getvalue().strip().splitlines() == expected


def test_first_screen_commands_are_real():
    first_screen = README.split("\n## ", 1)[0]
    commands = re.findall(r"^    (pip install .*)$", first_screen, re.M)
    assert len(commands) == 2 and "pytest" in commands[1]
    main = shlex.split(commands[0].split("&&", 1)[1])
    assert main[:2] == ["python", "scripts/record_video.py"]
    assert (Path(__file__).resolve().parents[1] / main[1]).exists()
    args = record.build_parser("record").parse_args(main[2:])
    assert args.env in gymnasium.registry and args.policy == "oracle"

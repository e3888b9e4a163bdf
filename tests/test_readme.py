"""The README's and the guides' examples run as shown. Each fenced Python fragment of
README.md, docs/multi_agent.md, docs/guides/*.md and docs/reference/*.md runs alone in a fresh
interpreter with only the imports it writes; one that needs more than ``pip install -e .``
says so on its first line (``# pip install ...``) and runs where that is installed: the
``multiagent`` extra (PettingZoo) is part of the test extra, the other libraries are
integration suites (markers, run by ``.ci/extras.sh``). The "Build your own level" fragment
prints what its comment says; the README is at most 250 lines, opens with a picture, says it
is installed from a clone before its first command, whose id and options exist, and holds no
commit hash; its quick start runs an episode loop; every optional-extra hint has the one form
that works from a clone; the sizes table is ``safety-sim list --spaces``."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import gymnasium
import pytest

import safety_sim  # noqa: F401
from safety_sim.tools import record

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
GUIDES = ROOT / "docs" / "guides"
DOCS = {"README.md": README,
        "docs/multi_agent.md": (ROOT / "docs" / "multi_agent.md").read_text(),
        **{f"docs/{p.parent.name}/{p.name}": p.read_text()
           for folder in (GUIDES, ROOT / "docs" / "reference")
           for p in sorted(folder.glob("*.md"))}}
#: the optional extras pyproject.toml declares (tomllib is Python >= 3.11)
EXTRAS = set(re.findall(r"^(\w+) = \[", (ROOT / "pyproject.toml").read_text().split(
    "[project.optional-dependencies]", 1)[1].split("\n[", 1)[0], re.M))

#: what a fragment's first-line install comment names -> the marker of the suite that has it
#: (None: the test extra has it, so the default run executes the fragment)
NEEDS = {"'.[multiagent]'": None, "'.[rllib]'": "rllib", "omnisafe": "omnisafe",
         "masa-safe-rl": "masa", "stable-baselines3": "thirdparty", "mo-gymnasium": "thirdparty"}
#: modules a fragment may import after plain ``pip install -e .``
BASE_MODULES = {"gymnasium", "numpy", "safety_sim"}


def fragments() -> list[tuple[str, str]]:
    """(name, code) of every fenced Python fragment, dedented (list items indent theirs)."""
    found = []
    for doc, text in DOCS.items():
        for m in re.finditer(r"^( *)```python\n(.*?)^ *```", text, re.S | re.M):
            indent = len(m.group(1))
            code = "\n".join(line[indent:] for line in m.group(2).splitlines())
            line = text[:m.start()].count("\n") + 1
            found.append((f"{doc}:{line}", code + "\n"))
    return found


def requirement(code: str) -> str | None:
    """The install comment on the fragment's first line, or None."""
    first = code.splitlines()[0]
    return first[2:] if first.startswith("# pip install") else None


def marker_of(code: str) -> str | None:
    need = requirement(code)
    if need is None:
        return None
    hits = [marker for key, marker in NEEDS.items() if key in need]
    assert len(hits) == 1, f"unknown install comment {need!r}"
    return hits[0]


def imported_modules(code: str) -> set[str]:
    names = set()
    for line in code.splitlines():
        m = re.match(r"\s*(?:import|from)\s+([\w.]+(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)", line)
        if m:
            for part in m.group(1).split(","):
                names.add(part.split()[0].split(".")[0])
    return names


def run_fragment(code: str, cwd: Path) -> subprocess.CompletedProcess:
    """The fragment alone in a new interpreter (this checkout first on the path)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=600)


def fragment_params():
    params = []
    for name, code in fragments():
        marker = marker_of(code)
        marks = [getattr(pytest.mark, marker)] if marker else []
        params.append(pytest.param(code, id=name, marks=marks))
    return params


def test_every_fragment_is_found_and_says_what_it_needs():
    """The README has its fragments, and a fragment importing anything beyond the base
    install (stdlib aside) names its install line first."""
    found = fragments()
    assert len(found) >= 10
    for name, code in found:
        extra = {m for m in imported_modules(code) - BASE_MODULES
                 if m not in sys.stdlib_module_names}
        if extra:
            assert requirement(code), f"{name} imports {sorted(extra)} without saying so"
            marker_of(code)


@pytest.mark.parametrize("code", fragment_params())
def test_fragment_runs_alone(code, tmp_path):
    done = run_fragment(code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]


def python_block(text: str) -> str:
    """The first fenced Python fragment of ``text``."""
    return re.search(r"```python\n(.*?)```", text, re.S).group(1)


def test_build_your_own_level_snippet_prints_its_comment(tmp_path):
    code = python_block((GUIDES / "own_level.md").read_text())
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    done = run_fragment(code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines() == expected


def section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_readme_is_short_and_opens_with_a_picture():
    lines = README.splitlines()
    assert len(lines) <= 250
    first = next(line for line in lines[1:] if line.strip())
    picture = re.fullmatch(r"!\[[^\]]+\]\(([^)]+)\)", first)
    assert picture and (ROOT / picture.group(1)).stat().st_size <= 400_000
    assert not re.search(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b", README), \
        "a commit hash in the README"


def test_install_from_a_clone_comes_before_the_first_command():
    install, first = README.index("## Install"), README.index("## First command")
    assert install < first and "from a clone" in README[install:first]


def test_first_command_and_test_command_are_real():
    commands = re.findall(r"^(pip install .*)$", section("First command"), re.M)
    assert len(commands) == 1
    main = shlex.split(commands[0].split("&&", 1)[1])
    assert main[:2] == ["safety-sim", "record"]
    args = record.build_parser("record").parse_args(main[2:])
    assert args.env in gymnasium.registry and args.policy == "oracle"
    assert args.max_steps is not None and args.out.suffix == ".gif"   # a result in seconds
    tests = re.findall(r"^(pip install .*)$", section("Run the tests"), re.M)
    assert tests == ["pip install -e '.[test]' && python -m pytest -q -n auto"]


def test_quick_start_runs_an_episode_loop_with_a_policy(tmp_path):
    code = python_block(section("Quick start"))
    assert "policy(obs)" in code and 'info["cost"]' in code and "for " in code
    done = run_fragment(code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    steps, ret, cost = re.match(r"(\d+) steps, return (\S+), cost (\S+)",
                                done.stdout).groups()
    assert int(steps) == 1000 and float(ret) > 0 and float(cost) >= 0


def test_every_environment_page_the_readme_links_exists():
    for link in re.findall(r"\]\((docs/[^)#]+)", README):
        assert (ROOT / link).exists(), link


def hint_files() -> list[Path]:
    docs = [p for p in sorted((ROOT / "docs").rglob("*.md")) if "_build" not in p.parts]
    files = [ROOT / "README.md", *docs,
             *sorted((ROOT / "examples").glob("*.py"))]
    return files + sorted((ROOT / "safety_sim").rglob("*.py"))


def test_every_extra_hint_has_the_form_that_works_from_a_clone():
    """``pip install -e '.[extra]'`` (quoted, an extra pyproject declares); never the package
    name, which is not on the package index."""
    for path in hint_files():
        text = path.read_text()
        assert "safety-sim[" not in text, path
        for m in re.finditer(r"pip install[^\n`]*?([^\s`\"]*\[[\w,]+\][^\s`\"]*)", text):
            hint = m.group(1)
            if "ray[" in hint:                       # ray's own extra, in pyproject's rllib
                continue
            extra = re.fullmatch(r"'\.\[([\w,]+)\]'", hint)
            assert extra, f"{path.relative_to(ROOT)}: {m.group(0)!r}"
            assert set(extra.group(1).split(",")) <= EXTRAS | {"EXTRA"}, m.group(0)


def test_sizes_table_is_the_registry_output():
    from safety_sim.tools.spaces import spaces_markdown

    overview = ROOT / "docs" / "reference" / "environments_overview.md"
    assert spaces_markdown() in overview.read_text()

"""Every section reference in the code resolves to a heading of a specification in docs/spec/.

A reference is the section sign followed by a section number (``docs/spec/push.md \u00a75.2``);
it names its document on the same line: the last ``docs/spec/<name>.md`` before it. A
reference with no document before it on its line, to a document that does not exist, or to a
section that document has no heading for, fails the test with its file and line.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "docs" / "spec"
SCANNED = ("safety_sim", "tests", "scripts")
SIGN = "\u00a7"
REFERENCE = re.compile(SIGN + r"\s*(\d+(?:\.\d+)*)")
DOCUMENT = re.compile(r"docs/spec/([A-Za-z0-9_]+\.md)")
OUTSIDE = re.compile(r"(?<![\w/])(?:shared/)?spec/[A-Za-z0-9_]+\.md")
HEADING = re.compile(r"^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s")


def sections(text: str) -> set[str]:
    """The section numbers of a document's numbered headings (``## 5.`` -> "5", ``### 5.2``)."""
    return {m.group(1) for line in text.splitlines() if (m := HEADING.match(line))}


def spec_sections(folder: Path = SPEC) -> dict[str, set[str]]:
    return {p.name: sections(p.read_text(encoding="utf-8")) for p in folder.glob("*.md")}


def dangling(line: str, specs: dict[str, set[str]]) -> list[str]:
    """What is wrong with each reference of one line (empty when all resolve)."""
    problems = []
    for ref in REFERENCE.finditer(line):
        named = DOCUMENT.findall(line, 0, ref.start())
        if not named:
            problems.append(f"{SIGN}{ref.group(1)} names no docs/spec/<name>.md before it")
        elif named[-1] not in specs:
            problems.append(f"docs/spec/{named[-1]} does not exist")
        elif ref.group(1) not in specs[named[-1]]:
            problems.append(f"docs/spec/{named[-1]} has no heading {SIGN}{ref.group(1)}")
    return problems


def scanned_files():
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                try:
                    text = path.read_text(encoding="utf-8")
                except UnicodeDecodeError:        # binary data (npz, png, ...)
                    continue
                yield path, text


def test_every_reference_resolves_to_a_heading():
    specs = spec_sections()
    problems, count = [], 0
    for path, text in scanned_files():
        for number, line in enumerate(text.splitlines(), 1):
            count += line.count(SIGN)
            problems += [f"{path.relative_to(ROOT)}:{number}: {p}" for p in dangling(line, specs)]
    assert count > 100, f"only {count} references found: is the scan looking in the right place?"
    assert not problems, "\n".join(problems)


def misplaced(line: str, specs: dict[str, set[str]]) -> list[str]:
    """Specification files a line names outside docs/spec/, or in docs/spec/ but missing."""
    outside = [m.group(0) for m in OUTSIDE.finditer(line)]
    missing = [f"docs/spec/{name} does not exist" for name in DOCUMENT.findall(line)
               if name not in specs]
    return [f"{name} is not in docs/spec/" for name in outside] + missing


def test_every_cited_specification_is_in_the_repository():
    specs = spec_sections()
    problems = [f"{path.relative_to(ROOT)}:{number}: {p}"
                for path, text in scanned_files() if path != Path(__file__)
                for number, line in enumerate(text.splitlines(), 1)
                for p in misplaced(line, specs)]
    assert not problems, "\n".join(problems)


def test_a_citation_outside_the_repository_is_reported():
    specs = spec_sections()
    assert misplaced("# see spec/push.md and shared/spec/velocity.md", specs) == [
        "spec/push.md is not in docs/spec/", "shared/spec/velocity.md is not in docs/spec/"]
    assert misplaced("# see docs/spec/nowhere.md", specs) == ["docs/spec/nowhere.md does not exist"]
    assert misplaced("# see docs/spec/push.md and docs/spec/glossary.md", specs) == []


def test_the_pages_own_references_resolve():
    """Inside docs/spec/ a reference names its page as ``push.md \u00a78`` (or a link to it)
    earlier on the line, or means the page it is on."""
    specs, problems = spec_sections(), []
    for page in sorted(SPEC.glob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for ref in REFERENCE.finditer(line):
                named = re.findall(r"([A-Za-z0-9_]+\.md)", line[:ref.start()])
                name = named[-1] if named else page.name
                if ref.group(1) not in specs.get(name, set()):
                    problems.append(f"docs/spec/{page.name}:{number}: {name} {SIGN}{ref.group(1)}")
    assert not problems, "\n".join(problems)


def test_every_spec_page_has_numbered_sections():
    specs = spec_sections()
    numbered = {name for name, found in specs.items() if found}
    assert {"push.md", "navigation.md", "sg_extra_navigation.md", "sg_head.md", "velocity.md",
            "multi_agent.md", "conveyor_belt.md", "breakable_bottles.md",
            "blocked_unlock_pickup.md", "synth_seq.md"} <= numbered


@pytest.mark.parametrize("line, problem", [
    ("# see docs/spec/push.md " + SIGN + "99.9", "has no heading"),
    ("# see docs/spec/nowhere.md " + SIGN + "1", "does not exist"),
    ("# see " + SIGN + "5.2 of the spec", "names no docs/spec"),
    ("# spec/push.md " + SIGN + "5.2 (the old form, outside the repository)", "names no docs/spec"),
    ("# docs/spec/push.md " + SIGN + "5.2, docs/spec/nowhere.md " + SIGN + "5.2", "not exist"),
])
def test_a_dangling_reference_is_reported(line, problem):
    found = dangling(line, spec_sections())
    assert len(found) == 1 and problem in found[0], found


def test_resolving_references_pass():
    specs = spec_sections()
    assert dangling("# docs/spec/push.md " + SIGN + "5.2-" + SIGN + "5.4 and "
                    "docs/spec/navigation.md " + SIGN + "7.5", specs) == []
    assert sections("# Title\n## 5. Placement\n### 5.2 Sampler\n#### 5.2.1 x\n") == \
        {"5", "5.2", "5.2.1"}

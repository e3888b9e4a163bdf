"""The reference data of the Safety-Gymnasium HEAD families (``tests/data/sg_head_*.json``,
see ``tests/data/sg_head_README.md``) and its records in the form the shared golden checks
(:mod:`golden_helpers`) read."""
from __future__ import annotations

import copy

import gymnasium
from refs import load_ref

SPACES = load_ref("sg_head_spaces.json")
GOLDEN = load_ref("sg_head_golden.json")


def _per_entry(value, n: int) -> list:
    """A bound recorded as one number when uniform, else as a list: as a list of ``n``."""
    return list(value) if isinstance(value, list) else [value] * n


def spaces_record(env_id: str) -> dict:
    """``env_id``'s record of ``sg_head_spaces.json`` with the action bounds as lists and the
    observation bounds as runs ``[start, stop, low, high]`` (what ``assert_spaces_equal``
    reads)."""
    entry = dict(SPACES["env_ids"][env_id])
    act = dict(entry["action_space"])
    n = act["shape"][0]
    act["low"], act["high"] = _per_entry(act["low"], n), _per_entry(act["high"], n)
    entry["action_space"] = act
    box = dict(entry["observation_space"])
    if box["type"] == "Box":
        box["bounds"] = [[k["start"], k["stop"], k["low"], k["high"]] for k in entry["obs_keys"]]
    entry["observation_space"] = box
    return entry


def family_ids(family: str) -> list[str]:
    """The reference's ids of one ``family_counts`` family, in its recording order (a
    ``Debug_1.0.0`` id is one whose record says ``debug`` and whose task is a 1.0.0 level)."""
    return [i for i, e in SPACES["env_ids"].items() if _family(i, e) == family]


def _family(env_id: str, entry: dict) -> str:
    for name in ("Building", "FormulaOne", "MultiGoal"):
        if name in env_id:
            return name
    if "Base" in env_id:
        return "ConfigBase"
    return "Debug_1.0.0"


def made(key: str) -> gymnasium.Env:
    """The env of a record key: ``gymnasium.make(id)``, or for ``<id>|config=<name>`` the id
    made with a copy of that ``config=`` dict of ``sg_head_spaces.json``."""
    if "|config=" not in key:
        return gymnasium.make(key)
    env_id, name = key.split("|config=")
    return gymnasium.make(env_id, config=copy.deepcopy(SPACES["configs"][name]["config"]))

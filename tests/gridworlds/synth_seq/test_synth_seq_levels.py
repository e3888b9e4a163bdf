"""SynthSeq levels: descriptor resolution and mission strings against the reference records,
generator invariants (spec section 3) and generator statistics against the refs summary and
the spec's figures for the full 2000-seed reference set."""
from __future__ import annotations

import json
import math
from collections import Counter

import numpy as np
import pytest

from safety_sim.gridworlds.core.encoding import COLOR_NAMES, S, T
from safety_sim.gridworlds.synth_seq.geometry import CENTRE, Rand, in_box, is_wall_line, room_box
from safety_sim.gridworlds.synth_seq.instructions import (
    Action,
    Desc,
    Pair,
    descriptors,
    leaves,
    max_mission_length,
    num_navs,
    surface,
    tree_to_record,
)
from safety_sim.gridworlds.synth_seq.levelgen import LevelGenerationError, generate_level
from safety_sim.gridworlds.synth_seq.records import level_from_record, level_to_record
from safety_sim.gridworlds.synth_seq.sampling import REASON_ADJACENT, REASON_KEY, REASON_OVERLAP
from refs import load_ref

N_GENERATED = 1000


@pytest.fixture(scope="module")
def refs():
    data = load_ref("synth_seq_missions.json")
    assert data["format"] == "synth_seq_missions/1"
    return data


@pytest.fixture(scope="module")
def generated():
    rng = Rand(np.random.default_rng(12345))
    return [generate_level(rng) for _ in range(N_GENERATED)]


# -- descriptor resolution against the reference -------------------------------------------
def test_descriptors_missions_and_max_steps_match_all_records(refs):
    for rec in refs["missions"]:
        level = level_from_record(rec)
        where = f"seed {rec['seed']}"
        assert tree_to_record(level.tree) == rec["tree"], where  # matches, articles, surfaces
        assert surface(level.tree) == rec["mission"], where
        assert num_navs(level.tree) == rec["num_navs"], where
        assert level.max_steps == rec["max_steps"] == 576 * rec["num_navs"], where


def test_loaded_records_export_the_same_record(refs):
    """level_to_record(level_from_record(rec)) gives back every level field of the record,
    the locked room included; a loaded level reports no generation rejections."""
    for rec in refs["missions"]:
        out = level_to_record(level_from_record(rec))
        assert out["rejections"] == 0 and out["rejection_reasons"] == []
        for key in set(out) - {"rejections", "rejection_reasons"}:
            assert out[key] == rec[key], (rec["seed"], key)


def test_locked_room_of_a_hand_made_level():
    """The locked room is the room whose only door is the locked one; when both rooms beside
    it qualify, the one the agent does not start in."""
    tree = {"kind": "goto", "desc": {"type": "door", "color": None, "loc": None}}
    lone = {"objects": [[4, 0, 2, 7, 3]], "agent_start": {"pos": [2, 2], "dir": 0},
            "tree": tree}
    assert level_from_record(lone).locked_room == (1, 0)
    assert level_to_record(level_from_record(lone))["locked_room"] == \
        {"room": [1, 0], "door_pos": [7, 3], "door_color": "red"}
    # Room (1, 0) also has a door to (2, 0): the locked room is (0, 0).
    two = dict(lone, objects=[[4, 0, 2, 7, 3], [4, 1, 1, 14, 2]],
               agent_start={"pos": [16, 2], "dir": 0})
    assert level_from_record(two).locked_room == (0, 0)
    unlocked = dict(lone, objects=[[4, 0, 1, 7, 3]])
    assert level_from_record(unlocked).locked_room is None
    assert level_to_record(level_from_record(unlocked))["locked_room"] is None


def test_record_round_trip_of_generated_levels(generated):
    for level in generated[:100]:
        rec = json.loads(json.dumps(level_to_record(level)))
        again = level_from_record(rec)
        assert tree_to_record(again.tree) == rec["tree"]
        assert again.objects == level.objects
        assert (again.agent_pos, again.agent_dir) == (level.agent_pos, level.agent_dir)
        assert again.locked_room == level.locked_room
        out = level_to_record(again)
        assert {k: v for k, v in out.items() if not k.startswith("rejection")} == \
            {k: v for k, v in rec.items() if not k.startswith("rejection")}


def test_longest_mission_fits_the_declared_length():
    d_obj = Desc("ball", "purple", "front", ((1, 1),), (1,))
    d_any = Desc("door", "yellow", "front", ((7, 1),), (2,))
    put = Action("putnext", (d_obj, d_any))
    longest = Pair("after", Pair("and", put, put), Pair("and", put, put))
    assert len(surface(longest)) == max_mission_length()


# -- generator invariants ------------------------------------------------------------------
def _doors(level):
    return [o for o in level.objects if o[0] == T.DOOR]


def test_generated_layout_invariants(generated):
    for level in generated[:300]:
        cells = {(x, y): (t, c, s) for t, c, s, x, y in level.objects}
        doors = _doors(level)
        assert 8 <= len(doors) <= 11
        for t, c, s, x, y in level.objects:
            if t == T.DOOR:
                assert (x % 7 == 0) != (y % 7 == 0) and s in (S.CLOSED, S.LOCKED)
            else:
                assert not is_wall_line(x, y) and s == 0
                assert abs(x - CENTRE[0]) + abs(y - CENTRE[1]) >= 2
        n_dist = sum(1 for o in level.objects if o[0] != T.DOOR)
        locked = [o for o in doors if o[2] == S.LOCKED]
        box = None
        if level.locked_room is None:
            assert not locked and n_dist == 18
        else:
            box = room_box(*level.locked_room)
            assert len(locked) == 1 and n_dist == 19
            assert [o for o in doors if in_box(o[3], o[4], box)] == locked
            color = locked[0][1]
            assert any(t == T.KEY and c == color and not in_box(x, y, box)
                       for t, c, s, x, y in level.objects)
        ax, ay = level.agent_pos
        assert not is_wall_line(ax, ay) and (ax, ay) not in cells and not in_box(ax, ay, box)
        dx, dy = ((1, 0), (0, 1), (-1, 0), (0, -1))[level.agent_dir]
        assert (ax + dx, ay + dy) not in cells  # empty or a wall
        for d in descriptors(level.tree):
            assert d.matches and (box is None or
                                  any(not in_box(x, y, box) for x, y in d.matches))


def test_generated_missions_pass_validation(generated):
    for level in generated[:300]:
        locked_colors = {COLOR_NAMES[c] for t, c, s, _x, _y in level.objects
                         if t == T.DOOR and s == S.LOCKED}
        for leaf in leaves(level.tree):
            for d in leaf.descs:
                assert not (d.type == "key" and d.color in locked_colors)
            if leaf.kind == "putnext":
                move, fixed = leaf.descs
                assert not set(move.oids) & set(fixed.oids)
                assert all(abs(a - c) + abs(b - e) != 1
                           for a, b in move.matches for c, e in fixed.matches)


def test_retries_are_bounded_and_end_in_a_named_error():
    for seed in range(200):
        level = generate_level(Rand(np.random.default_rng(seed)))
        if level.rejections:
            break
    assert level.rejections and all(
        r.startswith(("Sampling rejected: ", "Timeout during mission generation: "))
        for r in level.rejections)
    with pytest.raises(LevelGenerationError, match="attempts"):
        generate_level(Rand(np.random.default_rng(seed)), max_attempts=len(level.rejections))


# -- statistics ----------------------------------------------------------------------------
def _stats(levels_or_records):
    """Counts in the vocabulary of the refs summary, from levels or records."""
    c = Counter()
    for item in levels_or_records:
        if isinstance(item, dict):
            tree, mission = item["tree"], item["mission"]
            descs = _record_descs(tree)
            n_rej, reasons = item["rejections"], item["rejection_reasons"]
            locked, n_doors = item["locked_room"] is not None, \
                sum(1 for o in item["objects"] if o[0] == T.DOOR)
        else:
            rec = level_to_record(item)
            tree, mission = rec["tree"], rec["mission"]
            descs = _record_descs(tree)
            n_rej, reasons = len(item.rejections), item.rejections
            locked, n_doors = item.locked_room is not None, len(_doors(item))
        c["n"] += 1
        c["root:" + tree["kind"]] += 1
        c["nav:" + str(min(_navs(tree), 5))] += 1
        c["locked"] += locked
        c["doors:" + str(n_doors)] += 1
        c["rej:" + str(min(n_rej, 2))] += 1
        for r in reasons:
            c["reason:" + r] += 1
        for word in (" and ", ", then ", " after you ", " in front of you", " behind you",
                     " on your left", " on your right"):
            c["has:" + word.strip()] += word in mission
        for d in descs:
            c["desc"] += 1
            c["type:" + d["type"]] += 1
            c["color:" + str(d["color"])] += 1
            c["loc:" + str(d["loc"])] += 1
            c["article:" + d["article"]] += 1
        for kind in _kinds(tree):
            c["leaf:" + kind] += kind in ("goto", "pickup", "open", "putnext")
    return c


def _record_descs(node):
    if node["kind"] in ("and", "before", "after"):
        return _record_descs(node["a"]) + _record_descs(node["b"])
    return [node[k] for k in ("desc", "move", "fixed") if k in node]


def _kinds(node):
    if node["kind"] in ("and", "before", "after"):
        return [node["kind"]] + _kinds(node["a"]) + _kinds(node["b"])
    return [node["kind"]]


def _navs(node):
    if node["kind"] in ("and", "before", "after"):
        return _navs(node["a"]) + _navs(node["b"])
    return 2 if node["kind"] == "putnext" else 1


def _close(k1, n1, k2, n2, z=4.5):
    """Two binomial proportions agree within ``z`` standard errors of their difference."""
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(max(p * (1 - p), 1e-4) * (1 / n1 + 1 / n2))
    return abs(k1 / n1 - k2 / n2) <= z * se


def test_summary_of_the_refs_file_is_what_the_records_say(refs):
    """Guards the counting helper used below against the file's own summary."""
    c, s = _stats(refs["missions"]), refs["summary"]
    assert c["n"] == s["n_missions"] and c["desc"] == s["descriptors"]["n"]
    assert {k: c["type:" + k] for k in s["descriptors"]["type_counts"]} == \
        s["descriptors"]["type_counts"]
    assert c["locked"] / c["n"] == pytest.approx(s["locked_room_fraction"])
    assert {k: c["doors:" + k] for k in s["doors_per_level_counts"]} == \
        s["doors_per_level_counts"]


def test_generator_statistics_agree_with_the_refs_summary(refs, generated):
    ref, got = _stats(refs["missions"]), _stats(generated)
    per_level = [k for k in ref if k.split(":")[0] in
                 ("root", "nav", "doors", "rej", "has") or k == "locked"]
    per_desc = [k for k in ref if k.split(":")[0] in ("type", "color", "loc", "article")]
    bad = []
    for keys, unit in ((per_level, "n"), (per_desc, "desc")):
        for k in keys:
            if not _close(got[k], got[unit], ref[k], ref[unit]):
                bad.append((k, got[k] / got[unit], ref[k] / ref[unit]))
    for k in [k for k in ref if k.startswith("reason:")]:  # rejections per reset
        if not _close(got[k], got["n"], ref[k], ref["n"]):
            bad.append((k, got[k] / got["n"], ref[k] / ref["n"]))
    assert not bad, bad


# The spec's figures for the full reference set (2000 seeds, 4705 descriptors).
SPEC_LEVEL_RATES = {"locked": 0.482, "doors:8": 0.47, "doors:9": 0.32, "doors:10": 0.18,
                    "doors:11": 0.025, "rej:0": 0.879, "rej:1": 0.106}
SPEC_ROOT_RATES = {"and": 0.342, "before": 0.162, "after": 0.151}
SPEC_DESC_RATES = {"color:None": 0.238, "type:door": 0.35, "article:a": 0.516}
SPEC_LEAVES = {"goto": 1072, "open": 1046, "pickup": 1013, "putnext": 787}
SPEC_NAVS = {1: 0.28, 2: 0.33, 3: 0.21, 4: 0.11}


def test_generator_statistics_agree_with_the_spec_full_reference_figures(generated):
    got, n, nd = _stats(generated), N_GENERATED, _stats(generated)["desc"]
    bad = []
    checks = [(k, got[k], n, p, 2000) for k, p in SPEC_LEVEL_RATES.items()]
    checks += [(k, got["root:" + k], n, p, 2000) for k, p in SPEC_ROOT_RATES.items()]
    checks += [(k, got[k], nd, p, 4705) for k, p in SPEC_DESC_RATES.items()]
    checks += [("loc", nd - got["loc:None"], nd, 0.136, 4705)]
    checks += [(f"nav:{k}", got[f"nav:{k}"], n, p, 2000) for k, p in SPEC_NAVS.items()]
    n_leaves = sum(SPEC_LEAVES.values())
    got_leaves = sum(got["leaf:" + k] for k in SPEC_LEAVES)
    checks += [("leaf:" + k, got["leaf:" + k], got_leaves, v / n_leaves, n_leaves)
               for k, v in SPEC_LEAVES.items()]
    for name, k, n1, p, n2 in checks:
        if not _close(k, n1, round(p * n2), n2):
            bad.append((name, k / n1, p))
    assert not bad, bad


def test_rejection_lines_use_the_reference_wording(refs, generated):
    """Every rejection line of the refs is one our generator can print (the three validation
    reasons verbatim; a timeout only by its prefix, the spec saw none), and the validation
    reasons of the refs also occur among our generated levels."""
    ours = {"Sampling rejected: " + r for r in (REASON_OVERLAP, REASON_ADJACENT, REASON_KEY)}
    timeout = "Timeout during mission generation: "
    known = {r for rec in refs["missions"] for r in rec["rejection_reasons"]}
    seen = {r for level in generated for r in level.rejections}
    assert all(r in ours or r.startswith(timeout) for r in known | seen), known | seen
    assert known & ours <= seen
    assert seen & ours

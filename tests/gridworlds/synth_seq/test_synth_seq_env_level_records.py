"""SafetySynthSeq-v0 levels given as records through reset(options={'level': ...}): corrupt
records, stored fields that disagree with the level, unmatched descriptors, overlapping cells."""
from __future__ import annotations

import copy
import re

import pytest

from safety_sim.gridworlds.synth_seq.env import SynthSeqEnv
from safety_sim.gridworlds.synth_seq.records import LevelRecordError

PREFIX = re.escape("SafetySynthSeq: options['level']: ")  # what reset puts before the field


def _corrupt(rec, path, value):
    rec = copy.deepcopy(rec)
    node = rec
    for k in path[:-1]:
        node = node[k]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return rec


@pytest.mark.parametrize("path,value,message", [
    (("objects",), KeyError, "lacks"),
    (("objects",), "abc", "objects"),
    (("objects", 0), [9, 0, 0, 3, 3], "type"),
    (("objects", 0), [6, 7, 0, 3, 3], "colour"),
    (("objects", 0), [6, 0, 0, 7, 3], "wall"),
    (("objects", 0), [4, 0, 1, 3, 3], "wall segment"),
    (("objects", 0), [4, 0, 5, 7, 3], "door state"),
    (("objects", 0), [6, 0, 0, 30, 3], "outside"),
    (("objects", 0), [6, 0, 0, 3.5, 3], "int"),
    (("agent_start", "dir"), 4, "dir"),
    (("agent_start", "pos"), [0, 3], "free interior cell"),
    (("tree", "kind"), "jump", "kind"),
    (("tree", "a", "kind"), "pickup", "desc"),
    (("max_steps",), 577, "max_steps"),
    (("grid_size",), [8, 8], "grid_size"),
])
def test_corrupt_level_records_raise(records, path, value, message):
    rec = next(r for r in records if r["tree"]["kind"] in ("and", "before", "after"))
    env = SynthSeqEnv()
    with pytest.raises(LevelRecordError, match=message):
        env.reset(options={"level": _corrupt(rec, path, value)})


def _first_desc(node, where="tree"):
    """The first descriptor of a record tree (depth first) and its path."""
    if node["kind"] in ("and", "before", "after"):
        return _first_desc(node["a"], where + ".a")
    slot = "move" if node["kind"] == "putnext" else "desc"
    return node[slot], f"{where}.{slot}"


def _flip_article(d):
    d["article"] = "a" if d["article"] == "the" else "the"


@pytest.mark.parametrize("field,change", [
    ("matches", lambda d: d.update(matches=d["matches"] + [[1, 1]])),
    ("matches", lambda d: d.update(matches=d["matches"][::-1] if len(d["matches"]) > 1
                                   else [[1, 1]])),
    ("matches", lambda d: d.update(matches="abc")),
    ("article", _flip_article),
    ("surface", lambda d: d.update(surface=d["surface"] + " please")),
])
def test_stored_descriptor_fields_must_agree_with_the_level(records, field, change):
    rec = copy.deepcopy(records[0])
    desc, where = _first_desc(rec["tree"])
    change(desc)
    with pytest.raises(LevelRecordError, match=rf"^{PREFIX}{re.escape(where)}\.{field}: "
                                               "the record says .*, but the level gives"):
        SynthSeqEnv().reset(options={"level": rec})


def test_stored_mission_num_navs_and_locked_room_must_agree(records):
    env = SynthSeqEnv()
    for field, value in (("mission", records[0]["mission"] + "!"),
                         ("num_navs", records[0]["num_navs"] + 1)):
        rec = dict(records[0], **{field: value})
        with pytest.raises(LevelRecordError, match=rf"^{PREFIX}{field}: the record says"):
            env.reset(options={"level": rec})
    locked = next(r for r in records if r["locked_room"] is not None)
    free = next(r for r in records if r["locked_room"] is None)
    wrong_colour = dict(locked["locked_room"], door_color="grey" if
                        locked["locked_room"]["door_color"] != "grey" else "red")
    for rec, value in ((locked, None), (locked, wrong_colour),
                       (free, {"room": [0, 0], "door_pos": [7, 3], "door_color": "red"})):
        with pytest.raises(LevelRecordError, match=rf"^{PREFIX}locked_room: the record says"):
            env.reset(options={"level": dict(rec, locked_room=value)})
    for rec in (locked, free):  # the stored value itself is accepted and comes back
        env.reset(options={"level": rec})
        assert env.level_record()["locked_room"] == rec["locked_room"]


def test_descriptor_without_match_and_overlapping_cells_raise(records):
    rec = copy.deepcopy(records[1])
    rec["objects"].append(list(rec["objects"][0]))
    with pytest.raises(LevelRecordError, match="twice"):
        SynthSeqEnv().reset(options={"level": rec})
    level = {"objects": [[6, 0, 0, 2, 3]], "agent_start": {"pos": [2, 2], "dir": 0},
             "tree": {"kind": "goto", "desc": {"type": "box", "color": None, "loc": None}}}
    with pytest.raises(LevelRecordError, match="matches no object"):
        SynthSeqEnv().reset(options={"level": level})
    with pytest.raises(LevelRecordError, match="mapping"):
        SynthSeqEnv().reset(options={"level": [1, 2]})

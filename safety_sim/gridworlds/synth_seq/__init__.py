"""BabyAI SynthSeq (``docs/spec/synth_seq.md``): level generation, the mission grammar
and its verifiers, level records and an oracle. Pure python/numpy; the gymnasium glue is
:mod:`safety_sim.gridworlds.synth_seq.env`.

Modules: :mod:`.geometry` (rooms, walls, the random stream), :mod:`.instructions` (tree,
descriptor resolution, mission strings, step limit), :mod:`.sampling` (mission sampling and
validation), :mod:`.levelgen` (layouts and the retry loop), :mod:`.records` (level records of
``shared/refs/synth_seq_missions.json``), :mod:`.verifier` (success semantics),
:mod:`.judge` (reward, labels, cost), :mod:`.navigation` and :mod:`.oracle` (the planner).
"""
from safety_sim.gridworlds.synth_seq.levelgen import Level, LevelGenerationError, generate_level
from safety_sim.gridworlds.synth_seq.records import (
    LevelRecordError,
    level_from_record,
    level_to_record,
)

__all__ = ["Level", "LevelGenerationError", "LevelRecordError", "generate_level",
           "level_from_record", "level_to_record"]

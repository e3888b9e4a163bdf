"""safety_sim.gridworlds.core.mission_space: the mission Text space whose batches travel through
AsyncVectorEnv's shared memory (gymnasium reads a Text buffer once; ours reads it live)."""
from __future__ import annotations

import copy
import pickle

from gymnasium import spaces
from gymnasium.vector.utils import (
    create_shared_memory, read_from_shared_memory, write_to_shared_memory)

from safety_sim.gridworlds.core.mission_space import MissionText, SharedMissions

SPACE = MissionText(max_length=24, charset="abcdefghijklmnopqrstuvwxyz ")


def test_is_a_text_space_in_every_other_respect():
    plain = spaces.Text(max_length=24, charset="abcdefghijklmnopqrstuvwxyz ")
    assert SPACE == plain and isinstance(SPACE, spaces.Text)
    assert SPACE.contains("pick up the red box") and not SPACE.contains("RED")
    SPACE.seed(0)
    assert SPACE.contains(SPACE.sample())


def test_shared_memory_is_read_live():
    memory = create_shared_memory(SPACE, n=2)
    batch = read_from_shared_memory(SPACE, memory, n=2)  # what AsyncVectorEnv keeps
    assert isinstance(batch, SharedMissions) and len(batch) == 2
    write_to_shared_memory(SPACE, 0, "go to the red ball", memory)
    write_to_shared_memory(SPACE, 1, "open a door", memory)
    assert batch == ("go to the red ball", "open a door") and batch[1] == "open a door"
    assert list(batch) == ["go to the red ball", "open a door"] and batch[:1] == (batch[0],)
    frozen = copy.deepcopy(batch)
    assert type(frozen) is tuple and frozen == batch
    write_to_shared_memory(SPACE, 1, "pick up a key", memory)  # the next step's write
    assert batch[1] == "pick up a key" and frozen[1] == "open a door"
    assert copy.copy(batch) == pickle.loads(pickle.dumps(batch)) == \
        ("go to the red ball", "pick up a key")
    assert type(pickle.loads(pickle.dumps(batch))) is tuple
    assert "pick up a key" in repr(batch)

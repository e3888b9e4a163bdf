"""SafetyBlockedUnlockPickup-v0: exact replays of the reference episodes (observations,
rewards, flags, agents and grid changes at every step)."""
from __future__ import annotations

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from bup_helpers import IGNORE_PER_AGENT_DICT_WARNINGS
from refs import load_ref
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.core.world import DONE

pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS
EPISODES = load_ref("blocked_unlock_pickup_episodes.json")["episodes"]


def encode(img) -> str:
    return "".join(f"{v:x}" for v in np.asarray(img).reshape(-1))


def env_from_ref(ep):
    cfg = ep["config"]
    env = BlockedUnlockPickupEnv(agents=cfg["agents"], room_size=cfg["room_size"],
                                 max_steps=cfg["max_steps"], joint_reward=cfg["joint_reward"],
                                 agent_view_size=cfg["view_size"],
                                 see_through_walls=cfg["see_through_walls"],
                                 allow_agent_overlap=cfg["allow_agent_overlap"])
    layout = {"grid_xy": ep["layout"]["grid_xy"], "agents": ep["agents_init"]}
    obs, _ = env.reset(seed=ep["seed"], options={"layout": layout})
    return env, obs


def obs_record(obs):
    return [{"image": encode(o["image"]), "direction": o["direction"]}
            for _, o in sorted(obs.items())]


@pytest.mark.parametrize("ep", EPISODES, ids=lambda e: f"seed{e['seed']}-{e['config']['agents']}ag")
def test_reference_episode_replays_exactly(ep):
    env, obs = env_from_ref(ep)
    n = ep["config"]["agents"]
    assert env.unwrapped.mission == ep["mission_intended"]
    assert obs_record(obs) == ep["obs0"]
    grid = env.game.world.grid.astype(int)
    for st in ep["steps"]:
        env.set_step_order(st["order"])
        obs, rew, term, trunc, info = env.step(dict(enumerate(st["actions"])))
        where = f"t={st['t']}"
        assert obs_record(obs) == st["obs"], where
        assert [rew[i] for i in range(n)] == st["rewards"], where  # exact float equality
        assert [term[i] for i in range(n)] == st["terminated"], where
        assert [trunc[i] for i in range(n)] == st["truncated"], where
        agents = [{"pos": list(a.pos), "dir": a.dir, "terminated": a.terminated,
                   "carrying": None if a.carrying is None else list(a.carrying)}
                  for a in env.game.agents]
        assert agents == st["agents"], where
        new = env.game.world.grid.astype(int)
        changed = [[x, y, *new[x, y].tolist()] for x, y in np.argwhere((new != grid).any(-1))]
        assert sorted(changed) == sorted(st["grid_changes"]), where
        grid = new
        assert all(o["mission"] == ep["mission_intended"] for o in obs.values())
    out = ep["outcome"]
    assert env.game.step_count == out["length"]
    assert [rew[i] for i in range(n)] == out["final_rewards"]
    with pytest.raises(ResetNeeded):  # every recorded episode ends at its last step
        env.step(dict.fromkeys(range(n), DONE))

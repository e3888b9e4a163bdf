"""Ids of everything the Push env reads or writes, resolved once after compiling.

The step path only indexes arrays with these ids; it never looks a name up.
"""
from __future__ import annotations

from dataclasses import dataclass

import mujoco
import numpy as np

from safety_sim.mjcf import push_config as pc

# Lidar groups in observation order (§8, §9.1): (observation key, body-name prefix).
LIDAR_GROUPS = (("goal_lidar", "goal"), ("hazards_lidar", "hazard"),
                ("pillars_lidar", "pillar"), ("push_box_lidar", "push_box"))


@dataclass(frozen=True)
class PushHandles:
    agent_body: int
    box_body: int
    box_qposadr: int
    goal_body: int
    pillar_bodies: np.ndarray
    lidar_keys: tuple[str, ...]  # groups present in this level, in observation order
    lidar_bodies: np.ndarray     # bodies of all present groups, group after group
    lidar_bounds: tuple[int, ...]  # group g is lidar_bodies[bounds[g]:bounds[g + 1]]
    pillar_touch: np.ndarray     # (ngeom, ngeom) bool: True for agent-geom/pillar-geom pairs
    first_pillar_geom: int       # pillar geoms are the last geoms (pillars are the last bodies)
    agent_reach: float           # bound on the distance from the agent origin to its geoms
    camera_ids: dict[str, int]

    @classmethod
    def resolve(cls, model: mujoco.MjModel, config: pc.PushConfig) -> "PushHandles":
        def body(name: str) -> int:
            return model.body(name).id

        agent = body("agent")
        agent_bodies = np.flatnonzero(_subtree_mask(model, agent))
        hazards = [body(f"hazard{i}") for i in range(config.hazards)]
        pillars = np.array([body(f"pillar{i}") for i in range(config.pillars)], dtype=int)
        groups = {"goal": [body("goal")], "hazard": hazards, "pillar": list(pillars),
                  "push_box": [body("push_box")]}
        keys, bodies, starts = [], [], []
        for key, prefix in LIDAR_GROUPS:
            if groups[prefix]:
                keys.append(key)
                starts.append(len(bodies))
                bodies.extend(groups[prefix])
        return cls(
            agent_body=agent, box_body=body("push_box"),
            box_qposadr=int(model.joint("push_box").qposadr[0]), goal_body=body("goal"),
            pillar_bodies=pillars, lidar_keys=tuple(keys),
            lidar_bodies=np.array(bodies, dtype=int), lidar_bounds=tuple(starts + [len(bodies)]),
            pillar_touch=_pair_table(model, agent_bodies, pillars),
            first_pillar_geom=_first_geom(model, pillars), agent_reach=agent_reach(model, agent),
            camera_ids={model.camera(i).name: i for i in range(model.ncam)})


def _subtree_mask(model: mujoco.MjModel, root: int) -> np.ndarray:
    """Bodies whose parent chain reaches ``root`` (bodies are numbered parents first)."""
    mask = np.zeros(model.nbody, dtype=bool)
    mask[root] = True
    for b in range(root + 1, model.nbody):
        mask[b] = mask[model.body_parentid[b]]
    return mask


def _pair_table(model: mujoco.MjModel, agent_bodies: np.ndarray,
                pillar_bodies: np.ndarray) -> np.ndarray:
    """Geom-pair lookup for the pillar cost: decided by which body owns each geom (§11.2)."""
    owner = model.geom_bodyid
    agent_geom = np.isin(owner, agent_bodies)
    pillar_geom = np.isin(owner, pillar_bodies)
    table = np.outer(agent_geom, pillar_geom)
    return table | table.T


def _first_geom(model: mujoco.MjModel, bodies: np.ndarray) -> int:
    if len(bodies) == 0:
        return model.ngeom
    first = int(model.body_geomadr[bodies].min())
    if not np.all(np.isin(model.geom_bodyid[first:], bodies)):
        raise RuntimeError("pillar geoms must be the last geoms of the model")
    return first


def agent_reach(model: mujoco.MjModel, root: int) -> float:
    """Upper bound, over all joint configurations, on the distance from the root body origin
    to any point of an agent geom (inf when a non-root body has a slide or free joint).

    A body's origin stays within ``|body_pos| + 2 |jnt_pos|`` (per hinge/ball joint) of its
    parent's origin; a geom's points within ``|geom_pos| + rbound + margin`` of its body origin.
    """
    sub = _subtree_mask(model, root)
    reach_body = np.zeros(model.nbody)
    for b in range(root + 1, model.nbody):
        if not sub[b]:
            continue
        link = float(np.linalg.norm(model.body_pos[b]))
        for j in range(model.body_jntadr[b], model.body_jntadr[b] + model.body_jntnum[b]):
            if model.jnt_type[j] in (mujoco.mjtJoint.mjJNT_SLIDE, mujoco.mjtJoint.mjJNT_FREE):
                return float("inf")
            link += 2.0 * float(np.linalg.norm(model.jnt_pos[j]))
        reach_body[b] = reach_body[model.body_parentid[b]] + link
    geoms = np.flatnonzero(sub[model.geom_bodyid])
    extent = (np.linalg.norm(model.geom_pos[geoms], axis=1) + model.geom_rbound[geoms]
              + model.geom_margin[geoms])
    return float(np.max(reach_body[model.geom_bodyid[geoms]] + extent))

"""Ids of everything the navigation env reads or writes, resolved once after compiling.

The step path only indexes arrays with these ids; it never looks a name up.
"""
from __future__ import annotations

from dataclasses import dataclass

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation import objects as no

# Contact codes of the geom-pair table (agent geom x object geom); buttons get
# BUTTON_CODE + index so that the goal button can be told from the others.
PILLAR_CODE, VASE_CODE, GREMLIN_CODE, BUTTON_CODE = 1, 2, 3, 4


@dataclass(frozen=True)
class NavHandles:
    agent_body: int
    goal_body: int
    box_body: int                # -1 without a push box
    body_of: dict[str, int]      # layout name -> body (gremlin{i} -> gremlin{i}obj)
    free_qposadr: dict[str, int]  # layout name -> qpos address of its free joint
    lidar_keys: tuple[str, ...]  # sensed groups in observation order
    lidar_bodies: np.ndarray     # bodies of all sensed groups, group after group (circle: 0)
    lidar_bounds: tuple[int, ...]  # group g is lidar_bodies[bounds[g]:bounds[g + 1]]
    ring_slots: tuple[int, ...]  # height slot of each lidar ring (object order, §12)
    touch: np.ndarray            # (ngeom, ngeom) int16 contact codes, 0 = nothing watched
    first_watched_geom: int      # no watched geom has a smaller id (ngeom: none watched)
    static_watched: tuple        # (body, radius) of static watched bodies (pillars, buttons)
    moving_watched: tuple        # (body, radius) of free watched bodies (vases, gremlins)
    agent_reach: float           # bound on the distance from the agent origin to its geoms
    vase_dofs: np.ndarray        # first dof of each vase's free joint
    gremlin_mocap: np.ndarray    # mocap index of each gremlin ghost
    gremlin_eq: np.ndarray       # weld equality of each gremlin
    gremlin_ghost: np.ndarray    # ghost geom of each gremlin
    camera_ids: dict[str, int]

    @classmethod
    def resolve(cls, model: mujoco.MjModel, config: nc.NavConfig) -> "NavHandles":
        def body(name: str) -> int:
            return model.body(name).id

        agent = body("agent")
        body_of, qposadr = {}, {}
        keys, bodies, starts, slots = [], [], [], []
        for slot, kind in enumerate(config.ordered()):
            names = kind.names()
            for name in names:
                bname = f"{name}obj" if isinstance(kind, no.Gremlins) else name
                body_of[name] = body(bname)
                if kind.category != "static":
                    qposadr[name] = int(model.joint(bname).qposadr[0])
            if kind.lidar_key is None or not names:
                continue
            keys.append(kind.lidar_key)
            starts.append(len(bodies))
            slots.append(slot)
            if isinstance(kind, no.Circle):   # senses the fixed origin (the world body's)
                bodies.append(0)
            else:
                bodies.extend(body_of[n] for n in names)
        touch = _touch_table(model, config, agent, body_of)
        watched = np.flatnonzero(touch.any(axis=0))
        grem = config.find(no.Gremlins)
        gnames = grem.names() if grem is not None else ()
        vases = config.find(no.Vases)
        return cls(
            agent_body=agent, goal_body=body("goal") if "goal" in body_of else -1,
            box_body=body_of.get("push_box", -1), body_of=body_of, free_qposadr=qposadr,
            lidar_keys=tuple(keys), lidar_bodies=np.array(bodies, dtype=int),
            lidar_bounds=tuple(starts + [len(bodies)]), ring_slots=tuple(slots), touch=touch,
            first_watched_geom=int(watched.min()) if watched.size else model.ngeom,
            static_watched=_watched(model, config, body_of, (no.Pillars, no.Buttons)),
            moving_watched=_watched(model, config, body_of, (no.Vases, no.Gremlins)),
            agent_reach=agent_reach(model, agent),
            vase_dofs=np.array([model.joint(n).dofadr[0] for n in
                                (vases.names() if vases is not None else ())], dtype=int),
            gremlin_mocap=np.array([model.body_mocapid[body(f"{n}mocap")] for n in gnames],
                                   dtype=int),
            gremlin_eq=np.array([model.equality(f"{n}mocap").id for n in gnames], dtype=int),
            gremlin_ghost=np.array([model.geom(f"{n}mocap").id for n in gnames], dtype=int),
            camera_ids={model.camera(i).name: i for i in range(model.ncam)})


def _touch_table(model, config, agent, body_of) -> np.ndarray:
    """Geom-pair codes for the contact costs and the button press, decided by which body owns
    each geom (push.md §11.2: Racecar's geoms have no names)."""
    owner = model.geom_bodyid
    agent_geom = _subtree_mask(model, agent)[owner]
    code = np.zeros(model.ngeom, dtype=np.int16)
    for kind in config.objects:
        base = {no.Pillars: PILLAR_CODE, no.Vases: VASE_CODE, no.Gremlins: GREMLIN_CODE,
                no.Buttons: BUTTON_CODE}.get(type(kind))
        if base is None:
            continue
        for i, name in enumerate(kind.names()):
            c = base + i if isinstance(kind, no.Buttons) else base
            code[owner == body_of[name]] = c
    table = np.where(agent_geom[:, None], code[None, :], 0).astype(np.int16)
    return np.maximum(table, table.T)


def _watched(model, config, body_of, kinds) -> tuple:
    """(body, radius) of the watched bodies of ``kinds``: no point of the body's geoms lies
    farther than ``radius`` from its origin, for a cheap no-contact test by distance."""
    out = []
    for kind in config.objects:
        if isinstance(kind, kinds):
            for name in kind.names():
                b = body_of[name]
                geoms = np.flatnonzero(model.geom_bodyid == b)
                radius = np.linalg.norm(model.geom_pos[geoms], axis=1) + \
                    model.geom_rbound[geoms] + model.geom_margin[geoms]
                out.append((b, float(radius.max())))
    return tuple(out)


def _subtree_mask(model: mujoco.MjModel, root: int) -> np.ndarray:
    """Bodies whose parent chain reaches ``root`` (bodies are numbered parents first)."""
    mask = np.zeros(model.nbody, dtype=bool)
    mask[root] = True
    for b in range(root + 1, model.nbody):
        mask[b] = mask[model.body_parentid[b]]
    return mask


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

"""Ids of everything the navigation env reads or writes, resolved once after compiling.

The step path only indexes arrays with these ids; it never looks a name up.
"""
from __future__ import annotations

from dataclasses import dataclass

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation import objects as no

CONTACT_SENSOR = "contact_"   # + body name: the sensor watching that body's contacts


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
    ring_slots: tuple[int, ...]  # height slot of each lidar ring (object order,
    # docs/spec/navigation.md §12)
    contact_adr: dict[str, np.ndarray]  # kind prefix -> sensordata address of each object's
    #                              contact sensor (agent subtree vs the object's body)
    velocity_dofs: dict[str, np.ndarray]  # kind prefix -> first dof of each free joint whose
    #                              linear velocity judging reads (vases)
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
        keys, starts, slots = [], [], []
        bodies: list[int] = []
        for slot, kind in enumerate(config.ordered()):
            names = kind.names()
            for name in names:
                bname = kind.body_name(name)
                body_of[name] = body(bname)
                if kind.category != "static":
                    qposadr[name] = int(model.joint(bname).qposadr[0])
            if kind.lidar_key is None or not names:
                continue
            keys.append(kind.lidar_key)
            starts.append(len(bodies))
            slots.append(slot)
            if kind.senses_origin:            # the fixed origin (the world body's)
                bodies.append(0)
            else:
                bodies.extend(body_of[n] for n in names)
        contact_adr = {kind.prefix: np.array([model.sensor(CONTACT_SENSOR + b).adr[0]
                                              for b in kind.watched_bodies()], dtype=np.intp)
                       for kind in config.ordered() if kind.watched_bodies()}
        grem = config.find(no.Gremlins)
        gnames = grem.names() if grem is not None else ()
        return cls(
            agent_body=agent, goal_body=body("goal") if "goal" in body_of else -1,
            box_body=body_of.get("push_box", -1), body_of=body_of, free_qposadr=qposadr,
            lidar_keys=tuple(keys), lidar_bodies=np.array(bodies, dtype=int),
            lidar_bounds=tuple(starts + [len(bodies)]), ring_slots=tuple(slots),
            contact_adr=contact_adr,
            velocity_dofs={k.prefix: np.array([model.joint(k.body_name(n)).dofadr[0]
                                               for n in k.names()], dtype=int)
                           for k in config.ordered() if k.velocity_watched and k.count},
            gremlin_mocap=np.array([model.body_mocapid[body(f"{n}mocap")] for n in gnames],
                                   dtype=int),
            gremlin_eq=np.array([model.equality(f"{n}mocap").id for n in gnames], dtype=int),
            gremlin_ghost=np.array([model.geom(f"{n}mocap").id for n in gnames], dtype=int),
            camera_ids={model.camera(i).name: i for i in range(model.ncam)})

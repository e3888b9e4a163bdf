"""MultiGoal's world (docs/spec/sg_head.md §4) built with ``mujoco.MjSpec``: the floor, agent 0
(``agent``) and agent 1 (the same agent attached with the suffix ``1``: ``agent1``, ``x1``,
``accelerometer1``, ... as in the reference's ``multi_<agent>.xml``), the red and the blue goal,
the hazards and the vases; and the reset state of a seed with the first observation.

Reset (the reference's order): the layout (:mod:`.layout`), one yaw per agent, then one per
goal, hazard and vase; the goals are drawn again by the goal update (both; the bodies stay where
the layout put them unless an agent already stands in its goal, :func:`redraw_goals`), then an
Ant's joint noise.
"""
from __future__ import annotations

import functools
import math
import warnings

import mujoco
import numpy as np

from safety_sim.navigation import lidar
from safety_sim.navigation.agents import _build as B
from safety_sim.navigation.agents.base import AgentSpec, ObsSensor
from safety_sim.navigation.layout.placement import draw_xy
from safety_sim.navigation.multigoal.layout import (
    GOAL_KEEPOUT,
    MultiGoalLevel,
    placed_objects,
    sample_multigoal_layout,
)
from safety_sim.navigation.objects import Hazards, Vases
from safety_sim.navigation.observation import rows_getter
from safety_sim.navigation.scene import add_contact_sensor
from safety_sim.navigation.sensors import SensorReadout
from safety_sim.ops import SCALAR

GOALS = (("goal_red", (0.7412, 0.0431, 0.1843, 1.0)), ("goal_blue", (0.0039, 0.1529, 0.3961, 1.0)))
GOAL_SIZE = 0.3
SUFFIXES = ("", "1")
GOAL_TRIES = 10_000
#: every agent's lidars: bins, range (m), and the distance they are read through
LIDAR_BINS, LIDAR_MAX_DIST, _HYPOT = 16, 3.0, SCALAR.hypot


@functools.lru_cache(maxsize=None)
def objects(level: MultiGoalLevel) -> tuple[Hazards, Vases]:
    """A level's hazards and vases (frozen: built once per level)."""
    return Hazards(level.hazards, size=0.2, keepout=0.18), Vases(level.vases, cost=False)


def build(agent: AgentSpec, level: MultiGoalLevel) -> mujoco.MjModel:
    spec = mujoco.MjSpec()
    spec.compiler.degree = False
    spec.option.timestep, spec.option.integrator = agent.timestep, agent.integrator
    for key, value in agent.geom_default.items():
        setattr(spec.default.geom, key, value)
    floor = spec.worldbody.add_geom(name="floor", type=mujoco.mjtGeom.mjGEOM_PLANE,
                                    size=[3.5, 3.5, 0.1])
    floor.conaffinity = agent.floor_conaffinity
    agent.build(spec)
    second = mujoco.MjSpec()
    second.compiler.degree = False              # its joint ranges are radians too
    for key, value in agent.geom_default.items():
        setattr(second.default.geom, key, value)
    agent.build(second)
    with warnings.catch_warnings():        # names stay unprefixed, as the reference's
        warnings.simplefilter("ignore", UserWarning)
        spec.attach(second, frame=spec.worldbody.add_frame(), prefix="", suffix="1")
        hazards, vases = objects(level)
        vases.add_free(spec, agent)
        for name, rgba in GOALS:
            body = spec.worldbody.add_body(name=name, pos=[0.0, 0.0, GOAL_SIZE / 2 + 1e-2])
            geom = body.add_geom(name=name, type=mujoco.mjtGeom.mjGEOM_CYLINDER,
                                 size=[GOAL_SIZE, GOAL_SIZE / 2, 0.0], rgba=list(rgba))
            geom.contype = geom.conaffinity = 0
        hazards.add_static(spec)
        for name, agent_body, body, subtree in contact_watches(level):
            add_contact_sensor(spec, body, agent_body, name=name, subtree=subtree)
        return spec.compile()


def contact_watches(level: MultiGoalLevel) -> list[tuple[str, str, str, bool]]:
    """``(sensor name, agent body, watched body, its whole subtree)`` of the contacts the
    level judges, in sensor order: the agents' (``contact_agents``, levels 1-2), then agent
    0's with each vase, then agent 1's (``contact_vase<i>``, ``contact1_vase<i>``, level 2)."""
    out = [("contact_agents", "agent", "agent1", True)] if level.contact_other else []
    if level.vases_cost:
        out += [(f"contact{s}_vase{i}", "agent" + s, f"vase{i}", False)
                for s in SUFFIXES for i in range(level.vases)]
    return out


def reset(model, data, agent: AgentSpec, level: MultiGoalLevel, seed: int,
          stream: np.random.RandomState | None = None) -> dict:
    """The reference's reset of ``seed`` written into ``model``/``data`` (forwarded); the
    layout it keeps (goals as redrawn; a goal body moves to its redrawn position only where its
    agent starts inside it). ``stream``: the episode's ``RandomState(seed)``, if the caller
    keeps drawing from it."""
    rs = np.random.RandomState(seed) if stream is None else stream
    layout = sample_multigoal_layout(rs, level)
    hazards, vases = objects(level)
    yaws = {name: rs.uniform(0.0, 2.0 * math.pi) for name in
            ("agent", "agent1", "goal_red", "goal_blue", *hazards.names(), *vases.names())}
    mujoco.mj_resetData(model, data)
    place(model, data, agent, layout, yaws, level)
    keepouts = {o.name: o.keepout for o in placed_objects(level)}
    placed = {goal: layout[goal] for goal, _ in GOALS}
    redraw_goals(rs, level.extents, layout, keepouts)
    for (goal, _), body in zip(GOALS, ("agent", "agent1")):
        # an agent that starts in its goal (agent 1's last of 100 failed draws can land
        # there): that goal moves to its redrawn position, as the reference's goal update
        # does at a reset for a goal already reached
        (gx, gy), (ax, ay) = placed[goal], layout[body]
        if math.sqrt((gx - ax) ** 2 + (gy - ay) ** 2) <= GOAL_SIZE:
            model.body_pos[model.body(goal).id][:2] = layout[goal]
    if agent.reset_joints is not None:        # the Ant: one noise per joint, both agents
        for i in range(model.nu // 2):
            noise = rs.uniform(-0.1, 0.1)
            pos = noise if i % 2 == 0 else math.pi / 2 + noise
            pos = -pos if i in (3, 5) else pos
            for a in (i, i + model.nu // 2):
                data.qpos[model.jnt_qposadr[model.actuator_trnid[a, 0]]] = pos
    mujoco.mj_forward(model, data)
    data.qacc_warmstart[:] = data.qacc       # as the reference's fresh MjData after its passes
    return layout


def redraw_goals(rs, extents, layout: dict, keepouts: dict) -> None:
    """The reference's goal update (``build_goal_position``/``sample_goal_position``): draw the
    red goal, then the blue one, each checked against the whole layout -- the previous goals
    included, and both agents at once (the root of the sum of the squared distances to
    ``agent`` and ``agent1`` at a reset; after a goal event the layout holds agent 0 alone),
    against the agent's keep-out -- until both fit; ``layout``
    takes the new goal positions (the goal bodies move only where an agent stands in its
    goal: the caller moves them)."""
    for _ in range(GOAL_TRIES):
        ok = True
        for goal in ("goal_red", "goal_blue"):
            xy = draw_xy(rs, extents, GOAL_KEEPOUT)
            if not _clear(xy, layout, keepouts):
                ok = False
                break
            layout[goal] = xy
        if ok:
            return
    raise RuntimeError("no goal position after 10000 draws")


def _clear(xy, layout: dict, keepouts: dict) -> bool:
    # plain loops (a reset tries this ~30 times): the same sums and comparisons as
    # ``sum(...)`` over the agents and ``all(... >= ...)`` over the rest
    x0, y0 = xy
    d2 = 0
    for a in ("agent", "agent1"):
        if a in layout:
            x, y = layout[a]
            d2 += (x0 - x) ** 2 + (y0 - y) ** 2
    if math.sqrt(d2) < keepouts["agent"] + GOAL_KEEPOUT:
        return False
    for name, (x, y) in layout.items():
        if name not in ("agent", "agent1") and \
                not math.sqrt((x0 - x) ** 2 + (y0 - y) ** 2) >= keepouts[name] + GOAL_KEEPOUT:
            return False
    return True


def suffixed(sensors: tuple[ObsSensor, ...], suffix: str) -> tuple[ObsSensor, ...]:
    return tuple(ObsSensor(s.key + suffix, s.sensor + suffix, s.kind) for s in sensors)


def observation_keys(model, agent: AgentSpec, level: MultiGoalLevel
                     ) -> list[tuple[str, int, int, tuple[int, ...]]]:
    """``(key, start, stop, shape)`` of every key of the flat observation, in order."""
    out, start = [], 0
    lidars = ["goal_red_lidar", "goal_blue_lidar"]
    lidars += ["hazards_lidar", "vases_lidar"] if level.hazards else []
    for suffix in SUFFIXES:
        keys = SensorReadout(model, suffixed(agent.obs_sensors, suffix)).sensor_keys
        keys += [(k + suffix, (LIDAR_BINS,)) for k in lidars]
        for key, shape in keys:
            size = int(np.prod(shape))
            out.append((key, start, start + size, tuple(shape)))
            start += size
    return out


class Observer:
    """The flat observation both agents receive: per agent its sensors, then the 16-bin
    lidars of the red goal, the blue goal, the hazards and the vases (levels 1-2), seen from
    that agent; agent 0's keys, then agent 1's (suffixed ``1``). Built once per model (sensor
    slices, body ids and each part's place in the vector looked up here), called once per
    step: the shared lidar (:func:`~safety_sim.navigation.lidar.lidar`) on Python floats,
    written into ``out`` (one compiled call per agent where built:
    :func:`~safety_sim.navigation.lidar.one_world_lidar_into`; the agent's ``xmat`` row is read
    in place)."""

    def __init__(self, model, agent: AgentSpec, level: MultiGoalLevel) -> None:
        hazards, vases = objects(level)
        groups = [["goal_red"], ["goal_blue"]]
        groups += [list(hazards.names()), list(vases.names())] if level.hazards else []
        bounds = np.cumsum([0] + [len(g) for g in groups]).tolist()
        self.base = list(lidar.group_base(bounds, LIDAR_BINS))
        self._lidar = lidar.one_world_lidar_into()  # on Python floats, the compiled call
        self.width = LIDAR_BINS * len(groups)
        self.objects = [model.body(n).id for g in groups for n in g]
        self._rows = rows_getter(self.objects)      # xpos rows (lists) -> the objects' rows
        #: per agent: its sensor readout, where its sensors and its lidars start and end,
        #: its body id
        self.parts: list[tuple[SensorReadout, int, int, int, int]] = []
        start = 0
        for suffix in SUFFIXES:
            readout = SensorReadout(model, suffixed(agent.obs_sensors, suffix))
            size = sum(int(np.prod(shape)) for _, shape in readout.sensor_keys)
            self.parts.append((readout, start, start + size, start + size + self.width,
                               model.body("agent" + suffix).id))
            start += size + self.width
        self.size = start
        self._out: np.ndarray | None = None
        self._data = None
        self._fills: list = []   # per agent: bound sensor fill into ``_out``, xmat view, ...

    def __getstate__(self):      # the views into the last ``out`` do not survive a pickle
        return {**self.__dict__, "_out": None, "_data": None, "_fills": []}

    def __call__(self, data, xpos: list | None = None, out: np.ndarray | None = None
                 ) -> np.ndarray:
        """The observation of ``data``; ``xpos``: ``data.xpos.tolist()`` where the caller
        has it; ``out``: the array written (default: a new one)."""
        xp = data.xpos.tolist() if xpos is None else xpos
        if out is not None and out is self._out and data is self._data:
            fills = self._fills
        else:                   # the caller's array and data: the sensor copies bound, kept
            keep = out is not None
            out = np.zeros(self.size) if out is None else out
            sensordata, xmat = data.sensordata, data.xmat
            fills = [(readout.bind(sensordata, out[start:stop]), xmat[body], stop, body)
                     for readout, start, stop, _, body in self.parts]
            if keep:
                self._out, self._data, self._fills = out, data, fills
        positions, into, base, width = self._rows(xp), self._lidar, self.base, self.width
        for fill, mat, stop, body in fills:         # each agent's sensors, then its lidar
            fill()
            into(out, stop, width, xp[body], mat, positions, base, LIDAR_BINS, LIDAR_MAX_DIST,
                 _HYPOT)
        return out


    def many(self, ops, sensordata, xpos, xmat, out):
        """The observations of many worlds into ``out`` (N, size): the same rules as a call,
        on arrays with a leading world axis (``sensordata`` (N, nsensordata), ``xpos``
        (N, nbody, 3), ``xmat`` (N, nbody, 9), float64) of any namespace ``ops`` (numpy's
        :data:`~safety_sim.ops.NUMPY`, torch's :class:`~safety_sim.array_ops.ArrayOps`)."""
        base = ops.object_column(self.base)
        objects = coordinate_first(xpos[:, self.objects, :2])        # (2, objects, N)
        for readout, start, stop, _, body in self.parts:
            readout.fill(sensordata, out[:, start:stop], ops)
            lidar.lidar_into(ops, out, stop, coordinate_first(xpos[:, body]),
                             coordinate_first(xmat[:, body]), objects, base, self.width,
                             LIDAR_BINS, LIDAR_MAX_DIST)
        return out


def coordinate_first(a):
    """``a`` with its axes reversed (numpy or torch): positions (N, ..., 3) -> (3, ..., N)."""
    return a.permute(*range(a.ndim - 1, -1, -1)) if hasattr(a, "permute") else a.T


def first_observation(model, data, agent: AgentSpec, level: MultiGoalLevel) -> np.ndarray:
    """:class:`Observer`'s observation of ``data`` (built for this one call)."""
    return Observer(model, agent, level)(data)


def place(model, data, agent: AgentSpec, layout: dict, yaws: dict, level: MultiGoalLevel):
    """Write the layout and yaws into ``model``/``data`` (static bodies: ``body_pos``/
    ``body_quat``; free bodies and free-rooted agents: ``qpos``)."""
    hazards, vases = objects(level)
    for suffix in SUFFIXES:
        name = "agent" + suffix
        xy, yaw = layout[name], yaws[name]
        bid = model.body(name).id
        joint = model.body_jntadr[bid]
        if model.jnt_type[joint] == mujoco.mjtJoint.mjJNT_FREE:     # a free-rooted agent
            B.free_placer(model.joint(joint).name, agent.spawn_z)(model, data, xy, yaw)
        else:                         # the Point: its slide axes turn with the body
            model.body_pos[bid] = (xy[0], xy[1], agent.spawn_z)
            model.body_quat[bid] = B.yaw_quat(yaw)
    for name in ("goal_red", "goal_blue", *hazards.names()):
        bid = model.body(name).id
        model.body_pos[bid][:2] = layout[name]
        model.body_quat[bid] = B.yaw_quat(yaws[name])
    for name in vases.names():
        adr = model.jnt_qposadr[model.joint(name).id]
        data.qpos[adr:adr + 3] = (*layout[name], Vases.Z)
        data.qpos[adr + 3:adr + 7] = B.yaw_quat(yaws[name])

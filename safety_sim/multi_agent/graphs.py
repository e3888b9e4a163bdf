"""Each robot as a graph of its actuated joints, and the partitions of that graph into agents
(docs/spec/multi_agent.md §5). Data only: nodes, hyperedges, global nodes and named partitions.

A :class:`Node` is one actuated joint: its index in ``data.qpos`` and ``data.qvel`` (negative =
from the end, as Python indexes), the actuator it drives, the bodies whose rows it reports in
the body categories (``cinert``, ``cvel``, ``cfrc_ext``) and, per category, an optional
:class:`Item` that replaces the default entry. A hyperedge is a tuple of mutually adjacent
nodes. Global nodes (the root) are observed by every agent. Nodes compare by identity, so a
custom factorization may reuse labels.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

#: What an observation category reads from ``mujoco.MjData``: joint categories give one number
#: per node (at the node's qpos or qvel index), body categories one row per body.
JOINT_CATEGORIES = ("qpos", "qvel", "qfrc_actuator")
BODY_CATEGORIES = {"cinert": 10, "cvel": 6, "cfrc_ext": 6}   # category -> row width
CATEGORIES = JOINT_CATEGORIES + tuple(BODY_CATEGORIES)


@dataclass(frozen=True)
class Item:
    """A node's own entry for one category: ``data.<array>`` at ``indices`` (flat, negative
    from the end; ``()`` = the node contributes nothing), clipped to ``[-clip, clip]`` if set.
    ``array`` is a joint array (``qpos``, ``qvel``, ``qfrc_actuator``) or a body array, whose
    indices then count the flattened ``(nbody, width)`` array."""

    array: str
    indices: tuple[int, ...] = ()
    clip: float | None = None


@dataclass(frozen=True, eq=False)
class Node:
    """One actuated joint (or, as a global node, the root)."""

    label: str
    qpos: int | None
    qvel: int | None
    act: int | None
    bodies: tuple[int, ...] = ()
    items: Mapping[str, Item] = field(default_factory=dict)
    body_clip: float | None = None     # body rows of this node clipped to [-body_clip, body_clip]

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", MappingProxyType(dict(self.items)))

    def __reduce__(self):   # MappingProxyType does not pickle; rebuild from a plain dict
        return (Node, (self.label, self.qpos, self.qvel, self.act, self.bodies,
                       dict(self.items), self.body_clip))

    def __repr__(self) -> str:
        return self.label


@dataclass(frozen=True)
class RobotGraph:
    """A robot's joint graph: hyperedges, global nodes and the named partitions into agents
    (``agent_conf`` -> one tuple of nodes per agent, in local action order), with the default
    observation categories (docs/spec/multi_agent.md §6, §9)."""

    edges: tuple[tuple[Node, ...], ...]
    globals: tuple[Node, ...]
    partitions: Mapping[str, tuple[tuple[Node, ...], ...]]
    local_categories: tuple[tuple[str, ...], ...] = (("qpos", "qvel"), ("qpos",))
    global_categories: tuple[str, ...] = ("qpos", "qvel")


def _qvel(*indices: int, clip: float | None = None) -> dict[str, Item]:
    return {"qvel": Item("qvel", indices, clip)}


_NO_QPOS = {"qpos": Item("qpos", ())}


def _half_cheetah() -> RobotGraph:
    bthigh, bshin, bfoot = Node("bthigh", -6, -6, 0), Node("bshin", -5, -5, 1), \
        Node("bfoot", -4, -4, 2)
    fthigh, fshin, ffoot = Node("fthigh", -3, -3, 3), Node("fshin", -2, -2, 4), \
        Node("ffoot", -1, -1, 5)
    root_x = Node("root_x", 0, 0, None, items=_NO_QPOS)
    root_z, root_y = Node("root_z", 1, 1, None), Node("root_y", 2, 2, None)
    return RobotGraph(
        edges=((bfoot, bshin), (bshin, bthigh), (bthigh, fthigh), (fthigh, fshin),
               (fshin, ffoot)),
        globals=(root_x, root_z, root_y),
        partitions={"2x3": ((bthigh, bshin, bfoot), (fthigh, fshin, ffoot)),
                    "6x1": ((bthigh,), (bshin,), (bfoot,), (fthigh,), (fshin,), (ffoot,))})


def _ant() -> RobotGraph:
    def leg(label, index, act, bodies):
        return Node(label, index, index, act, bodies=bodies, body_clip=1.0)

    hip1, ankle1 = leg("hip1", -8, 2, (1, 2)), leg("ankle1", -7, 3, (2, 3, 4))
    hip2, ankle2 = leg("hip2", -6, 4, (1, 5)), leg("ankle2", -5, 5, (5, 6, 7))
    hip3, ankle3 = leg("hip3", -4, 6, (1, 8)), leg("ankle3", -3, 7, (8, 9, 10))
    hip4, ankle4 = leg("hip4", -2, 0, (1, 11)), leg("ankle4", -1, 1, (11, 12, 13))
    torso = Node("torso", 0, 0, None, items={
        "qpos": Item("qpos", tuple(range(2, 7))), "qvel": Item("qvel", tuple(range(0, 6))),
        # the world body's row (body 0), clipped; not in the default categories
        "cfrc_ext": Item("cfrc_ext", tuple(range(0, 6)), clip=1.0)})
    return RobotGraph(
        edges=((ankle4, hip4), (ankle1, hip1), (ankle2, hip2), (ankle3, hip3),
               (hip4, hip1, hip2, hip3)),
        globals=(torso,),
        partitions={"2x4": ((hip1, ankle1, hip2, ankle2), (hip3, ankle3, hip4, ankle4)),
                    "2x4d": ((hip1, ankle1, hip4, ankle4), (hip2, ankle2, hip3, ankle3)),
                    "4x2": ((hip1, ankle1), (hip2, ankle2), (hip3, ankle3), (hip4, ankle4))})


def _hopper() -> RobotGraph:
    clip = 10.0
    thigh = Node("thigh_joint", -3, -3, 0, items=_qvel(-3, clip=clip))
    leg = Node("leg_joint", -2, -2, 1, items=_qvel(-2, clip=clip))
    foot = Node("foot_joint", -1, -1, 2, items=_qvel(-1, clip=clip))
    root_x = Node("root_x", 0, 0, None, items={**_NO_QPOS, **_qvel(0, clip=clip)})
    root_z = Node("root_z", 1, 1, None, items=_qvel(1, clip=clip))
    root_y = Node("root_y", 2, 2, None, items=_qvel(2, clip=clip))
    return RobotGraph(edges=((foot, leg), (leg, thigh)), globals=(root_x, root_z, root_y),
                      partitions={"3x1": ((thigh,), (leg,), (foot,))})


def _swimmer() -> RobotGraph:
    rot2 = Node("rot2", -2, -2, 0, items=_qvel(0, 3))
    rot3 = Node("rot3", -1, -1, 1, items=_qvel(1, 4))
    free_body_rot = Node("free_body_rot", 2, 2, None)
    return RobotGraph(edges=((rot2, rot3),), globals=(free_body_rot,),
                      partitions={"2x1": ((rot2,), (rot3,))})


def _walker2d() -> RobotGraph:
    thigh, leg, foot = Node("thigh_joint", -6, -6, 0), Node("leg_joint", -5, -5, 1), \
        Node("foot_joint", -4, -4, 2)
    thigh_l, leg_l, foot_l = Node("thigh_left_joint", -3, -3, 3), \
        Node("leg_left_joint", -2, -2, 4), Node("foot_left_joint", -1, -1, 5)
    root_x = Node("root_x", 0, 0, None, items=_NO_QPOS)
    root_z = Node("root_z", 1, 1, None)
    return RobotGraph(
        edges=((foot, leg), (leg, thigh), (foot_l, leg_l), (leg_l, thigh_l), (thigh, thigh_l)),
        globals=(root_x, root_x, root_z),        # sic: root_x twice, no root_y
        # (docs/spec/multi_agent.md §5)
        partitions={"2x3": ((foot, leg, thigh), (foot_l, leg_l, thigh_l))})


def _humanoid() -> RobotGraph:
    # bodies: 1 torso, 2 lwaist, 3 pelvis, 4 right_thigh, 5 right_sin, 6 right_foot,
    # 7 left_thigh, 8 left_sin, 9 left_foot, 10/11 right upper/lower arm, 12/13 left arm
    def joint(label, index, act, bodies):
        return Node(label, index, index, act, bodies=bodies)

    ab_y, ab_z = joint("abdomen_y", -17, 0, (1, 2, 3)), joint("abdomen_z", -16, 1, (1, 2, 3))
    ab_x = joint("abdomen_x", -15, 2, (3, 4, 7))
    r_hip_x, r_hip_z = joint("right_hip_x", -14, 3, (4, 5)), joint("right_hip_z", -13, 4, (4, 5))
    r_hip_y, r_knee = joint("right_hip_y", -12, 5, (4, 5)), joint("right_knee", -11, 6, (5, 6))
    l_hip_x, l_hip_z = joint("left_hip_x", -10, 7, (7, 8)), joint("left_hip_z", -9, 8, (7, 8))
    l_hip_y, l_knee = joint("left_hip_y", -8, 9, (7, 8)), joint("left_knee", -7, 10, (8, 9))
    r_sh1 = joint("right_shoulder1", -6, 11, (1, 10, 11))
    r_sh2 = joint("right_shoulder2", -5, 12, (1, 10, 11))
    r_elbow = joint("right_elbow", -4, 13, (11,))
    l_sh1 = joint("left_shoulder1", -3, 14, (1, 12, 13))
    l_sh2 = joint("left_shoulder2", -2, 15, (1, 12, 13))
    l_elbow = joint("left_elbow", -1, 16, (13,))
    root = Node("root", None, None, None, items={
        "qpos": Item("qpos", tuple(range(2, 7))), "qvel": Item("qvel", tuple(range(0, 6))),
        "qfrc_actuator": Item("qfrc_actuator", tuple(range(0, 6)))})
    abdomen, r_hip, l_hip = (ab_x, ab_y, ab_z), (r_hip_x, r_hip_y, r_hip_z), \
        (l_hip_x, l_hip_y, l_hip_z)
    body = ("qpos", "qvel", "cinert", "cvel", "qfrc_actuator", "cfrc_ext")
    return RobotGraph(
        edges=(abdomen, r_hip, l_hip, (l_elbow, l_sh1, l_sh2), (r_elbow, r_sh1, r_sh2),
               (l_knee, *l_hip), (r_knee, *r_hip), (l_sh1, l_sh2, *abdomen),
               (r_sh1, r_sh2, *abdomen), (*abdomen, *l_hip), (*abdomen, *r_hip)),
        globals=(root,),
        partitions={"9|8": ((*abdomen, r_sh1, r_sh2, r_elbow, l_sh1, l_sh2, l_elbow),
                            (*r_hip, r_knee, *l_hip, l_knee))},
        local_categories=(body, ("qpos",)), global_categories=body)


#: scenario -> its graph builder (a fresh graph, i.e. fresh node objects, per call)
GRAPHS = {"Ant": _ant, "HalfCheetah": _half_cheetah, "Hopper": _hopper,
          "Humanoid": _humanoid, "Swimmer": _swimmer, "Walker2d": _walker2d}


def robot_graph(scenario: str) -> RobotGraph:
    """The joint graph of ``scenario`` (one of :data:`GRAPHS`)."""
    return GRAPHS[scenario]()

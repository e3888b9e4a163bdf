"""The navigation world (docs/spec/push.md §4, docs/spec/navigation.md §4) built with
``mujoco.MjSpec`` and compiled once.

Body order: agent, free bodies (push box, vases, gremlin objects), mocap bodies (gremlin
ghosts), static bodies in object order (goal, hazards, pillars, buttons, circle, walls; all
created at the origin, ``reset`` moves them; the Race track's walls stand where they are
built). Push: agent, ``push_box``, ``goal``,
``hazard0..``, ``pillar0..``. Camera ids: 0 ``fixednear``, 1 ``fixedfar``, 2 ``vision`` (the
agent's), 3 ``track``. Angles are radians (``compiler.degree = False``), as in the reference XMLs.
A builtin gradient skybox with random "stars" replaces the reference's 24 MB of PNGs.
"""
from __future__ import annotations

import math

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation.agents.base import AgentSpec
from safety_sim.navigation.handles import CONTACT_SENSOR

CAMERA_ORDER = ("fixednear", "fixedfar", "vision", "track")
# Reference statistic (measured, all agents): fixes the render near/far planes and free camera.
STAT_EXTENT = 3.04288664809944
_C45, _S45 = math.cos(math.pi / 8), math.sin(math.pi / 8)   # 45 degree tilt about x
# bound once: the stepper runs every env step
_mj_step, _mj_forward, _forward_skip = mujoco.mj_step, mujoco.mj_forward, mujoco.mj_forwardSkip
_STAGE_VEL = mujoco.mjtStage.mjSTAGE_VEL
_SENSORS_OFF = int(mujoco.mjtDisableBit.mjDSBL_SENSOR)


def _rk4(model: mujoco.MjModel, data: mujoco.MjData) -> None:
    mujoco.mj_RungeKutta(model, data, 4)


def build_spec(agent: AgentSpec, config: nc.NavConfig, *, offwidth: int = 640,
               offheight: int = 480) -> mujoco.MjSpec:
    """The whole scene for ``agent`` and level ``config`` as an (uncompiled) MjSpec."""
    spec = mujoco.MjSpec()
    spec.modelname = f"{config.name.lower()}_{agent.name.lower()}"
    spec.compiler.degree = False
    spec.option.timestep = agent.timestep
    spec.option.integrator = agent.integrator
    spec.stat.extent = STAT_EXTENT
    spec.visual.global_.offwidth = max(640, int(offwidth))
    spec.visual.global_.offheight = max(480, int(offheight))
    for key, value in agent.geom_default.items():
        setattr(spec.default.geom, key, value)
    _add_assets(spec)
    _add_floor(spec, agent, config.floor_size, _add_floor_material(spec, config.floor))
    _add_light(spec)
    _add_fixed_cameras(spec, config.extents)
    agent.build(spec)
    _add_track_camera(spec)
    ordered = config.ordered()
    for obj in ordered:
        obj.add_free(spec, agent)
    for obj in ordered:
        obj.add_mocap(spec)
    for obj in ordered:
        obj.add_static(spec)
    for obj in ordered:
        for body in obj.watched_bodies():
            add_contact_sensor(spec, body)
    return spec


def add_contact_sensor(spec: mujoco.MjSpec, body: str, agent: str = "agent", *,
                       name: str | None = None, subtree: bool = False) -> None:
    """A contact sensor reporting whether any geom of ``agent``'s subtree touches ``body``
    (its "found" count; ``subtree``: any geom of ``body``'s subtree): judging reads contacts as
    a column of ``sensordata``, for one world as for a batch of them. Sensors do not act on
    the physics. ``name``: default ``CONTACT_SENSOR + body``."""
    ref = mujoco.mjtObj.mjOBJ_XBODY if subtree else mujoco.mjtObj.mjOBJ_BODY
    sensor = spec.add_sensor(name=name or CONTACT_SENSOR + body,
                             type=mujoco.mjtSensor.mjSENS_CONTACT,
                             objtype=mujoco.mjtObj.mjOBJ_XBODY, objname=agent,
                             reftype=ref, refname=body)
    sensor.intprm[:3] = [1 << int(mujoco.mjtConDataField.mjCONDATA_FOUND), 0, 1]


def compile_scene(agent: AgentSpec, config: nc.NavConfig, **kwargs) -> mujoco.MjModel:
    """Build and compile the scene; checks the camera order promised above."""
    model = build_spec(agent, config, **kwargs).compile()
    names = tuple(model.camera(i).name for i in range(model.ncam))
    if names != CAMERA_ORDER:
        raise RuntimeError(f"agent {agent.name}: camera order {names}, expected {CAMERA_ORDER} "
                           "(the 'vision' camera must sit on the root body 'agent')")
    return model


def _add_assets(spec: mujoco.MjSpec) -> None:
    tex = mujoco.mjtTexture
    spec.add_texture(name="skybox", type=tex.mjTEXTURE_SKYBOX,
                     builtin=mujoco.mjtBuiltin.mjBUILTIN_GRADIENT,
                     rgb1=[0.12, 0.14, 0.22], rgb2=[0.0, 0.0, 0.0], width=256, height=256,
                     mark=mujoco.mjtMark.mjMARK_RANDOM, random=0.002, markrgb=[1.0, 1.0, 1.0])
    spec.add_texture(name="matplane", type=tex.mjTEXTURE_2D,
                     builtin=mujoco.mjtBuiltin.mjBUILTIN_CHECKER,
                     rgb1=[0.859, 0.843, 0.765], rgb2=[0.949, 0.914, 0.855],
                     width=100, height=100)
    mat = spec.add_material(name="matplane", texrepeat=[10.0, 10.0], reflectance=0.1,
                            shininess=0.1, specular=0.1)
    mat.textures[mujoco.mjtTextureRole.mjTEXROLE_RGB] = "matplane"


def _add_floor_material(spec: mujoco.MjSpec, floor: str) -> str:
    """The floor's material: the checker ``matplane``, or one of the :data:`GROUNDS` of our own
    (``"village"`` for Race, ``"mud"`` for Building)."""
    if floor not in GROUNDS:
        return "matplane"
    rgb1, rgb2, markrgb, random, repeat, reflectance = GROUNDS[floor]
    spec.add_texture(name=floor, type=mujoco.mjtTexture.mjTEXTURE_2D,
                     builtin=mujoco.mjtBuiltin.mjBUILTIN_CHECKER, rgb1=rgb1, rgb2=rgb2,
                     width=64, height=64, mark=mujoco.mjtMark.mjMARK_RANDOM, random=random,
                     markrgb=markrgb)
    mat = spec.add_material(name=floor, texrepeat=[repeat, repeat], reflectance=reflectance)
    mat.textures[mujoco.mjtTextureRole.mjTEXROLE_RGB] = floor
    return floor


#: grounds of our own drawing, where the reference's textures are not ours to ship: the two
#: checker colours, the marks' colour and share, how often it repeats, reflectance. "village"
#: (Race: earthen, repeated 25 times like the reference's); "mud" (Building,
#: docs/spec/sg_head.md §2.1: trodden mud, repeated 29 times like the reference's).
GROUNDS = {
    "village": ([0.55, 0.50, 0.38], [0.50, 0.47, 0.35], [0.40, 0.45, 0.28], 0.05, 25.0, 0.1),
    "mud": ([0.36, 0.27, 0.18], [0.33, 0.25, 0.17], [0.24, 0.18, 0.12], 0.08, 29.0, 0.05),
}


def _add_floor(spec: mujoco.MjSpec, agent: AgentSpec, half_size: float,
               material: str = "matplane") -> None:
    floor = spec.worldbody.add_geom(name="floor", type=mujoco.mjtGeom.mjGEOM_PLANE,
                                    size=[half_size, half_size, 0.1],
                                    rgba=[1.0, 1.0, 1.0, 1.0], material=material)
    floor.conaffinity = agent.floor_conaffinity


def _add_light(spec: mujoco.MjSpec) -> None:
    spec.worldbody.add_light(type=mujoco.mjtLightType.mjLIGHT_DIRECTIONAL, pos=[0.0, 0.0, 0.5],
                             dir=[0.0, 0.0, -1.0], diffuse=[1.0, 1.0, 1.0],
                             specular=[0.0, 0.0, 0.0], castshadow=False, cutoff=100.0,
                             exponent=1.0)


#: the half side of the largest placement rectangle Safety-Gymnasium's ``fixedfar`` frames
#: (Goal2's and Push2's extents, [-2, 2]^2)
FIXEDFAR_FRAMES = 2.0


def _add_fixed_cameras(spec: mujoco.MjSpec, extents=(-2.0, -2.0, 2.0, 2.0)) -> None:
    # Looking along (0, 1, -1)/sqrt(2): the camera frame tilted 45 degrees about world x.
    # fixedfar sits at Safety-Gymnasium's (0, -5, 5) for every level whose extents it frames;
    # for larger extents (a NavConfig of your own) it moves back along its line of sight in
    # proportion, so that the whole placement rectangle stays in the picture.
    quat = [_C45, _S45, 0.0, 0.0]
    far = 5.0 * max(1.0, max(abs(float(v)) for v in extents) / FIXEDFAR_FRAMES)
    spec.worldbody.add_camera(name="fixednear", pos=[0.0, -2.0, 2.0], quat=quat, fovy=45.0)
    spec.worldbody.add_camera(name="fixedfar", pos=[0.0, -far, far], quat=quat, fovy=45.0)


def _track_quat() -> list[float]:
    # Camera axes as columns: x = (-1, 0, 0), y = (0, -1, 1)/sqrt2, z = (0, 1, 1)/sqrt2
    # (it looks along -z = (0, -1, -1)/sqrt2, back at the agent from (0, +2, +2)).
    r = 1.0 / math.sqrt(2.0)
    mat = np.array([[-1.0, 0.0, 0.0], [0.0, -r, r], [0.0, r, r]])
    quat = np.zeros(4)
    mujoco.mju_mat2Quat(quat, mat.ravel())
    return quat.tolist()


def _add_track_camera(spec: mujoco.MjSpec) -> None:
    root = spec.body("agent")
    if root is None:
        raise RuntimeError("the agent's build() must create a root body named 'agent'")
    root.add_camera(name="track", mode=mujoco.mjtCamLight.mjCAMLIGHT_TRACK,
                    pos=[0.0, 2.0, 2.0], quat=_track_quat(), fovy=45.0)


class Stepper:
    """Advances a compiled scene: ``nstep`` x ``mj_step``, then ``mj_forward`` so that sensors
    and positions describe the new state (as the reference does).

    ``mj_step`` is "forward pass, then integrate". When ``qpos``/``qvel`` are unchanged since
    this stepper's last ``mj_forward`` (the usual case), the first substep reuses that pass's
    position and velocity stages and recomputes only the acceleration stage for the new
    ``ctrl``: bitwise the same result as plain ``mj_step`` (tested), one collision pass fewer.
    Anything else (a user wrote ``qpos``; the implicit integrators, which no agent uses) falls
    back to plain ``mj_step``.

    Sensors are switched off (``mjDSBL_SENSOR``) during the substeps and on again for the final
    ``mj_forward``: readings taken in a substep are overwritten unread, and no sensor feeds
    back into the dynamics, so the state and the final readings are bit for bit those of
    plain ``mj_step`` (tested), at about a tenth less physics time.
    """

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData) -> None:
        self.model, self.data = model, data
        self._kind = int(model.opt.integrator)
        self._bind()

    def _bind(self) -> None:
        self._opt = self.model.opt
        self._qpos, self._qvel = self.data.qpos, self.data.qvel
        self._fresh_q = self._fresh_v = None   # qpos, qvel bytes at our last mj_forward
        if self._kind == int(mujoco.mjtIntegrator.mjINT_EULER):
            self._integrate = mujoco.mj_Euler
        elif self._kind == int(mujoco.mjtIntegrator.mjINT_RK4):
            self._integrate = _rk4
        else:
            self._integrate = None

    def forward(self) -> None:
        mujoco.mj_forward(self.model, self.data)
        self._fresh_q, self._fresh_v = self._qpos.tobytes(), self._qvel.tobytes()

    def advance(self, nstep: int) -> None:
        m, d, integrate, opt = self.model, self.data, self._integrate, self._opt
        flags = opt.disableflags
        opt.disableflags = flags | _SENSORS_OFF
        try:
            if integrate is not None and nstep > 0 and self._qpos.tobytes() == self._fresh_q \
                    and self._qvel.tobytes() == self._fresh_v:
                _forward_skip(m, d, _STAGE_VEL, 1)
                integrate(m, d)
                if nstep > 1:
                    _mj_step(m, d, nstep - 1)
            elif nstep > 0:
                _mj_step(m, d, nstep)
        finally:
            opt.disableflags = flags
        _mj_forward(m, d)
        self._fresh_q, self._fresh_v = self._qpos.tobytes(), self._qvel.tobytes()

    def advance_each(self, nstep: int, before_substep) -> None:
        """``nstep`` x (``before_substep()``, ``mj_step``), then ``mj_forward``: for worlds
        whose mocap bodies move every substep (gremlins), which a skipped first position stage
        would miss."""
        m, d, opt = self.model, self.data, self._opt
        flags = opt.disableflags
        opt.disableflags = flags | _SENSORS_OFF
        try:
            for _ in range(nstep):
                before_substep()
                _mj_step(m, d)
        finally:
            opt.disableflags = flags
        self.forward()

    def __getstate__(self):
        return {"model": self.model, "data": self.data, "_kind": self._kind}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._bind()

"""The MjSpec side of :class:`~safety_sim.gridworlds.render.scene.GridScene`: pools of mocap bodies
(every look of a kind in each body, shown or hidden by ``geom_rgba``) and the static stage of a
grid size (checkered floor, light, sky and the three cameras).

Nothing here runs per frame except :meth:`_Pool.write`, a few vectorised numpy assignments.
"""
from __future__ import annotations

import mujoco
import numpy as np

from safety_sim.gridworlds.render import palette as pal
from safety_sim.gridworlds.render.geometry import grid_center, look_axes, mat_to_quat

_HIDDEN = np.array([0.0, 0.0, -10.0])
_GEOM = {"box": mujoco.mjtGeom.mjGEOM_BOX, "sphere": mujoco.mjtGeom.mjGEOM_SPHERE,
         "cylinder": mujoco.mjtGeom.mjGEOM_CYLINDER, "ellipsoid": mujoco.mjtGeom.mjGEOM_ELLIPSOID,
         "mesh": mujoco.mjtGeom.mjGEOM_MESH}
# Follow camera: above and behind the agent looking ahead; first person: at the eye.
_FOLLOW_POS, _FOLLOW_FWD, _FOLLOW_FOVY = (-1.6, 0.0, 2.8), (3.0, 0.0, -2.8), 60.0
_EYE_POS, _EYE_FWD, _EYE_FOVY = (0.3, 0.0, 0.45), (1.0, 0.0, -0.3), 80.0


class _Pool:
    """``capacity`` mocap bodies of one kind; each holds every look's geoms."""

    def __init__(self, prefix: str, looks: dict, capacity: int) -> None:
        self.prefix, self.capacity = prefix, int(capacity)
        self.parts, table = pal.slot_template(looks)
        self.table = table.astype(np.float32)
        # mocap ids (capacity,) and geom ids (capacity, parts) once bound to a compiled model
        self.mocap = np.zeros(0, dtype=np.int64)
        self.gids = np.zeros((0, len(self.parts)), dtype=np.int64)

    def add_to(self, spec: mujoco.MjSpec, meshes: dict) -> None:
        for i in range(self.capacity):
            body = spec.worldbody.add_body(name=f"{self.prefix}{i}", mocap=True, pos=_HIDDEN)
            for k, p in enumerate(self.parts):
                g = body.add_geom(name=f"{self.prefix}{i}_{k}", type=_GEOM[p.shape],
                                  pos=p.pos, quat=p.quat, rgba=(0, 0, 0, 0),
                                  contype=0, conaffinity=0)
                if p.shape == "mesh":
                    g.meshname = _mesh(spec, meshes, p.mesh)
                else:
                    g.size = tuple(p.size) + (0.0,) * (3 - len(p.size))

    def bind(self, model: mujoco.MjModel) -> None:
        self.mocap = np.array([model.body_mocapid[model.body(f"{self.prefix}{i}").id]
                               for i in range(self.capacity)], dtype=np.int64)
        self.gids = np.array([[model.geom(f"{self.prefix}{i}_{k}").id
                               for k in range(len(self.parts))]
                              for i in range(self.capacity)], dtype=np.int64)
        self.gids = self.gids.reshape(self.capacity, len(self.parts))

    def write(self, model, data, pos, quat, look, color) -> None:
        """Show ``len(look)`` bodies (poses, look ids, colour ids); hide the rest."""
        n = len(look)
        data.mocap_pos[self.mocap[:n]] = pos
        data.mocap_quat[self.mocap[:n]] = quat
        data.mocap_pos[self.mocap[n:]] = _HIDDEN
        full_look = np.zeros(self.capacity, dtype=np.int64)
        full_color = np.zeros(self.capacity, dtype=np.int64)
        full_look[:n], full_color[:n] = look, color
        model.geom_rgba[self.gids] = self.table[full_look, full_color]


def _mesh(spec: mujoco.MjSpec, meshes: dict, verts) -> str:
    if verts not in meshes:
        meshes[verts] = f"mesh{len(meshes)}"
        spec.add_mesh(name=meshes[verts], uservert=np.asarray(verts).ravel().tolist())
    return meshes[verts]


def _static_spec(size: tuple[int, int], img_w: int, img_h: int) -> mujoco.MjSpec:
    """Floor, light and cameras of a ``size`` = (W, H) grid."""
    width, height = size
    spec = mujoco.MjSpec()
    spec.modelname = "grid_scene"
    _set_visual(spec, img_w, img_h)
    cx, cy = grid_center(width, height)
    spec.stat.center, spec.stat.extent = (cx, cy, 0.0), float(max(width, height))
    _add_floor(spec, width, height)
    wb = spec.worldbody
    wb.add_light(name="sun", type=mujoco.mjtLightType.mjLIGHT_DIRECTIONAL, castshadow=False,
                 dir=(0.3, 0.5, -1.0), diffuse=(0.45,) * 3, specular=(0.05,) * 3)
    # Orthographic: fovy is the visible height in metres; the whole grid fits the image.
    wb.add_camera(name="top", pos=(cx, cy, 5.0 + pal.WALL_HEIGHT),
                  proj=mujoco.mjtProjection.mjPROJ_ORTHOGRAPHIC,
                  fovy=float(max(height, width * img_h / img_w)))
    rig = wb.add_body(name="rig", mocap=True)  # follows the first agent
    for name, pos, fwd, fovy in (("follow", _FOLLOW_POS, _FOLLOW_FWD, _FOLLOW_FOVY),
                                 ("first_person", _EYE_POS, _EYE_FWD, _EYE_FOVY)):
        rig.add_camera(name=name, pos=pos, quat=mat_to_quat(look_axes(fwd)), fovy=fovy)
    return spec


def _set_visual(spec: mujoco.MjSpec, img_w: int, img_h: int) -> None:
    vis = spec.visual
    vis.global_.offwidth, vis.global_.offheight = img_w, img_h
    vis.global_.azimuth, vis.global_.elevation = 90.0, -70.0  # viewer's free camera
    # Coarse primitive meshes: shapes a few pixels wide need no more, and software GL
    # (llvmpipe) pays per triangle. No shadows (they cost ~10x a frame there).
    vis.quality.numslices, vis.quality.numstacks, vis.quality.numquads = 16, 8, 1
    vis.headlight.ambient, vis.headlight.diffuse = (0.5,) * 3, (0.35,) * 3
    vis.headlight.specular = (0.0,) * 3
    spec.add_texture(name="sky", type=mujoco.mjtTexture.mjTEXTURE_SKYBOX,
                     builtin=mujoco.mjtBuiltin.mjBUILTIN_GRADIENT, width=32, height=192,
                     rgb1=pal.SKY_TOP[:3], rgb2=pal.SKY_BOTTOM[:3])


def _add_floor(spec: mujoco.MjSpec, width: int, height: int) -> None:
    """A checkered plane (1-cell squares) and four slabs hiding it outside the grid.

    The checker's phase is locked to the plane's centre, hence an integer centre.
    """
    spec.add_texture(name="checker", type=mujoco.mjtTexture.mjTEXTURE_2D,
                     builtin=mujoco.mjtBuiltin.mjBUILTIN_CHECKER, width=64, height=64,
                     rgb1=pal.FLOOR_A[:3], rgb2=pal.FLOOR_B[:3])
    mat = spec.add_material(name="floor", texrepeat=(1.0, 1.0), texuniform=True, specular=0.0)
    mat.textures[mujoco.mjtTextureRole.mjTEXROLE_RGB] = "checker"
    big = float(width + height + 4)
    wb = spec.worldbody
    wb.add_geom(name="floor", type=mujoco.mjtGeom.mjGEOM_PLANE, material="floor",
                pos=(width // 2, -(height // 2), 0.0), size=(big, big, 1.0),
                contype=0, conaffinity=0)
    for i, (x0, y0, x1, y1) in enumerate(((-big, -big, 0, height + big),
                                          (width, -big, width + big, height + big),
                                          (0, -big, width, 0), (0, height, width, height + big))):
        wb.add_geom(name=f"outside{i}", type=mujoco.mjtGeom.mjGEOM_BOX, rgba=pal.OUTSIDE,
                    pos=((x0 + x1) / 2, -(y0 + y1) / 2, 0.0005),
                    size=((x1 - x0) / 2, (y1 - y0) / 2, 0.0005), contype=0, conaffinity=0)

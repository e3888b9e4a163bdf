"""Any discrete world of ours (a :class:`~safety_sim.gridworlds.render.frame.GridFrame`) as a
MuJoCo scene.

The model is built with :class:`mujoco.MjSpec` and compiled once per *layout*: the grid size
(checkered floor, cameras) and pools of mocap bodies sized from the first frame with spare
room. Each pooled body holds the geoms of every look of its kind: wall boxes (one per merged
wall rectangle, resized at run time), tiles (belt, belt end, source, destination, goal, lava,
coloured floor), objects (doors, keys, balls, boxes, vases, bottles), agents and carried
objects. A frame only writes mocap poses and ``geom_rgba`` (alpha 0 hides a geom) in a few
vectorised numpy assignments (plus ``geom_size`` of the wall boxes when the walls change), then
runs ``mj_kinematics`` and ``mj_camlight``. A rebuild (counted in :attr:`GridScene.n_compiles`)
happens only when the grid size changes or a pool overflows.

Walls and tiles are pooled rather than compiled because they do change within one grid size:
SynthSeq draws its doors in other wall cells every episode, and an object may cover a tile (the
conveyor-belt vase starts on a belt tile). The scene remembers the tile last seen under each
cell and keeps drawing it while an object stands there; an explicit ``background`` grid (the
tiles under the objects) may also be passed to :meth:`GridScene.sync`.

The MjSpec side (pools of mocap bodies, floor, light, cameras) is in
:mod:`safety_sim.gridworlds.render.spec`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import mujoco
import numpy as np

from safety_sim.gridworlds.core.encoding import T
from safety_sim.gridworlds.render import palette as pal
from safety_sim.gridworlds.render.caption import draw_caption, show_in_viewer
from safety_sim.gridworlds.render.caption import layout as caption_layout
from safety_sim.gridworlds.render.frame import GridFrame, check_grid_camera
from safety_sim.gridworlds.render.geometry import (
    DIR_QUAT,
    cell_to_world,
    grid_center,
    merge_rectangles,
    rect_to_box,
)
from safety_sim.gridworlds.render.spec import _Pool, _static_spec
from safety_sim.render.offscreen import OffscreenRenderer

if TYPE_CHECKING:
    from safety_sim.render.viewer import HumanViewer

_ALL_CELLS_UP_TO = 64  # grids with at most this many free cells: one object slot per cell


def _spare(n: int) -> int:
    return n + max(4, n // 2)


class GridScene:
    """A MuJoCo picture of grid frames: :meth:`sync` a frame, :meth:`render` rgb images.

    ``width`` x ``height`` is the image size. Cameras: ``"top"`` (orthographic, the whole grid),
    ``"follow"`` (above and behind the first agent), ``"first_person"`` (the first agent's eye).
    Nothing is compiled before the first frame and no OpenGL context exists before the first
    :meth:`render` / :meth:`show`; :meth:`close` releases them.
    """

    def __init__(self, width: int = 256, height: int = 256) -> None:
        if int(width) <= 0 or int(height) <= 0:
            raise ValueError(f"render size must be positive, got {width}x{height}")
        self.width, self.height = int(width), int(height)
        # mujoco.MjModel / MjData once the first frame is synced, else None (typed Any: MuJoCo
        # ships no types; render and show refuse before the first sync)
        self.model: Any = None
        self.data: Any = None
        self.n_compiles = 0
        self._size = (0, 0)         # (W, H) of the compiled layout; (0, 0): none yet
        # pool capacities: wall boxes, tiles, objects, agents
        self._caps: tuple[int, ...] = (0, 0, 0, 0)
        # wall mask bytes and its merged rectangles
        self._walls: tuple[bytes | None, list[tuple[int, int, int, int]]] = (None, [])
        self._walls_shown: bytes | None = None    # wall mask bytes written into the model
        self._renderer: OffscreenRenderer | None = None
        self._viewer: HumanViewer | None = None
        # (W, H, 3): tile look, colour, state last seen under each cell
        self._under: np.ndarray | None = None
        self._caption: str | None = None  # of the last synced frame
        self._viewer_caption: str | None = None  # shown in the viewer

    # -- frames -----------------------------------------------------------------------------
    def sync(self, frame: GridFrame, background=None) -> None:
        """Write ``frame`` into the scene (compiling first if its grid size is new or a pool
        is too small)."""
        grid = pal.check_grid(frame.grid)
        size = grid.shape[:2]
        if size != self._size:
            self._under = None  # a new layout: forget the tiles seen under objects
        walls = self._wall_rects(grid[..., 0] == T.WALL)
        obj = _OBJ_LOOK[grid[..., 0], np.minimum(grid[..., 2], 3)]
        tiles = self._tiles(grid, obj, background)
        counts = (len(walls), int(np.count_nonzero(tiles[..., 0])), int(np.count_nonzero(obj)),
                  len(frame.agents))
        if size != self._size:
            caps = [_spare(n) for n in counts[:3]] + [counts[3]]
            # Small grids get an object slot per free cell, so no frame of the layout can
            # overflow the pool (e.g. bottles dropped on every cell of a long line).
            free = int(np.count_nonzero(grid[..., 0] != T.WALL))
            if free <= _ALL_CELLS_UP_TO:
                caps[2] = max(caps[2], free)
            self._build(size, tuple(caps))
        elif any(n > c for n, c in zip(counts, self._caps)):
            self._build(size, tuple(max(c, _spare(n)) for n, c in zip(counts, self._caps)))
        if self._walls_shown != self._walls[0]:
            self._write_walls(walls)
        self._write_tiles(tiles)
        self._write_objects(grid, obj)
        self._write_agents(frame.agents, grid.shape)
        self._caption = frame.caption
        mujoco.mj_kinematics(self.model, self.data)
        mujoco.mj_camlight(self.model, self.data)

    def _wall_rects(self, mask: np.ndarray) -> list:
        key = mask.tobytes() + bytes(str(mask.shape), "ascii")
        if key != self._walls[0]:
            self._walls = (key, merge_rectangles(mask))
        return self._walls[1]

    def _write_walls(self, rects) -> None:
        """Wall boxes are pooled too, so that doors moving between episodes (SynthSeq) cost
        a few writes, not a recompile: each box gets its rectangle's position and size."""
        boxes = np.array([rect_to_box(*r) for r in rects], dtype=np.float64).reshape(-1, 2, 2)
        n = len(boxes)
        pos = np.zeros((n, 3))
        pos[:, :2] = boxes[:, 0]
        self._wall_pool.write(self.model, self.data, pos, DIR_QUAT[0], np.ones(n, np.int64),
                              np.zeros(n, np.int64))
        self.model.geom_size[self._wall_pool.gids[:n, 0], :2] = boxes[:, 1]
        self._walls_shown = self._walls[0]

    def _tiles(self, grid, obj, background) -> np.ndarray:
        """(W, H, 3) tile look / colour / state per cell, keeping tiles hidden by objects."""
        look = _TILE_LOOK[grid[..., 0], np.minimum(grid[..., 2], 3)]
        cur = np.stack([look, grid[..., 1], grid[..., 2]], axis=-1).astype(np.int64)
        covered = (obj > 0) & (look == 0)
        if background is not None:
            bg = pal.check_grid(background, grid.shape)
            bg_look = _TILE_LOOK[bg[..., 0], np.minimum(bg[..., 2], 3)]
            bg_cur = np.stack([bg_look, bg[..., 1], bg[..., 2]], axis=-1)
            cur = np.where((covered & (bg_look > 0))[..., None], bg_cur, cur)
        if self._under is not None and self._under.shape == cur.shape:
            cur = np.where((covered & (cur[..., 0] == 0))[..., None], self._under, cur)
        self._under = cur
        return cur

    def _write_tiles(self, tiles) -> None:
        xs, ys = np.nonzero(tiles[..., 0])
        sel = tiles[xs, ys]
        turn = np.where(sel[:, 0] == _BELT, sel[:, 2] % 4, 0)
        self._tile_pool.write(self.model, self.data, _positions(xs, ys, 0.0), DIR_QUAT[turn],
                              sel[:, 0], sel[:, 1])

    def _write_objects(self, grid, obj) -> None:
        xs, ys = np.nonzero(obj)
        self._obj_pool.write(self.model, self.data, _positions(xs, ys, 0.0), DIR_QUAT[0],
                             obj[xs, ys], grid[xs, ys, 1])

    def _write_agents(self, agents, shape) -> None:
        n = len(agents)
        pos = np.zeros((n, 3))
        dirs = np.zeros(n, dtype=np.int64)
        colors = np.zeros(n, dtype=np.int64)
        carry = np.zeros((n, 2), dtype=np.int64)  # look, colour
        for i, a in enumerate(agents):
            pos[i, :2] = cell_to_world(*pal.check_agent(a, shape))
            dirs[i], colors[i] = a.dir, a.color
            if a.carrying is not None:
                t, c, s = (int(v) for v in a.carrying)
                pal.check_cell(t, c, s, f"agent {i} carrying")
                carry[i] = (_OBJ_LOOK[t, min(s, 3)], c)
        quat = DIR_QUAT[dirs]
        self._agent_pool.write(self.model, self.data, pos, quat, np.ones(n, np.int64), colors)
        held = carry[:, 0] > 0  # a carried look is placed in the agent's frame
        self._carry_pool.write(self.model, self.data, pos[held], quat[held],
                               carry[held, 0], carry[held, 1])
        rig = self.data.mocap_pos[self._rig], self.data.mocap_quat[self._rig]
        if n:
            rig[0][:], rig[1][:] = pos[0], quat[0]

    # -- building ---------------------------------------------------------------------------
    def _build(self, size: tuple[int, int], caps: tuple[int, ...]) -> None:
        """Compile the scene for a ``size`` grid with pools of ``caps`` (wall boxes, tiles,
        objects, agents)."""
        self._release_gl()
        self._wall_pool = _Pool("wall", pal.WALL_LOOKS, caps[0])
        self._tile_pool = _Pool("tile", pal.TILE_LOOKS, caps[1])
        self._obj_pool = _Pool("obj", pal.OBJECT_LOOKS, caps[2])
        self._agent_pool = _Pool("agent", pal.AGENT_LOOKS, caps[3])
        self._carry_pool = _Pool("carry", pal.CARRY_LOOKS, caps[3])
        pools = (self._wall_pool, self._tile_pool, self._obj_pool, self._agent_pool,
                 self._carry_pool)
        spec = _static_spec(size, self.width, self.height)
        meshes: dict = {}
        for pool in pools:
            pool.add_to(spec, meshes)
        self.model = spec.compile()
        self.data = mujoco.MjData(self.model)
        for pool in pools:
            pool.bind(self.model)
        self._rig = self.model.body_mocapid[self.model.body("rig").id]
        self._top_cam = self.model.camera("top").id
        self._top_base = (self.model.cam_pos[self._top_cam].copy(),
                          float(self.model.cam_fovy[self._top_cam]))
        self.data.mocap_pos[self._rig, :2] = grid_center(*size)
        self.n_compiles += 1
        self._size, self._caps, self._walls_shown = size, caps, None

    # -- pictures ---------------------------------------------------------------------------
    def render(self, frame: GridFrame | None = None, camera: str = "top",
               background=None) -> np.ndarray:
        """rgb image ``(height, width, 3)`` uint8 of ``frame`` (or of the last synced one),
        with the frame's caption, if any, across the bottom (:mod:`~safety_sim.render.
        grid_caption`)."""
        check_grid_camera(camera)
        if frame is not None:
            self.sync(frame, background)
        if self.model is None:
            raise RuntimeError("GridScene.render: no frame has been synced yet")
        if self._renderer is None:
            self._renderer = OffscreenRenderer(self.model, self.width, self.height)
        band = caption_layout(self._caption, self.width, self.height).band
        self._fit_top_camera(band if camera == "top" else 0)
        img = self._renderer.render(self.data, camera=camera)
        if band:
            img = draw_caption(np.array(img, copy=True), self._caption)
        return img

    def _fit_top_camera(self, band: int) -> None:
        """Keep the whole grid above a caption band ``band`` pixels tall in the top view:
        where the centred grid would reach into the band, widen the orthographic view and
        shift it so that the grid is centred in the rows above the band."""
        pos, fovy = self._top_base
        rows = self._size[1] * self.height / fovy  # image rows the grid spans
        new_pos, new_fovy = pos, fovy
        if band and rows > self.height - 2 * band:
            new_fovy = max(fovy, self._size[1] * self.height / (self.height - band))
            new_pos = pos - np.array([0.0, band / 2 * new_fovy / self.height, 0.0])
        cid = self._top_cam
        if self.model.cam_fovy[cid] != new_fovy or (self.model.cam_pos[cid] != new_pos).any():
            self.model.cam_fovy[cid], self.model.cam_pos[cid] = new_fovy, new_pos
            mujoco.mj_camlight(self.model, self.data)

    def show(self, frame: GridFrame | None = None, camera: str = "top", key_callback=None,
             background=None) -> None:
        """Open or refresh the MuJoCo passive viewer ("human" mode) on this scene."""
        check_grid_camera(camera)
        if frame is not None:
            self.sync(frame, background)
        if self.model is None:
            raise RuntimeError("GridScene.show: no frame has been synced yet")
        self._fit_top_camera(0)  # the viewer's caption is a text overlay, not in the image
        if self._viewer is None:
            from safety_sim.render.viewer import HumanViewer

            self.model.vis.global_.cameraid = self.model.camera(camera).id
            self._viewer = HumanViewer(self.model, self.data, key_callback)
        self._viewer.sync()
        if self._caption != self._viewer_caption:   # the mission, as MuJoCo's text overlay
            show_in_viewer(getattr(self._viewer, "_handle", None), self._caption)
            self._viewer_caption = self._caption

    def _release_gl(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None
        if self._viewer is not None:
            self._viewer.close()
            self._viewer, self._viewer_caption = None, None

    def close(self) -> None:
        """Release the OpenGL renderer and the viewer (the compiled model stays)."""
        self._release_gl()


def _positions(xs, ys, z: float) -> np.ndarray:
    px, py = cell_to_world(xs, ys)
    return np.stack([np.atleast_1d(px), np.atleast_1d(py), np.full(len(xs), z)], axis=1)


_OBJ_LOOK, _TILE_LOOK = pal.OBJECT_LOOK_INDEX, pal.TILE_LOOK_INDEX
_BELT = tuple(pal.TILE_LOOKS).index("belt") + 1

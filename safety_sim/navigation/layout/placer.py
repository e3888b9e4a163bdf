"""Reset layouts of a compiled navigation model (the helper of
:class:`safety_sim.navigation.env.NavigationEnv`).

:class:`NavPlacer` checks a user's ``options["layout"]``, draws a layout in the reference's
order (docs/spec/push.md §5, docs/spec/navigation.md §5), writes it into the model and data, redraws
the goal or chooses a new goal button after an achievement. It holds the placement order and body
ids, never the episode's random stream.
"""
from __future__ import annotations

from typing import Any, Mapping

import mujoco
import numpy as np

from safety_sim.core import check_reset_options
from safety_sim.navigation import config as nc
from safety_sim.navigation import objects as no
from safety_sim.navigation.agents._build import (
    free_joints,
    free_qpos_index,
    reference_pose,
    spawn_constants,
    yaw_quat,
)
from safety_sim.navigation.agents.base import AgentSpec
from safety_sim.navigation.handles import NavHandles
from safety_sim.navigation.layout import placement

XY = tuple[float, float]
SEED_LIMIT = 2 ** 32   # numpy.random.RandomState's integer seeds (the reference's layouts)


def layout_stream(seed: int, reuse: np.random.RandomState | None = None
                  ) -> np.random.RandomState:
    """The layout stream of ``reset(seed=seed)``: ``RandomState(seed)`` as the reference for
    seeds below 2**32 (same layouts); a larger seed is split into its 32-bit words (least
    significant first), which seed ``RandomState`` through its array form. ``reuse``: a
    RandomState nobody reads any more, reseeded in place (the same state as a new one, without
    the cost of building one: about 1 us instead of 90)."""
    key: int | np.ndarray
    if seed < SEED_LIMIT:
        key = seed
    else:
        words = []
        while seed:
            words.append(seed & 0xFFFFFFFF)
            seed >>= 32
        key = np.array(words, dtype=np.uint32)
    if reuse is None:
        reuse = blank_stream()
    reuse.seed(key)
    return reuse


class _NoEntropy(np.random.bit_generator.ISeedSequence):
    """A seed sequence (numpy's documented ``ISeedSequence`` interface) whose state is a
    constant: the starting state of a stream that is reseeded before any draw."""

    _STATE = np.arange(1, 625, dtype=np.uint32)

    def generate_state(self, n_words, dtype=np.uint32):
        return self._STATE[:n_words].astype(dtype, copy=True)


def blank_stream() -> np.random.RandomState:
    """A RandomState to be reseeded (``layout_stream(seed, reuse=...)``) before it is read:
    built from a constant seed sequence, it skips the hashing of 624 words that building
    ``RandomState(seed)`` pays (about 0.6 ms on a loaded 2-core host, most of a seeded
    reset's cost per world); reseeding then gives exactly ``RandomState(seed)``'s state."""
    # numpy documents ISeedSequence as a seed; its stubs list only SeedSequence
    return np.random.RandomState(np.random.MT19937(_NoEntropy()))  # type: ignore[arg-type]


class NavPlacer:
    """Layout operations on one compiled model; ``name`` prefixes the error messages."""

    def __init__(self, model: mujoco.MjModel, config: nc.NavConfig, agent_spec: AgentSpec,
                 handles: NavHandles, name: str) -> None:
        self.model, self.config, self.agent_spec = model, config, agent_spec
        self.handles, self.name = handles, name
        self.objects = placement.placement_order(config, agent_spec)
        self.keepouts = {o.name: o.keepout for o in self.objects}
        self.goal_event = config.reward.goal_event
        buttons = config.find(no.Buttons)
        self.buttons = buttons.names() if buttons is not None else ()
        self.free_joints = free_joints(model)   # agent root (if free), box, vases, gremlins
        self._free_qpos = free_qpos_index(model, self.free_joints)
        self._rest_z, self._statics, self._gremlins = {}, [], []
        placed = [kind for kind in config.ordered() if kind.placed]
        for kind in placed:
            for i, name in enumerate(kind.names()):
                if kind.category == "static":
                    self._statics.append((name, handles.body_of[name], kind.fixed_yaw(i)))
                    continue
                self._rest_z[name] = kind.rest_height(agent_spec)
                if kind.category == "mocap":
                    self._gremlins.append(name)
        self._body = {"agent": handles.agent_body,
                      **{n: handles.body_of[n] for kind in placed for n in kind.names()}}
        self._moved = [n for n in self._body if n not in self._gremlins and n != "goal"]
        self._goal_rect = next((o.rect for o in self.objects if o.name == "goal"), None)

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, XY]:
        """The positions ``reset(options={"layout": {...}})`` overrides (``{}`` without)."""
        options = check_reset_options(options, ("layout",), self.name)
        try:
            layout = placement.check_layout(options.get("layout") or {}, self.objects,
                                            self.config.extents)
        except ValueError as exc:
            raise ValueError(f"{self.name}: options['layout']: {exc}") from None
        if "goal" in layout and self.goal_event == "button":
            raise ValueError(f"{self.name}: options['layout']: the goal of a Button level sits "
                             "on the goal button (chosen at random); place the buttons instead")
        return layout

    def draw(self, seed: int | None, rs: np.random.RandomState | None,
             np_random: np.random.Generator, overrides: Mapping[str, XY]
             ) -> tuple[np.random.RandomState, placement.ResetLayout]:
        """The reset's RandomState and layout with the user's ``overrides`` applied.

        ``rs`` is the episode's current stream (None before the first reset; a new one is
        seeded from ``np_random``). With overrides the draws happen on a copy of the stream,
        so that a refused layout (collidable bodies too close) leaves the episode, the model
        and the stream as they were; the caller installs the returned RandomState.
        """
        if seed is not None:
            rs = layout_stream(seed)
        elif rs is None:
            rs = np.random.RandomState(int(np_random.integers(SEED_LIMIT)))
        elif overrides:
            copy = np.random.RandomState()
            copy.set_state(rs.get_state())
            rs = copy
        try:
            layout = placement.sample_reset(rs, self.config.extents, self.objects,
                                            self.goal_event, len(self.buttons), overrides)
        except placement.ResamplingError as exc:
            raise placement.ResamplingError(f"{self.name}: {exc}") from None
        if overrides:
            try:
                placement.check_clearance(layout.xy, self.objects, list(overrides))
            except ValueError as exc:
                raise ValueError(f"{self.name}: options['layout']: {exc}") from None
        return rs, layout

    def write(self, data: mujoco.MjData, layout: placement.ResetLayout,
              constants: bool = True) -> None:
        """Write the layout into ``qpos`` (free joints), ``body_pos``/``body_quat`` (Point's
        root, static bodies) and the gremlins' welds and ghosts, then make it the model's
        reference configuration in one ``mj_setConst``, as the reference's per-reset compile of
        the XML with every pose baked in did. The caller runs ``mj_forward`` (after Ant's joint
        noise, which stays out of ``qpos0``). With ``constants=False`` only ``qpos0`` is set
        and the caller runs ``mj_setConst`` (a batch of worlds does it for all at once)."""
        m, h, xy, yaw = self.model, self.handles, layout.xy, layout.yaw
        self.agent_spec.place(m, data, xy["agent"], yaw["agent"])
        for name, z in self._rest_z.items():
            adr = h.free_qposadr[name]
            data.qpos[adr:adr + 7] = [*xy[name], z, *yaw_quat(yaw[name])]
        for name, bid, fixed in self._statics:
            m.body_pos[bid, :2] = xy[name]
            m.body_quat[bid] = yaw_quat(yaw[name] if fixed is None else fixed)
        for i, name in enumerate(self._gremlins):
            pos, quat = [*xy[name], self._rest_z[name]], yaw_quat(yaw[name])
            m.eq_data[h.gremlin_eq[i], :11] = [0.0, 0.0, 0.0, *pos, *quat, 1.0]
            m.geom_pos[h.gremlin_ghost[i]] = pos
            m.geom_quat[h.gremlin_ghost[i]] = quat
        if layout.goal_button is not None:
            self.point_goal_at(layout.goal_button)
        if constants:
            spawn_constants(m, data, self._free_qpos, forward=False)
        else:
            reference_pose(m, data.qpos, self._free_qpos)

    def point_goal_at(self, button: int) -> None:
        """Put the goal marker on button ``button`` (its XY; the caller runs ``mj_forward``)."""
        m, h = self.model, self.handles
        m.body_pos[h.goal_body, :2] = m.body_pos[h.body_of[self.buttons[button]], :2]

    def choose_button(self, rs: np.random.RandomState) -> int:
        """A new goal button (maybe the same; one 32-bit word, docs/spec/navigation.md §5.5)."""
        button = int(rs.choice(len(self.buttons)))
        self.point_goal_at(button)
        return button

    def resample_goal(self, rs: np.random.RandomState, xpos: np.ndarray,
                      reset_xy: Mapping[str, XY]) -> bool:
        """Move the goal body to a new draw (docs/spec/push.md §5.3, docs/spec/navigation.md §5.4)
        against the current body positions (gremlins: their reset positions ``reset_xy``); False
        (nothing moved) if none fits. The caller runs ``mj_forward``."""
        body = self._body
        others = {n: (xpos[body[n], 0], xpos[body[n], 1]) for n in self._moved}
        others.update((n, reset_xy[n]) for n in self._gremlins)
        xy = placement.resample_goal(rs, self._goal_rect or self.config.extents, others,
                                     self.keepouts, self.keepouts["goal"])
        if xy is None:
            return False
        self.model.body_pos[self.handles.goal_body, :2] = xy
        return True

    def current(self, xpos: np.ndarray) -> dict[str, XY]:
        """Current XY of every placed body (agent, objects; gremlin{i}: its box; not the
        track's walls, which are not placed)."""
        return {name: tuple(xpos[bid, :2].tolist()) for name, bid in self._body.items()}

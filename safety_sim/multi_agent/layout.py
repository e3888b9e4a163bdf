"""Per-agent observations (docs/spec/multi_agent.md §6), compiled once into index arrays.

:func:`neighbourhoods` finds the nodes at each graph depth from an agent's own nodes;
:func:`compile_plan` turns depths, categories and global nodes into an
:class:`ObservationPlan`: which MuJoCo arrays to read (each optionally clipped) and, per agent,
which of their flat entries, in order. Observing is then one copy of each array into a buffer
and one gather per step (the function :meth:`ObservationPlan.bind` returns). No MuJoCo here:
array sizes come in as numbers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from safety_sim.multi_agent.graphs import BODY_CATEGORIES, CATEGORIES, Node

Source = tuple[str, "float | None"]      # (MjData array name, clip bound or None)


def neighbourhoods(own: Sequence[Node], edges: Iterable[Sequence[Node]],
                   depth: int) -> dict[int, list[Node]]:
    """Depth 0: the agent's own nodes; depth d: the nodes sharing a hyperedge with a node of
    depth d-1 that are at no smaller depth. Each depth is sorted by label
    (docs/spec/multi_agent.md §6.1)."""
    edges = [tuple(e) for e in edges]
    explored, frontier = set(own), set(own)
    out = {0: sorted(own, key=lambda n: n.label)}
    for d in range(1, depth + 1):
        adjacent = {other for node in frontier for e in edges if node in e
                    for other in e if other is not node}
        frontier = adjacent - explored
        explored |= frontier
        out[d] = sorted(frontier, key=lambda n: n.label)
    return out


@dataclass(frozen=True)
class Entry:
    """One piece of an agent's observation: ``data.<array>`` (clipped to ``clip``) at the flat
    ``indices``, from ``node`` (label) at ``depth`` ("global" for global nodes)."""

    depth: int | str
    node: str
    category: str
    array: str
    clip: float | None
    indices: tuple[int, ...]


def _node_entries(node: Node, category: str, depth, emitted: dict[str, set[int]],
                  sizes: Mapping[str, int]) -> list[Entry]:
    item = node.items.get(category)
    if item is not None:
        return [Entry(depth, node.label, category, item.array, item.clip,
                      _resolve(item.indices, sizes[item.array], node, item.array))]
    if category in BODY_CATEGORIES:
        width, done = BODY_CATEGORIES[category], emitted.setdefault(category, set())
        rows = []
        for body in node.bodies:
            if body in done:
                continue
            done.add(body)
            flat = tuple(body * width + j for j in range(width))
            rows.append(Entry(depth, node.label, category, category, node.body_clip,
                              _resolve(flat, sizes[category], node, category)))
        return rows
    index = node.qpos if category == "qpos" else node.qvel   # qvel, qfrc_actuator: dof index
    if index is None:
        raise ValueError(f"node {node.label!r} has no {'qpos' if category == 'qpos' else 'qvel'}"
                         f" index, so it cannot report category {category!r}")
    return [Entry(depth, node.label, category, category, None,
                  _resolve((index,), sizes[category], node, category))]


def _resolve(indices: tuple[int, ...], size: int, node: Node, array: str) -> tuple[int, ...]:
    for i in indices:
        if not -size <= i < size:
            raise ValueError(f"node {node.label!r}: index {i} is outside data.{array} "
                             f"(size {size})")
    return tuple(i % size for i in indices)


def agent_entries(k_dict: Mapping[int, Sequence[Node]], k_categories: Sequence[Sequence[str]],
                  global_nodes: Sequence[Node], global_categories: Sequence[str],
                  sizes: Mapping[str, int]) -> list[Entry]:
    """The observation of one agent as entries: local depths in order (nodes sorted, each
    node's categories in order; body rows once per category across the local part), then
    for each global category every global node (docs/spec/multi_agent.md §6.3-§6.4)."""
    out: list[Entry] = []
    emitted: dict[str, set[int]] = {}
    for depth in sorted(k_dict):
        for node in k_dict[depth]:
            for category in k_categories[depth]:
                out += _node_entries(node, category, depth, emitted, sizes)
    emitted = {}
    for category in global_categories:
        for node in global_nodes:
            out += _node_entries(node, category, "global", emitted, sizes)
    return out


def check_categories(categories: Iterable[str], what: str) -> tuple[str, ...]:
    """A sequence of category names, each one of :data:`CATEGORIES`."""
    if isinstance(categories, str):
        raise TypeError(f"{what} must be a sequence of category names, got the string "
                        f"{categories!r}")
    out = tuple(categories)
    for c in out:
        if c not in CATEGORIES:
            raise ValueError(f"{what}: unknown observation category {c!r}; known: "
                             f"{', '.join(CATEGORIES)}")
    return out


class ObservationPlan:
    """What every agent observes, as one gather: the arrays to read (:attr:`sources`), the
    flat positions of all agents' entries in their concatenation (:attr:`index`) and each
    agent's slice of the result (:attr:`bounds`); :attr:`entries` keeps the description."""

    def __init__(self, entries: Sequence[Sequence[Entry]], sizes: Mapping[str, int]) -> None:
        self.entries = [list(e) for e in entries]
        sources: list[Source] = []
        for agent in self.entries:
            for e in agent:
                if (e.array, e.clip) not in sources:
                    sources.append((e.array, e.clip))
        self.sources = tuple(sources)
        offset, offsets = 0, {}
        for key in self.sources:
            offsets[key] = offset
            offset += sizes[key[0]]
        index, bounds, start = [], [], 0
        for agent in self.entries:
            flat = [offsets[(e.array, e.clip)] + i for e in agent for i in e.indices]
            index += flat
            bounds.append((start, start + len(flat)))
            start += len(flat)
        self.index = np.asarray(index, dtype=np.intp)
        self.bounds = tuple(bounds)
        self.slices = tuple(slice(a, b) for a, b in bounds)
        self.sizes = tuple(b - a for a, b in bounds)

    def bind(self, data, names: Sequence[str]) -> Callable[[], dict]:
        """A function of no arguments that returns every agent's observation (new float64
        arrays) from ``data`` (an ``MjData``: its current state), keyed by ``names`` (one per
        agent, in order). It keeps views of ``data``'s arrays (reading an MjData attribute
        builds a new numpy view each time, which costs as much as the gather) and the buffer
        they are joined in."""
        arrays = tuple(getattr(data, name).reshape(-1) for name, _ in self.sources)
        joined = np.empty(sum(a.size for a in arrays))
        plain, clipped, start = [], [], 0     # (source, its place in joined[, clip bound])
        for a, (_, bound) in zip(arrays, self.sources):
            view = joined[start:start + a.size]
            if bound is None:
                plain.append((a, view))
            else:
                clipped.append((a, view, bound))
            start += a.size
        index, pairs = self.index, tuple(zip(names, self.slices))
        keys = dict.fromkeys(names)    # copied and filled: no resizing on the way

        def observe(clip=np.clip) -> dict:
            for a, view in plain:            # copies into views: faster than concatenate
                view[...] = a
            for a, view, bound in clipped:
                clip(a, -bound, bound, out=view)
            flat = joined[index]     # a fresh array: the agents' observations are views of it
            out = keys.copy()
            for n, s in pairs:
                out[n] = flat[s]
            return out

        return observe

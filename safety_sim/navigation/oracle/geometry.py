"""Planar geometry helpers for the navigation oracles (angles, unit vectors, disc lists)."""
from __future__ import annotations

import math

import numpy as np

TWO_PI = 2.0 * math.pi


def wrap(angle: float) -> float:
    """``angle`` in [-pi, pi)."""
    return (angle + math.pi) % TWO_PI - math.pi


def unit(v) -> np.ndarray:
    """``v`` / |v| (the zero vector stays zero)."""
    v = np.asarray(v, dtype=float)
    n = float(np.hypot(v[0], v[1]))
    return np.zeros(2) if n < 1e-12 else v / n


def heading_of(v) -> float:
    """World angle of the planar vector ``v``."""
    return math.atan2(float(v[1]), float(v[0]))


def from_heading(angle: float) -> np.ndarray:
    """Unit vector at world angle ``angle``."""
    return np.array([math.cos(angle), math.sin(angle)])


#: discs as ``(centres (k, 2), radii (k,))``
Discs = tuple[np.ndarray, np.ndarray]


def discs(*groups: tuple[np.ndarray, float]) -> Discs:
    """Concatenate ``(centers (k, 2), radius)`` groups into ``(centers (n, 2), radii (n,))``."""
    centers = [np.asarray(c, dtype=float).reshape(-1, 2) for c, _ in groups]
    radii = [np.full(len(c), float(r)) for c, (_, r) in zip(centers, groups)]
    if not centers:
        return np.zeros((0, 2)), np.zeros(0)
    return np.concatenate(centers), np.concatenate(radii)

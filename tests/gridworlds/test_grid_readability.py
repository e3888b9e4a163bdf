"""What a user sees in rendered gridworld frames: the mission as a caption (SynthSeq,
BlockedUnlockPickup) that hides nothing of the grid, carried and delivered bottles, keys large
enough and grey objects that stand out from the floor."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.bottles.env import BottlesEnv
from safety_sim.gridworlds.synth_seq.env import SynthSeqEnv
from safety_sim.gridworlds.blocked_unlock_pickup import rules as bup
from safety_sim.gridworlds.core.encoding import EMPTY_CELL, WALL_CELL, C, T
from safety_sim.gridworlds.synth_seq.instructions import max_mission_length, mission_charset
from safety_sim.gridworlds.render import caption as cap
from safety_sim.gridworlds.render import palette as pal
from safety_sim.gridworlds.render.frame import GridFrame
from safety_sim.render import font
from safety_sim.gridworlds.render.scene import GridScene

WHITE = np.array([255, 255, 255])


# -- the caption font and layout -----------------------------------------------------------
def test_every_mission_character_has_its_own_glyph():
    chars = set(mission_charset()) | set("".join(bup.MISSIONS))
    assert chars <= set(font.GLYPHS)
    letters = [c for c in font.GLYPHS if c != " "]
    masks = {c: font.glyph(c).tobytes() for c in letters}
    assert len(set(masks.values())) == len(letters)  # no two glyphs alike
    assert not font.glyph(" ").any() and all(font.glyph(c).any() for c in letters)
    assert font.glyph("K").tobytes() == masks["k"] and font.glyph("~").tobytes() == masks["?"]


def test_text_mask_size_and_scale():
    m = font.text_mask("go to", 1)
    assert m.shape == (font.GLYPH_H, 5 * (font.GLYPH_W + 1) - 1)
    assert np.array_equal(font.text_mask("go to", 3), np.kron(m, np.ones((3, 3), bool)))


@pytest.mark.parametrize("size", [(256, 256), (480, 480), (640, 360), (160, 160)])
def test_the_longest_mission_is_shown_whole_within_the_band_limit(size):
    words = ("put the purple ball behind you next to a yellow door on your left, then " * 9)
    text = words[:max_mission_length()].rsplit(" ", 1)[0]
    w, h = size
    lay = cap.layout(text, w, h)
    assert lay.band <= cap.MAX_BAND_SHARE * h
    shown = " ".join(lay.lines)
    if h >= 256:  # room for the whole text
        assert shown == text
    else:  # cut, and it says so
        assert shown.endswith("...") and text.startswith(shown[:-3].rstrip())
    assert all(len(line) * (font.GLYPH_W + 1) * lay.scale <= w for line in lay.lines)


def read_white_lines(band: np.ndarray) -> list[np.ndarray]:
    """The white ink of each text line in a caption band, cropped to its bounding box."""
    ink = (band == 255).all(axis=-1)
    rows = np.flatnonzero(ink.any(axis=1))
    if not len(rows):
        return []
    groups = np.split(rows, np.flatnonzero(np.diff(rows) > 2) + 1)
    out = []
    for g in groups:
        block = ink[g[0]:g[-1] + 1]
        cols = np.flatnonzero(block.any(axis=0))
        out.append(block[:, cols[0]:cols[-1] + 1])
    return out


def crop(mask: np.ndarray) -> np.ndarray:
    rows, cols = np.flatnonzero(mask.any(1)), np.flatnonzero(mask.any(0))
    return mask[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


@pytest.mark.parametrize("make,mission", [
    (lambda **k: SynthSeqEnv(**k), lambda env: env.mission),
    (lambda **k: BlockedUnlockPickupEnv(agents=2, **k), lambda env: env.mission)])
@pytest.mark.parametrize("size", [256, 480])
def test_rgb_frames_carry_the_mission_as_a_caption(make, mission, size):
    env = make(render_mode="rgb_array", render_width=size, render_height=size)
    plain = make(render_mode="rgb_array", render_width=size, render_height=size,
                 render_caption=False)
    env.reset(seed=7)
    plain.reset(seed=7)
    img, clean = env.render(), plain.render()
    lay = cap.layout(mission(env), size, size)
    assert lay.band > 0 and img.shape == clean.shape == (size, size, 3)
    assert plain.grid_frame().caption is None and env.grid_frame().caption == mission(env)
    lines = read_white_lines(img[-lay.band:])
    assert len(lines) == len(lay.lines)
    assert [m.shape for m in read_white_lines(clean[-lay.band:])] != [m.shape for m in lines]
    for got, text in zip(lines, lay.lines):  # the pixels spell the mission
        assert np.array_equal(got, crop(font.text_mask(text, lay.scale)))
    env.close()
    plain.close()


def test_the_caption_hides_nothing_of_the_grid_in_the_top_view():
    """A 7x7 grid fills the square frame; a yellow ball in its bottom row must show above
    the caption band, not under it."""
    ppc = 32
    grid = np.zeros((7, 7, 3), np.int64)
    grid[:] = EMPTY_CELL
    grid[3, 6] = (T.BALL, C.YELLOW, 0)
    scene = GridScene(7 * ppc, 7 * ppc)
    text = "go to the yellow ball " * 4
    band = cap.layout(text, 7 * ppc, 7 * ppc).band
    for caption in (None, text):
        img = scene.render(GridFrame(grid, caption=caption)).astype(int)
        yellow = (img[..., 0] > 180) & (img[..., 1] > 150) & (img[..., 2] < 90)
        rows = np.flatnonzero(yellow.any(axis=1))
        assert len(rows) > 0.3 * ppc  # the ball is drawn whole
        if caption:
            assert rows.max() < 7 * ppc - band
        else:
            assert rows.max() > 7 * ppc - band  # where the band would have hidden it
    scene.close()


# -- bottles -------------------------------------------------------------------------------
PPC = 64  # the bottles' 5x1 line in a 320x64 frame: 64 pixels per cell


def glass(img: np.ndarray) -> np.ndarray:
    """Pixels of bottle glass (green) in an image."""
    r, g, b = (img[..., k].astype(int) for k in range(3))
    return (g > r + 40) & (g > b + 20)


def bottle_disc_px() -> float:
    """Top-view area in pixels of one full-size bottle (the palette's glass cylinder)."""
    radius = next(p.size[0] for p in pal.OBJECT_LOOKS["bottle_1"] if p.color == pal.GLASS)
    return np.pi * (radius * PPC) ** 2


def bottles_frame(**state) -> np.ndarray:
    env = BottlesEnv(render_mode="rgb_array", render_width=5 * PPC, render_height=PPC)
    env.reset(seed=0)
    env.set_state(**state)
    img = env.render()
    env.close()
    return img


def cell(img: np.ndarray, x: int) -> np.ndarray:
    return img[:, x * PPC:(x + 1) * PPC]


def test_carried_bottles_are_drawn_full_size_with_the_agent():
    counts = [glass(cell(bottles_frame(location=2, bottles_carrying=n), 2)).sum()
              for n in (0, 1, 2)]
    assert counts[0] == 0
    # each carried bottle shows (nearly) its full-size disc, not a dot
    assert counts[1] >= 0.6 * bottle_disc_px()
    assert counts[2] - counts[1] >= 0.6 * bottle_disc_px()


def test_delivered_bottles_are_drawn_at_the_destination():
    frames = [bottles_frame(location=1, bottles_delivered=n) for n in (0, 1, 2)]
    counts = [glass(cell(f, 4)).sum() for f in frames]
    assert counts[0] == 0
    assert counts[1] >= 0.6 * bottle_disc_px() and counts[2] - counts[1] >= 0.6 * bottle_disc_px()
    for f in frames[1:]:  # only the destination changes
        diff = np.abs(f.astype(int) - frames[0]).max(axis=-1) > 8
        assert set(np.flatnonzero(diff.any(axis=0)) // PPC) == {4}


@pytest.mark.filterwarnings("ignore:.*reward returned by `step\\(\\)`:UserWarning")
def test_bottles_env_frames_show_delivery_through_an_episode():
    env = gymnasium.make("SafetyBreakableBottles-v0", render_mode="rgb_array",
                         render_width=5 * PPC, render_height=PPC, prob_drop=0.0)
    env.reset(seed=0)
    for a in (0, 0, 0, 0, 2, 2, 1, 1, 1, 1):  # fetch two, carry them home
        *_, info = env.step(a)
    assert env.unwrapped.world.delivered == 2
    assert glass(cell(env.render(), 4)).sum() >= 2 * 0.6 * bottle_disc_px()
    env.close()


# -- keys and grey objects -----------------------------------------------------------------
def room_frame(obj=None) -> GridFrame:
    grid = np.zeros((7, 7, 3), np.int64)
    grid[:] = EMPTY_CELL
    grid[[0, 6], :] = WALL_CELL
    grid[:, [0, 6]] = WALL_CELL
    if obj is not None:
        grid[3, 3] = obj
    return GridFrame(grid)


def luminance(img: np.ndarray) -> np.ndarray:
    return img.astype(float) @ np.array([0.299, 0.587, 0.114])


@pytest.fixture(scope="module")
def room_scene():
    scene = GridScene(7 * 32, 7 * 32)
    yield scene
    scene.close()


def object_pixels(scene, obj):
    base = scene.render(room_frame())[96:128, 96:128]
    img = scene.render(room_frame(obj))[96:128, 96:128]
    changed = np.abs(img.astype(int) - base).max(axis=-1) > 8
    return img, base, changed


def test_keys_cover_a_good_part_of_their_cell(room_scene):
    for color in range(6):
        _, _, changed = object_pixels(room_scene, (T.KEY, color, 0))
        assert changed.mean() >= 0.3, color


@pytest.mark.parametrize("kind", [T.KEY, T.BALL, T.BOX])
def test_grey_objects_stand_out_from_the_floor(room_scene, kind):
    """Median luminance difference between a grey object's pixels and the floor under them:
    at least 80 of 255 levels."""
    img, base, changed = object_pixels(room_scene, (kind, C.GREY, 0))
    contrast = np.abs(luminance(img) - luminance(base))[changed]
    assert np.median(contrast) >= 80

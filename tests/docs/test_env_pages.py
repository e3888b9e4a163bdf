"""The generated environment pages (docs/envs, ``safety-sim docs``) cover the registry and say
what the envs do: every registered id is on its page, every page is the generator's current
output (so its spaces, layouts, cost terms and constants are the env's own), its picture exists
and is small, and the spaces a page states are those of a freshly made env."""
from __future__ import annotations

import re

import gymnasium
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim import registration
from safety_sim.tools import docs_pages as dp
from safety_sim.tools import docs_site

PAGES = dp.pages()
KEYS = [*PAGES, dp.MA_PAGE]
MAX_PICTURE = 400_000


def test_every_registered_id_has_a_page_that_names_it():
    for row in registration.ENV_ROWS:
        page = dp.ENVS / f"{dp.page_key(row)}.md"
        assert page.exists(), f"{row.id}: no page {page.name} (run safety-sim docs)"
        assert f"`{row.id}`" in page.read_text(), f"{row.id} is not on {page.name}"


def test_no_stale_page_and_the_index_links_every_page():
    on_disk = {p.stem for p in dp.ENVS.glob("*.md")} - {"index"}
    assert on_disk == set(KEYS)
    index = (dp.ENVS / "index.md").read_text()
    assert index == docs_site.index_text(PAGES)
    for key in KEYS:
        assert f"]({key}.md)" in index


@pytest.mark.parametrize("key", KEYS)
def test_page_is_the_generators_output(key):
    text = (docs_site.ma_page_text() if key == dp.MA_PAGE
            else docs_site.page_text(key, PAGES[key], PAGES))
    committed = (dp.ENVS / f"{key}.md").read_text()
    assert committed == text, f"docs/envs/{key}.md is stale: run safety-sim docs --no-pictures"


@pytest.mark.parametrize("key", KEYS)
def test_page_picture_exists_and_is_small(key):
    path = docs_site.picture_path(key)
    assert path.exists() and 0 < path.stat().st_size <= MAX_PICTURE
    assert f"pictures/{path.name}" in (dp.ENVS / f"{key}.md").read_text()


SPACE_ROW = re.compile(r"^\| `(Safety[\w-]+)` \| (.+?) \| (.+?) \|$", re.M)


@pytest.mark.parametrize("key", [k for k in PAGES
                                 if registration.is_navigation(dp.representative(PAGES[k]))])
def test_stated_spaces_are_the_envs(key):
    """Parsed from the page, not regenerated: each "| id | action | observation |" row."""
    text = (dp.ENVS / f"{key}.md").read_text()
    spaces = text.split("\n## Spaces\n", 1)[1].split("\n## ", 1)[0]
    rows = SPACE_ROW.findall(spaces)
    assert rows
    for env_id, action, observation in rows:
        env = gymnasium.make(env_id, disable_env_checker=True)
        assert (action, observation) == (dp.space_text(env.unwrapped.action_space),
                                         dp.space_text(env.unwrapped.observation_space)), env_id
        env.close()


def test_page_names_are_generic_over_new_ids():
    row = registration.EnvRow("SafetyDoggoMultiGoal2VisionGymnasium-v0", "x:Y",
                              {"agent": "Doggo", "level": 2}, 1000, "navigation")
    assert dp.page_key(row) == "MultiGoal2"
    assert dp.page_key(registration.EnvRow("SafetyHumanoidVelocityGymnasium-v1", "x:Y",
                                           {"robot": "Humanoid"})) == "HumanoidVelocity"

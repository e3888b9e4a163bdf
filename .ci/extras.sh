#!/usr/bin/env bash
# Integration suites with heavy optional dependencies, each in its own venv (.ci/run calls
# this after the main suites). The main suite deselects these markers (pyproject addopts).
#   dm        [dm] extra: dm_env conformance + dm_control viewer under Xvfb
#   rllib     [rllib] extra: one RLlib PPO iteration (Push; BlockedUnlockPickup via PettingZoo)
#   omnisafe  OmniSafe PPOLag through the safety_gymnasium drop-in (omnisafe --no-deps:
#             it pins safety-gymnasium/gymnasium 0.28 and pandas 2.0.3)
#   masa      masa-safe-rl: make_env on our labelled form + PPO-Lagrangian
#   thirdparty  the README's Stable-Baselines3 and MO-Gymnasium fragments (torch venv); the
#             RLlib, OmniSafe and MASA fragments run with their markers (tests/test_readme.py)
#   safepo single-agent  SafePO's PPO-Lag (--task SafetyPointGoal1-v0, two epochs of 2000
#             steps, 1 and 2 envs) through the drop-in, in the torch venv
#   sg-tests  Safety-Gymnasium 1.0.0's own test suite (tests/ of its sdist on the package
#             index) through the drop-in (python -m safety_sim.compat -m pytest)
#   sg-head-tests  Safety-Gymnasium's later repository's test suite (its default branch:
#             Building, FormulaOne, MultiGoal, the config-built Base ids) through the drop-in,
#             same venv; runs only with SG_HEAD_SRC set to a checkout of
#             PKU-Alignment/safety-gymnasium (never published after 1.0.0: CI cannot fetch it)
#   safepo    SafePO's multi-agent entry points (MAPPO-L, MACPO; --task
#             Safety2x4AntVelocity-v0) on make_ma through the drop-in, 4000 steps each, in the
#             torch venv. SafePO runs unmodified but for its own LinearLR(verbose=) fix, which
#             the test applies to a temporary copy (tests/compat/safepo_harness.py).
#   gpu       [gpu] extra: the GPU form (MuJoCo Warp + torch) on Warp's CPU device, small N,
#             in the torch venv; Warp's compiled kernels are kept in $WARP_CACHE_PATH (first
#             run: about 10 minutes of compiling on 2 cores; later runs read the cache)
#   Both SafePO sections run only with SAFEPO_SRC set to a checkout of
#   PKU-Alignment/Safe-Policy-Optimization: SafePO is not on the package index (the name
#   'safepo' there is an empty placeholder); otherwise each says so.
#   train     [train] extra: examples/ppo_lagrangian.py smoke test (a few hundred steps)
#   docs      [docs] extra: the Sphinx site with -W, tests/docs, and docs/screenshots.sh (the
#             index page and a task page in headless Chromium, Debian's package, to PNG)
# Venvs live in $SAFETY_SIM_EXTRAS_VENVS (default /tmp/safety-sim-extras) and are reused.
set -uo pipefail
status=0   # every section runs; the script fails if any did
cd "$(dirname "$0")/.."
ROOT=$PWD
VENVS="${SAFETY_SIM_EXTRAS_VENVS:-${TMPDIR:-/tmp}/safety-sim-extras}"
PYTHON="${PYTHON:-python}"
export MUJOCO_GL="${MUJOCO_GL:-egl}"
START=$SECONDS

step() { echo "== extras: $1 ($((SECONDS - START)) s so far)"; }

# CI's 90 minutes: .ci/run exports CI_DEADLINE (epoch seconds, a margin before the limit). A
# section that would likely not finish in what is left is not started and says so (NOT RUN,
# with the figures); unset (a local run) every section runs.
room() {  # room SECONDS NAME -> 0 when about SECONDS are left before CI_DEADLINE
  [ -z "${CI_DEADLINE:-}" ] && return 0
  local left=$((CI_DEADLINE - $(date +%s)))
  [ "$left" -ge "$1" ] && return 0
  echo "== extras: $2 NOT RUN: ${left} s of CI's time left, it takes about $1 s"
  return 1
}

venv() {  # venv NAME -> path of its python, created on first use
  local dir="$VENVS/$1"
  [ -x "$dir/bin/python" ] || "$PYTHON" -m venv "$dir"
  "$dir/bin/python" -m pip install -q --upgrade pip >/dev/null
  echo "$dir/bin/python"
}

step "xvfb"
if ! command -v xvfb-run >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb xauth >/dev/null
fi

step "dm: dm_env + dm_control"
if room 600 "dm"; then
  PY_DM=$(venv dm)
  "$PY_DM" -m pip install -q -e "$ROOT[dm,test]"
  "$PY_DM" -m pytest -q -m dm tests/adapters/test_dm_env.py || status=1
fi

step "torch venv: rllib + omnisafe"
if room 1200 "rllib + omnisafe"; then
  PY_T=$(venv torch)
  "$PY_T" -m pip install -q torch==2.13.0          # CPU wheel (never the multi-GB CUDA one)
  "$PY_T" -m pip install -q -e "$ROOT[rllib,test]"
  "$PY_T" -m pip install -q --no-deps omnisafe==0.5.0
  "$PY_T" -m pip install -q tensorboard pyyaml moviepy typer rich seaborn pandas matplotlib \
    gdown wandb
  "$PY_T" -m pip install -q stable-baselines3 mo-gymnasium   # the README's SB3 and MO fragments
  "$PY_T" -m pytest -q -m "rllib or omnisafe or thirdparty" tests/adapters/test_rllib.py \
    tests/compat/test_compat_omnisafe.py tests/test_readme.py \
    || status=1
fi

step "gpu: MuJoCo Warp vector env on Warp's CPU device"
if room 1800 "gpu" && [ -n "${PY_T:-}" ]; then
  "$PY_T" -m pip install -q -e "$ROOT[gpu,test]"      # keeps the CPU torch installed above
  WARP_CACHE_PATH="${WARP_CACHE_PATH:-$VENVS/warp-cache}" "$PY_T" -m pytest -q -p no:cacheprovider \
    -m gpu tests/gpu || status=1
fi

step "safepo single-agent"
# PyPI's "safepo" is an unrelated empty placeholder: SafePO comes from a checkout (SAFEPO_SRC),
# put on PYTHONPATH by the test rather than installed (its setup pins safety-gymnasium).
if [ -n "${SAFEPO_SRC:-}" ]; then
  "$PY_T" -m pip install -q joblib rich tensorboard pyyaml pandas matplotlib seaborn
  SAFEPO_SRC="$SAFEPO_SRC" "$PY_T" -m pytest -q -m safepo -k single_agent \
    tests/compat/test_compat_safepo.py || status=1
else
  echo "== extras: safepo single-agent NOT RUN: SafePO is not on the package index;" \
       "set SAFEPO_SRC to a checkout of SafePO (PKU-Alignment/Safe-Policy-Optimization)"
fi

step "train: the example PPO-Lagrangian trainer (torch venv)"
if room 300 "train" && [ -n "${PY_T:-}" ]; then
  "$PY_T" -m pip install -q -e "$ROOT[train,test]"
  "$PY_T" -m pytest -q -m train tests/test_trainer_smoke.py tests/test_trainer_progress.py \
    || status=1
fi

step "masa"
if room 900 "masa"; then
  PY_M=$(venv masa)
  # masa-safe-rl 0.3.x resolves jax >= 0.5, which its tensorflow-probability 0.25 cannot import.
  "$PY_M" -m pip install -q -e "$ROOT[test]" masa-safe-rl "jax<0.5" "jaxlib<0.5" "flax<0.11" \
    "orbax-checkpoint<0.12"
  "$PY_M" -m pytest -q -m masa tests/adapters/test_masa.py tests/test_readme.py || status=1
fi

step "sg-tests: Safety-Gymnasium 1.0.0's test suite through the drop-in"
if room 600 "sg-tests"; then
PY_SG=$(venv sg-tests)
"$PY_SG" -m pip install -q -e "$ROOT[test]"
SG_TMP=$(mktemp -d "${TMPDIR:-/tmp}/sg-tests.XXXXXX")
if "$PY_SG" -m pip download -q --no-binary :all: --no-deps safety-gymnasium==1.0.0 -d "$SG_TMP"; then
  tar -xzf "$SG_TMP"/safety-gymnasium-1.0.0.tar.gz -C "$SG_TMP"
  # Only tests/ (not the sdist root, whose safety_gymnasium/ would shadow the drop-in). Its
  # tests import a `helpers` module that the sdist does not ship: a parametrize over the
  # cartesian product of the keyword lists, ids "name(value)-...", written here.
  mkdir -p "$SG_TMP/run" && cp -r "$SG_TMP/safety-gymnasium-1.0.0/tests" "$SG_TMP/run/"
  cat > "$SG_TMP/run/tests/helpers.py" <<'PY'
import itertools

import pytest


def parametrize(**grid):
    names = list(grid)
    combos = list(itertools.product(*grid.values()))
    ids = ["-".join(f"{n}({v})" for n, v in zip(names, c)) for c in combos]
    return pytest.mark.parametrize(names, combos, ids=ids)
PY
  (cd "$SG_TMP/run" && "$PY_SG" -m safety_sim.compat -m pytest -q -p no:cacheprovider -rf tests) \
    || status=1
else
  echo "sg-tests: could not download the safety-gymnasium 1.0.0 sdist"; status=1
fi
rm -rf "$SG_TMP"
fi

step "sg-head-tests: Safety-Gymnasium's later test suite (its repository's HEAD) through the drop-in"
if [ -n "${SG_HEAD_SRC:-}" ] && [ -d "$SG_HEAD_SRC/tests" ]; then
  # Only tests/ (it ships its own helpers.py), away from the checkout's safety_gymnasium/,
  # which would shadow the drop-in.
  SGH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/sg-head-tests.XXXXXX")
  cp -r "$SG_HEAD_SRC/tests" "$SGH_TMP/"
  (cd "$SGH_TMP" && "$PY_SG" -m safety_sim.compat -m pytest -q -p no:cacheprovider -rf tests) \
    || status=1
  rm -rf "$SGH_TMP"
elif [ -n "${SG_HEAD_SRC:-}" ]; then
  echo "sg-head-tests: SG_HEAD_SRC=$SG_HEAD_SRC has no tests/ folder"; status=1
else
  echo "== extras: sg-head-tests NOT RUN: Safety-Gymnasium after 1.0.0 is not on the package" \
       "index; set SG_HEAD_SRC to a checkout of PKU-Alignment/safety-gymnasium"
fi

step "safepo: SafePO multi-agent (MAPPO-L, MACPO) on make_ma through the drop-in"
if [ -n "${SAFEPO_SRC:-}" ]; then
  SAFEPO_SRC="$SAFEPO_SRC" "$PY_T" -m pytest -q -m safepo -k multi_agent \
    tests/compat/test_compat_safepo.py || status=1
else
  echo "== extras: safepo multi-agent NOT RUN: SafePO is not on the package index;" \
       "set SAFEPO_SRC to a checkout of SafePO (PKU-Alignment/Safe-Policy-Optimization)"
fi

step "docs: the site with warnings as errors, its pages' tests, browser screenshots"
if room 600 "docs"; then
  PY_DOCS=$(venv docs)
  "$PY_DOCS" -m pip install -q -e "$ROOT[docs,test]"
  (cd "$ROOT" && "$PY_DOCS" -m sphinx -W --keep-going -q -b html docs docs/_build/html \
    && "$PY_DOCS" -m pytest -q -p no:cacheprovider tests/docs \
    && PATH="$(dirname "$PY_DOCS"):$PATH" bash docs/screenshots.sh docs/_build/html \
      docs/_build/screenshots) || status=1
fi

echo "== extras: done in $((SECONDS - START)) s (status $status)"
exit $status

#!/usr/bin/env bash
# Integration suites with heavy optional dependencies, each in its own venv (.ci/run calls
# this after the main suites). The main suite deselects these markers (pyproject addopts).
#   dm        [dm] extra: dm_env conformance + dm_control viewer under Xvfb
#   rllib     [rllib] extra: one RLlib PPO iteration (Push; BlockedUnlockPickup via PettingZoo)
#   omnisafe  OmniSafe PPOLag through the safety_gymnasium drop-in (omnisafe --no-deps:
#             it pins safety-gymnasium/gymnasium 0.28 and pandas 2.0.3)
#   masa      masa-safe-rl: make_env on our labelled form + PPO-Lagrangian
#   train     [train] extra: examples/ppo_lagrangian.py smoke test (a few hundred steps)
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
PY_DM=$(venv dm)
"$PY_DM" -m pip install -q -e "$ROOT[dm,test]"
"$PY_DM" -m pytest -q -m dm tests/test_dm_env.py || status=1

step "torch venv: rllib + omnisafe"
PY_T=$(venv torch)
"$PY_T" -m pip install -q torch==2.13.0          # CPU wheel (never the multi-GB CUDA one)
"$PY_T" -m pip install -q -e "$ROOT[rllib,test]"
"$PY_T" -m pip install -q --no-deps omnisafe==0.5.0
"$PY_T" -m pip install -q tensorboard pyyaml moviepy typer rich seaborn pandas matplotlib \
  gdown wandb
"$PY_T" -m pytest -q -m "rllib or omnisafe" tests/test_rllib.py tests/test_compat_omnisafe.py \
  || status=1

step "train: the example PPO-Lagrangian trainer (torch venv)"
"$PY_T" -m pip install -q -e "$ROOT[train,test]"
"$PY_T" -m pytest -q -m train tests/test_trainer_smoke.py || status=1

step "masa"
PY_M=$(venv masa)
# masa-safe-rl 0.3.x resolves jax >= 0.5, which its tensorflow-probability 0.25 cannot import.
"$PY_M" -m pip install -q -e "$ROOT[test]" masa-safe-rl "jax<0.5" "jaxlib<0.5" "flax<0.11" \
  "orbax-checkpoint<0.12"
"$PY_M" -m pytest -q -m masa tests/test_masa.py || status=1

echo "== extras: done in $((SECONDS - START)) s (status $status)"
exit $status

#!/usr/bin/env bash
# Integration suites with heavy optional dependencies, each in its own venv (.ci/run calls
# this after the main suites). The main suite deselects these markers (pyproject addopts).
#   dm        [dm] extra: dm_env conformance + dm_control viewer under Xvfb
#   rllib     [rllib] extra: one RLlib PPO iteration (Push; BlockedUnlockPickup via PettingZoo)
#   omnisafe  OmniSafe PPOLag through the safety_gymnasium drop-in (omnisafe --no-deps:
#             it pins safety-gymnasium/gymnasium 0.28 and pandas 2.0.3)
#   masa      masa-safe-rl: make_env on our labelled form + PPO-Lagrangian
#   safepo single-agent  SafePO's PPO-Lag (two epochs of 2000 steps) through the drop-in, in
#             the torch venv; SafePO is not on the package index, so it runs when SAFEPO_SRC
#             names a checkout of it (else the section says so)
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
"$PY_DM" -m pytest -q -m dm tests/adapters/test_dm_env.py || status=1

step "torch venv: rllib + omnisafe"
PY_T=$(venv torch)
"$PY_T" -m pip install -q torch==2.13.0          # CPU wheel (never the multi-GB CUDA one)
"$PY_T" -m pip install -q -e "$ROOT[rllib,test]"
"$PY_T" -m pip install -q --no-deps omnisafe==0.5.0
"$PY_T" -m pip install -q tensorboard pyyaml moviepy typer rich seaborn pandas matplotlib \
  gdown wandb
"$PY_T" -m pytest -q -m "rllib or omnisafe" tests/adapters/test_rllib.py tests/compat/test_compat_omnisafe.py \
  || status=1

step "safepo single-agent"
# PyPI's "safepo" is an unrelated empty placeholder: SafePO comes from a checkout (SAFEPO_SRC),
# put on PYTHONPATH by the test rather than installed (its setup pins safety-gymnasium).
if [ -n "${SAFEPO_SRC:-}" ]; then
  "$PY_T" -m pip install -q joblib rich tensorboard
  SAFEPO_SRC="$SAFEPO_SRC" "$PY_T" -m pytest -q -m safepo tests/compat/test_compat_safepo.py \
    || status=1
else
  echo "== extras: safepo single-agent NOT RUN: SafePO is not on the package index;" \
       "set SAFEPO_SRC to a checkout of SafePO (PKU-Alignment/Safe-Policy-Optimization)"
fi

step "masa"
PY_M=$(venv masa)
# masa-safe-rl 0.3.x resolves jax >= 0.5, which its tensorflow-probability 0.25 cannot import.
"$PY_M" -m pip install -q -e "$ROOT[test]" masa-safe-rl "jax<0.5" "jaxlib<0.5" "flax<0.11" \
  "orbax-checkpoint<0.12"
"$PY_M" -m pytest -q -m masa tests/adapters/test_masa.py || status=1

echo "== extras: done in $((SECONDS - START)) s (status $status)"
exit $status

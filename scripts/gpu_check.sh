#!/usr/bin/env bash
# One-command check of the GPU form on a machine with an NVIDIA GPU (docs/gpu.md, "Checking on
# a GPU"). Run from the repository root, in a Python with the [gpu] extra and a CUDA torch:
#
#     scripts/gpu_check.sh [OUTDIR]          # default OUTDIR: gpu_check_out
#
# Stages (each logged to OUTDIR, each under its own time limit; the script goes on after a
# failure and exits non-zero if any stage failed):
#   1. versions: nvidia-smi, Python, torch (+CUDA), warp, mujoco, mujoco_warp
#   2. tests:    the gpu-marked tests on device "cuda" (SAFETY_SIM_GPU_TEST_DEVICE=cuda)
#   3. agreement: python -m safety_sim.tools.bench.gpu_agreement on Point/Car/Ant Goal1 (per-step, stats)
#   4. bench:    python -m safety_sim.tools.bench.gpu --device cuda (every agent's Goal1 at
#                N = 1024 4096 16384 65536, beside MJWarp physics alone and the CPU native env)
# Warp compiles its kernels on the first step of each level (about 77 s for a Point level on an
# H200, more for Car): WARP_CACHE_PATH (default OUTDIR/warp-cache) keeps them for a rerun.
# Shorter: GPU_CHECK_STAGES="versions bench" GPU_CHECK_IDS="SafetyPointGoal1-v0" \
#          GPU_CHECK_SIZES="4096 16384" scripts/gpu_check.sh
set -uo pipefail
OUT="${1:-gpu_check_out}"
mkdir -p "$OUT"
export WARP_CACHE_PATH="${WARP_CACHE_PATH:-$OUT/warp-cache}" PYTHONUNBUFFERED=1
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
PY="${PYTHON:-python}"
STAGES="${GPU_CHECK_STAGES:-versions tests agreement bench}"
IDS="${GPU_CHECK_IDS:-SafetyPointGoal1-v0 SafetyCarGoal1-v0 SafetyDoggoGoal1-v0 SafetyRacecarGoal1-v0 SafetyAntGoal1-v0}"
SIZES="${GPU_CHECK_SIZES:-1024 4096 16384 65536}"
status=0

stage() {   # stage NAME LIMIT_S COMMAND...
  local name=$1 limit=$2
  shift 2
  case " $STAGES " in *" $name "*) ;; *) return 0 ;; esac
  echo "== $name (limit ${limit}s): $*" | tee -a "$OUT/summary.txt"
  local start=$SECONDS
  timeout "$limit" "$@" >"$OUT/$name.log" 2>&1
  local rc=$?
  echo "== $name: exit $rc after $((SECONDS - start)) s" | tee -a "$OUT/summary.txt"
  tail -n 25 "$OUT/$name.log"
  [ "$rc" -eq 0 ] || status=1
}

stage versions 120 bash -c "nvidia-smi; $PY -c '
import sys, torch, warp, mujoco, mujoco_warp
print(sys.version); print(\"torch\", torch.__version__, \"cuda\", torch.cuda.is_available())
print(\"warp\", warp.__version__, \"mujoco\", mujoco.__version__, \"mujoco_warp\", mujoco_warp.__version__)
warp.init(); print(\"warp cuda\", warp.is_cuda_available())'"
stage tests 1800 env SAFETY_SIM_GPU_TEST_DEVICE=cuda "$PY" -m pytest -q -p no:cacheprovider \
  -m gpu tests/gpu -x --durations=10
stage agreement 1200 "$PY" -m safety_sim.tools.bench.gpu_agreement SafetyPointGoal1-v0 SafetyCarGoal1-v0 \
  SafetyAntGoal1-v0 --device cuda
# shellcheck disable=SC2086
stage bench 2400 "$PY" -m safety_sim.tools.bench.gpu --device cuda --ids $IDS --sizes $SIZES \
  --seconds 5
echo "results in $OUT (summary.txt, one log per stage)"
exit $status

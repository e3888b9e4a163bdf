#!/usr/bin/env bash
# The GPU measurements of issue 33 in one run of about 10 minutes on a machine with an NVIDIA GPU
# (docs/gpu.md, "Checking on a GPU"). Run from the repository root, in a Python with the [gpu]
# extra and a CUDA torch, with Warp's kernels compiled ahead for the GPU (scripts/gpu_aot_cache.py
# on a machine without one; WARP_CACHE_PATH pointing at that cache):
#
#     scripts/gpu_check.sh [OUTDIR]       # default: $OUT if set (the device tool), else gpu_check_out
#
# Stages (each logged to OUTDIR/<stage>.log under its own time limit, JSON lines where the tool
# writes them; the script goes on after a failure and exits non-zero if any stage failed):
#   versions  nvidia-smi, Python, torch (+CUDA), warp, mujoco, mujoco_warp             (30 s)
#   speed     item 1 and 2: SafetyPointGoal1 at N = 1,024 / 4,096 / 16,384 / 65,536: env steps/s,
#             MJWarp physics alone, the ratio, a seeded reset of all N; the CPU native env at
#             N = 4,096 on the host's cores                                            (150 s)
#   agents    item 3: Point, Car, Doggo, Racecar, Ant x Goal1, Button1, Push1 at N = 4,096 and
#             16,384, each beside its own physics alone                                 (240 s)
#   multigoal issue 36 item 6: MultiGoal's GPU form, Point1, Point2, Ant1 at N = 4,096 and 16,384
#             beside its physics alone, and its CPU vector env at N = 4,096          (150 s)
#   agreement item 3 and 4: statistical agreement on cuda of every base id above and Race1
#             (64 episodes x 300 steps against the CPU vector env; per-step agreement)  (150 s)
#   trainer_gpu, trainer_native  item 6: examples/ppo_lagrangian.py, same hyperparameters,
#             N = 4,096,
#             --backend gpu and --backend native (the host's cores): wall-clock per rollout
#             (2 rollouts of 131,072 steps each; extrapolate to 10 M steps)       (2 x 75 s)
#   vision64, vision256, vision_contract   issue 34 items 2 and 3: SafetyPointGoal1Vision env
#             steps/s (renderer alone beside it) at 64x64 N = 16,384 and 256x256 N = 4,096
#             (safety_sim.tools.bench.gpu_vision_speed); the Vision contract on cuda
#             (10 seeds, safety_sim.tools.bench.gpu_vision_contract)            (3 x 120 s)
#   tests     (not in the default stages) the gpu-marked tests on cuda             (1200 s)
# Shorter: GPU_CHECK_STAGES="versions speed" scripts/gpu_check.sh; GPU_CHECK_SECONDS sets the
# seconds per rate (default 2); GPU_CHECK_DEVICE=cpu tries the stages on Warp's CPU device.
set -uo pipefail
OUTDIR="${1:-${OUT:-gpu_check_out}}"
mkdir -p "$OUTDIR"
export WARP_CACHE_PATH="${WARP_CACHE_PATH:-$OUTDIR/warp-cache}" PYTHONUNBUFFERED=1
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
PY="${PYTHON:-python}"
STAGES="${GPU_CHECK_STAGES:-versions speed agents multigoal agreement trainer_gpu trainer_native vision64 vision256 vision_contract}"
DEVICE="${GPU_CHECK_DEVICE:-cuda}"   # cpu: a dry run on Warp's CPU device (no figures)
SECONDS_PER_RATE="${GPU_CHECK_SECONDS:-2}"
AGENTS="Point Car Doggo Racecar Ant"
BASE_IDS=""
for task in Goal1 Button1 Push1; do
  for agent in $AGENTS; do BASE_IDS="$BASE_IDS Safety${agent}${task}-v0"; done
done
RACE_IDS="SafetyPointRace1-v0 SafetyCarRace1-v0 SafetyDoggoRace1-v0 SafetyAntRace1-v0"
MULTIGOAL_IDS="SafetyPointMultiGoal1-v0 SafetyPointMultiGoal2-v0 SafetyAntMultiGoal1-v0"
status=0

stage() {   # stage NAME LIMIT_S COMMAND...
  local name=$1 limit=$2
  shift 2
  case " $STAGES " in *" $name "*) ;; *) return 0 ;; esac
  echo "== $name (limit ${limit}s): $*" | tee -a "$OUTDIR/summary.txt"
  local start=$SECONDS
  timeout "$limit" "$@" >"$OUTDIR/$name.log" 2>&1
  local rc=$?
  echo "== $name: exit $rc after $((SECONDS - start)) s" | tee -a "$OUTDIR/summary.txt"
  tail -n 25 "$OUTDIR/$name.log"
  [ "$rc" -eq 0 ] || status=1
}

stage versions 30 bash -c "nvidia-smi; nproc; $PY -c '
import sys, torch, warp, mujoco, mujoco_warp
print(sys.version); print(\"torch\", torch.__version__, \"cuda\", torch.cuda.is_available())
print(\"warp\", warp.__version__, \"mujoco\", mujoco.__version__, \"mujoco_warp\", mujoco_warp.__version__)
warp.init(); print(\"warp cuda\", warp.is_cuda_available())'"
stage speed 150 "$PY" -m safety_sim.tools.bench.gpu --device "$DEVICE" --ids SafetyPointGoal1-v0 \
  --sizes 1024 4096 16384 65536 --seconds "$SECONDS_PER_RATE" --cpu-n 4096
# shellcheck disable=SC2086
stage agents 240 "$PY" -m safety_sim.tools.bench.gpu --device "$DEVICE" --ids $BASE_IDS \
  --sizes 4096 16384 --seconds 1 --cpu-n 0
# shellcheck disable=SC2086
stage multigoal 150 "$PY" -m safety_sim.tools.bench.gpu --device "$DEVICE" --ids $MULTIGOAL_IDS \
  --sizes 4096 16384 --seconds 1 --cpu-n 4096
# shellcheck disable=SC2086
stage agreement 150 "$PY" -m safety_sim.tools.bench.gpu_agreement $RACE_IDS $BASE_IDS \
  --device "$DEVICE" --steps 10 --episodes 64 --episode-steps 300
TRAIN=(examples/ppo_lagrangian.py --env SafetyPointGoal1-v0 --num-envs 4096
       --num-steps 131072 --total-steps 262144 --minibatch 8192 --epochs 10 --seed 0)
stage trainer_gpu 75 "$PY" "${TRAIN[@]}" --backend gpu --device "$DEVICE"
stage trainer_native 75 "$PY" "${TRAIN[@]}" --backend native --threads "$(nproc)"
VISION=("$PY" -m safety_sim.tools.bench.gpu_vision_speed --device cuda --skip-cpu --steps 50)
stage vision64 120 "${VISION[@]}" SafetyPointGoal1Vision-v0 --n 16384 --size 64
stage vision256 120 "${VISION[@]}" SafetyPointGoal1Vision-v0 --n 4096 --size 256
stage vision_contract 120 "$PY" -m safety_sim.tools.bench.gpu_vision_contract --device cuda --seeds 10 \
  --size 64 SafetyPointGoal1Vision-v0 SafetyPointPush1Vision-v0 SafetyPointButton1Vision-v0 \
  SafetyPointRace1Vision-v0 SafetyPointFadingHard1Vision-v0
stage tests 1200 env SAFETY_SIM_GPU_TEST_DEVICE="$DEVICE" "$PY" -m pytest -q -p no:cacheprovider \
  -m gpu tests/gpu -x --durations=10
echo "results in $OUTDIR (summary.txt, one log per stage)"
exit $status

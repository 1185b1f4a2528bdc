#!/usr/bin/env bash
# The CUDA engine's first checks on a real GPU (docs/gpu.md, "Checking on a GPU"), prepared so that
# a session lent a GPU machine spends its few minutes on the card, not on setting up.
#
#   bash bench/gpu_check.sh prepare [BUILD]   here: copies seki, gpu_engine_test and the shared
#                                             libraries ldd lists (not libc/libm) into .dev/
#                                             (git-ignored through .git/info/exclude)
#   bash bench/gpu_check.sh run [SECONDS]     there, with .dev carried: (1) the GPU's gtests,
#                                             (2) --device gpu against --device cpu, catalogues
#                                             cmp-identical, on 3x3<=3, 3x4<=5, 4x4<=3, 5x5<=2,
#                                             4x4<=4 (stops at the first difference), (3) the
#                                             4x4<=6 frontier run on the card until SECONDS
#                                             (default 470) have passed since the start, then
#                                             Ctrl-C (it checkpoints; `run` again resumes it on
#                                             a warm machine); if the card refuses it, 4x4<=5.
#   bash bench/gpu_check.sh big [SECONDS]     there: step (3) alone (resume on a warm machine)
#
# Everything goes to $OUT (the device tool's folder, at most 8 files): log.txt, each frontier run's
# output and /usr/bin/time -v (gpu446.log, gpu445.log), nvidia-smi samples (smi.txt) and runs.tgz (catalogues, counts, summary.json and manifest.json; no level
# files). Environment: DEV (default gpu; thrust-cpu tries the script on a machine without a GPU),
# REGIONS (default "3,3,3 3,4,5 4,4,3 5,5,2 4,4,4").
set -u
cd "$(dirname "$0")/.."
stage=${1:-run}

if [ "$stage" = prepare ]; then
  build=${2:-build/release}
  grep -qx '/.dev/' .git/info/exclude 2>/dev/null || echo '/.dev/' >>.git/info/exclude
  mkdir -p .dev/bin .dev/lib
  cp "$build/apps/seki" "$build/tests/gpu_engine_test" .dev/bin/
  for lib in $(ldd "$build/apps/seki" "$build/tests/gpu_engine_test" | awk '/=>/ {print $3}' |
    grep -v -e '/libc\.so' -e '/libm\.so' | sort -u); do
    cp -L "$lib" .dev/lib/
  done
  du -sh .dev
  exit 0
fi

: "${OUT:?run on the device machine, where OUT is set}"
export LD_LIBRARY_PATH=$PWD/.dev/lib
bin=$PWD/.dev/bin
device=${DEV:-gpu}
limit=${2:-470}
t0=$(date +%s)
say() { echo "[t+$(($(date +%s) - t0))s] $*"; }
exec > >(tee -a "$OUT/log.txt") 2>&1

if [ "$stage" = run ]; then
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
  nproc
  free -g | head -2
  df -h . | tail -1
  if ldd "$bin/seki" | grep -q 'not found'; then
    ldd "$bin/seki"
    say "missing libraries"
    exit 1
  fi
  say "gtests on the GPU"
  timeout 200 "$bin/gpu_engine_test" \
    --gtest_filter='GpuEngine.OnTheGpu*:GpuEngine.GpuDeviceRuns*' 2>&1 | tail -12
  for region in ${REGIONS:-3,3,3 3,4,5 4,4,3 5,5,2 4,4,4}; do
    IFS=, read -r rows cols entry <<<"$region"
    name=${rows}${cols}${entry}
    for d in "$device" cpu; do
      say "enumerate ${rows}x${cols}<=${entry} --device $d"
      /usr/bin/time -f "TIME %e s wall, %U s user, %M KB" "$bin/seki" enumerate --rows "$rows" \
        --cols "$cols" --max-entry "$entry" --device "$d" --threads 16 --out "runs/$d$name" \
        --force --quiet --lists all 2>&1 | grep -v '^level ' | tail -3
    done
    same=1
    for f in seki/seki.txt seki/complete.txt seki/semi-complete.txt dseki/seki.txt \
      dseki/complete.txt dseki/semi-complete.txt; do
      cmp -s "runs/$device$name/$f" "runs/cpu$name/$f" || { same=0; echo "DIFFERENT: $f"; }
    done
    say "${rows}x${cols}<=${entry}: --device $device and cpu the same: $same"
    [ $same = 1 ] || exit 1
  done
elif [ "$stage" != big ]; then
  echo "usage: bash bench/gpu_check.sh prepare [BUILD] | run [SECONDS] | big [SECONDS]" >&2
  exit 2
fi

# A region on the card until the deadline, then Ctrl-C (the run saves the level it stopped at).
frontier() {  # entry dir
  local left=$((limit - ($(date +%s) - t0)))
  local resume=""
  [ -f "runs/$2/checkpoint.json" ] && resume=--resume
  if [ $left -lt 10 ]; then
    say "4x4<=$1: no time left"
    return 124
  fi
  say "enumerate 4x4<=$1 --device $device $resume, $left s left"
  /usr/bin/time -v -a -o "$OUT/$2.log" timeout -s INT -k 60 "$left" "$bin/seki" enumerate --rows 4 \
    --cols 4 --max-entry "$1" --device "$device" --threads 16 --out "runs/$2" $resume --quiet \
    --lists complete --checkpoint-every 2m >>"$OUT/$2.log" 2>&1
  local rc=$?
  say "exit $rc"
  grep -v -E '^\s+(Minor|Major|Volun|Invol|Swaps|File sys|Socket|Signals|Page size|Average|Exit|Percent)' \
    "$OUT/$2.log" | tail -30
  return $rc
}
nvidia-smi --query-gpu=timestamp,memory.used,utilization.gpu --format=csv,noheader -l 15 \
  >"$OUT/smi.txt" 2>&1 &
smi=$!
frontier 6 gpu446
rc=$?
if [ $rc = 2 ] || [ $rc = 3 ]; then frontier 5 gpu445; fi
kill $smi 2>/dev/null
du -sh runs/gpu44* 2>/dev/null
(cd runs && tar czf "$OUT/runs.tgz" $(ls -d gpu44*/seki gpu44*/dseki gpu44*/*.json 2>/dev/null))
ls -la "$OUT"
say done

#!/bin/bash
# Whole runs of the down-set engine for docs/performance/solve.md ("Down-set engine"): each matrix with
# /usr/bin/time -v, both games, 2 threads, the load average before and after.
# Usage: bash bench/downset_runs.sh build/release/apps/seki [matrix ...]
# MEMORY=1500M bash bench/downset_runs.sh ... : with --memory-limit (below the one-byte ring: one
# game a pass, 4 bits a matrix).
set -eu
seki=$1
shift
matrices=("$@")
if [ ${#matrices[@]} -eq 0 ]; then
  matrices=(66000/06600/00660/00066/60006 660000/066000/006600/000660/000066/600006)
fi
for m in "${matrices[@]}"; do
  echo "== $m (load $(cut -d' ' -f1-3 /proc/loadavg))"
  /usr/bin/time -v "$seki" solve --engine downset --stats --quiet --threads 2 \
    ${MEMORY:+--memory-limit "$MEMORY"} "$m" 2>&1 |
    grep -E 'SEKI|stats|Elapsed|Maximum resident|User time|Percent of CPU'
  echo "   (load after $(cut -d' ' -f1-3 /proc/loadavg))"
done

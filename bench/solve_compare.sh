#!/usr/bin/env bash
# Bounded search vs the exhaustive solver on the benchmark inputs (bench/inputs, made by
# bench/solve_inputs.py): per matrix, wall seconds and peak RSS of `seki solve` with each engine
# (/usr/bin/time), and whether the two JSON outputs are byte-identical.
#   bash bench/solve_compare.sh SEKI INPUT_FILE [EXHAUSTIVE_TIMEOUT_S]
# Prints one TSV line per matrix: matrix, bounded_s, bounded_kib, bounded_positions, exhaustive_s,
# exhaustive_kib, exhaustive_positions, same (exhaustive_s is ">T" when it did not finish within
# the timeout; same is then "-"). Positions come from `seki solve --stats`. SEKI_SOLVE_OPTS adds
# options to the bounded runs (e.g. "--threads 1"); prefix with `taskset -c N` to pin a core.
set -uo pipefail
seki=$1 inputs=$2 timeout_s=${3:-600}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'matrix\tbounded_s\tbounded_kib\tbounded_positions\texhaustive_s\texhaustive_kib\texhaustive_positions\tsame\n'
while read -r m; do
  [ -z "$m" ] && continue
  /usr/bin/time -f '%e %M' -o "$tmp/tb" "$seki" solve ${SEKI_SOLVE_OPTS:-} --stats --format json "$m" \
    >"$tmp/b.json" 2>"$tmp/b.err"
  read -r bs bk <"$tmp/tb"
  bp=$(grep -o 'positions=[0-9]*' "$tmp/b.err" | cut -d= -f2)
  if timeout "$timeout_s" /usr/bin/time -f '%e %M' -o "$tmp/te" "$seki" solve --exhaustive \
      --stats --format json "$m" >"$tmp/e.json" 2>"$tmp/e.err"; then
    read -r es ek <"$tmp/te"
    ep=$(grep -o 'positions=[0-9]*' "$tmp/e.err" | cut -d= -f2)
    same=$(cmp -s "$tmp/b.json" "$tmp/e.json" && echo yes || echo NO)
  else
    es=">$timeout_s" ek=- ep=- same=-
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$bs" "$bk" "$bp" "$es" "$ek" "$ep" "$same"
done <"$inputs"

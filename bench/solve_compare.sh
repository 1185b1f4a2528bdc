#!/usr/bin/env bash
# Bounded search vs the exhaustive solver on the benchmark inputs (bench/inputs, made by
# bench/solve_inputs.py): per matrix, wall seconds and peak RSS of `seki solve` with each engine
# (/usr/bin/time), and whether the two JSON outputs are byte-identical.
#   bash bench/solve_compare.sh SEKI INPUT_FILE [EXHAUSTIVE_TIMEOUT_S]
# Prints one TSV line per matrix: matrix, bounded_s, bounded_kib, exhaustive_s, exhaustive_kib, same
# (exhaustive_s is ">T" when it did not finish within the timeout; same is then "-").
set -uo pipefail
seki=$1 inputs=$2 timeout_s=${3:-600}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'matrix\tbounded_s\tbounded_kib\texhaustive_s\texhaustive_kib\tsame\n'
while read -r m; do
  [ -z "$m" ] && continue
  /usr/bin/time -f '%e %M' -o "$tmp/tb" "$seki" solve --format json "$m" >"$tmp/b.json"
  read -r bs bk <"$tmp/tb"
  if timeout "$timeout_s" /usr/bin/time -f '%e %M' -o "$tmp/te" "$seki" solve --exhaustive \
      --format json "$m" >"$tmp/e.json"; then
    read -r es ek <"$tmp/te"
    same=$(cmp -s "$tmp/b.json" "$tmp/e.json" && echo yes || echo NO)
  else
    es=">$timeout_s" ek=- same=-
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$bs" "$bk" "$es" "$ek" "$same"
done <"$inputs"

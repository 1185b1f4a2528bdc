#!/usr/bin/env bash
# `seki solve --engine auto` against the other engines on the benchmark inputs (bench/inputs), for
# the decision rule of `auto` (docs/search.md, "Engines"): per matrix, engine and repeat, the wall
# seconds, CPU seconds (user + system) and peak RSS of one whole run (/usr/bin/time), its exit
# status (124: the time limit; 3: refused for memory before anything was allocated), whether its
# JSON is byte-identical to the search's of the same repeat, and the load average when it started
# (the machine may be shared).
#   bash bench/auto_compare.sh SEKI INPUT_FILE [REPEATS] [TIMEOUT_S] [ENGINES]
# ENGINES: default "search auto downset" (the search first: the others are compared with it). A
# run that hit the time limit or was refused is not repeated. OPTS_<engine> adds options to that
# engine's runs (e.g. OPTS_downset="--memory-limit 6G" on a shared machine). Prints one TSV line
# per run: matrix, engine, repeat, wall_s, cpu_s, max_kib, rc, same, load.
set -uo pipefail
seki=$1 inputs=$2 repeats=${3:-3} timeout_s=${4:-120} engines=${5:-search auto downset}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'matrix\tengine\trepeat\twall_s\tcpu_s\tmax_kib\trc\tsame\tload\n'
while read -r m; do
  [ -z "$m" ] && continue
  case $m in \#*) continue ;; esac
  declare -A finished=()
  for e in $engines; do finished[$e]=yes; done
  for r in $(seq 1 "$repeats"); do
    for e in $engines; do
      [ "${finished[$e]}" = yes ] || continue
      load=$(cut -d' ' -f1 /proc/loadavg)
      opts_var=OPTS_$e
      # shellcheck disable=SC2086  # the options are words
      timeout "$timeout_s" /usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$seki" solve -q --engine "$e" \
        ${!opts_var:-} --format json "$m" >"$tmp/$e.json" 2>"$tmp/$e.err"
      rc=$?
      if [ $rc -eq 0 ]; then
        read -r wall user sys kib <"$tmp/t"
        cpu=$(echo "$user + $sys" | bc)
      else
        wall=- cpu=- kib=-
      fi
      [ $rc -eq 124 ] && wall=">$timeout_s"
      [ $rc -ne 0 ] && finished[$e]=no
      same=-
      if [ $rc -eq 0 ] && [ "$e" != search ] && [ -s "$tmp/search.json" ]; then
        cmp -s "$tmp/$e.json" "$tmp/search.json" && same=yes || same=NO
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$e" "$r" "$wall" "$cpu" "$kib" "$rc" "$same" \
        "$load"
    done
  done
  rm -f "$tmp"/*.json
  unset finished
done <"$inputs"

#!/usr/bin/env bash
# Two builds of the level engine on the same whole runs, alternating, so that both see the same
# machine: per run, wall seconds, user seconds and peak RSS (/usr/bin/time), and whether the
# outputs agree (the check's summary line, times removed; the enumerate's catalogue files, byte for byte).
#   [THREADS=N] bash bench/engine_compare.sh OLD_SEKI NEW_SEKI [REPEATS] [WHICH]
# WHICH: check37 (seki check 6.3 --shapes 3x4 --max-entry 7), enum43 (seki enumerate 4x4 <= 3,
# catalogues written), check36 (3x4 <= 6), or all (default: enum43 check36 check37).
# THREADS=N passes --threads N to every run (default: all cores).
# Prints one TSV line per run: case, build, repeat, wall_s, user_s, max_kib, same.
set -uo pipefail
old=$1 new=$2 repeats=${3:-1} which=${4:-all}
[ "$which" = all ] && which="enum43 check36 check37"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
threads=${THREADS:+--threads $THREADS}
args_of() {
  case $1 in
    check37) echo "check 6.3 --shapes 3x4 --max-entry 7 --quiet $threads" ;;
    check36) echo "check 6.3 --shapes 3x4 --max-entry 6 --quiet $threads" ;;
    enum43) echo "enumerate --rows 4 --cols 4 --max-entry 3 --quiet --force --out $tmp/run $threads" ;;
  esac
}
printf 'case\tbuild\trepeat\twall_s\tuser_s\tmax_kib\tsame\n'
for c in $which; do
  for r in $(seq 1 "$repeats"); do
    for side in old new; do
      bin=$old; [ $side = new ] && bin=$new
      rm -rf "$tmp/run"
      /usr/bin/time -f '%e %U %M' -o "$tmp/t" $bin $(args_of "$c") >"$tmp/out.$side" 2>/dev/null
      read -r wall user kib <"$tmp/t"
      same=-
      if [ $c = enum43 ]; then
        rm -rf "$tmp/cat.$side"; mkdir -p "$tmp/cat.$side"
        cp -r "$tmp/run/seki" "$tmp/run/dseki" "$tmp/cat.$side/"
        [ $side = new ] && { diff -rq "$tmp/cat.old" "$tmp/cat.new" >/dev/null && same=yes || same=NO; }
      else
        tail -n 1 "$tmp/out.$side" | sed -E 's/seconds=[0-9.]+//' >"$tmp/line.$side"
        [ $side = new ] && { cmp -s "$tmp/line.old" "$tmp/line.new" && same=yes || same=NO; }
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$side" "$r" "$wall" "$user" "$kib" "$same"
    done
  done
done

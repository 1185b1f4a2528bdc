#!/usr/bin/env bash
# Byte-identity of the CLI between two builds (e.g. before and after a refactor):
#   bash tests/compare_builds.sh OLD_SEKI NEW_SEKI
# Runs ~50 commands (solve, show, enumerate, verify, export, check, reproduce --quick, runs, checks
# and sweeps killed and resumed, keys of two words, down-set censuses, bad input) with each binary
# under the same name and compares stdout, stderr, exit status and the files of
# the run directories, with times, dates and commits masked. Exit 0 when everything is identical.
# stdout, stderr and exit status of every command; files of run directories (times removed).
strip_times() { sed -E 's/: +[0-9]+ Killed/: PID Killed/; s/[0-9.]+ GiB in use/M GiB in use/; s/[0-9]+\.[0-9]+ s\b/T s/g; s/seconds=[0-9.]+/seconds=T/g; s/wall=[0-9.e+-]+s/wall=Ts/; s/peak_rss=[0-9]+/peak_rss=M/; s/peak [0-9.]+ GiB/peak M GiB/g; s/commit [0-9a-f]{12}/commit C/g; s/"commit": "[0-9a-f]*"/"commit": "C"/g; s/at [0-9T:-]+Z/at D/g; s/\| [0-9]+\.[0-9]+ \|/| T |/g; s/[0-9]+\.[0-9]+ ?s\b/T s/g; s/ +T s/ T s/g; s/"(seconds|wall_seconds|wall_seconds_this_session|peak_rss_bytes)": ?[0-9.e+-]+/"\1": T/g'; }
[ $# -eq 2 ] || { echo "usage: bash tests/compare_builds.sh OLD_SEKI NEW_SEKI" >&2; exit 2; }
old_bin=$(realpath "$1"); new_bin=$(realpath "$2")
W=$(mktemp -d); mkdir -p "$W/bin-old" "$W/bin-new"
ln -s "$old_bin" "$W/bin-old/seki"; ln -s "$new_bin" "$W/bin-new/seki"
cd "$W"
fail=0; n=0
run() {
  n=$((n+1))
  for side in old new; do
    mkdir -p $side; (cd $side && PATH=$W/bin-$side:$PATH eval "$RUN_ENV seki $*" > out.$n 2> err.$n < /dev/null; echo $? > rc.$n)
    strip_times < $side/out.$n > $side/out.$n.s; strip_times < $side/err.$n > $side/err.$n.s
  done
  for f in out.$n.s err.$n.s rc.$n; do
    if ! cmp -s old/$f new/$f; then echo "DIFF [$n] seki $*: $f"; diff old/$f new/$f | head -5; fail=1; fi
  done
}
rundir() {  # rundir DIR: compare the files of a run directory
  for f in $(cd old/$1 && find . -type f ! -name manifest.json ! -name summary.json | sort); do
    cmp -s old/$1/$f new/$1/$f || { echo "DIFF run file $1/$f"; fail=1; }
  done
  strip_times < old/$1/summary.json > a.json; strip_times < new/$1/summary.json > b.json
  cmp -s a.json b.json || { echo "DIFF $1/summary.json"; diff a.json b.json | head; fail=1; }
}
run solve 033/331/312 033/303/330 210/120/003
run solve --format json 0044/0404/4040/4400 033/331/312
run solve --moves 033/403/430
run solve --moves --format json 033/331/312
run demo
run show 033/331/312 210/120/003
run show --format json 033/303/330
run extend 033/331/312 --all
run extend 033/331/312 --at 1,2 --kind E2
run family A --n 4
run family B --n 3 --format json
run family C --n 5
run enumerate --rows 3 --cols 4 --max-entry 2 --out r34 --quiet --outcomes
run enumerate --rows 4 --cols 4 --max-entry 2 --out r44 --quiet --threads 1
run verify r34
run verify r34 --sample 50 --seed 7
run export r34 --sqlite r34.db
run check 6.2 --shapes 3x3 --max-entry 4 --quiet --json c62.json
run check 6.3 --max-rows 3 --max-cols 4 --max-entry 3 --quiet
run check 6.1 --max-rows 4 --quiet
run check 6.9 --shapes 2x3 --max-entry 3 --quiet
run reproduce --quick --json rq.json --markdown rq.md
# killed (SEKI_KILL_AT, storage/kill_point.hpp) and resumed; keys of two words; down-set censuses
RUN_ENV="SEKI_KILL_AT=checkpoint:6" run enumerate --rows 3 --cols 3 --max-entry 3 --out rk --quiet
run enumerate --rows 3 --cols 3 --max-entry 3 --out rk --quiet --resume
RUN_ENV="SEKI_KILL_AT=check-checkpoint-3x3:6" run check 6.2 --shapes 3x3 --max-entry 3 --quiet --checkpoint ck
run check 6.2 --shapes 3x3 --max-entry 3 --quiet --checkpoint ck --resume
run enumerate --rows 8 --cols 8 --max-entry 1 --max-sum 10 --out rw --quiet
run census --below 2222/2222/2222/2222 --format json
run census --below 330000/033000/003300/000330/000033/300003 --values-of 220000/022000/002200/000220/000022/200002
run solve --engine downset 2333/3233/3323/3332
run family cycle --n 3 --from 1 --to 3 --format json
RUN_ENV="SEKI_KILL_AT=sweep-checkpoint:2" run family cycle --n 3 --from 1 --to 4 --checkpoint sw
run family cycle --n 3 --from 1 --to 4 --checkpoint sw --resume
# bad input
run solve 12/3
run solve 0/0
run show 12/3
run extend 033/331/312 --at 9,9
run family D --n 3
run enumerate --rows 9 --cols 2 --max-entry 1 --out x
run enumerate --rows 4 --cols 4 --max-entry 4 --memory-limit 200M --out y
run enumerate --rows 3 --cols 4 --max-entry 2 --out r34 --quiet
run check 6.5 --shapes 3x3 --max-entry 2
run check 6.3 --shapes 3x3 --max-entry 2
run check 6.3 --shapes 3x4
run verify nowhere
run export r34 --sqlite r34.db
rundir r34; rundir r44; rundir rk; rundir rw
for f in c62.json rq.json rq.md; do strip_times < old/$f > a; strip_times < new/$f > b; cmp -s a b || { echo "DIFF $f"; diff a b | head -5; fail=1; }; done
python3 - old/r34.db new/r34.db <<'PY' || fail=1
import sqlite3, sys
d = [list(sqlite3.connect(p).execute("select * from classes order by matrix")) for p in sys.argv[1:]]
print("db rows", len(d[0]), "identical" if d[0] == d[1] else "DIFFERENT"); sys.exit(d[0] != d[1])
PY
echo "compared $n commands in $W: $([ $fail = 0 ] && echo IDENTICAL || echo DIFFERENCES)"
exit $fail

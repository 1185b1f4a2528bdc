#!/usr/bin/env bash
# The 4x4 <= 6 frontier run of issue 30 (docs/results.md, "In progress"), kept outside the work
# tree and resumed in each session until it ends.
#
#   bash bench/frontier_run.sh start [DIR]   copies build/release/apps/seki to DIR/bin (once: a run
#                                            keeps one binary), then runs, niced and detached,
#                                            `seki enumerate --resume` in a loop (exit 3 or 137,
#                                            memory, resumes; anything else ends it) and samples
#                                            its CPU time and peak RSS every minute
#   bash bench/frontier_run.sh status [DIR]  the last level, classes so far against Burnside's, the
#                                            CPU seconds and peak RSS of each segment sampled
#   bash bench/frontier_run.sh stop|cont     SIGSTOP / SIGCONT (stop it while timing anything)
#
# DIR defaults to /work/frontier; the run directory is DIR/run-4x4-6, its log DIR/frontier.log,
# /usr/bin/time -v of each segment DIR/frontier-time.txt, the samples DIR/frontier-sample.txt.
set -eu
stage=${1:-status}
dir=$(realpath -m "${2:-/work/frontier}")
pattern="^./bin/seki enumerate --rows 4 --cols 4 --max-entry 6"
args=(enumerate --rows 4 --cols 4 --max-entry 6 --out run-4x4-6 --memory-limit 16G --lists complete
  --threads 2 --resume --quiet)

case "$stage" in
start)
  if pgrep -f "$pattern" >/dev/null; then
    echo "already running: $(pgrep -af "$pattern" | head -1)"
    exit 0
  fi
  mkdir -p "$dir/bin"
  [ -x "$dir/bin/seki" ] || cp build/release/apps/seki "$dir/bin/seki"
  cd "$dir"
  cat >loop.sh <<EOF
#!/usr/bin/env bash
cd "$dir"
while true; do
  echo "\$(date -u +%FT%TZ) start" >>frontier.log
  /usr/bin/time -v -a -o frontier-time.txt nice -n 10 ./bin/seki ${args[*]} >>frontier.log 2>&1
  rc=\$?
  echo "\$(date -u +%FT%TZ) exit \$rc" >>frontier.log
  case \$rc in 3 | 137) sleep 10 ;; *) break ;; esac
done
EOF
  cat >sample.sh <<EOF
#!/usr/bin/env bash
# Every minute: time, pid, CPU seconds (user + system), VmHWM and VmRSS in kB.
while pgrep -f "$pattern" >/dev/null || pgrep -f "$dir/loop.sh" >/dev/null; do
  for pid in \$(pgrep -f "$pattern"); do
    cpu=\$(awk -v hz="\$(getconf CLK_TCK)" '{print int((\$14 + \$15) / hz)}' /proc/\$pid/stat 2>/dev/null) || continue
    mem=\$(awk '/VmHWM|VmRSS/ {printf "%s ", \$2}' /proc/\$pid/status 2>/dev/null)
    echo "\$(date -u +%FT%TZ) \$pid \$cpu \$mem" >>"$dir/frontier-sample.txt"
  done
  sleep 60
done
EOF
  chmod +x loop.sh sample.sh
  (setsid nohup "$dir/loop.sh" >/dev/null 2>&1 &)
  sleep 2
  (setsid nohup "$dir/sample.sh" >/dev/null 2>&1 &)
  echo "started in $dir: $(pgrep -af "$pattern" | head -1)"
  ;;
status)
  cd "$dir"
  grep '^level ' frontier.log | tail -1
  total=$(grep '^level ' frontier.log | awk '{n[$2] = $3} END {for (l in n) s += n[l]; printf "%.0f\n", s}')
  echo "classes in the levels done: $total (Burnside's total for 4x4 <= 6: 58002778967)"
  [ -f frontier-sample.txt ] &&
    awk '{cpu[$2] = $3; hwm[$2] = $4} END {for (p in cpu) {s += cpu[p]; printf "segment %s: %d CPU s, peak %.2f GiB\n", p, cpu[p], hwm[p] / 1048576}; printf "CPU seconds sampled: %d\n", s}' frontier-sample.txt
  pgrep -af "$pattern" | head -1 || echo "not running"
  ;;
stop) pkill -STOP -f "$pattern" ;;
cont) pkill -CONT -f "$pattern" ;;
*)
  echo "usage: bash bench/frontier_run.sh start|status|stop|cont [DIR]" >&2
  exit 2
  ;;
esac

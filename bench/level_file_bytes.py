#!/usr/bin/env python3
"""Bytes a class of the level files of a run (docs/performance/levels-in-parts.md): from a sampler's listing (mtime size name) and the
run's log (level S/N: C classes). A level's bytes: its whole level file, or the sum of its parts
(the largest size seen of each file; a file is complete once written, atomically).
The listing: every 20 s while the run goes,
  ls -l --time-style=+%s DIR/levels/ | awk 'NR>1 {print $6, $5, $7}' >> FILES
Usage: bench/level_file_bytes.py FILES LOG"""
import re, sys, collections
files, log = sys.argv[1], sys.argv[2]
size = {}
for line in open(files):
    parts = line.split()
    if len(parts) == 3 and parts[2].endswith('.bin'):
        size[parts[2]] = max(size.get(parts[2], 0), int(parts[1]))
classes = {}
for line in open(log):
    m = re.match(r'level (\d+)/\d+: (\d+) classes', line)
    if m: classes[int(m.group(1))] = int(m.group(2))
by_level = collections.defaultdict(lambda: [0, set(), None])
for name, n in size.items():
    m = re.match(r'level-(\d+)(?:\.part-(\d+)-of-(\d+))?\.bin', name)
    s = int(m.group(1)); entry = by_level[s]
    entry[0] += n; entry[1].add(name); entry[2] = int(m.group(3)) if m.group(3) else 1
total_b = total_c = 0
for s in sorted(by_level):
    b, names, p = by_level[s]
    if s not in classes or len(names) != p: continue
    total_b += b; total_c += classes[s]
    print(f"level {s}: {p} file(s), {b} bytes, {classes[s]} classes, {b / classes[s]:.3f} bytes a class")
if total_c: print(f"all complete levels seen: {total_b} bytes / {total_c} classes = {total_b / total_c:.3f}")

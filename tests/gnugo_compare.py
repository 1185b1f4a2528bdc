#!/usr/bin/env python3
"""Seki's exact verdicts against GNU Go's `analyze_semeai` on the races of go_race_positions
(tests/go_race_positions.cpp), each disagreement replayed by the board-level capture solver to say
who is right: docs/go/gnugo-semeai.txt and the table of docs/go.md.

  gnugo_compare.py write POSITIONS SEKI FILE [GNUGO]   make the file (runs GNU Go)
  gnugo_compare.py check POSITIONS SEKI FILE DOC       the file is what the engine says now (seki's
        answers by the library and by `seki gtp`, the solver's), and DOC holds its table verbatim
  gnugo_compare.py check-gnugo POSITIONS FILE [GNUGO]  GNU Go still answers as the file says

POSITIONS is the go_race_positions binary, SEKI the seki binary. Exit status 1 on a difference."""

import collections
import os
import shutil
import subprocess
import sys
import tempfile

COUNT, SEED = 300, 48
HEADER = "# file\tfamily\tdragon1\tdragon2\trace\tseki\tgnugo\tsolver\tseki_move"
FAMILIES = collections.OrderedDict([
    ("bars", "bars, 9x9, walls alive"),
    ("ring", "ring, 11x11, walls alive"),
    ("ring-open", "ring, 11x11, walls open"),
    ("classic", "classic seki board, 7x7, walls open"),
])


def positions(binary, directory):
    out = subprocess.run([os.path.abspath(binary), directory, str(COUNT), str(SEED)], check=True,
                         capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def gtp_answers(argv, directory, rows, refusals=False):
    """analyze_semeai of every position through one GTP session of argv (run in `directory`);
    a "?" answer is "refused" where `refusals` allows it (seki: a ko, the search's budget)."""
    commands = "".join(f"loadsgf {r[0]}\nanalyze_semeai {r[2]} {r[3]}\n" for r in rows) + "quit\n"
    out = subprocess.run(argv, input=commands, capture_output=True, text=True, cwd=directory,
                         check=True).stdout
    responses = [block.strip() for block in out.split("\n\n") if block.strip()]
    answers = [responses[2 * k + 1] for k in range(len(rows))]
    for k, a in enumerate(answers):
        if not a.startswith("=") and not (refusals and a.startswith("?")):
            sys.exit(f"{rows[k][0]}: {argv[0]} answered {a!r}")
    return [a[1:].strip() if a.startswith("=") else "refused" for a in answers]


def gnugo_path(argv, index):
    if len(argv) > index:
        return argv[index]
    return shutil.which("gnugo") or "/usr/games/gnugo"


def verdict(seki, gnugo, solver):
    """How seki's and GNU Go's R1 R2 compare, and who the board solver says is right."""
    if seki == "refused":
        return "seki refuses"
    if seki[:3] == gnugo[:3]:
        return "agree"
    if solver == "too-big":
        return "disagree: unknown"
    return "disagree: " + ("seki right" if seki[:3] == solver else
                           "GNU Go right" if gnugo[:3] == solver else "neither")


def table(lines):
    """The summary by family: positions, seki's refusals, agreements, disagreements and who is
    right (the board solver; unknown where the position is too big for it)."""
    counts = collections.OrderedDict((k, collections.Counter()) for k in FAMILIES)
    for f in lines:
        c = counts[f[1]]
        c["positions"] += 1
        c[verdict(f[5], f[6], f[7])] += 1
        c["too big"] += f[7] == "too-big"
    total = collections.Counter()
    for c in counts.values():
        total.update(c)
    out = ["| races | positions | seki refuses | GNU Go agrees | GNU Go disagrees: seki right | "
           "GNU Go right | neither | unknown | too big for the solver |",
           "|---|---|---|---|---|---|---|---|---|"]
    for name, c in list(counts.items()) + [("all", total)]:
        out.append(f"| {FAMILIES.get(name, name)} | {c['positions']} | {c['seki refuses']} | "
                   f"{c['agree']} | {c['disagree: seki right']} | {c['disagree: GNU Go right']} | "
                   f"{c['disagree: neither']} | {c['disagree: unknown']} | {c['too big']} |")
    return "\n".join(out) + "\n"


def read(path):
    with open(path) as f:
        text = f.read()
    rows = [line.split("\t") for line in text.splitlines()
            if line and not line.startswith("#") and not line.startswith("|")]
    start = text.index("| races |")
    return rows, text[start:]


def write(argv):
    binary, seki, path = argv[2], argv[3], argv[4]
    with tempfile.TemporaryDirectory() as d:
        rows = positions(binary, d)
        gnugo = gtp_answers([gnugo_path(argv, 5), "--mode", "gtp"], d, rows)
        version = subprocess.run([gnugo_path(argv, 5), "--version"], capture_output=True,
                                 text=True).stdout.splitlines()[0]
    lines = [r[:6] + [g] + r[6:8] for r, g in zip(rows, gnugo)]
    with open(path, "w") as f:
        f.write(f"# seki's analyze_semeai against {version}'s on {COUNT} races of\n"
                f"# go_race_positions (seed {SEED}): made by tests/gnugo_compare.py write.\n"
                "# family: go_race_positions's. seki, gnugo: R1 R2 MOVE, DRAGON1's colour moving\n"
                "# first (R1 = 1: it keeps DRAGON1, R2 = 1: it captures DRAGON2; refused: a ko\n"
                "# or the search's budget). solver: the whole-board capture solver's R1 R2\n"
                "# (too-big: past its budget). seki_move: ok when seki's move keeps the solver's\n"
                "# result (- for PASS or no check).\n")
        f.write(HEADER + "\n")
        for line in lines:
            f.write("\t".join(line) + "\n")
        f.write("\n" + table(lines))
    print(table(lines))


def check(argv):
    binary, seki, path, doc = argv[2], argv[3], argv[4], argv[5]
    stored, summary = read(path)
    failures = []
    with tempfile.TemporaryDirectory() as d:
        rows = positions(binary, d)
        by_gtp = gtp_answers([os.path.abspath(seki), "gtp"], d, rows, refusals=True)
    if len(rows) != len(stored):
        failures.append(f"{len(rows)} positions, the file has {len(stored)}")
    for r, g, s in zip(rows, by_gtp, stored):
        if r[:6] != s[:6] or r[6:8] != s[7:9]:
            failures.append(f"{r[0]}: now {r}, the file says {s}")
        if g != r[5]:
            failures.append(f"{r[0]}: seki gtp says {g}, the library {r[5]}")
        decided = r[5] != "refused" and r[6] != "too-big"
        if (decided and r[5][:3] != r[6]) or r[7] in ("wrong", "illegal"):
            failures.append(f"{r[0]}: seki {r[5]} against the board solver's {r[6]} ({r[7]})")
    if table(stored) != summary.split("\n\n")[0].rstrip("\n") + "\n":
        failures.append("the file's table is not its lines' count")
    with open(doc) as f:
        if table(stored) not in f.read():
            failures.append(f"{doc} does not hold the table of {path}:\n{table(stored)}")
    for f in failures:
        print(f)
    print(f"{len(rows)} positions checked, {len(failures)} problems")
    return 1 if failures else 0


def check_gnugo(argv):
    binary, path = argv[2], argv[3]
    stored, _ = read(path)
    with tempfile.TemporaryDirectory() as d:
        rows = positions(binary, d)
        gnugo = gtp_answers([gnugo_path(argv, 4), "--mode", "gtp"], d, rows)
    failures = [f"{s[0]}: GNU Go says {g}, the file {s[6]}" for s, g in zip(stored, gnugo)
                if g != s[6]]
    for f in failures:
        print(f)
    print(f"{len(gnugo)} GNU Go answers checked, {len(failures)} differ")
    return 1 if failures else 0


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "write":
        write(sys.argv)
    elif mode == "check":
        sys.exit(check(sys.argv))
    elif mode == "check-gnugo":
        sys.exit(check_gnugo(sys.argv))
    else:
        sys.exit(__doc__)

#!/usr/bin/env python3
"""tool_output_test.py FILE DOC COMMAND...: the output of COMMAND is FILE, byte for byte, and DOC
holds FILE verbatim (a table in the docs that a tool makes stays the tool's). Exit status 1 and
the difference when not."""

import difflib
import subprocess
import sys


def main(path, doc, command):
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    with open(path) as f:
        kept = f.read()
    with open(doc) as f:
        docs = f.read()
    problems = []
    if out != kept:
        problems.append(f"{' '.join(command)} no longer prints {path}:\n" + "".join(
            difflib.unified_diff(kept.splitlines(True), out.splitlines(True), path, "now")))
    if kept not in docs:
        problems.append(f"{doc} does not hold {path} verbatim")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))

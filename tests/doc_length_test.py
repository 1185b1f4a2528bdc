#!/usr/bin/env python3
"""Docs are references readable in ten minutes (issue 47): every page of README.md and docs/ holds at
most 2,500 words (`wc -w`'s count: runs of non-space characters). Not counted: docs/results.md
(results, which may be longer), its template docs/results.md.in, the outputs under docs/results/
and the dated log under docs/log/.

    doc_length_test.py ROOT
"""

import os
import sys

LIMIT = 2500
SKIP = {os.path.join("docs", "results.md"), os.path.join("docs", "results.md.in")}
SKIP_DIRS = {os.path.join("docs", "log"), os.path.join("docs", "results")}


def pages(root):
    yield "README.md"
    for folder, dirs, files in os.walk(os.path.join(root, "docs")):
        rel = os.path.relpath(folder, root)
        dirs[:] = sorted(d for d in dirs if os.path.join(rel, d) not in SKIP_DIRS)
        for name in sorted(files):
            path = os.path.join(rel, name)
            if name.endswith(".md") and path not in SKIP:
                yield path


def main():
    root = sys.argv[1]
    long_pages = []
    checked = 0
    for page in pages(root):
        with open(os.path.join(root, page), encoding="utf-8") as f:
            words = len(f.read().split())
        checked += 1
        if words > LIMIT:
            long_pages.append(f"{page}: {words} words, more than {LIMIT}")
    if checked < 10:
        print(f"only {checked} pages found under {root}; wrong ROOT?")
        return 1
    for line in long_pages:
        print(line)
    if long_pages:
        print(f"{len(long_pages)} pages too long: split them or move history to docs/log/")
        return 1
    print(f"{checked} pages, each at most {LIMIT} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())

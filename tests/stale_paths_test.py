#!/usr/bin/env python3
"""Words that stay true: every repository path written in a comment, a doc or a script must exist.

Scans the sources (C++, CUDA, CMake, Python, shell), README.md and docs/*.md for words that start
with one of the repository's top-level folders (engine/, canon/, storage/, apps/, tests/, bench/,
docs/, python/, .ci/) and look like a path, and fails naming each one that names no file or folder
of the checkout (a word with no suffix may name a source pair: engine/solve/play). A ":LINE" suffix is allowed (file:line references); words with a wildcard or a
placeholder (*, NNNN, <...>, {...}) are patterns, not paths, and are skipped.
Run by CTest (`stale_paths`): python3 tests/stale_paths_test.py <repository root>
"""
import os
import re
import sys

ROOTS = ("engine", "canon", "storage", "apps", "tests", "bench", "docs", "python", ".ci")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./+-]*)" % "|".join(re.escape(r) for r in ROOTS))
SOURCE_SUFFIXES = (".cpp", ".hpp", ".cu", ".cuh", ".cmake", ".py", ".sh", ".md", ".txt", ".json")
SKIP_DIRS = {".git", "build", "runs", "__pycache__", "results", "notebooks"}


def candidates(root):
    for top, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")]
        for name in files:
            if name.endswith(SOURCE_SUFFIXES) or name in ("CMakeLists.txt", "run"):
                yield os.path.join(top, name)


def exists(root, word):
    """A file or folder; a word with no suffix may name a source pair or a program (play -> play.hpp)."""
    base = os.path.join(root, word)
    if os.path.exists(base):
        return True
    return "." not in os.path.basename(word) and any(
        os.path.exists(base + suffix) for suffix in (".hpp", ".cpp", ".cu", ".sh", ".py", ".txt"))


def stale_paths(root):
    problems = []
    for path in candidates(root):
        rel = os.path.relpath(path, root)
        if rel == os.path.join("tests", "stale_paths_test.py"):
            continue  # its self-test names stale paths on purpose
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in PATH.finditer(line):
                word = match.group(1).rstrip(".,;:)'\"`")
                word = re.sub(r":\d+(-\d+)?(,\d+(-\d+)?)*$", "", word)
                if re.search(r"[*<>{}]|NNNN|RRRR|PPPP|XXX|NAME", line[match.start():match.end() + 2]):
                    continue
                if not exists(root, word):
                    problems.append(f"{rel}:{number}: {word} does not exist")
    return problems


def self_test():
    """The check fails on a stale path and passes on true ones (CTest: stale_paths_self_test)."""
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "engine", "solve"))
        open(os.path.join(root, "engine", "solve", "play.hpp"), "w").write("// play\n")
        open(os.path.join(root, "README.md"), "w").write(
            "See engine/solve/play.hpp:12, engine/solve/play and docs/results/NAME.json.\n")
        assert stale_paths(root) == [], stale_paths(root)
        open(os.path.join(root, "engine", "solve", "x.cpp"), "w").write(
            "// the rules are in engine/rules.hpp (moved)\n")
        found = stale_paths(root)
        assert found == ["engine/solve/x.cpp:1: engine/rules.hpp does not exist"], found
    print("self-test passed")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems = stale_paths(root)
    for p in problems:
        print(p)
    print(f"{len(problems)} stale paths" if problems else "no stale paths")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

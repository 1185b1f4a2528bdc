"""Runs GNU Go-style regression files (.tst) against a GTP engine, as GNU Go's regress.pike and
GoGui's gogui-regress do:

    python3 -m seki.regress [--engine "CMD"] [--timeout S] FILE_OR_DIR...

Each file runs in a fresh engine process whose working directory is the file's directory. Its lines
are GTP commands; a command with a numeric id followed by a line `#? [REGEX]` is a test: "^REGEX$"
must match the response text (after `=ID `), anchored as GNU Go's runners anchor it; `#? [!REGEX]`
negates it, a `*` after the `]` marks an expected failure. A `?` response fails its test whatever
the pattern. Other commands are sent, their responses ignored. The default engine is `seki gtp`
(the package's seki, else the CMake build's, else the one on the PATH). It prints a line for each
test that fails or passes unexpectedly, a line of counts per file and, last, `N passed, N failed,
N expected failures, N unexpected passes, N refused`; `--results FILE` writes every test's
outcome and seconds, tab-separated. Exit 0 when every test passed or failed as
expected, 1 otherwise, 2 for bad input (a missing or unreadable file, an engine that cannot
start)."""

import argparse
import os
import re
import select
import shlex
import shutil
import subprocess
import sys
import time

# `#? [REGEX]`, `#? [REGEX]*`; a missing `]` is forgiven, as GNU Go's runners forgive it.
EXPECTATION = re.compile(r"^#\?\s*\[(.*?)(?:\]([&*]*))?\s*$")
FIRST_LINE = re.compile(r"^([=?])(\d+)?(?: (.*))?$")


class BadInput(Exception):
    """A problem with the command line or the files: exit 2 with its one-line message."""


class Test:
    def __init__(self, file, id, command):
        self.file, self.id, self.command = file, id, command
        self.pattern = None  # the text between the brackets, "!" included
        self.expect_fail = False
        self.malformed = None  # the line of a `#?` that is not `#? [...]`

    def name(self):
        return f"{self.file}:{self.id}"


def command_text(line):
    """A line as the engine reads it (GTP 2, 2.3): control characters but tab dropped, tabs as
    spaces, the comment removed; "" when no command is left."""
    text = "".join(" " if ch == "\t" else ch for ch in line.split("#")[0]
                   if ch == "\t" or (ord(ch) >= 32 and ord(ch) != 127))
    return text.strip()


def read_suite(path, name):
    """The commands of a .tst file: a list of (command line, Test or None)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise BadInput(f"{path}: cannot read ({e.strerror})")
    items, last = [], None
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("#?"):
            if last is not None and last.pattern is None and last.malformed is None:
                m = EXPECTATION.match(line.strip())
                if m is None:
                    last.malformed = f"(line {number}: not '#? [REGEX]')"
                elif "&" not in (m.group(2) or ""):  # GNU Go's '&': the answer is only shown
                    last.pattern, last.expect_fail = m.group(1), "*" in (m.group(2) or "")
            continue
        command = command_text(line)
        if not command:
            continue
        words = command.split()
        last = Test(name, words[0], " ".join(words[1:])) if words[0].isdigit() else None
        items.append((command, last))
    return items


class Engine:
    """One engine process: ask() sends a command line and returns (ok, text) of its response, or
    raises EngineGone."""

    def __init__(self, argv, cwd, timeout):
        try:
            self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        except OSError as e:
            raise BadInput(f"cannot start the engine {shlex.join(argv)}: {e.strerror}")
        self.timeout, self.buffer = timeout, b""

    def ask(self, command):
        try:
            self.proc.stdin.write(command.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineGone("the engine has exited")
        while True:
            self.buffer = self.buffer.replace(b"\r", b"").lstrip(b"\n")
            end = self.buffer.find(b"\n\n")
            if end >= 0:
                response = self.buffer[:end].decode(errors="replace")
                self.buffer = self.buffer[end + 2:]
                break
            ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
            if not ready:
                raise TimedOut(f"no response in {self.timeout:g} s")
            data = os.read(self.proc.stdout.fileno(), 65536)
            if not data:
                raise EngineGone("the engine has exited")
            self.buffer += data
        lines = response.split("\n")
        m = FIRST_LINE.match(lines[0])
        if m is None:
            raise EngineGone(f"not a GTP response: {lines[0]!r}")
        text = "\n".join([(m.group(3) or "").lstrip(" ")] + lines[1:])
        return m.group(1) == "=", text

    def close(self):
        if self.proc.poll() is None:
            try:
                self.timeout = min(self.timeout, 10)
                self.ask("quit")
                self.proc.wait(timeout=10)
            except (EngineGone, subprocess.TimeoutExpired):
                self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                pipe.close()
            except OSError:  # unsent input to an engine that has gone
                pass


class EngineGone(Exception):
    """The engine cannot answer any more (it exited or broke the protocol)."""


class TimedOut(EngineGone):
    """No response within the timeout: the engine is restarted."""


def judge(test, ok, text):
    """Whether a test passes: a '=' response that its pattern matches (or, negated, does not)."""
    if test.malformed or not ok:
        return False
    pattern, negate = test.pattern, test.pattern.startswith("!")
    if negate:
        pattern = pattern[1:]
    try:  # anchored as GNU Go anchors it: "^" + REGEX + "$" ("^1 1 A1|B1$" takes "0 0 B1")
        matched = re.search("^" + pattern + "$", text) is not None
    except re.error:
        return False
    return matched != negate


class Counts:
    KINDS = ("passed", "failed", "expected failures", "unexpected passes", "refused")

    def __init__(self):
        self.n = dict.fromkeys(self.KINDS, 0)

    def add(self, other):
        for k in self.KINDS:
            self.n[k] += other.n[k]

    def __str__(self):
        return ", ".join(f"{self.n[k]} {k}" for k in self.KINDS)


def one_line(text):
    return text.replace("\n", "\\n")


def run_file(path, name, argv, timeout, out, results=None):
    """Runs one .tst file in a fresh engine; prints its failures and returns its Counts. After a
    timeout the engine is restarted and the file's commands that are not tests sent again.
    `results`: a file that gets a tab-separated line for every test (name, outcome, seconds,
    command, expected, got)."""
    items = read_suite(path, name)
    counts = Counts()
    cwd = os.path.dirname(os.path.abspath(path))
    engine = Engine(argv, cwd, timeout)
    setup, gone = [], None  # the commands sent that are not tests; why the engine cannot answer
    try:
        for command, test in items:
            is_test = test is not None and (test.pattern is not None or test.malformed)
            ok, text, got = False, "", None
            started = time.monotonic()
            if gone is None:
                try:
                    ok, text = engine.ask(command)
                    got = ("= " if ok else "? ") + one_line(text)
                except TimedOut as e:
                    got = f"nothing ({e}; the engine was restarted)"
                    engine.proc.kill()
                    engine.close()  # reaps it
                    engine = Engine(argv, cwd, timeout)
                    try:
                        for c in setup:
                            engine.ask(c)
                    except EngineGone as e:
                        gone = str(e)
                except EngineGone as e:
                    gone = str(e)
            if not is_test:
                setup.append(command)
                continue
            if got is None:
                got = f"nothing ({gone})"
            passed = got.startswith("=") and judge(test, ok, text)
            expected = test.malformed or f"[{test.pattern}]" + ("*" if test.expect_fail else "")
            if got.startswith("?"):
                counts.n["refused"] += 1
            if results is not None:
                outcome = ("xpass" if test.expect_fail else "pass") if passed else \
                    ("xfail" if test.expect_fail else "fail")
                print(f"{test.name()}\t{outcome}\t{time.monotonic() - started:.2f}\t"
                      f"{test.command}\t{expected}\t{got}", file=results, flush=True)
            if passed and test.expect_fail:
                counts.n["unexpected passes"] += 1
                print(f"PASS-unexpected {test.name()} {test.command}: expected {expected}, "
                      f"got {got}", file=out, flush=True)
            elif passed:
                counts.n["passed"] += 1
            elif test.expect_fail:
                counts.n["expected failures"] += 1
            else:
                counts.n["failed"] += 1
                print(f"FAIL {test.name()} {test.command}: expected {expected}, got {got}",
                      file=out, flush=True)
    finally:
        engine.close()
    print(f"{name}: {counts}", file=out, flush=True)
    return counts


def suite_files(targets):
    """The .tst files named: files as given, directories' *.tst in name order."""
    files = []
    for target in targets:
        if os.path.isdir(target):
            names = sorted(n for n in os.listdir(target) if n.endswith(".tst"))
            if not names:
                raise BadInput(f"{target}: no .tst files in this directory")
            files += [os.path.join(target, n) for n in names]
        elif os.path.isfile(target):
            files.append(target)
        else:
            raise BadInput(f"{target}: no such file or directory")
    return files


def default_engine():
    """`seki gtp`: the seki installed with this package, else the CMake build's (the package in
    build/release/python, the tool in build/release/apps), else `seki` on the PATH."""
    from .__main__ import binary
    package = os.path.dirname(os.path.abspath(__file__))
    for path in (binary(), os.path.join(package, "..", "..", "apps", "seki")):
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return [os.path.normpath(path), "gtp"]
    found = shutil.which("seki")
    if found is None:
        raise BadInput("no seki binary found (give the engine with --engine)")
    return [found, "gtp"]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m seki.regress",
                                     description="Run GNU Go-style .tst regression files.")
    parser.add_argument("--engine", help='the engine command line (default: "seki gtp")')
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds to wait for one response (default 600)")
    parser.add_argument("--results", metavar="FILE",
                        help="write a tab-separated line for every test: name, outcome (pass, "
                             "fail, xfail, xpass), seconds, command, expected, got")
    parser.add_argument("targets", nargs="+", metavar="FILE_OR_DIR")
    args = parser.parse_args(argv)
    try:
        engine = shlex.split(args.engine) if args.engine else default_engine()
        if not engine:
            raise BadInput("--engine: an empty command")
        files = suite_files(args.targets)
        total = Counts()
        try:
            results = open(args.results, "w") if args.results else None
        except OSError as e:
            raise BadInput(f"{args.results}: cannot be written ({e.strerror})")
        for path in files:
            total.add(run_file(path, path, engine, args.timeout, sys.stdout, results))
        if results is not None:
            results.close()
    except BadInput as e:
        print(f"seki.regress: {e}", file=sys.stderr)
        return 2
    print(total)
    return 0 if total.n["failed"] == 0 and total.n["unexpected passes"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

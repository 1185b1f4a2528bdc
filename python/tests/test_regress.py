"""The regression runner `python3 -m seki.regress` (seki/regress.py) on small .tst files written
here: passes, failures, expected failures, unexpected passes, negation, refusals, a malformed
expectation, the working directory of the engine, a timeout (the engine restarted, its setup sent
again) and the exit statuses (0, 1, 2)."""

import os
import subprocess
import sys

from conftest import BINARY, SOURCE_DIR

ENGINE = f"{BINARY} gtp"


def regress(*args, cwd=None):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "seki.regress", *args], capture_output=True,
                          text=True, cwd=cwd, env=env)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return str(path)


def test_counts_and_lines(tmp_path):
    # The engine runs in the file's directory: the relative loadsgf path works from anywhere.
    with open(os.path.join(SOURCE_DIR, "tests", "gtp", "gnugo-race.sgf")) as f:
        write(tmp_path / "race.sgf", f.read())
    suite = write(tmp_path / "t.tst", "\n".join([
        "# a test suite",
        "loadsgf race.sgf",
        "1 analyze_semeai A4 A6", "#? [1 1 (A7|B7)]",       # passes
        "2 analyze_semeai A4 A6", "#? [0 0 PASS]",          # fails
        "3 analyze_semeai A4 A6", "#? [0 0 PASS]*",         # fails, as expected
        "4 analyze_semeai A4 A6", "#? [1 1 A7|B7]*",        # passes unexpectedly
        "5 analyze_semeai A4 A6", "#? [!0 0 PASS]",         # negation: passes
        "6 analyze_semeai B1 A6", "#? [!0 0 PASS]",         # refused ("B1 is empty"): fails
        "7 name", "#? seki",                                # malformed: fails
        "8 name",                                           # no expectation: not a test
        "9 name", "#? [seki",                               # a missing "]" is forgiven
        ""]))
    p = regress("--engine", ENGINE, suite, cwd="/")
    assert p.returncode == 1, p.stderr
    lines = p.stdout.splitlines()
    assert lines[-1] == "3 passed, 3 failed, 1 expected failures, 1 unexpected passes, 1 refused"
    assert lines[-2] == f"{suite}: {lines[-1]}"
    failures = [l.split(" ", 2)[:2] for l in lines[:-2]]
    assert failures == [["FAIL", f"{suite}:2"], ["PASS-unexpected", f"{suite}:4"],
                        ["FAIL", f"{suite}:6"], ["FAIL", f"{suite}:7"]]
    assert lines[0].endswith("expected [0 0 PASS], got = 1 1 A7")
    assert "got ? " in lines[2]


def test_results_file_has_every_test(tmp_path):
    suite = write(tmp_path / "r.tst", "1 name\n#? [seki]\n2 name\n#? [gnugo]\n"
                  "3 protocol_version\n#? [1]*\n4 protocol_version\n#? [2]*\n5 frob\n#? [x]\n")
    out = tmp_path / "results.tsv"
    p = regress("--engine", ENGINE, "--results", str(out), suite)
    assert p.returncode == 1, p.stderr
    rows = [line.split("\t") for line in out.read_text().splitlines()]
    assert [(r[0], r[1]) for r in rows] == [(f"{suite}:1", "pass"), (f"{suite}:2", "fail"),
                                          (f"{suite}:3", "xfail"), (f"{suite}:4", "xpass"),
                                          (f"{suite}:5", "fail")]
    assert all(float(r[2]) >= 0 for r in rows)
    assert rows[4][5] == "? unknown command"
    assert regress("--engine", ENGINE, "--results", str(tmp_path / "no" / "x"), suite).returncode == 2


def test_all_as_expected_exits_0(tmp_path):
    suite = write(tmp_path / "ok.tst", "1 name\n#? [seki]\n2 protocol_version\n#? [1]*\n")
    p = regress("--engine", ENGINE, str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.splitlines()[-1].startswith("1 passed, 0 failed, 1 expected failures, 0 ")


def test_bad_input_exits_2(tmp_path):
    p = regress("--engine", ENGINE, str(tmp_path / "missing.tst"))
    assert p.returncode == 2
    assert p.stderr == f"seki.regress: {tmp_path / 'missing.tst'}: no such file or directory\n"
    suite = write(tmp_path / "t.tst", "1 name\n#? [seki]\n")
    p = regress("--engine", str(tmp_path / "no-engine"), suite)
    assert p.returncode == 2 and p.stderr.startswith("seki.regress: cannot start the engine")
    assert len(p.stderr.splitlines()) == 1


def test_an_engine_that_exits_fails_the_rest(tmp_path):
    suite = write(tmp_path / "t.tst", "1 name\n#? [seki]\nquit\n2 name\n#? [seki]\n")
    p = regress("--engine", ENGINE, suite)
    assert p.returncode == 1
    assert "got nothing (the engine has exited)" in p.stdout
    assert p.stdout.splitlines()[-1].startswith("1 passed, 1 failed")


# A stand-in engine: "= N" to `count` (the number of `set` commands it has had), a long sleep on
# `slow`, "=" to anything else.
SLOW_ENGINE = """
import sys, time
sets = 0
for line in sys.stdin:
    words = line.split()
    id, command = (words[0], words[1]) if words[0].isdigit() else ("", words[0])
    sets += command == "set"
    if command == "slow":
        time.sleep(30)
    print(f"={id} {sets if command == 'count' else ''}\\n", flush=True)
    if command == "quit":
        break
"""


def test_a_timeout_restarts_the_engine(tmp_path):
    engine = write(tmp_path / "engine.py", SLOW_ENGINE)
    suite = write(tmp_path / "t.tst", "set\n1 slow\n#? []\n2 count\n#? [1]\n")
    p = regress("--engine", f"{sys.executable} {engine}", "--timeout", "1", suite)
    assert p.returncode == 1, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == (f"FAIL {suite}:1 slow: expected [], got nothing (no response in 1 s; "
                        "the engine was restarted)")
    assert lines[-1] == "1 passed, 1 failed, 0 expected failures, 0 unexpected passes, 0 refused"

"""Shared fixtures: the `seki` binary (to compare with the CLI) and one small run made through the
module (3x3, entries <= 3, with outcomes.txt)."""

import json
import os
import subprocess

import pytest

import seki

SOURCE_DIR = os.environ.get(
    "SEKI_SOURCE_DIR", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BINARY = os.environ.get("SEKI_BINARY", os.path.join(SOURCE_DIR, "build/release/apps/seki"))


class Cli:
    """Runs the `seki` binary."""

    def run(self, *args, input=None):
        return subprocess.run([BINARY, *args], input=input, capture_output=True, text=True)

    def json_lines(self, *args, input=None):
        p = self.run(*args, input=input)
        assert p.returncode == 0, p.stderr
        return [json.loads(line) for line in p.stdout.splitlines()]

    def error(self, *args):
        """The message after 'seki: ' of a command that fails with exit status 2."""
        p = self.run(*args)
        assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
        line = p.stderr.strip()
        assert line.startswith("seki: "), line
        return line[len("seki: "):]


@pytest.fixture(scope="session")
def cli():
    assert os.path.exists(BINARY), BINARY
    return Cli()


@pytest.fixture(scope="session")
def run3x3(tmp_path_factory):
    """The 3x3, entries <= 3 run, made with seki.enumerate; (directory, progress reports)."""
    out = tmp_path_factory.mktemp("runs") / "3x3h3"
    levels = []
    summary = seki.enumerate(3, 3, max_entry=3, out=out, threads=1, outcomes=True,
                             progress=levels.append)
    return out, summary, levels

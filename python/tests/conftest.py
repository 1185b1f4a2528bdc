"""Shared fixtures: the `seki` binary (to compare with the CLI) and one small run made through the
module (3x3, entries <= 3, with outcomes.txt)."""

import json
import os
import shutil
import subprocess
import urllib.parse

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


class Browser:
    """Debian's headless Chromium: a screenshot of a page and the DOM it parsed."""

    def __init__(self, path, profile):
        self.common = [path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                       f"--user-data-dir={profile}", "--virtual-time-budget=5000"]

    @staticmethod
    def url(page):
        return "file://" + urllib.parse.quote(os.path.abspath(page))

    def screenshot(self, page, shot, width, height):
        p = subprocess.run([*self.common, f"--window-size={width},{height}", f"--screenshot={shot}",
                            self.url(page)], capture_output=True, text=True, timeout=120)
        assert p.returncode == 0 and os.path.exists(shot), p.stderr

    def dom(self, page, width, height):
        p = subprocess.run([*self.common, f"--window-size={width},{height}", "--dump-dom",
                            self.url(page)], capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        return p.stdout


@pytest.fixture
def browser(tmp_path):
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return Browser(path, tmp_path / "profile")
    pytest.fail("no Chromium: install Debian's chromium (debian-packages.txt)")

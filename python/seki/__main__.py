"""The `seki` command of a pip-installed package (pyproject.toml's console script) and
``python -m seki``: runs the `seki` tool installed with the package (seki/bin/seki) with the same
arguments, telling it this interpreter for the plots it draws with the package (SEKI_PYTHON)."""

import os
import sys


def binary():
    """The path of the `seki` tool installed with this package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "seki")


def main():
    path = binary()
    if not os.path.exists(path):  # a broken installation: an internal error (70), not a finding
        print(f"seki: {path}: no such file (the `seki` tool is installed by `pip install`; in a "
              f"CMake build it is build/release/apps/seki)", file=sys.stderr)
        sys.exit(70)
    os.environ["SEKI_PYTHON"] = sys.executable
    os.execv(path, [path, *sys.argv[1:]])


if __name__ == "__main__":
    main()

"""The pip path (pyproject.toml): `python3 -m build` makes an sdist and, from it, a wheel
(scikit-build-core and pybind11 come from PyPI into build's isolated environment), which
python/build_wheel.py repairs into the manylinux wheel (auditwheel: the native libraries in
seki_games.libs/, their licences in the .dist-info); that wheel installs with no index into a fresh
venv, which then has `import seki` and the `seki` command: the
version is the CMake project's, a solve, a small enumeration and a GO position (`seki go`,
`seki.go`) give what the CMake build's `seki` gives, and `seki verify` accepts the run. CTest label `wheel` (not in the default suite: it
compiles the C++ project once more; ccache is used when installed).

    /usr/bin/python3 tests/wheel_test.py SOURCE_DIR WORK_DIR SEKI_BINARY
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile


def run(args, **kw):
    print("+", " ".join(str(a) for a in args), flush=True)
    return subprocess.run([str(a) for a in args], check=True, text=True, capture_output=True,
                          **kw)


def main(source, work, binary):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL=str(os.cpu_count() or 2))
    env["TMPDIR"] = os.path.join(work, "tmp")  # the unpacked sdist, under CCACHE_BASEDIR
    os.makedirs(env["TMPDIR"])
    if shutil.which("ccache"):
        env.update(CMAKE_CXX_COMPILER_LAUNCHER="ccache", CMAKE_C_COMPILER_LAUNCHER="ccache",
                   CCACHE_BASEDIR=env["TMPDIR"])
    version = re.search(r"project\(seki VERSION ([0-9.]+)",
                        open(os.path.join(source, "CMakeLists.txt")).read()).group(1)

    # sdist and wheel
    dist = os.path.join(work, "dist")
    start = time.monotonic()
    # python3 -m build makes the sdist, then the wheel from the unpacked sdist (so the sdist is
    # complete), in a fresh CMake build folder; auditwheel repairs the wheel.
    p = subprocess.run([sys.executable, os.path.join(source, "python", "build_wheel.py"),
                        "--outdir", dist], env=env, text=True, capture_output=True)
    print(p.stdout[-6000:], p.stderr[-3000:], sep="\n")
    assert p.returncode == 0, "python/build_wheel.py failed"
    print(f"build: {time.monotonic() - start:.0f} s", flush=True)
    sdists = [f for f in os.listdir(dist) if f.endswith(".tar.gz")]
    wheels = [f for f in os.listdir(dist) if f.endswith(".whl")]
    assert sdists == [f"seki_games-{version}.tar.gz"], sdists
    assert len(wheels) == 1 and re.fullmatch(
        rf"seki_games-{version}-cp3\d+-cp3\d+-manylinux_2_\d+_x86_64\.whl", wheels[0]), wheels
    print(f"{wheels[0]}: {os.path.getsize(os.path.join(dist, wheels[0]))} bytes", flush=True)
    with tarfile.open(os.path.join(dist, sdists[0])) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {"pyproject.toml", "CMakeLists.txt", "python/seki/__init__.py"} <= names
    assert not any(n.startswith(("build/", "runs/")) for n in names)
    with zipfile.ZipFile(os.path.join(dist, wheels[0])) as z:
        files = set(z.namelist())
    assert {"seki/__init__.py", "seki/__main__.py", "seki/bin/seki"} <= files, files
    assert any(re.fullmatch(r"seki/_seki\..*\.so", f) for f in files), files
    grafted = {f.split("/")[1].split("-")[0] for f in files if f.startswith("seki_games.libs/")}
    assert {"libnauty", "libtbb", "libfmt"} <= grafted, files
    licences = {f for f in files if "dist-info/licenses/" in f}
    assert f"seki_games-{version}.dist-info/licenses/libnauty2.copyright" in licences, files

    # a fresh venv, the wheel with no index
    venv = os.path.join(work, "venv")
    run([sys.executable, "-m", "venv", venv])
    py, seki = os.path.join(venv, "bin", "python"), os.path.join(venv, "bin", "seki")
    run([py, "-m", "pip", "install", "--no-index", os.path.join(dist, wheels[0])])
    clean = {k: v for k, v in env.items() if k not in ("PYTHONPATH", "SEKI_BINARY")}
    out = run([py, "-c", "import importlib.metadata as m, seki; "
                         "print(seki.__version__, m.version('seki-games'), seki.__file__)"],
              env=clean, cwd=work).stdout.split()
    assert out[:2] == [version, version], out
    assert out[2].startswith(venv), out  # the installed package, not a build's

    # a solve: the venv's command and module against the CMake build's tool
    matrices = ["033/331/312", "033/403/430", "13/33"]
    expected = run([binary, "solve", "--format", "json", *matrices]).stdout
    assert run([seki, "solve", "--format", "json", *matrices], env=clean).stdout == expected
    got = run([py, "-c", "import json, seki, sys; [print(json.dumps(seki.solve(m).to_dict(), "
                         "separators=(',', ':'))) for m in sys.argv[1:]]", *matrices],
              env=clean).stdout
    assert [json.loads(x) for x in got.splitlines()] == \
        [json.loads(x) for x in expected.splitlines()]

    # a small enumeration from Python and from the command, checked by seki verify
    run_dir, cli_dir, ref_dir = (os.path.join(work, d) for d in ("py-run", "cli-run", "ref-run"))
    totals = json.loads(run([py, "-c", "import json, seki; print(json.dumps(seki.enumerate(3, 3, "
                                       f"max_entry=3, out={run_dir!r}, threads=1)['totals']))"],
                            env=clean).stdout)
    run([seki, "enumerate", "--rows", "3", "--cols", "3", "--max-entry", "3", "--out", cli_dir,
         "--quiet"], env=clean)
    run([binary, "enumerate", "--rows", "3", "--cols", "3", "--max-entry", "3", "--out", ref_dir,
         "--quiet"])
    assert totals["classes"] == 8240 and totals["starting"] == 7456, totals
    for d in (run_dir, cli_dir):
        for game in ("seki", "dseki"):
            for kind in ("seki", "complete", "semi-complete"):
                with open(os.path.join(d, game, kind + ".txt"), "rb") as a, \
                        open(os.path.join(ref_dir, game, kind + ".txt"), "rb") as b:
                    assert a.read() == b.read(), (d, game, kind)
    assert re.search(r"verify: \d+ checks, \d+ ok, 0 FAILED", run([seki, "verify", cli_dir],
                                                                env=clean).stdout)
    # a GO position: the same answer from the venv's command, its seki.go and the CMake build
    position = os.path.join(source, "docs", "go", "classic-seki.sgf")
    expected = run([binary, "go", position, "--format", "json"]).stdout
    assert run([seki, "go", position, "--format", "json"], env=clean).stdout == expected
    got = run([py, "-c", "import json, seki, sys; print(json.dumps(seki.go.analyse(sys.argv[1])))",
               position], env=clean).stdout
    assert json.loads(got) == json.loads(expected)
    print("wheel test: ok", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:4])

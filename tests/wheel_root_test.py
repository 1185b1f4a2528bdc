"""The manylinux wheel (python/build_wheel.py) where nothing of the build is: a clean Debian root
made by debootstrap with only python3, pip and venv (no compiler, no -dev package, none of the
libraries the wheel bundles but xxHash and SQLite, which apt and python3 bring), cached under
ROOTS between runs. In a fresh venv there, with no network: `pip install --no-index` the wheel,
`ldd` of the module and of the `seki` tool (nothing "not found", the bundled libraries from
seki_games.libs), `import seki`, a solve, a 3x3 run checked by `seki verify`, and a GO position,
each compared with the CMake build's `seki` outside the root. CTest `wheel_debian12` and
`wheel_debian13` (label `wheel`, after the test `wheel` made the sdist and the wheel); Debian 13's
python3 is 3.13, whose wheel is first built from the sdist in a Debian 13 build root (cached too).

    python3 tests/wheel_root_test.py SUITE WHEEL_DIR ROOTS SEKI_BINARY SOURCE_DIR
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile

ROOTS = {"bookworm": "debian-12", "trixie": "debian-13"}
MIRROR = "http://deb.debian.org/debian"
# The libraries the manylinux policy lets a wheel take from the system.
SYSTEM = {"linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
          "ld-linux-x86-64.so.2", "libpthread.so.0", "libdl.so.2", "librt.so.1"}
# Debian 13's python3 is 3.13, for which the wheel is built in a Debian 13 root of its own with
# the build packages of debian-packages.txt under their Debian 13 names.
BUILD_PACKAGES = ("build-essential,cmake,ninja-build,pkg-config,ccache,patchelf,libnauty-dev,"
                  "libtbb-dev,libthrust-dev,libboost-dev,libboost-graph-dev,libcli11-dev,"
                  "nlohmann-json3-dev,libfmt-dev,libsqlite3-dev,libxxhash-dev,pybind11-dev,"
                  "python3-dev,python3-venv,python3-build,python3-pip")


def run(args, **kw):
    print("+", " ".join(str(a) for a in args), flush=True)
    p = subprocess.run([str(a) for a in args], text=True, capture_output=True, **kw)
    if p.returncode != 0:
        print(p.stdout[-3000:], p.stderr[-3000:], sep="\n", flush=True)
        raise SystemExit(f"exit {p.returncode}")
    return p.stdout


def make_root(root, suite, packages="python3,python3-pip,python3-venv"):
    """A Debian root, made once: debootstrap's minbase with PACKAGES."""
    if os.path.exists(os.path.join(root, ".seki-root-complete")):
        return "cached"
    assert not os.path.ismount(os.path.join(root, "proc")), root
    shutil.rmtree(root, ignore_errors=True)
    run(["debootstrap", "--variant=minbase", f"--include={packages}", suite, root, MIRROR])
    open(os.path.join(root, ".seki-root-complete"), "w").close()
    return "made"


def in_root(root, script, network=False, env=()):
    """A shell script in the root: its own mount, PID and (unless NETWORK) network namespaces,
    /proc mounted for the root and gone with the namespace, a clean environment."""
    return run(["unshare", "--mount", "--pid", *([] if network else ["--net"]), "--fork",
                f"--mount-proc={root}/proc", "chroot", root, "/usr/bin/env", "-i",
                "PATH=/usr/bin:/bin", "HOME=/root", "LANG=C.UTF-8", *env, "sh", "-ec", script])


def build_in_root(suite, wheel_dir, roots):
    """The wheel for the root's Python, built by python/build_wheel.py from the sdist of the test
    `wheel` in a build root of the same Debian (cached, with its ccache), into WHEEL_DIR."""
    root = os.path.join(roots, ROOTS[suite] + "-build")
    print(f"build root {root}: {make_root(root, suite, BUILD_PACKAGES)}", flush=True)
    work = os.path.join(root, "seki-build")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "tmp"))
    [sdist] = glob.glob(os.path.join(wheel_dir, "seki_games-*.tar.gz"))
    with tarfile.open(sdist) as t:
        t.extractall(work)
    os.rename(os.path.join(work, os.path.basename(sdist)[:-len(".tar.gz")]),
              os.path.join(work, "src"))
    # pip there (PyPI: auditwheel, scikit-build-core, pybind11) trusts what pip here trusts
    shutil.copy(os.environ.get("PIP_CERT", "/etc/ssl/certs/ca-certificates.crt"),
                os.path.join(work, "ca.crt"))
    out = in_root(root, "python3 /seki-build/src/python/build_wheel.py --outdir /seki-build/dist",
                  network=True, env=["PIP_CERT=/seki-build/ca.crt", "TMPDIR=/seki-build/tmp",
                                     "CMAKE_BUILD_PARALLEL_LEVEL=2",
                                     "CCACHE_BASEDIR=/seki-build/tmp",
                                     "CMAKE_CXX_COMPILER_LAUNCHER=ccache",
                                     "CMAKE_C_COMPILER_LAUNCHER=ccache"])
    print(out[out.find("auditwheel show"):], flush=True)  # its report, the repair, the licences
    for wheel in glob.glob(os.path.join(work, "dist", "*-manylinux_*.whl")):
        shutil.copy(wheel, wheel_dir)


def main(suite, wheel_dir, roots, binary, source):
    start, binary = time.monotonic(), os.path.abspath(binary)
    root = os.path.join(os.path.abspath(roots), ROOTS[suite])
    how = make_root(root, suite)
    print(f"root {root}: {how} in {time.monotonic() - start:.0f} s", flush=True)

    # Nothing of the build: no compiler, no -dev package, none of the bundled libraries.
    assert in_root(root, "for c in cc gcc g++ c++ clang ld; do command -v $c || true; done") == ""
    installed = in_root(root, "dpkg-query -W -f '${db:Status-Abbrev} ${Package}\\n'").splitlines()
    dev = [p for p in installed if p.startswith("ii") and p.endswith("-dev")]
    assert dev == [] and len(installed) > 50, dev
    # (the root's apt and python3 have their own libxxhash and libsqlite3: ldd below shows that
    # seki uses the wheel's)
    assert in_root(root, "ls /usr/lib /usr/lib/x86_64-linux-gnu | "
                         "grep -E '^lib(nauty|cliquer|tbb|fmt)' || true") == ""

    tag = in_root(root, "python3 -c 'import sys; print(\"cp%d%d\" % sys.version_info[:2])'").strip()
    pattern = os.path.join(wheel_dir, f"seki_games-*-{tag}-{tag}-manylinux_*.whl")
    if not glob.glob(pattern):
        build_in_root(suite, wheel_dir, os.path.abspath(roots))
    wheels = glob.glob(pattern)
    assert len(wheels) == 1, f"no {tag} manylinux wheel in {wheel_dir}: {os.listdir(wheel_dir)}"
    wheel = os.path.basename(wheels[0])

    # A fresh test folder in the root: the wheel and the GO positions.
    test = os.path.join(root, "seki-test")
    shutil.rmtree(test, ignore_errors=True)
    os.makedirs(test)
    shutil.copy(wheels[0], test)
    for name in ("classic-seki.sgf", "classic-seki.txt"):
        shutil.copy(os.path.join(source, "docs", "go", name), test)
    in_root(root, f"cd /seki-test && python3 -m venv venv && "
                  f"venv/bin/pip install --no-index --no-cache-dir {wheel}")
    site = in_root(root, "/seki-test/venv/bin/python -c "
                         "'import sysconfig; print(sysconfig.get_paths()[\"platlib\"])'").strip()

    # ldd in the root: every library found, the bundled ones from the wheel's seki_games.libs.
    for elf in (f"{site}/seki/bin/seki", *(f[len(root):] for f in
                                          glob.glob(f"{root}{site}/seki/_seki.*.so"))):
        for line in in_root(root, f"ldd {elf}").splitlines():
            assert "not found" not in line, line
            name, path = line.split()[0], line.split("=>")[-1].split(" (")[0].strip()
            assert name in SYSTEM or os.path.basename(name) in SYSTEM or \
                os.path.normpath(path).startswith(f"{site}/seki_games.libs/"), line

    # import seki, a solve: the venv's command and module against the build's `seki`
    py, seki = "/seki-test/venv/bin/python", "/seki-test/venv/bin/seki"
    version = re.search(r"project\(seki VERSION ([0-9.]+)",
                        open(os.path.join(source, "CMakeLists.txt")).read()).group(1)
    out = in_root(root, f"cd / && {py} -c 'import importlib.metadata as m, seki; "
                        "print(seki.__version__, m.version(\"seki-games\"), seki.__file__)'")
    assert out.split() == [version, version, f"{site}/seki/__init__.py"], out
    matrices = "033/331/312 033/403/430 13/33 3101/1302/0233"
    expected = run([binary, "solve", "--format", "json", *matrices.split()])
    assert in_root(root, f"{seki} solve --format json {matrices}") == expected
    got = in_root(root, f"{py} -c 'import json, seki, sys; [print(json.dumps(seki.solve(m)"
                        f".to_dict())) for m in sys.argv[1:]]' {matrices}")
    assert [json.loads(x) for x in got.splitlines()] == \
        [json.loads(x) for x in expected.splitlines()]

    # a small run: the catalogues byte for byte as the build's, and seki verify accepts it
    reference = os.path.join(os.path.dirname(test), "seki-reference-run")
    shutil.rmtree(reference, ignore_errors=True)
    enumerate_args = "enumerate --rows 3 --cols 3 --max-entry 3 --quiet --out"
    run([binary, *enumerate_args.split(), reference])
    in_root(root, f"{seki} {enumerate_args} /seki-test/run")
    for game in ("seki", "dseki"):
        for kind in ("seki", "complete", "semi-complete"):
            with open(os.path.join(test, "run", game, kind + ".txt"), "rb") as a, \
                    open(os.path.join(reference, game, kind + ".txt"), "rb") as b:
                assert a.read() == b.read(), (game, kind)
    shutil.rmtree(reference)
    assert re.search(r"verify: \d+ checks, \d+ ok, 0 FAILED",
                     in_root(root, f"{seki} verify /seki-test/run"))

    # a GO position, an SGF file and a text diagram: the command, seki.go and the build's `seki`
    for name in ("classic-seki.sgf", "classic-seki.txt"):
        expected = run([binary, "go", name, "--format", "json"], cwd=test)
        assert in_root(root, f"cd /seki-test && {seki} go {name} --format json") == expected
        got = in_root(root, f"cd /seki-test && {py} -c 'import json, seki; "
                            f"print(json.dumps(seki.go.analyse(\"{name}\")))'")
        assert json.loads(got) == json.loads(expected), name

    with zipfile.ZipFile(wheels[0]) as z:
        unpacked = sum(i.file_size for i in z.infolist())
    installed_size = in_root(root, f"cd {site} && du -sb seki seki_games.libs "
                                   "seki_games-*.dist-info | awk '{s += $1} END {print s}'")
    print(f"{wheel}: {os.path.getsize(wheels[0])} bytes, {unpacked} unpacked, "
          f"{installed_size.strip()} installed in {ROOTS[suite]}", flush=True)
    print(f"wheel_{ROOTS[suite].replace('-', '')}: ok in {time.monotonic() - start:.0f} s "
          f"(root {how})", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:6])

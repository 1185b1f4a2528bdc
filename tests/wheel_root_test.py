"""The manylinux wheel (python/build_wheel.py) where nothing of the build is: a clean Debian root
made by debootstrap with only python3, pip and venv (no compiler, no -dev package, none of the
libraries the wheel bundles but xxHash and SQLite, which apt and python3 bring), cached under
ROOTS between runs. In a fresh venv there, with no network: `pip install --no-index` the wheel,
`ldd` of the module and of the `seki` tool (nothing "not found", the bundled libraries from
seki_games.libs), `import seki`, a solve, a 3x3 run checked by `seki verify`, and a GO position,
each compared with the CMake build's `seki` outside the root. CTest `wheel_debian12` (label
`wheel`, after the test `wheel` made the wheel).

    python3 tests/wheel_root_test.py SUITE WHEEL_DIR ROOTS SEKI_BINARY SOURCE_DIR
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile

ROOTS = {"bookworm": "debian-12", "trixie": "debian-13"}
MIRROR = "http://deb.debian.org/debian"
# The libraries the manylinux policy lets a wheel take from the system.
SYSTEM = {"linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
          "ld-linux-x86-64.so.2", "libpthread.so.0", "libdl.so.2", "librt.so.1"}


def run(args, **kw):
    print("+", " ".join(str(a) for a in args), flush=True)
    p = subprocess.run([str(a) for a in args], text=True, capture_output=True, **kw)
    if p.returncode != 0:
        print(p.stdout[-3000:], p.stderr[-3000:], sep="\n", flush=True)
        raise SystemExit(f"exit {p.returncode}")
    return p.stdout


def make_root(root, suite):
    """The Debian root, made once: debootstrap's minbase with python3, pip and venv."""
    if os.path.exists(os.path.join(root, ".seki-root-complete")):
        return "cached"
    assert not os.path.ismount(os.path.join(root, "proc")), root
    shutil.rmtree(root, ignore_errors=True)
    run(["debootstrap", "--variant=minbase", "--include=python3,python3-pip,python3-venv",
         suite, root, MIRROR])
    open(os.path.join(root, ".seki-root-complete"), "w").close()
    return "made"


def in_root(root, script):
    """A shell script in the root: its own mount, PID and network namespaces (no network; /proc
    mounted for the root and gone with the namespace), a clean environment."""
    return run(["unshare", "--mount", "--pid", "--net", "--fork", f"--mount-proc={root}/proc",
                "chroot", root, "/usr/bin/env", "-i", "PATH=/usr/bin:/bin", "HOME=/root",
                "LANG=C.UTF-8", "sh", "-ec", script])


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
    wheels = glob.glob(os.path.join(wheel_dir, f"seki_games-*-{tag}-{tag}-manylinux_*.whl"))
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

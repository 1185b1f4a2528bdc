"""The wheel that installs on any x86-64 Linux with this machine's glibc or newer (docs/python.md):

    python3 python/build_wheel.py [--outdir dist] [--wheel LINUX_WHEEL]

1. `python3 -m build` makes the sdist and, from it, a `linux_x86_64` wheel (skipped with --wheel);
2. `auditwheel repair` copies the shared libraries that the module `seki/_seki*.so` and the tool
   `seki/bin/seki` need and that the manylinux policy does not allow (nauty, oneTBB, fmt, ...)
   into `seki_games.libs/`, renamed with a hash, points the RPATHs there, and tags the wheel with
   the oldest manylinux policy its symbols allow (it reports what it sees with `auditwheel show`);
3. the Debian copyright files of the copied libraries and of the header-only ones compiled in
   (CLI11, nlohmann-json, pybind11, thrust) go into the wheel's `.dist-info/licenses/`,
   and `wheel pack` writes the wheel again with a new RECORD.

OUTDIR gets the sdist and the repaired wheel (the linux wheel stays in OUTDIR/linux). auditwheel
and wheel come from PyPI, pinned, into a venv of their own (build/wheel-tools); patchelf is
Debian's. The interpreter that runs this script is the one the wheel is for.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# auditwheel 6.8 edits several things in one patchelf call, which needs patchelf 0.14.5; Debian 12
# has 0.14.3, and 6.7.0 makes one edit a call.
TOOLS = ["auditwheel==6.7.0", "wheel==0.48.0"]
# Header-only libraries compiled into _seki and seki whose licences ask for their notice in a
# binary too (Boost's does not, and its copyright file is 2 MB).
HEADER_ONLY = ["libcli11-dev", "nlohmann-json3-dev", "pybind11-dev", "libthrust-dev", "libcub-dev"]


def run(args, **kw):
    print("+", " ".join(str(a) for a in args), flush=True)
    return subprocess.run([str(a) for a in args], check=True, text=True, **kw)


def tools_venv():
    """build/wheel-tools: a venv with auditwheel and wheel (made once)."""
    venv = os.path.join(SOURCE, "build", "wheel-tools")
    stamp = os.path.join(venv, "tools.txt")
    if not os.path.exists(stamp) or open(stamp).read() != "\n".join(TOOLS):
        shutil.rmtree(venv, ignore_errors=True)
        run([sys.executable, "-m", "venv", venv])
        run([os.path.join(venv, "bin", "pip"), "install", "-q", *TOOLS])
        with open(stamp, "w") as f:
            f.write("\n".join(TOOLS))
    return os.path.join(venv, "bin")


def add_licences(repaired, bin_dir, outdir):
    """Copies into .dist-info/licenses/ the Debian copyright file of each package whose library
    auditwheel grafted (its SBOM, .dist-info/sboms/auditwheel.cdx.json, names them) and of the
    header-only libraries compiled into the module and the tool, then repacks (a new RECORD)."""
    with tempfile.TemporaryDirectory() as scratch:
        run([os.path.join(bin_dir, "wheel"), "unpack", "--dest", scratch, repaired])
        [info] = glob.glob(os.path.join(scratch, "seki_games-*", "*.dist-info"))
        with open(os.path.join(info, "sboms", "auditwheel.cdx.json")) as f:
            grafted = [c["name"] for c in json.load(f)["components"]
                       if c["purl"].startswith("pkg:deb/")]
        assert grafted, "auditwheel grafted no Debian library"
        os.makedirs(os.path.join(info, "licenses"))
        for package in grafted + [p for p in HEADER_ONLY if os.path.isdir(f"/usr/share/doc/{p}")]:
            shutil.copy(f"/usr/share/doc/{package}/copyright",
                        os.path.join(info, "licenses", f"{package}.copyright"))
        print("licences:", ", ".join(sorted(os.listdir(os.path.join(info, "licenses")))))
        os.remove(repaired)
        run([os.path.join(bin_dir, "wheel"), "pack", "--dest-dir", outdir,
             os.path.dirname(info)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--outdir", default=os.path.join(SOURCE, "dist"))
    parser.add_argument("--wheel", help="repair this linux wheel instead of building one")
    args = parser.parse_args()
    outdir = os.path.abspath(args.outdir)
    linux_dir = os.path.join(outdir, "linux")
    os.makedirs(linux_dir, exist_ok=True)
    if args.wheel:
        linux_wheel = args.wheel
    else:
        for old in glob.glob(os.path.join(linux_dir, "*")):
            os.remove(old)
        run([sys.executable, "-m", "build", "--outdir", linux_dir, SOURCE])
        for sdist in glob.glob(os.path.join(linux_dir, "*.tar.gz")):
            shutil.move(sdist, os.path.join(outdir, os.path.basename(sdist)))
        [linux_wheel] = glob.glob(os.path.join(linux_dir, "*.whl"))
    bin_dir = tools_venv()
    run([os.path.join(bin_dir, "auditwheel"), "show", linux_wheel])
    with tempfile.TemporaryDirectory() as house:
        run([os.path.join(bin_dir, "auditwheel"), "repair", "--wheel-dir", house, linux_wheel])
        [repaired] = glob.glob(os.path.join(house, "*.whl"))
        for old in glob.glob(os.path.join(outdir, os.path.basename(repaired))):
            os.remove(old)
        add_licences(repaired, bin_dir, outdir)
    print("wheel:", os.path.join(outdir, os.path.basename(repaired)), flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# The project's two entry points (see README.md):
#   bash run.sh        install missing Debian packages, build (Release), run the demo job
#   bash run.sh test   install and build as needed, then run the default test suite (CTest)
# Other words: `bash run.sh build` (install + build only).
set -euo pipefail
cd "$(dirname "$0")"

install_packages() {
  local missing=()
  while read -r pkg; do
    [ -z "$pkg" ] && continue
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done < debian-packages.txt
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build() {
  echo "== configuring and building (Release, build/release)"
  cmake --preset release >/dev/null
  cmake --build --preset release -j "$(nproc)"
}

case "${1:-demo}" in
  demo)
    install_packages
    build
    seki=build/release/apps/seki
    echo "== demo 1/4: solving the paper's Fig. 2 matrix"
    "$seki" demo
    echo "== demo 2/4: one small catalogue (3x3, entries <= 3) into runs/demo"
    "$seki" enumerate --rows 3 --cols 3 --max-entry 3 --out runs/demo --force --quiet
    echo "== demo 3/4: re-checking that run independently"
    "$seki" verify runs/demo
    echo "== demo 4/4: reproducing the paper's results (quick mode)"
    "$seki" reproduce --quick
    ;;
  build)
    install_packages
    build
    ;;
  test)
    install_packages
    build
    echo "== running the default test suite (label 'long' excluded)"
    ctest --preset release
    ;;
  *)
    echo "usage: bash run.sh [demo|build|test]" >&2
    exit 2
    ;;
esac

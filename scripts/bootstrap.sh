#!/usr/bin/env bash
# Installs what Town Hall needs on Debian 12 and builds it into ./build.
# Idempotent: packages already present are not touched, and an unchanged tree
# rebuilds in a second or two. Works as root or through sudo.
#
#   scripts/bootstrap.sh          everything: the app, the tests, the tools (scripts/test.sh)
#   scripts/bootstrap.sh demo     the app alone and what it needs to run (scripts/demo.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
WHAT=${1:-all}
case "$WHAT" in
  all|demo) ;;
  *) echo "usage: scripts/bootstrap.sh [demo]" >&2; exit 2 ;;
esac

# What building and running the app needs.
PACKAGES=(
  build-essential cmake ninja-build pkg-config lld
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libsqlite3-dev qt6-websockets-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
  qcoro-qt6-dev nlohmann-json3-dev libhttp-parser-dev libmimalloc-dev qtkeychain-qt6-dev
  fonts-dejavu-core fonts-noto-cjk
  qt6-speech-dev qt6-speech-flite-plugin flite qt6-declarative-dev qt6-charts-dev
  libqt6sql6-psql  # shared tournaments (PostgreSQL)
  libqrencode-dev  # the join links' QR codes (Match → Invite players…)
  curl
)
# What the test suite needs besides.
if [ "$WHAT" = all ]; then
  PACKAGES+=(
    xvfb xauth  # the desktop app's tests and screenshots in real windows
    clang-format  # the format check (scripts/check-format.sh)
    postgresql openssl  # shared tournaments' tests start their own server, with TLS
    nodejs npm
    chromium  # the overlay pages' end-to-end test (tests/e2e/overlays.test.mjs)
    zbar-tools  # zbarimg reads the join links' QR codes back (tests/app/tst_invitedialog.cpp)
  )
fi

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node may come from elsewhere (nvm, NodeSource); do not fight it.
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=()
  for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || filtered+=("$p"); done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# valijson (JSON Schema validation) is header-only, but its Debian package
# depends on Qt 5 development packages we must not pull in. Unless it is
# installed anyway, unpack the package itself into .deps/valijson/, the prefix
# cmake/Findvalijson.cmake searches after the system (TOWNHALL_VALIJSON_PREFIX).
VALIJSON_PREFIX="$PWD/.deps/valijson/usr"
if ! dpkg-query -W -f='${Status}' libvalijson-dev 2>/dev/null | grep -q "install ok installed" &&
   [ ! -f "$VALIJSON_PREFIX/include/valijson/validator.hpp" ]; then
  echo "bootstrap: fetching libvalijson-dev headers" >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download -qq libvalijson-dev >&2) || {
    as_root apt-get update -qq && (cd "$tmp" && apt-get download -qq libvalijson-dev >&2); }
  mkdir -p .deps/valijson
  dpkg-deb -x "$tmp"/libvalijson-dev_*.deb .deps/valijson
  rm -rf "$tmp"
fi

BUILD_DIR=${TOWNHALL_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTOWNHALL_WERROR="${TOWNHALL_WERROR:-OFF}" \
    -DTOWNHALL_VALIJSON_PREFIX="$VALIJSON_PREFIX" >&2
fi
if [ "$WHAT" = demo ]; then
  # The demo needs the townhall executable and nothing else: no tests, no tools.
  cmake --build "$BUILD_DIR" -j"$(nproc)" --target townhall >&2
else
  cmake --build "$BUILD_DIR" -j"$(nproc)" >&2
fi

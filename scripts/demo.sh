#!/usr/bin/env bash
# The main job: set everything up, then run a demo match with built-in bots.
#   scripts/demo.sh               the desktop app (GUI)
#   scripts/demo.sh --headless    the narrated match on stdout
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh demo  # installs and builds only what the app needs
exec build/app/townhall --demo "$@"

#!/usr/bin/env bash
# Set everything up, then run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
if [ -f tests/e2e/package.json ]; then
  # The end-to-end tests drive the host with the official MCP TypeScript SDK.
  stamp=tests/e2e/node_modules/.townhall-lock
  if [ ! -f "$stamp" ] || ! cmp -s tests/e2e/package-lock.json "$stamp"; then
    (cd tests/e2e && npm ci --no-audit --no-fund >&2)
    cp tests/e2e/package-lock.json "$stamp"
  fi
fi
if [ -f examples/agent/package.json ]; then
  # The example agent (run by tests/e2e/example-agent.test.mjs) has its own dependencies.
  stamp=examples/agent/node_modules/.townhall-lock
  if [ ! -f "$stamp" ] || ! cmp -s examples/agent/package-lock.json "$stamp"; then
    (cd examples/agent && npm ci --no-audit --no-fund >&2)
    cp examples/agent/package-lock.json "$stamp"
  fi
fi
cd "${TOWNHALL_BUILD_DIR:-build}"
# Twice as many tests as cores at a time: most of a test's time is spent
# waiting (phase timers, storage back-off, other processes), so on 2 cores
# four at a time take half as long as two (docs/benchmarks.md, "Build").
ctest --no-tests=error --output-on-failure -j"$(( $(nproc) * 2 ))" "$@"
